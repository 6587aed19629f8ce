// @ts-check
// Kanaloa in words, for the text view (see text-common.js for the shape every
// game's text module shares): the round and the turn (the colour played, a
// removal, KU or PELE under way), the players with their colours, bridges,
// islands, hands and god tablets, the viewer's hand and tablet, the talon,
// the face-up cards and the discards, the islands with their bridges, who
// controls them and the god stone still on them, the god stones in play and
// the points scored so far; and the moves, chosen as on the board: a card or
// a KANALOA stone, then a link (or the link first), two cards and an
// opposing bridge, a card discarded face down, a god stone and its target,
// the talon or a face-up card, and the buttons (the opening card, the
// colour, pass, end).
//
// Names: KU's target, PELE's gift and the owner of a bridge are said with
// the players' names, which `choices` and `moveText` are handed (a seat
// without one is "player 2").

import { t, plural, list } from '../../i18n.js';
import * as select from './select.js';
import { distinctChoices } from '../select-common.js';
import { ENGINE_COLOURS, colourWords } from './colours.js';
import { logParams as logWords, dash } from './log.js';
import { section, button, group, who, recent } from '../../text/text-common.js';
import { turnSentence, endSentence, endReason } from '../../turn-words.js';

/** @typedef {import('../../state.js').Turn} Turn */

export { select };

const { JOKER, STONE_KINDS, linkOf } = select;

/** @typedef {import('./select.js').KanaloaView} KanaloaView */
/** @typedef {import('./select.js').KanaloaIsland} KanaloaIsland */
/** @typedef {import('./select.js').KanaloaMove} KanaloaMove */
/** @typedef {import('./select.js').KanaloaSelection} KanaloaSelection */
/** @typedef {import('./select.js').KanaloaTargets} KanaloaTargets */
/** @typedef {import('./select.js').KanaloaPending} KanaloaPending */
/** @typedef {import('../contract.js').GameSnapshot} GameSnapshot */
/** @typedef {import('../contract.js').GameEvent} GameEvent */
/** @typedef {import('../contract.js').Section} Section */
/** @typedef {import('../contract.js').Group} Group */

/** The god stones, in the engine's order (that of `stones_used`). */
const GODS = ['KANE', 'KANALOA', 'KU', 'PELE', 'LONO'];

// -- names ---------------------------------------------------------------------------

/** A seat's name: the one given, or "player 2".
 * @param {number | null | undefined} seat @param {string[] | null | undefined} names */
function nameOf(seat, names) {
  if (seat === null || seat === undefined) return '';
  return (names && names[seat]) || t('kanaloa.text.seat', { n: seat + 1 });
}

/** Who owns a colour: the name, and with two players the colour too.
 * @param {KanaloaView} view @param {number} colour @param {string[]} names */
function whoOf(view, colour, names) {
  const entry = view.colours[colour];
  const owner = entry ? entry.player : colour;
  if (view.players !== 2) return nameOf(owner, names);
  return t('kanaloa.who_colour', { player: nameOf(owner, names), colour: colourWords(view.players, colour) });
}

/** The colours of a seat (two with two players).
 * @param {KanaloaView} view @param {number} seat */
const coloursOf = (view, seat) => view.colours.map((c, i) => (c.player === seat ? i : -1)).filter((i) => i >= 0);

/** Parts joined into one sentence, its full stop added unless the last
 * part ends one already ("Choosing a card…").
 * @param {(string | null | undefined)[]} parts */
function sentence(parts) {
  const text = parts.filter(Boolean).join(t('kanaloa.text.sep'));
  return /[.…!?]$/.test(text) ? text : text + '.';
}

/** The stones on a tablet: "KANALOA ×2 and KU", or "no stone".
 * @param {Record<string, number>} tablet  how many of each god's */
function stonesText(tablet) {
  const stones = GODS.filter((god) => (tablet || {})[god]).map((god) => (tablet[god] > 1 ? `${god} ×${tablet[god]}` : god));
  return stones.length ? list(stones) : t('kanaloa.hand.no_stones');
}

// -- the log ------------------------------------------------------------------------

/** The log's words (kanaloa/log.js); `ctx.players` says whether each
 * player has two colours: the renderer passes the view's, and without it
 * the names' count is taken (four without names).
 * @param {GameEvent} event
 * @param {import('../contract.js').LogContext} ctx
 * @returns {ReturnType<typeof logWords>} */
