// @ts-check
// Moai in words, for the text view (see text-common.js for the shape every
// game's text module shares): the round, its phase and step and what it
// waits for; the clans (colour, turn order, bid, epoch card, Moai tiles,
// pieces in camp, on the board and in the reserve, wood, cards, boats); the
// viewer's cards and camp; the epoch cards and the decks; and the island,
// place by place: each volcano space, forest space, field and boat, and whose
// pieces stand there (their strength when it shows, "face down" otherwise),
// then Orongo hill and the supplies. The moves are chosen as on the board
// (moai/select.js): a strength of the camp and a place, either first; cards
// for a bid, a birth or a raid; two pieces for a swap; a volcano space then
// the tile's side; and the buttons (epoch cards, victims, pass, done …).
//
// It knows no DOM: the pure helpers of the board's panel (a card's effect,
// a card kind's name, the Moai a clan shows) are said again here. The words
// the board shares with it (a place, a move, what to do now) are words.js's.

import { t, plural, list } from '../../i18n.js';
import { seatStyle } from '../../players.js';
import * as select from './select.js';
import { distinctChoices } from '../select-common.js';
import { logParams, cardName, cardsText, placeName, placeKind, LETTERS, effectText, kindName, visibleMoai, countBoard } from './log.js';
import { section, button, group, who, recent } from '../../text/text-common.js';
import { turnSentence, endSentence, endReason } from '../../turn-words.js';
import { nameOf, cap, joined, spaceHeight, pieceWords, placeWords, moveText, advice } from './words.js';

export { select, logParams, moveText };

/** @typedef {import('./types.js').MoaiView} MoaiView */
/** @typedef {import('./types.js').MoaiSnapshot} MoaiSnapshot */
/** @typedef {import('./types.js').MoaiResult} MoaiResult */
/** @typedef {import('./types.js').MoaiMove} MoaiMove */
/** @typedef {import('./words.js').NamedPiece} NamedPiece */
/** @typedef {import('./types.js').EpochCard} EpochCard */
/** @typedef {import('./types.js').GameEvent} GameEvent */
/** @typedef {import('./select.js').Selection} Selection */
/** @typedef {import('../../text/text-common.js').Section} Section */
/** @typedef {import('../../text/text-common.js').Group} Group */

/** The colours the page draws the seats with (theme.css `.p0` … `.p4`:
 * vermilion ▲, blue ◆, yellow ●, bluish green ■, reddish purple ★). */
const PALETTE_NAMES = ['red', 'blue', 'yellow', 'green', 'pink'];

// -- small words ------------------------------------------------------------------------

/** A clan's colour as the page draws it, with its mark: "red ▲".
 * @param {number} seat */
function colourOf(seat) {
  return `${t(`moai.text.colour.${PALETTE_NAMES[seat % PALETTE_NAMES.length]}`)} ${seatStyle(seat).glyph}`;
}

/** A piece part of the selection ("piece:S1:R2fd") as a piece.
 * @param {string} part
 * @returns {NamedPiece | null} */
function pieceOfPart(part) {
  const match = /^piece:([^:]+):([A-Z])(\d)(fd)?$/.exec(part);
  if (!match) return null;
  return { location: match[1], player: LETTERS.indexOf(match[2]), strength: Number(match[3]), face_up: !match[4] };
}

/** Strengths counted: "3 of strength 1, 2 of strength 2 and 1 of strength 3".
 * @param {number[]} counts   the pieces of each strength, 1 to 3
 * @returns {string} */
function strengthCounts(counts) {
  const parts = counts.map((count, i) => (count ? plural('moai.text.of_strength', count, { strength: i + 1 }) : null)).filter(Boolean);
  return parts.length ? list(parts) : '';
}

/** An epoch card's draw and huts: "2 cards to draw and 3 huts".
 * @param {EpochCard} card */
function cardNumbers(card) {
  return { name: cardName(card.id), id: card.id, draws: plural('moai.text.draws', card.cards), huts: plural('moai.text.huts', card.huts) };
}

// -- the position -------------------------------------------------------------------------

