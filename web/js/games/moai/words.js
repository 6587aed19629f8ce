// @ts-check
// Moai's words that the board and the text view share (no DOM): a seat's
// name, a piece, a place of the island with whose pieces stand on it
// (`placeWords`, the board's names for its places), a move, as the end of a
// sentence (`moveText`), and what to do now (`advice`, the action bar's
// sentence and the text view's prompt).

import { t, plural, list } from '../../i18n.js';
import * as select from './select.js';
import { cardName, cardsText, placeAt, placeName, placeKind, kindName } from './log.js';
import { who } from '../../text/text-common.js';

/** @typedef {import('./types.js').MoaiView} MoaiView */
/** @typedef {import('./types.js').MoaiMove} MoaiMove */
/** @typedef {import('../../state.js').Move} Move */
/** @typedef {import('./types.js').MovePiece} MovePiece */
/** @typedef {import('./types.js').Piece} Piece */
/** @typedef {import('./select.js').Selection} Selection */

/** A piece in words needs no zone: a selection's piece part has none.
 * @typedef {Omit<MovePiece, 'zone'>} NamedPiece */

// -- small words ------------------------------------------------------------------------

/** A seat's name: the one given, or "Player 2".
 * @param {number | null | undefined} seat
 * @param {string[]} names
 * @returns {string} */
export function nameOf(seat, names) {
  if (seat === null || seat === undefined) return '';
  return (names && names[seat]) || t('seat.label', { n: seat + 1 });
}

/** The first letter up: a place's name opens a sentence.
 * @param {string} text
 * @returns {string} */
export const cap = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** Parts of one sentence, joined by semicolons.
 * @param {(string | null | undefined)[]} parts
 * @returns {string} */
export const joined = (parts) => parts.filter(Boolean).join(t('moai.text.sep'));

/** The height of the statue on a volcano space, the strengths the viewer knows.
 * @param {MoaiView | null} view
 * @param {string} id
 * @returns {number} */
export function spaceHeight(view, id) {
  const space = view && view.volcano.find((s) => s.id === id);
  return space ? space.pieces.reduce((a, p) => a + (p[1] || 0), 0) : 0;
}

/** A piece of a move ({location, player, strength, face_up}) in words:
 * "Ana's strength-2 piece in forest S1".
 * @param {NamedPiece} piece
 * @param {string[]} names
 * @returns {string} */
export function pieceWords(piece, names) {
  return t(piece.face_up ? 'moai.words.piece' : 'moai.words.piece_down', { player: nameOf(piece.player, names), strength: piece.strength, place: placeAt(piece.location) });
}

/** Pieces ([seat, strength, face_up]) of one clan in words, face up first:
 * "2 strength-3 pieces and 1 face-down piece".
 * @param {Piece[]} pieces
 * @returns {string} */
function piecesWords(pieces) {
  /** @type {Map<string, {strength: number | null, faceUp: boolean, known: boolean, count: number}>} */
  const groups = new Map();
  for (const [, strength, faceUp] of pieces) {
    const known = strength !== null && strength !== undefined;
    const key = `${faceUp ? 0 : known ? 1 : 2}/${known ? strength : 0}`;
    if (!groups.has(key)) groups.set(key, { strength, faceUp, known, count: 0 });
    /** @type {{count: number}} */ (groups.get(key)).count += 1;
  }
  return list(
    [...groups.entries()]
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))
      .map(([, g]) => {
        if (g.faceUp) return plural('moai.text.up', g.count, { strength: g.strength });
        return g.known ? plural('moai.text.down_known', g.count, { strength: g.strength }) : plural('moai.text.down', g.count);
      }),
  );
}

/** Whose pieces stand on a place: "Ana has 2 strength-3 pieces; Bob has 1
 * face-down piece", clan by clan; null when none.
 * @param {Piece[]} pieces
 * @param {string[]} names
 * @param {number | null} viewer
 * @returns {string | null} */
function occupants(pieces, names, viewer) {
  const seats = [...new Set(pieces.map((p) => p[0]))].sort((a, b) => a - b);
  if (!seats.length) return null;
  return joined(seats.map((seat) => t('moai.text.has', { player: who(names, seat, viewer), pieces: piecesWords(pieces.filter((p) => p[0] === seat)) })));
}

// -- a place ---------------------------------------------------------------------------

