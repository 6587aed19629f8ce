// @ts-check
// Kahuna in words, for the text view (see text-common.js for the shape every
// game's text module shares): the islands with their bridges and who
// controls them, the players, the viewer's hand, the pile and the face-up
// cards; and the moves, chosen as on the board: a card, then a line (or the
// line first), two cards and an opponent's bridge, a card put aside, the
// pile, a face-up card, a skipped draw.

import { t, plural, list } from '../../i18n.js';
import * as select from './select.js';
import { logParams, dash } from './log.js';
import { section, button, group, who, recent } from '../../text/text-common.js';
import { turnSentence, endSentence, endReason } from '../../turn-words.js';

export { select, logParams };

/** @typedef {import('./select.js').KahunaView} KahunaView */
/** @typedef {import('./select.js').KahunaMove} KahunaMove */
/** @typedef {import('./select.js').KahunaSelection} KahunaSelection */
/** @typedef {import('../contract.js').GameSnapshot} GameSnapshot */
/** @typedef {import('../contract.js').GameEvent} GameEvent */
/** @typedef {import('../contract.js').Section} Section */
/** @typedef {import('../contract.js').Group} Group */

/** An island in words: its lines, the bridges each player has on it, who
 * controls it, and where its lines lead (and whose bridge lies on each).
 * @param {KahunaView} view @param {import('./select.js').KahunaIsland} island @param {string[]} names */
function islandText(view, island, names) {
  const counts = island.counts
    .map((count, seat) => (count ? plural('kahuna.text.has', count, { player: names[seat] }) : null))
    .filter(Boolean);
  const lines = view.lines
    .filter((line) => line.a === island.name || line.b === island.name)
    .map((line) => {
      const other = line.a === island.name ? line.b : line.a;
      return line.owner === null || line.owner === undefined ? t('kahuna.text.line_free', { island: other }) : t('kahuna.text.line_owned', { island: other, player: names[line.owner] });
    });
  return [
    t('kahuna.aria.island', { island: island.name, degree: island.degree, needed: island.needed }),
    island.controller !== null && island.controller !== undefined ? t('kahuna.aria.island_controlled', { player: names[island.controller] }) : t('kahuna.text.uncontrolled'),
    counts.length ? t('kahuna.text.bridges', { counts: list(counts) }) : t('kahuna.text.no_bridge'),
    t('kahuna.text.lines', { lines: list(lines) }),
  ].join('; ') + '.';
}

/** A player in words: score, islands, bridges laid and left, hand.
 * @param {KahunaView} view @param {number} seat @param {string[]} names @param {number | null} viewer */
function playerText(view, seat, names, viewer) {
  const known = view.known_hands[seat] || [];
  const parts = [
    t('kahuna.text.player', {
      player: who(names, seat, viewer),
      score: view.scores[seat],
      islands: view.controlled[seat],
      laid: view.on_board[seat],
      supply: view.supply[seat],
    }),
    plural('kahuna.aria.hand_of', view.hand_sizes[seat], { player: names[seat] }),
  ];
  if (seat !== viewer && known.length) parts.push(t('kahuna.text.known', { cards: list(known) }));
  if (view.hidden_discard_counts[seat]) parts.push(plural('kahuna.market.hidden', view.hidden_discard_counts[seat]));
  return parts.join('; ') + '.';
}

/** The position in words.
 * @param {GameSnapshot} snap
 * @param {{names: string[], lastMove?: GameEvent[]}} options
 * @returns {Section[]} */
