// @ts-check
// Haleakala in words, for the text view (see text-common.js for the shape
// every game's text module shares): the round and the decision due; the
// players (score, discs in reserve, shaman, statues, baskets, shells, cards);
// the viewer's reserve; the decks, the lava supply, the discard and the
// score board; and the island, section by section: its two cards, the discs
// on its beach and their sums, the statues and shamans on its spaces, the
// lava on its crater, and where the boat lies. The moves are chosen as on
// the board (haleakala/select.js): a disc of the reserve then a beach (the
// invocation disc joining it for the boat's beach), a disc to take back,
// the boat, a space for the shaman, a card, a crater then its neighbour, a
// purchase, the statue; and the buttons (stay, decline, pass …).
//
// Everything in Haleakala is public but the order of the decks, which the
// view does not hold: all it says comes from the view.

import { t, plural, list } from '../../i18n.js';
import * as select from './select.js';
import { logParams, spaceName, cardName, itemName, shellCost, shown, scoringLabel } from './log.js';
import { section, button, group, who, recent } from '../../text/text-common.js';
import { turnSentence, endSentence, endReason } from '../../turn-words.js';

export { select, logParams };

/** @typedef {import('./types.js').HaleakalaView} HaleakalaView */
/** @typedef {import('./types.js').HaleakalaSnapshot} HaleakalaSnapshot */
/** @typedef {import('./types.js').HaleakalaMove} HaleakalaMove */
/** @typedef {import('../../state.js').Move} Move */
/** @typedef {import('./types.js').Space} Space */
/** @typedef {import('./types.js').GameEvent} GameEvent */
/** @typedef {import('./select.js').Selection} Selection */
/** @typedef {import('../../text/text-common.js').Section} Section */
/** @typedef {import('../../text/text-common.js').Group} Group */
/** @typedef {import('../../text/text-common.js').Button} Button */

// -- small words ------------------------------------------------------------------------

/** Parts of one sentence, joined by semicolons.
 * @param {(string | null | undefined)[]} parts
 * @returns {string} */
const joined = (parts) => parts.filter(Boolean).join(t('haleakala.text.sep'));

/** A sentence made of a head and its parts: "Ana: 3 points; …."
 * @param {string} head
 * @param {(string | null | undefined)[]} parts
 * @returns {string} */
const line = (head, parts) => t('haleakala.text.line', { head, parts: joined(parts) });

/** Card kinds counted, in the order met: "Shell ×2, Statue".
 * @param {string[]} kinds
 * @param {(kind: string) => string} name
 * @returns {string[]} */
function counted(kinds, name) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const kind of kinds) counts.set(kind, (counts.get(kind) || 0) + 1);
  return [...counts].map(([kind, count]) => (count > 1 ? `${name(kind)} ×${count}` : name(kind)));
}

/** A {kind: count} table in words: "Shell ×2, Statue".
 * @param {Record<string, number> | null | undefined} contents
 * @returns {string} */
const table = (contents) =>
  Object.entries(contents || {})
    .map(([kind, count]) => (count > 1 ? `${cardName(kind)} ×${count}` : cardName(kind)))
    .join(', ');

// -- the players ----------------------------------------------------------------------------

/** A player in words: score, reserve, invocation disc, shaman, statues,
 * baskets, butterflies, shells, cards, score cards, first player.
 * @param {HaleakalaView} view
 * @param {number} seat
 * @param {string[]} names
 * @param {number | null} viewer
 * @returns {string} */
