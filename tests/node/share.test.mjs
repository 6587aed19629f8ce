// A finished game shared as a link (web/js/share.js, deeplink.js): the
// record travels packed in the fragment and comes back the same; a cut or
// made-up link is refused in words; a table server's review link names its
// game and key.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { encodeRecord, decodeRecord, shareLink, onlineShareLink } from '../../web/js/share.js';
import { parseDeepLink } from '../../web/js/deeplink.js';
import { MAX_RECORD_TEXT } from '../../web/js/limits.js';

/** A whole game's record: a Moai game of five clans (fixtures). */
const record = JSON.parse(readFileSync(new URL('./fixtures/moai-5-record.json', import.meta.url), 'utf8'));

test('a record packed into a link comes back as the same text, in a link a few kilobytes long', async () => {
  const packed = await encodeRecord(record);
  assert.match(packed, /^[A-Za-z0-9_-]+$/, 'base64url: nothing a fragment must escape');
  const text = JSON.stringify(record);
  assert.ok(packed.length < text.length / 2, `packed ${packed.length} of ${text.length}`);
  assert.equal(await decodeRecord(packed), text);
  const link = await shareLink(record, 'https://example.org/archipel/index.html');
  assert.ok(link.startsWith('https://example.org/archipel/index.html#review='));
  const wanted = parseDeepLink(new URL(link).hash);
  assert.equal(wanted?.review, 'record');
  assert.equal(JSON.parse(await decodeRecord(/** @type {string} */ (wanted?.data))).moves.length, record.moves.length);
});

test('a link cut short, made up or unpacking past a saved game\'s size is refused with the page\'s words', async () => {
  const packed = await encodeRecord(record);
  for (const bad of [packed.slice(0, packed.length >> 1), 'not a record!', 'AAAA', '']) {
    await assert.rejects(decodeRecord(bad), (error) => error.key === 'error.bad_share_link', bad.slice(0, 20));
  }
  // A bomb: a small link that would unpack into more than a record may hold.
  const bomb = await encodeRecord(' '.repeat(MAX_RECORD_TEXT + 10));
  assert.ok(bomb.length < 5000);
  await assert.rejects(decodeRecord(bomb), (error) => error.key === 'error.bad_share_link');
});

test('a table server\'s review link names the server, the table, the game and its key', () => {
  const link = onlineShareLink({ server: 'https://tables.example.org/', table: 'T'.repeat(12), number: 3, key: 'a'.repeat(32) }, 'https://example.org/index.html');
  const wanted = parseDeepLink(new URL(link).hash);
  assert.deepEqual(wanted, { lang: null, view: null, review: 'online', server: 'https://tables.example.org/', table: 'T'.repeat(12), number: 3, key: 'a'.repeat(32) });
  assert.equal(parseDeepLink('#review=online&table=x&lang=fr')?.lang, 'fr');
});
