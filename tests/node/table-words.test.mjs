// An online table in words (web/js/table-words.js): clocks, the time left,
// who sits where, in French and English.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { useStrings } from '../../web/js/i18n.js';
import { CLOCK_CHOICES, clockOf, clockWords, clockLine, timeLeft, seatWords, optionWords } from '../../web/js/table-words.js';

const strings = (lang) => JSON.parse(readFileSync(new URL(`../../web/i18n/${lang}.json`, import.meta.url), 'utf8'));

test('every clock the menu offers is one the server accepts, and none is none', () => {
  for (const choice of CLOCK_CHOICES.filter((choice) => choice !== 'none')) {
    const clock = clockOf(choice, 2);
    assert.ok(clock, choice);
    if (clock.kind === 'live') assert.ok(clock.minutes >= 1 && clock.minutes <= 180 && clock.increment >= 0 && clock.increment <= 120);
    else assert.ok(clock.hours >= 1 && clock.hours <= 336);
  }
  assert.equal(clockOf('none', 2), null);
  assert.equal(clockOf('live-10', 2), null);
  assert.equal(clockOf('<b>', 2), null);
});

test('a clock and the time left read the same in both languages', () => {
  useStrings('en', strings('en'));
  assert.equal(clockWords(null), 'No clock');
  assert.equal(clockWords(clockOf('live-10-5', 1)), 'Live: 10 min + 5 s a turn');
  assert.equal(clockWords({ kind: 'live', minutes: 3, increment: 0 }), 'Live: 3 min');
  assert.equal(clockWords(clockOf('move-72', 1)), 'Slow: 3 days a turn');
  assert.equal(clockWords(clockOf('move-24', 1)), 'Slow: a day a turn');
  assert.equal(clockWords({ kind: 'move', hours: 12 }), 'Slow: 12 h a turn');
  assert.equal(timeLeft(545_001, 'live'), '9:06');
  assert.equal(timeLeft(3_723_000, 'live'), '1:02:03');
  assert.equal(timeLeft(-50, 'live'), '0:00');
  assert.equal(timeLeft((2 * 24 + 4) * 3600_000, 'move'), '2 d 4 h');
  assert.equal(timeLeft(5 * 3600_000 + 7 * 60_000, 'move'), '5 h 07');
  assert.equal(seatWords({ kind: 'bot3', name: null, free: false }), 'a bot, Strong');
  assert.equal(seatWords({ kind: 'h', name: 'Ana', free: false }), 'Ana');
  assert.equal(seatWords({ kind: 'h', name: null, free: true }), 'free seat');
  assert.deepEqual(optionWords('kanaloa', { gods: true, nope: true, short: false }), ['The Power of the Gods']);
  // What becomes of a seat out of time (a clock from before the choice: a bot).
  assert.equal(clockLine(clockOf('live-10-5', 3, 'out')), 'Live: 10 min + 5 s a turn · out of time: out of the game');
  assert.equal(clockLine(clockOf('move-24', 3)), 'Slow: a day a turn · out of time: a bot (Strong) plays on');
  assert.equal(clockLine({ kind: 'move', hours: 24, level: 1 }), 'Slow: a day a turn · out of time: a bot (Casual) plays on');
  assert.equal(clockLine(null), 'No clock');
  useStrings('fr', strings('fr'));
  assert.equal(clockWords(clockOf('live-10-5', 1)), 'En direct\u00a0: 10 min + 5 s par tour');
  assert.equal(clockWords(clockOf('move-24', 1)), 'Lent\u00a0: un jour par tour');
  assert.equal(clockWords(clockOf('move-72', 1)), 'Lent\u00a0: 3 jours par tour');
  assert.equal(timeLeft((2 * 24 + 4) * 3600_000, 'move'), '2 j 4 h');
  assert.equal(seatWords({ kind: 'h', name: null, free: true }), 'place libre');
  assert.equal(clockLine(clockOf('move-24', 3, 'out')), 'Lent\u00a0: un jour par tour · temps écoulé\u00a0: éliminé');
});