/** The round, its phase and step, and what the step waits for.
 * @param {MoaiView} view
 * @param {MoaiSnapshot} snap
 * @param {string[]} names
 * @param {number | null} viewer
 * @returns {(string | null)[]} */
function turnItems(view, snap, names, viewer) {
  if (snap.over) {
    return [turnSentence(snap, names, viewer), endSentence(snap.result, names), endReason('moai', snap.result)];
  }
  // The work phase has one step, of the same name.
  const short = view.step === view.phase;
  const key = `moai.text.round${view.final_round ? '_final' : ''}${short ? '_short' : ''}`;
  const items = [turnSentence(snap, names, viewer), t(key, { round: view.round, phase: t(`moai.text.phase.${view.phase}`), step: t(`moai.step.${view.step}`) })];
  if (view.epoch && view.epoch.admiral) items.push(t('moai.admiral'));
  const pending = view.pending || {};
  const seat = snap.to_move[0];
  const acting = seat === undefined ? '' : who(names, seat, viewer);
  if (pending.card && ['victim', 'erode', 'kill', 'lose', 'sink'].includes(view.step)) {
    const card = (view.epoch.taken || []).find((c) => c && c.id === pending.card);
    // A disaster's step: its card and taker are there.
    const params = { taker: who(names, /** @type {number} */ (pending.taker), viewer), card: cardName(pending.card) };
    const taken = pending.victim === null || pending.victim === undefined ? t('moai.text.pending.card', params) : t('moai.text.pending.victim', { ...params, victim: nameOf(pending.victim, names) });
    items.push(card ? `${taken} ${effectText(card)}` : taken);
  }
  switch (view.step) {
    case 'rank': {
      const ranking = pending.ranking || [];
      if (ranking.length) items.push(t('moai.text.pending.ranked', { players: list(ranking.map((seat) => nameOf(seat, names))) }));
      items.push(t('moai.text.pending.rank', { player: acting, position: ranking.length + 1, candidates: list((pending.candidates || []).map((seat) => nameOf(seat, names))) }));
      break;
    }
    case 'award':
      items.push(
        t('moai.text.pending.award', {
          place: cap(placeName(/** @type {string} */ (pending.space))),
          tied: list((pending.tied || []).map((seat) => nameOf(seat, names))),
          player: acting,
        }),
      );
      break;
    case 'raid':
      items.push(plural('moai.text.pending.raid', (pending.deficit || 0) - (pending.raids || 0), { player: acting }));
      if (pending.raids) items.push(plural('moai.text.pending.raids', pending.raids));
      break;
    case 'starve':
      items.push(plural('moai.text.pending.starve', pending.to_remove || 1, { player: acting }));
      break;
    case 'rest':
      items.push(plural('moai.text.pending.rest', pending.left || 1, { player: acting }));
      break;
    case 'birth':
      if (pending.compulsory) items.push(t('moai.hint.birth_final'));
      break;
    default:
      break;
  }
  return items;
}

/** A clan's Moai tiles: "Moai tiles: 2 m and one face down, height hidden, 2 m known".
 * @param {MoaiView} view
 * @param {number} seat
 * @returns {string} */
function tilesText(view, seat) {
  const tiles = (view.moai && view.moai.tiles[seat]) || [];
  if (!tiles.length) return t('moai.text.no_tile');
  const words = tiles.map((tile) => {
    if (tile.height === null || tile.height === undefined) return t('moai.text.tile_hidden');
    return t(tile.face_down ? 'moai.text.tile_down' : 'moai.text.tile', { height: tile.height });
  });
  const { metres, hidden, count } = visibleMoai(view, seat);
  return plural(hidden ? 'moai.text.moai_hidden' : 'moai.text.moai', count, { tiles: list(words), metres });
}

/** A clan's bid while the bird-man phase shows it: being chosen, chosen
 * (secret), or its cards.
 * @param {MoaiView} view
 * @param {number} seat
 * @returns {string | null} */