export function describe(snap, { names, lastMove = [] }) {
  const view = /** @type {KahunaView} */ (snap.view);
  const viewer = view.viewer ?? snap.viewer ?? null;
  const players = view.supply.length;
  let round;
  if (snap.over) round = t('kahuna.round.over');
  else if (view.final_phase) round = plural('kahuna.round.final', /** @type {number} */ (view.final_turns_left));
  else round = t('kahuna.round.label', { round: view.round });
  const turn = [turnSentence(snap, names, viewer), round + '.', snap.over ? endSentence(snap.result, names) : null];
  if (view.committed_to_draw && !snap.over) turn.push(t('kahuna.hint.committed'));
  const seats = [...Array(players).keys()];
  const sections = [
    section('turn', t('text.section.turn'), turn),
    recent(lastMove, logParams, names),
    section('players', t('text.section.players'), seats.map((seat) => playerText(view, seat, names, viewer))),
  ];
  if (view.hand) {
    const hidden = view.own_hidden_discards && view.own_hidden_discards.length ? t('kahuna.player.own_hidden', { cards: view.own_hidden_discards.join(', ') }) : null;
    sections.push(section('hand', t('kahuna.hand.title'), [view.hand.length ? list(view.hand) : t('kahuna.text.hand_empty'), hidden]));
  }
  const display = view.display.map((card, slot) => (card ? card : t('kahuna.aria.slot_empty', { slot: slot + 1 })));
  sections.push(
    section('cards', t('text.section.cards'), [
      t('kahuna.text.display', { cards: list(display) }),
      plural('kahuna.aria.pile', view.pile_size),
      view.open_discard.length ? t('kahuna.text.discard', { cards: list(view.open_discard) }) : t('kahuna.market.discard_empty'),
    ]),
  );
  sections.push(section('board', t('text.section.islands'), view.islands.map((island) => islandText(view, island, names))));
  for (const scoring of view.scorings) {
    const label = scoring.round >= 3 ? t('kahuna.scoring.final') : t('kahuna.scoring.interim', { round: scoring.round });
    const cells = scoring.islands.map((count, seat) => `${names[seat]} ${plural('kahuna.scorings.cell', count)}${scoring.points[seat] ? ` +${scoring.points[seat]}` : ''}`);
    sections.push(section(`scoring-${scoring.round}`, label, [list(cells)]));
  }
  return sections;
}

/** A move in words, as the end of a sentence.
 * @param {KahunaView | null} view
 * @param {KahunaMove} move
 * @returns {string} */
export function moveText(view, move) {
  // A line's name does not break at its dash.
  const line = () => dash(select.lineName(view, /** @type {number} */ (move.line))).replace('–', '–\u2060');
  switch (move.kind) {
    case 'place':
      return t('kahuna.move.place', { line: line(), card: move.card });
    case 'remove':
      return t('kahuna.move.remove', { line: line(), cards: /** @type {string[]} */ (move.cards).join(' + ') });
    case 'hide':
      return t('kahuna.move.hide', { card: move.card });
    case 'draw':
      return t('kahuna.move.draw');
    case 'take':
      return t('kahuna.move.take', { card: (view && view.display[/** @type {number} */ (move.slot)]) || '' });
    case 'skip':
      return view && view.final_phase ? t('kahuna.move.end_turn') : t('kahuna.move.skip');
    default:
      return move.text;
  }
}

/** What the viewer may do now: hand cards, lines, and the buttons.
 * @param {KahunaView} view
 * @param {KahunaMove[]} legal
 * @param {KahunaSelection} selection
 * @returns {{prompt: string, groups: Group[]}} */
export function choices(view, legal, selection) {
  const all = select.targets(view, legal, selection);
  /** @param {string} choice */
  const byText = (choice) => legal.find((m) => m.text === choice);
  /** @param {{choice?: string | null}} target */
  const played = (target) => target.choice && byText(target.choice);
  /** @param {import('./select.js').KahunaCardTarget} card */
  const cardLabel = (card) => {
    if (card.selected) return t('kahuna.aria.card_selected', { card: card.name });
    const move = played(card);
    return move ? t('text.plays', { move: moveText(view, move) }) : t('kahuna.text.pick_card', { card: card.name });
  };
  /** @param {import('./select.js').KahunaLineTarget} line */
  const lineLabel = (line) => {
    if (line.selected) return t('kahuna.aria.line_selected', { line: dash(line.line) });
    const move = played(line);
    if (move) return t('text.plays', { move: moveText(view, move) });
    return line.removal ? t('kahuna.aria.line_bridge', { line: dash(line.line) }) : t('kahuna.aria.line_free', { line: dash(line.line) });
  };
  /** @param {string} choice */
  const plain = (choice) => {
    const move = byText(choice);
    return move ? button({ choice }, t('text.plays', { move: moveText(view, move) })) : null;
  };
  const groups = [
    group('cards', t('kahuna.hand.title'), all.cards.filter((card) => card.choice || card.selected).map((card) => button(card, cardLabel(card)))),
    group('lines', t('text.kahuna.lines'), all.lines.map((line) => button(line, lineLabel(line)))),
    group('draw', t('text.kahuna.draw'), [all.draw ? plain(all.draw) : null, ...all.take.map((take) => plain(take.choice))]),
    group('other', t('text.other_moves'), [all.hide ? plain(all.hide) : null, all.skip ? plain(all.skip) : null]),
  ].filter((g) => g.buttons.length);
  let prompt = t('text.prompt.choose');
  if (!legal.length) prompt = t('text.prompt.wait');
  else if (all.hasSelection) prompt = t('text.prompt.go_on');
  return { prompt, groups };
}
