// Deep links (web/js/deeplink.js): the view a link asks for.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { parseDeepLink } from '../../web/js/deeplink.js';

test('a link may ask for the text view or the board, with a game, a lesson, a table or alone', () => {
  assert.equal(parseDeepLink('#play=kahuna&players=2&seats=h,bot1&view=text').view, 'text');
  assert.deepEqual(parseDeepLink('#play=kahuna&players=2&seats=h,bot1&view=text').options, {});
  assert.equal(parseDeepLink('#learn=moai&view=text').view, 'text');
  assert.equal(parseDeepLink('#online=abc&token=def&view=board').view, 'board');
  assert.deepEqual(parseDeepLink('#view=text'), { lang: null, view: 'text' });
});

test('an unknown view is none, and no link is no view', () => {
  assert.equal(parseDeepLink('#play=kahuna&view=braille').view, null);
  assert.equal(parseDeepLink('#play=kahuna').view, null);
  assert.equal(parseDeepLink(''), null);
});

test('a new online table may be open, have a clock and let spectators read its chat', () => {
  const wanted = parseDeepLink('#online=new&game=kahuna&players=2&seats=h,h&open=1&clock=live-10-5&clocklevel=3&chat=everyone');
  assert.equal(wanted.online, 'new');
  assert.equal(wanted.open, true);
  assert.deepEqual(wanted.clock, { kind: 'live', minutes: 10, increment: 5, level: 3, timeout: 'bot' });
  assert.equal(wanted.chat, 'everyone');
  assert.deepEqual(wanted.options, {});
  const plain = parseDeepLink('#online=new&game=moai&clock=move-48&clocklevel=9');
  assert.deepEqual(plain.clock, { kind: 'move', hours: 48, level: 2, timeout: 'bot' });
  // A seat out of time may be out of the game instead; anything else is the bot.
  assert.equal(parseDeepLink('#online=new&game=moai&clock=move-24&timeout=out').clock.timeout, 'out');
  assert.equal(parseDeepLink('#online=new&game=moai&clock=move-24&timeout=maybe').clock.timeout, 'bot');
  assert.deepEqual(parseDeepLink('#online=new&game=moai&clock=move-24&timeout=out').options, {});
  assert.equal(plain.open, false);
  assert.equal(plain.chat, 'seats');
  assert.equal(parseDeepLink('#online=new&game=moai&clock=blitz').clock, null);
});