export function logParams(event, ctx) {
  const names = ctx.names || [];
  return logWords(event, { ...ctx, names, players: ctx.players ?? (names.length || 4) });
}

// -- the position -------------------------------------------------------------------------

/** An island in words: its size and links, who controls it, the bridges of
 * each colour, its god stone, and where its links lead (and whose bridge
 * lies on each).
 * @param {KanaloaView} view @param {KanaloaIsland} island @param {string[]} names */
function islandText(view, island, names) {
  const counts = island.counts
    .map((count, colour) => (count ? plural('kanaloa.aria.island_bridges', count, { who: whoOf(view, colour, names) }) : null))
    .filter(Boolean);
  const links = view.links
    .filter((link) => link.a === island.name || link.b === island.name)
    .map((link) => {
      const other = link.a === island.name ? link.b : link.a;
      return link.owner === null || link.owner === undefined
        ? t('kanaloa.text.link_free', { island: other })
        : t('kanaloa.text.link_owned', { island: other, who: whoOf(view, link.owner, names) });
    });
  const controlled = island.controller !== null && island.controller !== undefined;
  return sentence([
    t('kanaloa.text.island', { island: island.name, size: t(`kanaloa.text.size.${island.size}`), links: island.links, needed: island.needed }),
    controlled ? t('kanaloa.aria.island_controlled', { who: whoOf(view, /** @type {number} */ (island.controller), names) }) : t('kanaloa.text.uncontrolled'),
    counts.length ? list(counts) : t('kanaloa.text.no_bridge'),
    island.stone ? t('kanaloa.aria.island_stone', { stone: island.stone }) : null,
    t('kanaloa.text.links', { links: list(links) }),
  ]);
}

/** A colour in words: (with two players) its points, its bridges in stock
 * and on the board, its islands.
 * @param {KanaloaView} view @param {number} colour */
function colourText(view, colour) {
  const two = view.players === 2;
  const details = [
    two ? plural('kanaloa.text.points', view.scores[colour]) : null,
    plural('kanaloa.text.stock', view.stock[colour]),
    plural('kanaloa.text.laid', view.on_board[colour]),
    plural('kanaloa.text.islands', view.controlled[colour]),
  ].filter(Boolean);
  return t('kanaloa.text.colour', { colour: colourWords(view.players, colour), details: details.join(', ') });
}

/** A player in words: points, colours, hand (and the cards known in it),
 * face-down discards, tablet, and where the set-up or the last turns stand.
 * @param {KanaloaView} view @param {Turn} turn @param {number} seat @param {string[]} names @param {number | null} viewer */
function playerText(view, turn, seat, names, viewer) {
  const two = view.players === 2;
  const known = (view.known_hands && view.known_hands[seat]) || [];
  const hidden = (view.discard_face_down && view.discard_face_down[seat]) || 0;
  const parts = [
    plural(two ? 'kanaloa.text.player_two' : 'kanaloa.text.player', view.player_scores[seat], { player: who(names, seat, viewer) }),
    ...coloursOf(view, seat).map((colour) => colourText(view, colour)),
    plural('kanaloa.aria.hand_of', view.hand_sizes[seat] || 0, { player: names[seat] }),
  ];
  if (seat !== viewer && known.length) parts.push(t('kanaloa.text.known', { cards: list(known) }));
  if (hidden) parts.push(plural('kanaloa.text.face_down', hidden));
  if (view.gods) parts.push(t('kanaloa.text.tablet', { stones: stonesText(view.tablets[seat]) }));
  if (view.phase === 'setup' && view.chosen) {
    parts.push(view.chosen[seat] ? t('kanaloa.player.has_chosen') : t('kanaloa.player.choosing'));
  } else if (view.final_phase && !turn.over) {
    const order = view.last_turn_order || [];
    parts.push(view.last_turn_played[seat] ? t('kanaloa.player.last_done', { n: order.indexOf(seat) + 1 }) : t('kanaloa.player.last_to_come'));
  }
  return sentence(parts);
}

/** The round, and what the turn holds: the colour played, a removal, KU's
 * or PELE's cards.
 * @param {KanaloaView} view @param {string[]} names @param {number | null} viewer @param {GameSnapshot} snap
 * @returns {(string | null)[]} */
