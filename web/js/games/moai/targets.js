// @ts-check
// What the Moai renderer (renderer.js) draws as choices, without the DOM:
// everything clickable now (moai/select.js's targets) named for a screen
// reader and marked where a suggested move uses it — the board's targets,
// the hand's cards, the camp's strengths — the action bar's buttons in
// words, and the places a suggested move names.

import { t } from '../../i18n.js';
import { LETTERS, cardsText, placeName } from './log.js';
import { partsOf } from './select.js';
import * as words from './words.js';

/** @typedef {import('./types.js').MoaiView} MoaiView */
/** @typedef {import('./types.js').MoaiMove} MoaiMove */
/** @typedef {import('./select.js').Targets} Targets */
/** @typedef {import('./board.js').BoardTarget} BoardTarget */
/** @typedef {import('./panel.js').DrawnCard} DrawnCard */
/** @typedef {import('./panel.js').DrawnChip} DrawnChip */
/** @typedef {import('./panel.js').DrawnButton} DrawnButton */

/**
 * What the choices are named and marked from: the position on screen, the
 * viewer's legal moves, the players' names, a suggested move.
 * @typedef {object} OnScreen
 * @property {MoaiView} view
 * @property {MoaiMove[]} legal
 * @property {string[]} names
 * @property {MoaiMove | null} suggestion
 */

/** A move in words, as the end of a sentence (moai/words.js).
 * @param {OnScreen} now @param {MoaiMove} move */
const moveText = (now, move) => words.moveText(now.view, move, now.names);

/** The legal move a choice plays, if any.
 * @param {OnScreen} now @param {string | null | undefined} choice */
const moveOf = (now, choice) => (choice ? now.legal.find((m) => m.text === choice) : null) || null;

/** The parts of a suggested move (none without one). @param {OnScreen} now */
const suggestedParts = (now) => (now.suggestion ? partsOf(now.suggestion) : []);

/** Everything clickable on the board (moai/select.js), named and marked
 * when a hint names it: part → {choice, selected, suggested, label}.
 * @param {Targets} all
 * @param {OnScreen} now
 * @returns {Map<string, BoardTarget>} */
export function boardTargets(all, now) {
  const hinted = suggestedParts(now);
  /** @type {Map<string, BoardTarget>} */
  const targets = new Map();
  for (const [part, { choice, selected }] of all.board) {
    targets.set(part, { choice, selected, suggested: hinted.includes(part), label: selected ? null : targetLabel(now, part, choice) });
  }
  return targets;
}

/** An accessible name for a board target: the move it plays, or what it selects.
 * @param {OnScreen} now
 * @param {string} part
 * @param {string | null} choice
 * @returns {string | null} */
function targetLabel(now, part, choice) {
  const move = moveOf(now, choice);
  if (move) return moveText(now, move);
  if (part.startsWith('loc:')) return t('moai.aria.choose_place', { place: placeName(part.slice(4)) });
  return null;
}

/** The hand's cards, named, those of a suggested move marked.
 * @param {Targets} all
 * @param {OnScreen} now
 * @returns {DrawnCard[]} */
export function handCards(all, now) {
  const hinted = [...suggestedParts(now)];
  return all.cards.map((card) => {
    const part = `card:${card.kind}`;
    let suggested = false;
    const at = hinted.indexOf(part);
    if (at >= 0) {
      hinted.splice(at, 1);
      suggested = true;
    }
    if (!('choice' in card)) return { ...card, suggested };
    const move = moveOf(now, card.choice);
    return { ...card, suggested, label: move ? t('moai.aria.complete', { move: moveText(now, move) }) : null };
  });
}

/** The camp's strengths, named, those of a suggested move marked.
 * @param {Targets} all
 * @param {OnScreen} now
 * @returns {DrawnChip[]} */
export function campChips(all, now) {
  const hinted = suggestedParts(now);
  const letter = LETTERS[/** @type {number} */ (now.view.viewer)];
  return all.camp.map((chip) => {
    const parts = [`str:${chip.strength}`, `piece:camp:${letter}${chip.strength}`];
    const suggested = parts.some((p) => hinted.includes(p));
    if (!chip.choice) return { ...chip, suggested };
    const move = moveOf(now, chip.choice);
    return { ...chip, suggested, label: move ? moveText(now, move) : t('moai.aria.choose_strength', { strength: chip.strength }) };
  });
}

/** The buttons of the action bar, in words.
 * @param {Targets} all
 * @param {OnScreen} now
 * @returns {DrawnButton[]} */
export function actionButtons(all, now) {
  const { view, names } = now;
  const hinted = now.suggestion ? now.suggestion.text : null;
  const step = view.step;
  /** @param {MoaiMove} m @param {string} text @param {Partial<DrawnButton>} [extra] @returns {DrawnButton} */
  const button = (m, text, extra = {}) => ({ text, choice: m.text, key: `btn-${m.text}`, suggested: hinted === m.text, ...extra });
  return all.buttons.map(({ action, choice, move: m, face }) => {
    switch (action) {
      case 'bid': {
        const text = m.cards.length ? t('moai.action.bid', { cards: cardsText(m.cards), value: m.value }) : t('moai.action.bid_nothing');
        return { text, choice, key: 'btn-bid', kind: 'primary', suggested: hinted === choice };
      }
      case 'rank': {
        const value = view.pending && view.pending.values ? view.pending.values[m.player] : null;
        return button(m, t('moai.action.rank', { player: names[m.player], value }), { seat: m.player, key: `btn-rank-${m.player}` });
      }
      case 'victim':
        return button(m, names[m.player], { seat: m.player, key: `btn-victim-${m.player}`, label: moveText(now, m) });
      case 'award':
        return button(m, names[m.player], { seat: m.player, key: `btn-award-${m.player}`, label: moveText(now, m) });
      case 'face':
        return { text: t(`moai.action.${face === 'face:up' ? 'tile_up' : 'tile_down'}`), choice, key: `btn-${face}`, kind: face === 'face:up' ? 'primary' : '', suggested: hinted === choice };
      case 'cancel':
        return { text: t('moai.action.cancel'), choice: null, key: 'btn-cancel', kind: 'ghost', cancel: true };
      case 'pass':
        return button(m, t('moai.action.pass'), { kind: 'skip-btn' });
      case 'build':
        return button(m, t('moai.action.build'), { kind: 'primary' });
      default:
        return button(m, t(`moai.action.done_${step}`), { kind: 'skip-btn' });
    }
  });
}

/** The places a suggested move names, to ring them on the board.
 * @param {MoaiMove | null} suggestion
 * @returns {string[]} */
export function suggestedPlaces(suggestion) {
  if (!suggestion) return [];
  /** @type {string[]} */
  const out = [];
  for (const part of partsOf(suggestion)) {
    if (part.startsWith('loc:')) out.push(part.slice(4));
    else if (part.startsWith('piece:')) {
      const place = part.slice(6).split(':')[0];
      if (place !== 'camp') out.push(place);
    }
  }
  return out;
}