function playerText(view, seat, names, viewer) {
  const player = view.players[seat];
  const parts = [
    plural('haleakala.points', view.scores[seat]),
    player.reserve.length ? plural('haleakala.text.reserve', player.reserve.length, { values: list(player.reserve) }) : t('haleakala.text.reserve_empty'),
  ];
  if (player.invocation === 'reserve') parts.push(t('haleakala.text.invocation_home'));
  else if (player.invocation !== null && player.invocation !== undefined) parts.push(t('haleakala.text.invocation_away', { beach: shown(player.invocation) }));
  parts.push(
    t('haleakala.text.shaman', { space: spaceName(player.shaman) }),
    `${plural('haleakala.text.statues_left', player.statue_supply)}, ${plural('haleakala.text.statues_on', player.statues_on_board)}`,
  );
  if (player.statues_destroyed) parts.push(plural('haleakala.player.burned', player.statues_destroyed));
  parts.push(plural('haleakala.text.baskets', player.baskets));
  if (player.butterflies) parts.push(plural('haleakala.end.butterfly_count', player.butterflies));
  parts.push(shellCost(player.shells));
  if (player.collection.length) parts.push(plural('haleakala.text.cards', player.collection.length, { cards: list(counted(player.collection, cardName)) }));
  if (player.score_cards.length) parts.push(t('haleakala.text.score_cards', { items: list(player.score_cards.map(itemName)) }));
  if (view.first_player === seat) parts.push(t('haleakala.text.first'));
  return line(who(names, seat, viewer), parts);
}

// -- the island -------------------------------------------------------------------------------

/** Whose statue and shaman stand on a space: "Ana's statue and Bob's shaman on forest 3".
 * @param {Space} space
 * @param {string[]} names
 * @returns {string | null} */
function spaceText(space, names) {
  /** @type {string[]} */
  const what = [];
  if (space.statue !== null && space.statue !== undefined) what.push(t('haleakala.aria.statue_of', { player: names[space.statue] }));
  if (space.shaman !== null && space.shaman !== undefined) what.push(t('haleakala.aria.shaman_of', { player: names[space.shaman] }));
  return what.length ? t('haleakala.text.on_space', { what: list(what), space: spaceName(space.id) }) : null;
}

/** A section in words: its cards, its beach (the discs of each player,
 * their sums, the invocation discs; the boat), its spaces, its crater.
 * @param {HaleakalaView} view
 * @param {number} s
 * @param {string[]} names
 * @returns {string} */
function sectionText(view, s, names) {
  const sec = view.sections[s];
  const cards = /** @type {string[]} */ (sec.slots.filter(Boolean));
  const empty = sec.slots.length - cards.length;
  let cardWords;
  if (!cards.length) cardWords = t('haleakala.text.no_card');
  else cardWords = plural('haleakala.text.cards', cards.length, { cards: list([...cards.map(cardName), ...Array(empty).fill(t('haleakala.text.slot_empty'))]) });
  /** @type {string[]} */
  const discs = [];
  sec.discs.forEach((values, p) => {
    if (values.length === 1) discs.push(t('haleakala.text.beach_disc', { player: names[p], value: values[0] }));
    else if (values.length) discs.push(t('haleakala.aria.beach_discs', { player: names[p], values: values.join(' + '), sum: sec.sums[p] }));
    if (sec.invocation[p]) discs.push(t('haleakala.aria.beach_invocation', { player: names[p] }));
  });
  const beach = t(view.boat === s ? 'haleakala.text.beach_boat' : 'haleakala.text.beach', { beach: shown(s), discs: discs.length ? list(discs) : t('haleakala.aria.beach_empty') });
  // The shaman still on its hut's beach, then the statues and shamans up the slope.
  const spaces = view.spaces.filter((space) => space.section === s && space.terrain !== 'crater');
  const onBeach = spaces.filter((space) => space.terrain === 'beach').map((space) => spaceText(space, names));
  const held = spaces.filter((space) => space.terrain !== 'beach').map((space) => spaceText(space, names)).filter(Boolean);
  const crater = sec.lava ? plural('haleakala.text.crater', sec.lava, { section: shown(s) }) : t('haleakala.text.crater_empty', { section: shown(s) });
  const slope = held.length ? list(held) : t('haleakala.text.spaces_free');
  return line(t('haleakala.text.section', { section: shown(s) }), [cardWords, beach, ...onBeach, slope, crater]);
}

// -- the turn -----------------------------------------------------------------------------------

/** The decision due, in words, when it is not the turn's action.
 * @param {HaleakalaView} view
 * @param {string[]} names
 * @param {number | null} viewer
 * @returns {string | null} */