function turnItems(view, names, viewer, snap) {
  if (snap.over) {
    return [turnSentence(snap, names, viewer), endSentence(snap.result, names), endReason('kanaloa', snap.result)];
  }
  let round;
  if (view.phase === 'setup') round = t('kanaloa.round.setup');
  else if (view.final_phase) round = t('kanaloa.round.final');
  else round = t('kanaloa.round.label', { round: view.round });
  const items = [turnSentence(snap, names, viewer), round + '.'];
  const acting = view.player;
  if (view.phase === 'setup') items.push(t('kanaloa.hint.setup'));
  if (view.players === 2 && acting !== null && acting !== undefined && view.active_colour !== null && view.active_colour !== undefined) {
    items.push(t('kanaloa.colour', { player: who(names, acting, viewer), colour: colourWords(2, view.active_colour) }));
  }
  const pending = view.pending;
  if (pending && acting !== null && acting !== undefined) {
    const player = who(names, acting, viewer);
    if (pending.kind === 'remove') items.push(t('kanaloa.relative_majority', { player, island: list(pending.islands || []) }));
    if (pending.kind === 'steal') items.push(t('kanaloa.text.pending_steal', { player, victim: names[pending.victim] }));
    if (pending.kind === 'give') items.push(t('kanaloa.text.pending_give', { player, to: list((pending.to || []).map((s) => names[s])) }));
  }
  return items;
}

/** The viewer's own cards: the hand, the set-up card, the tablet, the
 * face-down discards. Null for a spectator.
 * @param {KanaloaView} view */
function handItems(view) {
  if (!view.hand) return null;
  const items = [view.hand.length ? list(view.hand) + '.' : t('kanaloa.hand.empty') + '.'];
  if (view.own_choice) items.push(t('kanaloa.hand.chosen', { card: view.own_choice }));
  const turn = view.turn;
  if (turn && view.player === view.viewer && view.hand.length > turn.hand_cap) items.push(t('kanaloa.text.over', { cap: turn.hand_cap }));
  if (view.gods) {
    // Only a seated viewer has a hand.
    const tablet = view.tablets[/** @type {number} */ (view.viewer)] || {};
    items.push(t('kanaloa.text.own_tablet', { stones: stonesText(tablet) }));
    const some = GODS.some((god) => god !== 'KANE' && tablet[god]);
    if (some && view.final_phase) items.push(t('kanaloa.hand.stones_final'));
    else if (some && view.round !== 2) items.push(t('kanaloa.hand.stones_later'));
  }
  if (view.own_face_down && view.own_face_down.length) items.push(t('kanaloa.market.own_hidden', { cards: list(view.own_face_down) }) + '.');
  return items;
}

/** The talon, the face-up cards (or, at set-up, who has chosen) and the discards.
 * @param {KanaloaView} view @param {string[]} names */
function cardItems(view, names) {
  const items = [];
  if (view.phase === 'setup') {
    const seats = [...Array(view.players).keys()];
    const chosen = view.chosen || [];
    items.push(
      list(seats.map((s) => (chosen[s] ? t('kanaloa.aria.slot_chosen', { player: names[s] }) : t('kanaloa.aria.slot_waiting', { player: names[s] })))) + '.',
    );
  } else if (view.display.some(Boolean)) {
    items.push(t('kanaloa.text.display', { cards: list(view.display.map((card) => card || t('kanaloa.text.slot_empty'))) }));
  } else {
    items.push(t('kanaloa.text.no_display'));
  }
  items.push(plural('kanaloa.aria.talon', view.talon_size) + '.');
  const faceUp = view.discard_face_up || [];
  const hidden = (view.discard_face_down || []).reduce((a, b) => a + b, 0);
  if (faceUp.length) items.push(t('kanaloa.text.discard', { cards: list(faceUp) }));
  if (hidden) items.push(plural('kanaloa.text.discard_hidden', hidden));
  if (!faceUp.length && !hidden) items.push(t('kanaloa.market.discard_empty') + '.');
  return items;
}

/** The god stones: what each does, and how many are on the islands, on the
 * tablets and out of the game.
 * @param {KanaloaView} view @param {Turn} turn */
function godItems(view, turn) {
  const items = GODS.map((god) => {
    const islands = view.islands.filter((i) => i.stone === god).length;
    const tablets = view.tablets.reduce((sum, tablet) => sum + ((tablet && tablet[god]) || 0), 0);
    const used = view.stones_used[GODS.indexOf(god)] || 0;
    return `${t(`kanaloa.god.${god}.about`)} ${t('kanaloa.text.god_where', { islands, tablets, used })}`;
  });
  if (view.round !== 2 && !turn.over) items.push(t('kanaloa.hand.stones_later'));
  return items;
}