function bidText(view, seat) {
  const bid = view.bids && view.bids[seat];
  if (!bid || view.phase !== 'bird_man') return null;
  if (bid.cards) return t('moai.text.bid', { cards: cardsText(bid.cards), value: bid.value });
  return t(bid.status === 'choosing' ? 'moai.text.bid_choosing' : 'moai.text.bid_chosen');
}

/** A clan in words: its colour, place in the turn order, bid, epoch card,
 * Moai, pieces, wood, cards and boats (and, at the end, its prestige).
 * @param {MoaiView} view
 * @param {number} seat
 * @param {string[]} names
 * @param {number | null} viewer
 * @param {MoaiResult | null} result
 * @returns {string} */
function playerText(view, seat, names, viewer, result) {
  const position = (view.order || []).indexOf(seat);
  const taken = view.epoch.taken[seat];
  const known = seat === viewer ? [] : (view.known_camps && view.known_camps[seat]) || [];
  const reserve = (view.reserve && view.reserve[seat]) || [];
  const boats = view.boats.filter((b) => b.owner === seat).length;
  const row = result && result.breakdown && result.breakdown.players ? result.breakdown.players[seat] : null;
  const parts = [
    position >= 0 ? t('moai.text.position', { position: position + 1 }) : null,
    view.bird_man === seat ? t('moai.text.birdman') : null,
    bidText(view, seat),
    taken ? t('moai.text.taken', cardNumbers(taken)) : null,
    tilesText(view, seat),
    plural('moai.text.camp', view.camps[seat]),
    known.length ? t('moai.text.known', { strengths: list([...known].sort((a, b) => a - b).map(String)) }) : null,
    plural('moai.text.on_board', countBoard(view, seat)),
    reserve.some(Boolean) ? t('moai.text.reserve', { pieces: strengthCounts(reserve) }) : t('moai.text.reserve_empty'),
    plural('moai.text.wood', view.wood.stocks[seat]),
    plural('moai.text.cards', view.hand_sizes[seat]),
    boats ? plural('moai.text.boats', boats) : null,
    row ? t('moai.text.prestige', { total: row.total, moai: row.moai, pieces: row.pieces, wood: row.wood_points }) : null,
  ];
  return t('moai.text.player', { clan: t('moai.text.clan', { player: who(names, seat, viewer), colour: colourOf(seat) }), details: joined(parts) });
}

/** The viewer's cards and camp; null for a spectator.
 * @param {MoaiView} view
 * @returns {string[] | null} */
function handItems(view) {
  if (!view.hand) return null;
  const cards = view.hand.map((kind) => (kind === 'R' ? t('moai.text.raid_card') : kind));
  const camp = view.camp || [];
  const counts = [1, 2, 3].map((s) => camp.filter((x) => x === s).length);
  const pieces = counts.map((count, i) => (count ? plural('moai.text.up', count, { strength: i + 1 }) : null)).filter(Boolean);
  return [
    cards.length ? t('moai.text.hand', { cards: list(cards) }) : `${t('moai.hand.empty')}.`,
    pieces.length ? t('moai.text.own_camp', { pieces: list(pieces) }) : `${t('moai.hand.camp_empty')}.`,
  ];
}

/** The epoch cards on display, the epoch deck, the Rapa Nui deck and discard.
 * @param {MoaiView} view
 * @returns {string[]} */
function cardItems(view) {
  const epoch = view.epoch;
  const display = epoch.display || [];
  const items = [];
  if (display.length) {
    items.push(plural('moai.text.display', display.length));
    for (const card of display) {
      items.push([t('moai.text.epoch_card', cardNumbers(card)), effectText(card), card.palm ? t('moai.aria.palm') : null].filter(Boolean).join(' '));
    }
  } else {
    items.push(t('moai.text.no_display'));
  }
  items.push(epoch.deck_size ? plural('moai.text.epoch_deck', epoch.deck_size, { epoch: epoch.top_epoch }) : t('moai.text.epoch_deck_empty'));
  if (epoch.set_aside) items.push(plural('moai.text.set_aside', epoch.set_aside));
  items.push(plural('moai.text.deck', view.deck_size));
  const discard = view.discard || [];
  if (discard.length) {
    const kinds = ['1', '2', '3', 'R'].filter((kind) => discard.includes(kind));
    const cards = kinds.map((kind) => `${discard.filter((k) => k === kind).length} × ${kind === 'R' ? t('moai.cards.raid') : kind}`);
    items.push(t('moai.text.discard', { cards: list(cards) }));
  } else {
    items.push(t('moai.text.discard_empty'));
  }
  return items;
}

