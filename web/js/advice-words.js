// @ts-check
// The expert's advice in words, without the DOM: a move's reasons (the
// rules' `hints.reasons`, each {key, params}) as one sentence, and the
// review's opinion lines. The hint (game.js) and the review (review.js) say
// them alike; tests/node/advice-words.test.mjs reads them for faults.

import { t, has, language } from './i18n.js';

/** @typedef {import('./state.js').Move} Move */
/** @typedef {import('./review-graph.js').Decision} Decision */

/** A reason a move is good, in words' keys (the rules' `hints.reasons`).
 * @typedef {{key: string, params?: import('./i18n.js').Params}} Reason */

/** What names a game's spaces, cards and moves: its renderer (the board's or
 * the text view's), when there is one.
 * @typedef {Partial<Pick<import('./games/contract.js').Renderer, 'logParams' | 'moveText'>> | null | undefined} Namer */

/** A winning chance (0–1) as the language writes a percentage.
 * @param {number | null | undefined} value @returns {string} */
export function percent(value) {
  return value === null || value === undefined ? '–' : new Intl.NumberFormat(language(), { style: 'percent' }).format(value);
}

/** One reason in words: the renderer names the spaces, cards, lines and
 * seats as its log does (`logParams`), the reason's own values otherwise.
 * @param {Reason} reason @param {Namer} renderer @param {string[]} names @returns {string} */
export function reasonText(reason, renderer, names) {
  let params = reason.params || {};
  try {
    const made = renderer && renderer.logParams ? renderer.logParams(/** @type {import('./state.js').GameEvent} */ (/** @type {unknown} */ ({ ...reason, player: null })), { names }) : null;
    if (made && made.params) params = { ...params, ...made.params };
  } catch {
    /* the reason's own parameters, as they are */
  }
  return t(reason.key, params);
}

/** The reasons of a list, joined as one clause ('' when none has words).
 * @param {Reason[] | null | undefined} reasons @param {Namer} renderer @param {string[]} names @returns {string} */
export function reasonsText(reasons, renderer, names) {
  return (reasons || [])
    .filter((reason) => has(reason.key))
    .map((reason) => reasonText(reason, renderer, names))
    .join(t('hint.why_and'));
}

/** "Why: …." for a list of reasons, '' when none has words.
 * @param {Reason[] | null | undefined} reasons @param {Namer} renderer @param {string[]} names @returns {string} */
export function whyText(reasons, renderer, names) {
  const known = reasonsText(reasons, renderer, names);
  return known ? t('hint.why', { reasons: known }) : '';
}

/** A lesson's answer to a choice that is not its step's: what the choice
 * would gain, against what the step's move gains; '' when the reasons are
 * missing (the step's own sentence is said instead).
 * @param {{clicked?: Move | null, clickedWhy?: Reason[] | null, taughtWhy?: Reason[] | null}} wrong
 * @param {Namer} renderer @param {string[]} names @returns {string} */
export function wrongChoiceText({ clicked, clickedWhy, taughtWhy }, renderer, names) {
  const why = reasonsText(clickedWhy, renderer, names);
  const step = reasonsText(taughtWhy, renderer, names);
  if (!clicked || !why || !step) return '';
  return t('lesson.wrong_move', { move: moveWords(clicked, renderer), why, step });
}

/** A move as the end of a sentence.
 * @param {Move | null | undefined} move @param {Namer} renderer @returns {string} */
export function moveWords(move, renderer) {
  if (!move) return '';
  return renderer && renderer.moveText ? renderer.moveText(move) : move.text;
}

/** The hint's sentence: "The expert would …" and why.
 * @param {Move | null} move @param {Reason[] | null | undefined} reasons @param {Namer} renderer @param {string[]} names
 * @returns {{move: string, why: string}} */
export function hintText(move, reasons, renderer, names) {
  const why = whyText(reasons, renderer, names);
  return { move: t('hint.result', { move: moveWords(move, renderer) }), why };
}

/** The review's lines for one decision: what was played and, when the
 * expert would have played something else, its choice; each with its
 * reasons. `player` is the mover's name.
 * @param {Decision} opinion @param {string} player @param {Namer} renderer @param {string[]} names
 * @returns {{kind: 'agrees' | 'played' | 'best', text: string}[]} */
export function opinionLines(opinion, player, renderer, names) {
  const why = (/** @type {Reason[] | undefined} */ reasons) => {
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