/** The points scored so far: KANE stones and scorings, colour by colour.
 * @param {KanaloaView} view @param {string[]} names */
function scoringItems(view, names) {
  /** @type {Record<string, string>} */
  const labels = { kane: 'kanaloa.end.kane', first: 'kanaloa.end.first', final: 'kanaloa.end.final' };
  const items = [];
  for (const source of Object.keys(labels)) {
    const entries = (view.points || []).filter((e) => e.source === source);
    if (!entries.length) continue;
    const scored = entries.map((e) => t('kanaloa.text.scored', { who: whoOf(view, ENGINE_COLOURS.indexOf(e.colour), names), points: e.points, island: e.island }));
    items.push(t('kanaloa.text.scoring', { label: t(labels[source]), points: list(scored) }));
  }
  return items;
}

/** The position in words.
 * @param {GameSnapshot} snap
 * @param {{names: string[], lastMove?: GameEvent[]}} options
 * @returns {Section[]} */
export function describe(snap, { names, lastMove = [] }) {
  const view = /** @type {KanaloaView} */ (snap.view);
  const viewer = view.viewer ?? snap.viewer ?? null;
  const seats = [...Array(view.players).keys()];
  const sections = [
    section('turn', t('text.section.turn'), turnItems(view, names, viewer, snap)),
    recent(lastMove, (event, ctx) => logParams(event, { ...ctx, players: view.players }), names),
    section('players', t('text.section.players'), seats.map((seat) => playerText(view, snap, seat, names, viewer))),
  ];
  const hand = handItems(view);
  if (hand) sections.push(section('hand', t('kanaloa.hand.title'), hand));
  sections.push(section('cards', t('text.section.cards'), cardItems(view, names)));
  sections.push(section('board', t('text.section.islands'), view.islands.map((island) => islandText(view, island, names))));
  if (view.gods) sections.push(section('gods', t('text.kanaloa.gods'), godItems(view, snap)));
  const scorings = scoringItems(view, names);
  if (scorings.length) sections.push(section('scorings', t('text.kanaloa.scorings'), scorings));
  return sections;
}

// -- the moves -------------------------------------------------------------------------

/** A move in words, as the end of a sentence.
 * @param {KanaloaView | null} view
 * @param {KanaloaMove} move
 * @param {string[]} names
 * @returns {string} */
export function moveText(view, move, names) {
  // Called for the moves that have a link.
  const link = () => dash(/** @type {string} */ (linkOf(move)));
  const players = view ? view.players : 4;
  switch (move.kind) {
    case 'choose':
      return t('kanaloa.move.choose', { card: move.card });
    case 'colour':
      return t('kanaloa.move.colour', { colour: colourWords(players, move.colour) });
    case 'build':
      return move.card === JOKER ? t('kanaloa.move.build_kanaloa', { link: link() }) : t('kanaloa.move.build', { link: link(), card: move.card });
    case 'replace':
      return t('kanaloa.move.replace', { link: link(), cards: /** @type {string[]} */ (move.cards).join(' + ') });
    case 'remove':
      return t('kanaloa.move.remove', { link: link() });
    case 'discard':
      return t('kanaloa.move.discard', { card: move.card });
    case 'draw':
      return t('kanaloa.move.draw');
    case 'take':
      return t('kanaloa.move.take', { card: move.card });
    case 'end':
      return t('kanaloa.move.end');
    case 'pass':
      return t('kanaloa.move.pass');
    case 'ku':
      return t('kanaloa.move.ku', { player: nameOf(move.player, names) });
    case 'steal':
      return t('kanaloa.move.steal', { card: move.card });
    case 'pele':
      return t('kanaloa.move.pele');
    case 'give':
      return t('kanaloa.move.give', { card: move.card, player: nameOf(move.player, names) });
    case 'lono draw':
      return t('kanaloa.move.lono_draw');
    case 'lono take':
      return t('kanaloa.move.lono_take', { card: move.card });
    default:
      return move.text;
  }
}

/** @param {KanaloaSelection} selection */
const hasSelection = (selection) => selection.cards.length > 0 || selection.jokers > 0 || selection.link !== null || selection.stone !== null;