/** The island, place by place: the volcano's spaces, the forest's, the
 * fields, the boats; then Orongo hill and the supplies.
 * @param {MoaiView} view
 * @param {string[]} names
 * @param {number | null} viewer
 * @returns {string[]} */
function boardItems(view, names, viewer) {
  const items = [];
  // The volcano.
  if (!view.volcano.length) items.push(`${t('moai.board.no_quarry')}.`);
  for (const space of view.volcano) items.push(placeWords(view, space.id, names, viewer));
  // The forest.
  for (const space of view.forest) items.push(placeWords(view, space.id, names, viewer));
  // The fields: each one with a piece, then the free ones and the covered ones.
  for (const field of view.fields) {
    if (field.piece) items.push(placeWords(view, field.id, names, viewer));
  }
  const free = view.fields.filter((f) => !f.piece && !f.covered).map((f) => f.id);
  const covered = view.fields.filter((f) => f.covered).map((f) => f.id);
  if (free.length) items.push(plural('moai.text.fields_free', free.length, { fields: list(free) }));
  if (covered.length) items.push(plural('moai.text.fields_covered', covered.length, { fields: list(covered) }));
  // The ocean.
  if (!view.boats.length) items.push(`${t('moai.board.no_boat')}.`);
  for (const boat of view.boats) items.push(placeWords(view, boat.id, names, viewer));
  // Orongo hill: the turn order, the bird-man, the supplies.
  if ((view.order || []).length) items.push(t('moai.text.order', { order: list(view.order.map((seat) => nameOf(seat, names))) }));
  if (view.bird_man !== null && view.bird_man !== undefined) items.push(t('moai.text.birdman_is', { player: who(names, view.bird_man, viewer) }));
  const supply = (view.moai && view.moai.supply) || {};
  const tiles = Object.keys(supply)
    .map(Number)
    .sort((a, b) => a - b)
    .filter((height) => supply[String(height)])
    .map((height) => plural('moai.text.tiles_of', supply[String(height)], { height }));
  items.push(tiles.length ? t('moai.text.tile_supply', { tiles: list(tiles) }) : t('moai.text.tile_supply_none'));
  items.push(t('moai.text.supply', { wood: plural('moai.count.wood', view.wood.supply), disasters: plural('moai.text.disasters', view.disaster_supply) }));
  const toppled = (view.moai && view.moai.toppled) || [];
  if (toppled.length) items.push(plural('moai.end.toppled', toppled.length));
  return items;
}

/** The position in words.
 * @param {MoaiSnapshot} snap
 * @param {{names: string[], lastMove?: GameEvent[]}} options
 * @returns {Section[]} */
export function describe(snap, { names, lastMove = [] }) {
  const view = snap.view;
  const viewer = view.viewer ?? snap.viewer ?? null;
  const seats = [...Array(view.players).keys()];
  const sections = [
    section('turn', t('text.section.turn'), turnItems(view, snap, names, viewer)),
    recent(lastMove, logParams, names),
    section('players', t('text.section.players'), seats.map((seat) => playerText(view, seat, names, viewer, snap.over ? /** @type {MoaiResult | null} */ (snap.result) : null))),
  ];
  const hand = handItems(view);
  if (hand) sections.push(section('hand', t('text.moai.hand'), hand));
  sections.push(section('cards', t('text.section.cards'), cardItems(view)));
  sections.push(section('board', t('text.moai.island'), boardItems(view, names, viewer)));
  return sections;
}

// -- the moves -------------------------------------------------------------------------

/** A place of the board to choose, as a step: "Choose forest S1".
 * @param {MoaiView} view
 * @param {string} id
 * @returns {string} */
