// A lesson's controller (web/js/lesson/ctrl.js) without a page: its steps
// in order, another choice answered, the short game's suggestions, the end
// marked; the hooks record what the game and the page are asked.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { useStrings, t } from '../../web/js/i18n.js';
import { LessonCtrl } from '../../web/js/lesson/ctrl.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
useStrings('en', JSON.parse(readFileSync(path.join(ROOT, 'web', 'i18n', 'en.json'), 'utf8')));

const PLAN = {
  id: 'kahuna',
  game: 'kahuna',
  players: 2,
  options: {},
  steps: [
    { id: 'build', move: 'BARI ALOA-BARI', point: [{ kind: 'line', id: 'ALOA-BARI' }] },
    { id: 'nosuchstep', move: 'pass', point: [] },
  ],
  next: 'kanaloa',
};

function lesson() {
  const asked = [];
  const redraws = [];
  const ctrl = new LessonCtrl(
    {
      plan: PLAN,
      openStep: async (step) => asked.push(['open', step]),
      teach: (taught) => asked.push(['teach', taught]),
      suggest: (on) => asked.push(['suggest', on]),
      playGame: () => asked.push(['play']),
      nextLesson: (id) => asked.push(['next', id]),
      leave: () => asked.push(['leave']),
      title: (game) => game.toUpperCase(),
      mark: (id, mark) => asked.push(['mark', id, mark]),
    },
    { redraw: (how) => redraws.push(how || {}), lifted: (lifted) => asked.push(['lifted', lifted]) },
  );
  return { ctrl, asked, redraws };
}

test('the steps in order: each opened and its move taught, then the short game', async () => {
  const { ctrl, asked, redraws } = lesson();
  await ctrl.begin();
  assert.equal(ctrl.step, 0);
  assert.deepEqual(asked, [['open', 0], ['teach', { move: 'BARI ALOA-BARI', point: [{ kind: 'line', id: 'ALOA-BARI' }] }]]);
  assert.equal(ctrl.suggestions, false, 'no suggestions during a step');
  ctrl.taught();
  assert.equal(ctrl.played, true);
  assert.deepEqual(redraws.at(-1), { focusNext: true }, 'Continue takes the focus');
  await ctrl.next();
  assert.equal(ctrl.step, 1);
  assert.equal(ctrl.played, false);
  await ctrl.next();
  assert.equal(ctrl.step, 'game');
  assert.deepEqual(asked.filter((a) => a[0] === 'open').map((a) => a[1]), [0, 1, 'game']);
  assert.equal(ctrl.suggestions, true, 'the short game starts with the suggestions on');
});

test('another choice: the engine\'s words, else the step\'s own sentence, else the general one; nothing else changes', async () => {
  const { ctrl } = lesson();
  await ctrl.begin();
  ctrl.lift(false);
  ctrl.wrong('That would build elsewhere.');
  assert.equal(ctrl.note, 'That would build elsewhere.');
  assert.equal(ctrl.lifted, true, 'the sheet lifts to say it');
  assert.equal(ctrl.step, 0);
  ctrl.wrong();
  assert.equal(ctrl.note, t('lesson.kahuna.build.wrong'));
  await ctrl.go(1);
  ctrl.wrong();
  assert.equal(ctrl.note, t('lesson.wrong'));
  ctrl.taught();
  assert.equal(ctrl.note, '', 'what the move did replaces the note');
});

test('the short game: the suggestions switched off and on, then the end marked and what may follow', async () => {
  const { ctrl, asked } = lesson();
  await ctrl.go('game');
  ctrl.wrong('ignored');
  assert.equal(ctrl.note, '', 'the short game refuses nothing by itself');
  ctrl.toggleSuggestions();
  assert.equal(ctrl.suggestions, false);
  ctrl.toggleSuggestions();
  assert.deepEqual(asked.filter((a) => a[0] === 'suggest'), [['suggest', false], ['suggest', true]]);
  ctrl.finished();
  assert.equal(ctrl.step, 'done');
  assert.equal(ctrl.suggestions, false);
  ctrl.followNext();
  ctrl.playGame();
  ctrl.leave();
  assert.deepEqual(asked.slice(-4), [['mark', 'kahuna', 'done'], ['next', 'kanaloa'], ['play'], ['leave']]);
});

test('the sheet folds and lifts once each way', () => {
  const { ctrl, asked } = lesson();
  ctrl.lift(false);
  ctrl.lift(false);
  ctrl.lift(true);
  assert.deepEqual(asked, [['lifted', false], ['lifted', true]]);
});