/** What to do now, in one sentence (the board's action bar says it too):
 * `all` the selection module's targets.
 * @param {KanaloaView} view
 * @param {KanaloaMove[]} legal
 * @param {KanaloaSelection} selection
 * @param {KanaloaTargets} all
 * @param {string[]} names
 * @returns {string} */
export function advice(view, legal, selection, all, names) {
  const turn = /** @type {Partial<import('./select.js').KanaloaTurn>} */ (view.turn || {});
  const chosen = all.chosen;
  switch (all.mode) {
    case 'setup':
      return selection.cards.length ? t('kanaloa.hint.setup_confirm', { card: chosen[0] }) : t('kanaloa.hint.setup');
    // Each of these modes is that of the decision pending.
    case 'remove':
      return t('kanaloa.hint.remove', { island: (/** @type {Extract<KanaloaPending, {kind: 'remove'}>} */ (view.pending).islands || [])[0] || '' });
    case 'steal':
      return t('kanaloa.hint.steal', { player: nameOf(/** @type {Extract<KanaloaPending, {kind: 'steal'}>} */ (view.pending).victim, names) });
    case 'give':
      return t('kanaloa.hint.give', { player: nameOf((/** @type {Extract<KanaloaPending, {kind: 'give'}>} */ (view.pending).to || [])[0], names) });
    case 'colour':
      return legal.some((m) => m.kind === 'pass') ? t('kanaloa.hint.colour_or_pass') : t('kanaloa.hint.colour');
    default:
      break;
  }
  if (selection.stone === 'KU') return t('kanaloa.hint.ku');
  if (selection.stone === 'PELE') return t('kanaloa.hint.pele');
  if (selection.stone === 'LONO') return t('kanaloa.hint.lono');
  if (selection.link !== null) {
    // The selected link is one of the view's.
    const link = /** @type {import('./select.js').KanaloaLink} */ (view.links.find((l) => `${l.a}-${l.b}` === selection.link));
    const taken = link && link.owner !== null && link.owner !== undefined;
    if (!taken) return t('kanaloa.hint.link_free', { link: dash(selection.link), a: link.a, b: link.b });
    return chosen.length ? t('kanaloa.hint.second_card', { card: chosen[0] }) : t('kanaloa.hint.link_bridge', { link: dash(selection.link), a: link.a, b: link.b });
  }
  if (chosen.length === 2) return t('kanaloa.hint.pick_bridge', { cards: chosen.join(' + ') });
  if (chosen.length === 1) {
    if (chosen[0] === JOKER) return t('kanaloa.hint.kanaloa');
    const parts = [];
    if (all.links.some((l) => !l.removal)) parts.push(t('kanaloa.hint.card_build', { card: chosen[0] }));
    if (all.links.some((l) => l.removal) || all.cards.some((c) => c.choice && !c.selected)) parts.push(t('kanaloa.hint.card_replace'));
    if (all.buttons.some((b) => b.kind === 'discard')) parts.push(t('kanaloa.hint.card_discard'));
    return parts.join(' ') || t('text.prompt.go_on');
  }
  const canPlay = legal.some((m) => m.kind === 'build' || m.kind === 'replace');
  const ending = legal.some((m) => m.kind === 'draw' || m.kind === 'take' || m.kind === 'end');
  const canDiscard = legal.some((m) => m.kind === 'discard');
  if (turn.hand_cap !== undefined && view.hand && view.hand.length > turn.hand_cap) {
    return canPlay ? t('kanaloa.hint.over_limit', { cap: turn.hand_cap }) : t('kanaloa.hint.over_limit_discard', { cap: turn.hand_cap });
  }
  if (turn.must_play && !turn.cards_played && !turn.discarded) return canPlay ? t('kanaloa.hint.must_play') : t('kanaloa.hint.must_discard');
  if (turn.discarded) {
    const stone = legal.some((m) => STONE_KINDS[m.kind] || ((m.kind === 'build' || m.kind === 'replace') && m.kanaloa));
    return t(stone ? 'kanaloa.hint.after_discard_stone' : 'kanaloa.hint.after_discard');
  }
  if (view.final_phase) return canPlay ? t('kanaloa.hint.last_turn') : t('kanaloa.hint.last_turn_end');
  if (!canPlay && ending) return canDiscard && !turn.cards_played ? t('kanaloa.hint.draw_only') : t('kanaloa.hint.draw');
  return turn.cards_played ? t('kanaloa.hint.more_or_draw') : t('kanaloa.hint.turn');
}