function phaseText(view, names, viewer) {
  if (view.decider === null || view.decider === undefined) return null;
  const player = who(names, view.decider, viewer);
  const pending = view.pending || {};
  switch (view.phase) {
    case 'shaman':
      return t('haleakala.text.phase.shaman', { player, space: spaceName(pending.from || view.players[view.decider].shaman) });
    case 'pick': {
      const beach = shown(pending.section ?? view.boat);
      if (pending.second_taker !== null && pending.second_taker !== undefined) {
        return t('haleakala.text.phase.pick_first', { player, beach, other: who(names, pending.second_taker, viewer) });
      }
      return t('haleakala.text.phase.pick_alone', { player, beach });
    }
    case 'lava': {
      const text = t('haleakala.text.phase.lava', { player, source: pending.source === 'board' ? t('haleakala.hint.lava_board') : t('haleakala.hint.lava_card') });
      // In the tactical variant, the Priestess brings the invocation disc home.
      const away = view.players[view.decider].invocation;
      const back = view.tactical && view.decider === viewer && away !== null && away !== undefined && away !== 'reserve';
      return back ? `${text} ${t('haleakala.hint.lava_invocation')}` : text;
    }
    case 'buy':
      return t(pending.reason === 'scoring' ? 'haleakala.text.phase.buy_scoring' : 'haleakala.text.phase.buy_shell', { player, shells: shellCost(view.players[view.decider].shells) });
    case 'statue':
      return t('haleakala.text.phase.statue', { player, space: spaceName(pending.space || view.players[view.decider].shaman) });
    default:
      return null;
  }
}

// -- the position ---------------------------------------------------------------------------------

/** The position in words.
 * @param {HaleakalaSnapshot} snap
 * @param {{names: string[], lastMove?: GameEvent[]}} options
 * @returns {Section[]} */
export function describe(snap, { names, lastMove = [] }) {
  const view = snap.view;
  const viewer = view.viewer ?? snap.viewer ?? null;
  const seats = view.players.map((_, seat) => seat);
  const turn = [
    turnSentence(snap, names, viewer),
    snap.over ? null : `${t('haleakala.round.label', { round: view.round })}.`,
    snap.over ? endSentence(snap.result, names) : phaseText(view, names, viewer),
    view.tactical ? t('haleakala.text.tactical') : null,
    view.max_turns && !snap.over ? t('haleakala.text.turn_limit', { turns: view.turns, max: view.max_turns }) : null,
  ];
  const sections = [
    section('turn', t('text.section.turn'), turn),
    recent(lastMove, logParams, names),
    section('players', t('text.section.players'), seats.map((seat) => playerText(view, seat, names, viewer))),
  ];
  if (viewer !== null && viewer !== undefined && view.players[viewer]) {
    const own = view.players[viewer];
    /** @type {string | null} */
    let invocation = null;
    if (own.invocation === 'reserve') invocation = t('haleakala.text.hand_invocation');
    else if (own.invocation !== null && own.invocation !== undefined) invocation = t('haleakala.text.hand_invocation_away', { beach: shown(own.invocation) });
    sections.push(
      section('hand', t('haleakala.hand.title'), [
        own.reserve.length ? plural('haleakala.text.hand', own.reserve.length, { values: list(own.reserve) }) : t('haleakala.hand.empty'),
        invocation,
      ]),
    );
  }
  const deckLines = view.decks.map((deck) => {
    const words = plural('haleakala.aria.deck', deck.count, { palms: deck.palms });
    return `${deck.count ? t('haleakala.text.contents', { what: words, cards: table(deck.contents) }) : words}.`;
  });
  const discarded = Object.values(view.discard || {}).reduce((a, b) => a + b, 0);
  const discardWords = plural('haleakala.board.discard', discarded);
  const items = view.score_board.score_cards.map((card) => {
    const base = t('haleakala.aria.item', { item: itemName(card.id), cost: shellCost(card.cost), about: t(`haleakala.item_about.${card.id.toLowerCase()}`) });
    return card.owner !== null && card.owner !== undefined ? joined([base, t('haleakala.aria.owned_by', { player: names[card.owner] })]) : base;
  });
  items.push(
    view.score_board.priestess_up
      ? t('haleakala.aria.item', { item: itemName('BOARD_PRIESTESS'), cost: shellCost(view.score_board.priestess_cost), about: t('haleakala.item_about.board_priestess') })
      : t('haleakala.aria.priestess_down'),
  );
  sections.push(
    section('cards', t('text.haleakala.cards'), [
      ...deckLines,
      `${plural('haleakala.aria.lava_supply', view.lava_supply)}.`,
      `${discarded ? t('haleakala.text.contents', { what: discardWords, cards: table(view.discard) }) : discardWords}.`,
      ...items.map((item) => `${item}.`),
    ]),
  );
  sections.push(
    section('board', t('text.haleakala.board'), [
      t('haleakala.text.boat', { beach: shown(view.boat) }),
      ...view.sections.map((_, s) => sectionText(view, s, names)),
    ]),
  );
  if (view.scorings && view.scorings.length) {
    sections.push(
      section(
        'scorings',
        t('text.haleakala.scorings'),
        view.scorings.map((scoring) => {
          const label = scoring.truncated ? t('haleakala.end.truncated', { label: scoringLabel(scoring.round) }) : scoringLabel(scoring.round);
          const points = seats.map((seat) => t('haleakala.text.scored', { player: names[seat], points: scoring.points[seat] }));
          const fire = [
            ...(scoring.burned || []).map((burn) => t('haleakala.end.burned', { player: names[burn.owner], space: spaceName(burn.space) })),
            ...(scoring.protected || []).map((space) => t('haleakala.end.protected', { space: spaceName(space) })),
          ];
          const text = t('haleakala.text.scoring', { label, points: list(points) });
          return fire.length ? `${text} ${t('haleakala.end.eruption', { list: list(fire) })}` : text;
        }),
      ),
    );
  }
  return sections;
}