function placeStep(view, id) {
  const kind = placeKind(id);
  if (view.step === 'carve' && kind === 'volcano') return t('moai.text.pick.carve', { place: placeName(id), height: spaceHeight(view, id) });
  if (kind === 'volcano' && !view.volcano.some((s) => s.id === id)) return t('moai.text.pick.new_volcano', { id });
  return t(`moai.text.pick.${kind}`, { id });
}

/** What the viewer may do now: the camp's strengths, the hand's cards, the
 * places and pieces of the board, the epoch cards, and the buttons.
 * @param {MoaiView} view
 * @param {MoaiMove[]} legal
 * @param {Selection} selection
 * @param {string[]} names
 * @returns {{prompt: string, groups: Group[]}} */
export function choices(view, legal, selection, names) {
  const all = select.targets(view, legal, selection);
  /** @param {string | null | undefined} choice */
  const byText = (choice) => (choice ? legal.find((m) => m.text === choice) : null);
  /** @param {string} what */
  const chosen = (what) => t('moai.text.chosen', { what });
  /** The label of a target: put back when selected, the move it plays, or
   * the step it takes (`step`).
   * @param {{selected?: boolean, choice?: string | null}} target
   * @param {() => string} what
   * @param {() => string} step
   * @returns {string} */
  const label = (target, what, step) => {
    if (target.selected) return chosen(what());
    const move = byText(target.choice);
    return move ? t('text.plays', { move: moveText(view, move, names) }) : step();
  };
  /** @param {string | null} choice */
  const plain = (choice) => {
    const move = byText(choice);
    return move ? button({ choice }, t('text.plays', { move: moveText(view, move, names) })) : null;
  };

  // The camp: a strength to place (or, for a loss, a piece of the camp).
  /** @type {Set<string | undefined>} */
  const campParts = new Set();
  const camp = all.camp
    .filter((chip) => chip.choice || chip.selected)
    .map((chip) => {
      campParts.add(chip.part);
      return button(
        chip,
        label(
          chip,
          () => t('moai.text.strength', { strength: chip.strength }),
          () => t('moai.text.pick_strength', { strength: chip.strength, count: chip.count }),
        ),
      );
    });

  // The hand: one button for equal cards that do the same.
  const cards = distinctChoices(all.cards, (card) => card.kind)
    .map((card) =>
      button(
        card,
        label(
          card,
          () => kindName(card.kind),
          () => t(view.step === 'bid' ? 'moai.text.bid_card' : 'moai.text.pick_card', { card: kindName(card.kind) }),
        ),
      ),
    );

  // The board: places and pieces.
  /** @type {import('../../text/text-common.js').Button[]} */
  const board = [];
  for (const [part, target] of all.board) {
    if (campParts.has(part)) continue;
    const item = { part, ...target };
    if (part.startsWith('loc:')) {
      const id = part.slice(4);
      board.push(button(item, label(item, () => placeName(id), () => placeStep(view, id))));
    } else {
      const piece = pieceOfPart(part);
      if (!piece) continue;
      const words = () => pieceWords(piece, names);
      board.push(button(item, label(item, words, () => t('moai.text.pick_piece', { piece: words() }))));
    }
  }

  // The epoch cards on display, and the buttons of the action bar ("Cancel"
  // is the text view's own).
  const take = [...all.take.values()].map(plain);
  const actions = all.buttons.filter((b) => b.choice).map((b) => plain(b.choice));

  const groups = [
    group('camp', t('moai.hand.camp'), camp),
    group('cards', t('moai.hand.title'), cards),
    group('board', t('text.moai.board'), board),
    group('take', t('moai.market.display'), take),
    group('actions', t('text.other_moves'), actions),
  ].filter((g) => g.buttons.length);
  let prompt = t('text.prompt.wait');
  if (legal.length) prompt = advice(view, legal, selection, names) || (select.selectedParts(view, selection).length ? t('text.prompt.go_on') : t('text.prompt.choose'));
  return { prompt, groups };
}