/** What the viewer may do now: hand cards, stones, links, the talon and the
 * face-up cards, KU's tray and the buttons. With something chosen, the
 * groups that finish the move come first (the links, LONO's card, the
 * buttons), then the cards and stones still to add.
 * @param {KanaloaView} view
 * @param {KanaloaMove[]} legal
 * @param {KanaloaSelection} selection
 * @param {string[]} names
 * @returns {{prompt: string, groups: Group[]}} */
export function choices(view, legal, selection, names) {
  const all = select.targets(view, legal, selection);
  /** @param {string} choice */
  const byText = (choice) => legal.find((m) => m.text === choice);
  /** The label of a target: put back when selected, the move it plays, or
   * the step it takes (`step`).
   * @param {{selected?: boolean, choice?: string | null}} target
   * @param {() => string} selectedLabel
   * @param {() => string} step */
  const label = (target, selectedLabel, step) => {
    if (target.selected) return selectedLabel();
    const move = target.choice && byText(target.choice);
    return move ? t('text.plays', { move: moveText(view, move, names) }) : step();
  };
  /** @param {string} choice */
  const plain = (choice) => {
    const move = byText(choice);
    return move ? button({ choice }, t('text.plays', { move: moveText(view, move, names) })) : null;
  };

  // Hand cards: one button for equal cards that do the same.
  const cards = distinctChoices(all.cards, (card) => card.name);
  const cardButtons = cards.map((card) =>
    button(card, label(card, () => t('kanaloa.aria.card_selected', { card: card.name }), () => t('kanaloa.text.pick_card', { card: card.name }))),
  );
  const stoneButtons = all.stones
    .filter((stone) => stone.choice || stone.selected)
    .map((stone) => button(stone, label(stone, () => t('kanaloa.aria.stone_selected', { stone: stone.god }), () => t(`kanaloa.god.${stone.god}.use`))));
  const linkButtons = all.links.map((target) => {
    const link = view.links.find((l) => `${l.a}-${l.b}` === target.link);
    const owner = link ? link.owner : null;
    const step = () =>
      owner === null || owner === undefined
        ? t('kanaloa.text.pick_link_free', { link: dash(target.link) })
        : t('kanaloa.text.pick_link_bridge', { link: dash(target.link), who: whoOf(view, owner, names) });
    return button(target, label(target, () => t('kanaloa.aria.link_selected', { link: dash(target.link) }), step));
  });
  const drawButtons = [all.draw ? plain(all.draw) : null, ...all.takes.map((take) => plain(take.choice))];
  const trayChoices = all.tray ? /** @type {string[]} */ ([...new Set(all.tray.cards.map((card) => card.choice).filter(Boolean))]) : [];
  const actionButtons = all.buttons.map((b) => {
    if (!b.choice) return null; // "Cancel": the renderer has its own
    if (b.kind === 'colour') {
      const colour = /** @type {number} */ (b.colour);
      return button(b, t('kanaloa.aria.colour', { colour: colourWords(view.players, colour), stock: view.stock[colour], score: view.scores[colour] }));
    }
    return plain(b.choice);
  });

  const tray = all.tray ? group('tray', t('kanaloa.tray.title', { player: nameOf(all.tray.victim, names) }), trayChoices.map(plain)) : null;
  /** @type {Record<string, Group>} */
  const groups = {
    cards: group('cards', t('kanaloa.hand.title'), cardButtons),
    stones: group('stones', t('kanaloa.hand.tablet'), stoneButtons),
    links: group('links', t('text.kanaloa.links'), linkButtons),
    draw: group('draw', t('text.kanaloa.draw'), drawButtons),
    actions: group('actions', t('text.other_moves'), actionButtons),
  };
  const order = hasSelection(selection) ? ['links', 'draw', 'actions', 'cards', 'stones'] : ['cards', 'stones', 'links', 'draw', 'actions'];
  const shown = /** @type {Group[]} */ ([tray, ...order.map((key) => groups[key])].filter((g) => g && g.buttons.length));
  const prompt = legal.length ? advice(view, legal, selection, all, names) || t('text.prompt.choose') : t('text.prompt.wait');
  return { prompt, groups: shown };
}