// -- the moves ------------------------------------------------------------------------------------

/** A move in words, as the end of a sentence ("put disc 3 on beach 2").
 * @param {HaleakalaView | null} view
 * @param {Move} legalMove   a legal move (its `to_dict()`), which is Haleakala's
 * @returns {string} */
export function moveText(view, legalMove) {
  const move = /** @type {HaleakalaMove} */ (legalMove);
  switch (move.kind) {
    case 'place':
      if (view && move.beach === view.boat) {
        const to = shown((view.boat + move.value) % 6);
        return t(move.invoke ? 'haleakala.move.sail_invoke' : 'haleakala.move.sail', { value: move.value, beach: shown(move.beach), section: to });
      }
      return t('haleakala.move.place', { value: move.value, beach: shown(move.beach) });
    case 'take':
      return t('haleakala.move.take', { value: move.value });
    case 'boat':
      return t('haleakala.move.row');
    case 'shaman':
      return t('haleakala.move.shaman', { space: spaceName(move.space) });
    case 'stay':
      return t('haleakala.move.stay');
    case 'pick': {
      // Where the boat stopped (with no view, no card is named).
      const at = /** @type {number} */ (view && view.pending ? view.pending.section : view && view.boat);
      const card = view && view.sections[at] ? view.sections[at].slots[move.slot] : null;
      return t('haleakala.move.pick', { card: card ? cardName(card) : String(move.slot + 1) });
    }
    case 'lava':
      return t('haleakala.move.lava', { crater: shown(move.crater), to: shown(move.to) });
    case 'decline':
      return t('haleakala.move.decline');
    case 'buy':
      return t('haleakala.move.buy', { item: itemName(move.item), cost: shellCost(move.cost) });
    case 'pass':
      return t('haleakala.move.pass');
    case 'raise': {
      let space = view && view.pending ? view.pending.space : null;
      if (!space && view && view.decider !== null && view.decider !== undefined && view.players[view.decider]) space = view.players[view.decider].shaman;
      return t('haleakala.move.raise', { space: space ? spaceName(space) : '' });
    }
    case 'noraise':
      return t('haleakala.move.noraise');
    default:
      // A kind this page does not know: the move's notation.
      return /** @type {HaleakalaMove} */ (move).text;
  }
}

