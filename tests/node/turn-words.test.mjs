// Whose turn it is and the end, in words (web/js/turn-words.js): the one
// module the status line, the end dialog, the text views and the online
// table say the table's turn with.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { useStrings } from '../../web/js/i18n.js';
import { turnSentence, isToMove, isWinner, endReason, outWords, endSentence, winnerTitle, overStatus } from '../../web/js/turn-words.js';

const en = JSON.parse(readFileSync(new URL('../../web/i18n/en.json', import.meta.url), 'utf8'));
const fr = JSON.parse(readFileSync(new URL('../../web/i18n/fr.json', import.meta.url), 'utf8'));
const NAMES = ['Ana', 'Bob', 'Chloé'];

test('whose turn: the viewer, one other, several at once, nobody, and the end', () => {
  useStrings('en', en);
  const turn = (to_move, over = false) => ({ to_move, over, result: null, out: [] });
  assert.equal(turnSentence(turn([0]), NAMES, 0), 'Your turn.');
  assert.equal(turnSentence(turn([1]), NAMES, 0), 'Bob to play.');
  assert.match(turnSentence(turn([0, 2]), NAMES, 0), /Chloé/);
  assert.match(turnSentence(turn([1, 2]), NAMES, null), /Bob.*Chloé/);
  assert.notEqual(turnSentence(turn([]), NAMES, 0), turnSentence(turn([], true), NAMES, 0));
  assert.equal(isToMove(turn([1]), 1), true);
  assert.equal(isToMove(turn([1], true), 1), false, 'nobody moves once the game is over');
});

test('the winners: only once the game is over', () => {
  const result = { winners: [2], scores: [1, 0, 5], reason: 'points', out: [] };
  assert.equal(isWinner({ to_move: [], over: true, result, out: [] }, 2), true);
  assert.equal(isWinner({ to_move: [], over: true, result, out: [] }, 0), false);
  assert.equal(isWinner({ to_move: [0], over: false, result: null, out: [] }, 2), false);
});

test("the end in words: scores, a tie, the clock's end before and after the scoring, the seats out", () => {
  useStrings('en', en);
  assert.equal(endSentence(null, NAMES), null);
  const scored = endSentence({ winners: [0], scores: [7, 5], reason: 'points' }, NAMES);
  assert.match(scored, /Ana/);
  assert.match(scored, /7/);
  assert.match(scored, /5/);
  const tie = endSentence({ winners: [0, 1], scores: [4, 4] }, NAMES);
  assert.match(tie, /Ana/);
  assert.match(tie, /Bob/);
  const clock = { winners: [1], scores: null, reason: 'time', breakdown: null, out: [0] };
  const said = endSentence(clock, NAMES);
  assert.ok(said.endsWith(outWords(clock, NAMES)), 'the seats out close the sentence');
  assert.doesNotMatch(said, /:\./, 'no scores: no dangling colon');
  assert.equal(endReason('kahuna', clock), en['end.reason.time']);
  assert.equal(endReason('kahuna', { ...clock, breakdown: {} }), en['end.reason.time_scored']);
  assert.equal(endReason('kahuna', { winners: [0], reason: 'no such reason' }), null);
  assert.equal(outWords({ winners: [0], out: [] }, NAMES), null);
});

test('the end dialog and the status line name the winner, or say the draw, in both languages', () => {
  for (const [lang, strings] of [['en', en], ['fr', fr]]) {
    useStrings(lang, strings);
    assert.match(winnerTitle([1], NAMES), /Bob/);
    assert.match(winnerTitle([0, 2], NAMES), /Ana.*Chloé/);
    assert.match(overStatus([2], NAMES), /Chloé/);
    assert.doesNotMatch(overStatus([0, 1], NAMES), /Ana|Bob/);
  }
});
