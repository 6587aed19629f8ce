// @ts-check
// The parts a game on screen may have besides its board: a lesson's step or
// short game (lesson.js), an online table (online/part.js), a review
// (review.js). The game controller (ctrl.js) asks its session's part
// through these hooks wherever the kind of game changes what it does; a
// game of this browser has no part and every hook's default applies.

import { t } from '../i18n.js';
import { wrongChoiceText } from '../advice-words.js';
import { errorText } from './words.js';

/**
 * The status line's facts, as the turn controller says them (turns.js).
 * @typedef {object} StatusFacts
 * @property {string} state        'loading', 'playing', 'over' or 'review' (#status[data-state])
 * @property {string} kind         'loading', 'over', 'paused', 'thinking', 'your_turn', 'waiting', 'none'
 * @property {number | null} [seat]
 * @property {number[]} [toMove]
 * @property {number[]} [winners]
 * @property {boolean} [named]     several people share the device: the turn says whose
 * @property {string} [text]       a loading or review status's own words
 */

/**
 * The game's tools: take back, the expert's hint, the record to save.
 * @typedef {{undo: {disabled: boolean}, hint: {hidden: boolean, disabled: boolean, pressed: boolean}, save: {hidden: boolean}}} Tools
 */

/**
 * What the end dialog offers (end.js's showEnd).
 * @typedef {object} EndChoice
 * @property {string[]} names
 * @property {(() => Element) | null} details        the score's breakdown, drawn when shown
 * @property {Element | null} extra                  what the table adds (online: the check of the shuffle)
 * @property {(() => Promise<void>) | null} onReview
 * @property {(() => Promise<import('../end-analysis.js').EndAnalysisGame>) | null} [analysis]   the game to analyse on the end screen (a game whose record is kept)
 * @property {() => void} onNewGame
 * @property {string | null} newGameLabel            null: no new game offered
 * @property {() => void} onMenu
 */

/** The expert's suggestion (turns.js): searched, then its move and reasons.
 * @typedef {{move: any, why: any[], run?: any}} Hint */

/**
 * What a part adds to the game on screen; every hook is optional.
 * @typedef {object} GamePart
 * @property {(seats: string[]) => string[]} [names]          the seats' names
 * @property {(facts: StatusFacts, names: string[]) => string | null} [statusText]   its own words for the turn
 * @property {() => Element | null} [badge]                    shown first on the status line
 * @property {(mine: boolean) => void} [turnChanged]           the viewer's turn began or ended
 * @property {(names: string[]) => any[]} [logNotes]           notes between the log's lines
 * @property {(snap: any) => void} [drawn]
 * @property {(error: any) => boolean} [error]                 true: said its own way
 * @property {(snap: any) => boolean} [autosave]               true: nothing for the browser to save
 * @property {(end: EndChoice, snap: any) => EndChoice} [finish]
 * @property {(tools: Tools) => Tools} [tools]
 * @property {(state: any) => void} [show]                     (online) a table's state
 * @property {(ply?: number) => Promise<void>} [open]         (review) its first drawing, at a ply (the end by default)
 * @property {boolean} [remote]                                the game's table is on a table server
 * @property {(entry: any) => void} [tokenChanged]            (online) the seat is held by a new token
 * @property {() => void} [retranslate]
 * @property {() => void} [close]
 */

/**
 * What makes the parts (view.js gives the page's; Node's tests their fakes).
 * @typedef {object} PartMakers
 * @property {(hooks: any) => any} lesson                      a lesson's flow (lesson/view.js's createLessonFlow)
 * @property {(flow: any, kind: 'step' | 'game', ctrl: import('./ctrl.js').GameCtrl) => GamePart} lessonPart
 * @property {(options: any) => GamePart} review
 * @property {(hooks: any) => any} exercises                   "learn from your mistakes" (exercise/view.js's createExerciseFlow)
 * @property {(flow: any, ctrl: import('./ctrl.js').GameCtrl) => GamePart} exercisePart
 * @property {string} reviewSession                            the engine's session a review asks
 * @property {(options: {remote: any, entry: any, site?: string, own?: string, ctrl: import('./ctrl.js').GameCtrl, session: any}) => GamePart} online
 */

/**
 * A lesson's step or short game: a wrong choice is answered by the lesson,
 * nothing is saved, the step has no hint, and the short game's end offers a
 * real game.
 * @param {any} flow @param {'step' | 'game'} kind @param {import('./ctrl.js').GameCtrl} ctrl
 * @returns {GamePart}
 */
export function lessonPart(flow, kind, ctrl) {
  return {
    error(error) {
      if (!error || !error.lesson || ctrl.lesson !== flow) return false;
      // Why the choice is not the step's: the rule it breaks, or what it
      // would gain against the step's move (else the step's sentence).
      const session = ctrl.session;
      flow.wrong(error.refusal ? errorText(error.refusal) : wrongChoiceText(error, session && session.renderer, ctrl.names()));
      return true;
    },
    autosave: () => true,
    finish(end) {
      if (ctrl.lesson !== flow) return end;
      // A lesson's short game ends the lesson: "new game" is then a real one.
      flow.finished();
      return { ...end, onNewGame: () => flow.playGame(), newGameLabel: t('lesson.play_real') };
    },
    tools: (tools) => ({
      ...tools,
      // A lesson's steps teach one move each: no hint there, and nothing to save.
      hint: { ...tools.hint, hidden: tools.hint.hidden || kind === 'step' },
      save: { hidden: true },
    }),
  };
}

/**
 * An exercise's table: a move not good enough is answered by the exercises'
 * panel (it was told as it was tried), and nothing is saved.
 * @param {any} flow the exercises' flow (exercise/ctrl.js) @param {import('./ctrl.js').GameCtrl} ctrl
 * @returns {GamePart}
 */
export function exercisePart(flow, ctrl) {
  return {
    error: (error) => Boolean(error && error.exercise && ctrl.lesson === flow),
    autosave: () => true,
    tools: (tools) => ({ ...tools, undo: { disabled: true }, hint: { ...tools.hint, hidden: true }, save: { hidden: true } }),
  };
}