/** The group each kind of board target goes in.
 * @type {Record<string, string>} */
const GROUP_OF = { beach: 'beaches', take: 'take', boat: 'other', space: 'shaman', stay: 'shaman', slot: 'cards', crater: 'craters', item: 'items' };

/** What the viewer may do now: the discs of the reserve, the beaches, the
 * discs to take back, the spaces, cards, craters and purchases, and the
 * buttons.
 * @param {HaleakalaView} view
 * @param {HaleakalaMove[]} legal
 * @param {Selection} selection
 * @returns {{prompt: string, groups: Group[]}} */
export function choices(view, legal, selection) {
  const all = select.targets(view, legal, selection);
  /** @param {string} choice */
  const byText = (choice) => legal.find((m) => m.text === choice);
  /** The label of a target that plays a move, or null.
   * @param {{choice?: string | null}} target */
  const plays = (target) => {
    const move = target.choice && byText(target.choice);
    return move ? t('text.plays', { move: moveText(view, move) }) : null;
  };
  /** The buttons of each group, by the group's key.
   * @type {Record<string, Button[]>} */
  const groups = {
    discs: [],
    beaches: [],
    take: [],
    shaman: [],
    cards: [],
    craters: [],
    items: [],
    statue: [],
    other: [],
  };
  // One button a move: the board and the bar may offer the same one.
  const offered = new Set();
  /** @param {string} key @param {{selected?: boolean, choice?: string | null}} target @param {string} label */
  const add = (key, target, label) => {
    if (!target.selected) {
      if (!target.choice || offered.has(target.choice)) return;
      offered.add(target.choice);
    }
    groups[key].push(button(target, label));
  };

  // The reserve: a disc (or the invocation disc) to choose, or the move it completes.
  for (const disc of all.hand.discs) {
    if (disc.selected) add('discs', disc, t('haleakala.aria.disc_selected', { value: disc.value }));
    else if (disc.choice) add('discs', disc, plays(disc) || t('haleakala.text.pick_disc', { value: disc.value }));
  }
  const invoke = all.hand.invoke;
  if (invoke && (invoke.selected || invoke.choice)) {
    const target = { ...invoke, invoke: true };
    add('discs', target, invoke.selected ? t('haleakala.aria.invocation_selected') : plays(invoke) || t('haleakala.text.pick_invocation', { beach: shown(view.boat) }));
  }
  for (const target of all.board) {
    const key = target.kind === 'space' && target.raise ? 'statue' : GROUP_OF[target.kind] || 'other';
    let label = plays(target);
    if (target.kind === 'crater') {
      if (target.selected) label = t('haleakala.aria.crater_selected', { crater: shown(target.crater) });
      else if (!label) label = t('haleakala.aria.crater_choose', { crater: shown(target.crater) });
    }
    if (label) add(key, target, label);
  }
  for (const b of all.buttons) {
    const label = plays(b);
    if (label) add(b.kind === 'raise' || b.kind === 'noraise' ? 'statue' : b.kind === 'stay' ? 'shaman' : 'other', b, label);
  }
  /** @type {Record<string, string>} */
  const headings = {
    discs: t('haleakala.hand.title'),
    beaches: t('text.haleakala.beaches'),
    take: t('text.haleakala.take'),
    shaman: t('text.haleakala.shaman'),
    cards: t('haleakala.market.pick'),
    craters: t('text.haleakala.craters'),
    items: t('haleakala.market.buy'),
    statue: t('text.haleakala.statue'),
    other: t('text.other_moves'),
  };
  const result = Object.entries(groups)
    .map(([key, buttons]) => group(key, headings[key], buttons))
    .filter((g) => g.buttons.length);
  let prompt = t('text.prompt.choose');
  if (!legal.length) prompt = t('text.prompt.wait');
  else if (selection.value !== null || selection.invoke || selection.crater !== null) prompt = t('text.prompt.go_on');
  return { prompt, groups: result };
}
