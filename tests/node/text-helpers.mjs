// What the tests of the text view's words share (web/js/games/<game>/text.js):
// the positions the real engine makes (fixtures/make.py, as for the
// selection tests), the two languages' words, and the checks every game's
// text module passes. Each game's test file (text-<game>.test.mjs) calls
// `testEveryPosition` and adds what its own words must say.
//
// For every position, in French and in English: the description names
// every player and leaves no word as a key or a placeholder, and pressing
// the buttons, step by step as a player would, reaches exactly the legal
// moves, never a dead end.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { useStrings } from '../../web/js/i18n.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const PYTHON = process.env.PYTHON || 'python3';

const STRINGS = Object.fromEntries(['fr', 'en'].map((lang) => [lang, JSON.parse(readFileSync(path.join(ROOT, 'web', 'i18n', `${lang}.json`), 'utf8'))]));

/** Speak `lang` as the page would. */
export const speak = (lang) => useStrings(lang, STRINGS[lang]);

function makeFixtures() {
  const run = spawnSync(PYTHON, [path.join(HERE, 'fixtures', 'make.py')], { encoding: 'utf8', maxBuffer: 256 << 20 });
  if (run.status !== 0) throw new Error(`fixtures/make.py failed:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** {game: [{name, setup, view, legal, turn}]}: positions where each kind of move is legal. */
export const FIXTURES = makeFixtures();
export const NAMES = ['Ana', 'Bob', 'Chloé', 'Dan', 'Eli'];

/** The snapshot the page would hand the text view for a fixture: its
 * view beside the table's turn. */
export const snapshotOf = ({ view, legal, turn }) => ({ ...turn, view, legal, viewer: view.viewer });

/** Words a player may read: no i18n key left untranslated, no {placeholder}. */
export function assertWords(text, where) {
  assert.equal(typeof text, 'string', where);
  assert.ok(text.trim().length > 0, `${where}: empty`);
  assert.doesNotMatch(text, /\{\w+\}/, `${where}: a placeholder is left in "${text}"`);
  assert.doesNotMatch(text, /\b(?:text|kahuna|kanaloa|moai|haleakala)\.[a-z_]+/, `${where}: an untranslated key in "${text}"`);
  assert.doesNotMatch(text, /undefined|null|NaN|\[object/, `${where}: "${text}"`);
}

/** Press every button of every selection reached from the empty one: the
 * moves reached, each selection's buttons checked on the way. */
export function explore(text, view, legal, names = NAMES) {
  const reached = new Set();
  const seen = new Set();
  const pending = [text.select.emptySelection()];
  while (pending.length) {
    const selection = pending.pop();
    const key = JSON.stringify(selection);
    if (seen.has(key)) continue;
    seen.add(key);
    const { prompt, groups } = text.choices(view, legal, selection, names);
    assertWords(prompt, 'prompt');
    const buttons = groups.flatMap((g) => {
      assertWords(g.heading, 'group heading');
      assert.ok(g.buttons.length, `group ${g.key} is empty`);
      return g.buttons;
    });
    assert.ok(buttons.some((b) => !b.selected), `a dead end at ${key}`);
    for (const b of buttons) {
      assertWords(b.label, `button at ${key}`);
      if (!b.selected) assert.ok(b.choice, `"${b.label}" has no data-choice`);
      const { selection: next, move } = text.select.click(view, legal, selection, b.target);
      if (move) {
        assert.ok(!b.selected, `putting "${b.label}" back plays a move`);
        assert.equal(b.choice, move.text, `"${b.label}" plays another move than its data-choice`);
        reached.add(move.text);
      } else {
        assert.notEqual(JSON.stringify(next), key, `"${b.label}" does nothing`);
        pending.push(next);
      }
    }
  }
  return reached;
}

/** The checks of every position of `game`, in both languages. */
export function testEveryPosition(game, text) {
  for (const lang of ['fr', 'en']) {
    test(`${game} (${lang}): every position is described in words, and its buttons reach exactly the legal moves`, () => {
      speak(lang);
      for (const fixture of FIXTURES[game]) {
        const { view, legal } = fixture;
        const names = NAMES.slice(0, fixture.setup.players);
        const sections = text.describe(snapshotOf(fixture), { names, lastMove: [] });
        assert.ok(sections.length >= 3, fixture.name);
        for (const s of sections) {
          assertWords(s.heading, `${fixture.name}: heading`);
          for (const item of s.items) assertWords(item, `${fixture.name}: ${s.key}`);
        }
        const all = sections.flatMap((s) => s.items).join('\n');
        for (const name of names) assert.ok(all.includes(name), `${fixture.name}: ${name} is not named`);
        const reached = explore(text, view, legal, names);
        assert.deepEqual([...reached].sort(), legal.map((m) => m.text).sort(), fixture.name);
        for (const move of legal) assertWords(text.moveText(view, move, names), `${fixture.name}: ${move.text}`);
      }
    });
  }
}
