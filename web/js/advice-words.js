// @ts-check
// The expert's advice in words, without the DOM: a move's reasons (the
// rules' `hints.reasons`, each {key, params}) as one sentence, and the
// review's opinion lines. The hint (game.js) and the review (review.js) say
// them alike; tests/node/advice-words.test.mjs reads them for faults.

import { t, has, language } from './i18n.js';

/** A winning chance (0–1) as the language writes a percentage. */
export function percent(value) {
  return value === null || value === undefined ? '–' : new Intl.NumberFormat(language(), { style: 'percent' }).format(value);
}

/** One reason in words: the renderer names the spaces, cards, lines and
 * seats as its log does (`logParams`), the reason's own values otherwise. */
export function reasonText(reason, renderer, names) {
  let params = reason.params || {};
  try {
    const made = renderer && renderer.logParams ? renderer.logParams({ ...reason, player: null }, { names }) : null;
    if (made && made.params) params = { ...params, ...made.params };
  } catch {
    /* the reason's own parameters, as they are */
  }
  return t(reason.key, params);
}

/** The reasons of a list, joined as one clause ('' when none has words). */
export function reasonsText(reasons, renderer, names) {
  return (reasons || [])
    .filter((reason) => has(reason.key))
    .map((reason) => reasonText(reason, renderer, names))
    .join(t('hint.why_and'));
}

/** "Why: …." for a list of reasons, '' when none has words. */
export function whyText(reasons, renderer, names) {
  const known = reasonsText(reasons, renderer, names);
  return known ? t('hint.why', { reasons: known }) : '';
}

/** A lesson's answer to a choice that is not its step's: what the choice
 * would gain, against what the step's move gains; '' when the reasons are
 * missing (the step's own sentence is said instead). */
export function wrongChoiceText({ clicked, clickedWhy, taughtWhy }, renderer, names) {
  const why = reasonsText(clickedWhy, renderer, names);
  const step = reasonsText(taughtWhy, renderer, names);
  if (!clicked || !why || !step) return '';
  return t('lesson.wrong_move', { move: moveWords(clicked, renderer), why, step });
}

/** A move as the end of a sentence. */
export function moveWords(move, renderer) {
  if (!move) return '';
  return renderer && renderer.moveText ? renderer.moveText(move) : move.text;
}

/** The hint's sentence: "The expert would …" and why. */
export function hintText(move, reasons, renderer, names) {
  const why = whyText(reasons, renderer, names);
  return { move: t('hint.result', { move: moveWords(move, renderer) }), why };
}

/** The review's lines for one decision: what was played and, when the
 * expert would have played something else, its choice; each with its
 * reasons. `player` is the mover's name. */
export function opinionLines(opinion, player, renderer, names) {
  const why = (reasons) => {
    const text = whyText(reasons, renderer, names);
    return text ? ` ${text}` : '';
  };
  if (opinion.same) {
    return [{ kind: 'agrees', text: t('review.agrees', { player, move: moveWords(opinion.best, renderer), chance: percent(opinion.best_chance) }) + why(opinion.why_best) }];
  }
  return [
    { kind: 'played', text: t('review.played', { player, move: moveWords(opinion.played, renderer), chance: percent(opinion.played_chance) }) + why(opinion.why_played) },
    { kind: 'best', text: t('review.would', { move: moveWords(opinion.best, renderer), chance: percent(opinion.best_chance) }) + why(opinion.why_best) },
  ];
}