/** One place of the island in words, with whose pieces stand on it: "Field
 * F3: Ana has 1 strength-2 piece." (a volcano space with its statue's
 * height, a forest space with its wood, a covered field, a boat with its
 * owner). The board names its places with it too.
 * @param {MoaiView} view
 * @param {string} id
 * @param {string[]} names
 * @param {number | null} viewer
 * @returns {string} */
export function placeWords(view, id, names, viewer) {
  /** @param {string} label @param {string} what */
  const place = (label, what) => t('moai.text.place', { place: cap(label), what });
  switch (placeKind(id)) {
    case 'volcano': {
      const space = view.volcano.find((s) => s.id === id) || { pieces: [], carved: false };
      const known = space.pieces.every((p) => p[1] !== null && p[1] !== undefined);
      const height = !space.pieces.length ? null : known ? t('moai.text.height', { height: spaceHeight(view, id) }) : t('moai.text.height_hidden');
      return place(placeName(id), joined([occupants(space.pieces, names, viewer) || t('moai.text.free'), height, space.carved ? t('moai.text.carved') : null]));
    }
    case 'forest': {
      const space = view.forest.find((s) => s.id === id) || { pieces: [], wood: false };
      const label = t(space.wood ? 'moai.aria.forest_wood' : 'moai.aria.forest', { place: placeName(id) });
      return place(label, occupants(space.pieces, names, viewer) || t('moai.text.no_piece'));
    }
    case 'field': {
      const field = view.fields.find((f) => f.id === id) || { piece: null, covered: false };
      const label = t(field.covered ? 'moai.aria.field_covered' : 'moai.aria.field', { place: placeName(id) });
      return place(label, field.piece ? /** @type {string} */ (occupants([field.piece], names, viewer)) : t('moai.text.free'));
    }
    case 'boat': {
      const boat = view.boats.find((b) => b.id === id) || { owner: null, piece: null };
      // A boat carries its owner's piece, face up.
      const what = boat.piece ? plural('moai.text.up', 1, { strength: boat.piece }) : t('moai.text.boat_empty');
      return place(t('moai.aria.boat', { place: placeName(id), player: nameOf(boat.owner, names) }), what);
    }
    default:
      return cap(placeName(id));
  }
}

// -- the moves -------------------------------------------------------------------------

/** Whether carving a space takes a tile (M-23): the carver has a wood and
 * the supply a tile no higher than the statue.
 * @param {MoaiView | null} view
 * @param {string} space
 * @returns {boolean} */
function takesTile(view, space) {
  if (!view) return false;
  const seat = view.current ?? view.viewer;
  const wood = seat === null || seat === undefined ? 0 : view.wood.stocks[seat];
  const height = spaceHeight(view, space);
  const supply = (view.moai && view.moai.supply) || {};
  return wood > 0 && Object.keys(supply).some((h) => supply[h] > 0 && Number(h) <= height);
}

/** A move in words, as the end of a sentence ("place a strength-2 piece on
 * field F5"): the words of the board's (moai.js).
 * @param {MoaiView | null} view
 * @param {Move | null} legalMove   a legal move (its `to_dict()`), which is Moai's
 * @param {string[]} names
 * @returns {string} */
export function moveText(view, legalMove, names) {
  const move = /** @type {MoaiMove | null} */ (legalMove);
  if (!move) return '';
  switch (move.kind) {
    case 'bid':
      return move.cards.length ? t('moai.move.bid', { cards: cardsText(move.cards), value: move.value }) : t('moai.move.bid_nothing');
    case 'rank': {
      const position = view && view.pending && view.pending.ranking ? view.pending.ranking.length + 1 : '';
      return t('moai.move.rank', { player: nameOf(move.player, names), position });
    }
    case 'take':
      return t('moai.move.take', { card: cardName(move.card), id: move.card });
    case 'victim':
      return t('moai.move.victim', { player: nameOf(move.player, names) });
    case 'erode':
      return t('moai.move.erode', { place: placeName(move.field) });
    case 'kill':
      return t('moai.move.kill', { piece: pieceWords(move.piece, names) });
    case 'lose':
      return t('moai.move.lose', { piece: pieceWords(move.piece, names) });
    case 'sink':
      return t('moai.move.sink', { place: placeName(move.boat) });
    case 'place': {
      const fresh = move.zone === 'volcano' && view && !view.volcano.some((s) => s.id === move.location);
      const hidden = (move.zone === 'forest' || move.zone === 'volcano') && !(view && view.options.all_face_up);
      const key = fresh ? 'moai.move.place_new' : hidden ? 'moai.move.place_hidden' : 'moai.move.place';
      return t(key, { strength: move.strength, place: placeAt(move.location) });
    }
    case 'pass':
      return t('moai.move.pass');
    case 'swap':
      return t('moai.move.swap', { a: pieceWords(move.pieces[0], names), b: pieceWords(move.pieces[1], names) });
    case 'award':
      return t('moai.move.award', { place: placeName(move.space), player: nameOf(move.player, names) });
    case 'carve': {
      const key = move.face_down ? 'moai.move.carve_down' : takesTile(view, move.space) ? 'moai.move.carve' : 'moai.move.abandon';
      return t(key, { place: placeName(move.space), height: spaceHeight(view, move.space) });
    }
    case 'done':
      return t(`moai.move.done_${(view && view.step) || 'carve'}`);
    case 'raid':
      return t('moai.move.raid', { piece: pieceWords(move.target, names), card: kindName(move.card) });
    case 'starve':
      return t('moai.move.starve', { piece: pieceWords(move.piece, names) });
    case 'rest':
      return t('moai.move.rest', { piece: pieceWords(move.piece, names) });
    case 'birth':
      return t('moai.move.birth', { cards: cardsText(move.cards) });
    case 'build':
      return t('moai.move.build');
    default:
      // A kind this page does not know: the move's notation.
      return /** @type {MoaiMove} */ (move).text;
  }
}

/** What to do now, in one sentence (the board's action bar says it too);
 * empty when the step has no words of its own.
 * @param {MoaiView} view
 * @param {MoaiMove[]} legal
 * @param {Selection} selection
 * @param {string[]} names
 * @returns {string} */
export function advice(view, legal, selection, names) {
  if (!legal.length) return '';
  const step = view.step;
  const pending = view.pending || {};
  const chosen = select.selectedParts(view, selection);
  if (step === 'bid') {
    if (!chosen.length) return t(view.options.open_bids || view.options.title_rule ? 'moai.hint.bid_open' : 'moai.hint.bid');
    const value = chosen.reduce((a, p) => a + (p === 'card:R' ? 1 : Number(p.slice(5))), 0);
    return t('moai.hint.bid_more', { value });
  }
  if (step === 'work') {
    const str = selection.parts.find((p) => p.startsWith('str:'));
    const loc = selection.parts.find((p) => p.startsWith('loc:'));
    const piece = selection.parts.find((p) => p.startsWith('piece:'));
    if (str) return t('moai.hint.place_where', { strength: str.slice(4) });
    if (loc) return t('moai.hint.place_which', { place: placeName(loc.slice(4)) });
    if (piece) return t('moai.hint.swap_second');
    if (view.camp && view.camp.length) return t(view.options.all_face_up ? 'moai.hint.work_up' : 'moai.hint.work');
    return t('moai.hint.work_empty');
  }
  if (step === 'carve') {
    if (selection.parts.some((p) => p.startsWith('loc:'))) return t('moai.hint.carve_side');
    return t('moai.hint.carve', { wood: view.wood.stocks[/** @type {number} */ (view.viewer)] });
  }
  if (step === 'raid') {
    if (selection.parts.some((p) => p.startsWith('piece:'))) return t('moai.hint.raid_card');
    if (chosen.length) return t('moai.hint.raid_target');
    return plural('moai.hint.raid', (pending.deficit || 0) - (pending.raids || 0));
  }
  if (step === 'birth') {
    if (chosen.length === 1) return t('moai.hint.birth_second');
    return t(pending.compulsory ? 'moai.hint.birth_final' : 'moai.hint.birth');
  }
  if (step === 'rank') return t('moai.hint.rank', { position: (pending.ranking || []).length + 1 });
  if (step === 'victim') return t('moai.hint.victim', { card: cardName(/** @type {string} */ (pending.card)) });
  if (step === 'kill') return t('moai.hint.kill', { player: nameOf(pending.victim, names) });
  if (step === 'lose') return t('moai.hint.lose', { card: cardName(/** @type {string} */ (pending.card)) });
  if (step === 'starve') return plural('moai.hint.starve', pending.to_remove || 1);
  if (step === 'rest') return plural('moai.hint.rest', pending.left || 1);
  if (step === 'award') return t('moai.hint.award', { place: placeName(/** @type {string} */ (pending.space)) });
  if (step === 'take') return t('moai.hint.take');
  if (step === 'erode') return t('moai.hint.erode');
  if (step === 'sink') return t('moai.hint.sink');
  return '';
}
