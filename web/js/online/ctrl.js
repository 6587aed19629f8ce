// @ts-check
// An online table on the game screen, without the DOM (docs/online.md,
// section 8): the table's latest state and this browser's seat, who sits
// where and who is there, the links and codes this browser may hand out,
// a waiting table and its start with bots, each seat's clock, the table's
// chat (its messages, the unread ones, the mutes, what may be said), the
// moves taken back, the rematch, and the check of the server's shuffle at
// the end (its commitment kept from the start, the record replayed by the
// engine's `verify`). The views (panel.js, chat.js, clocks.js, join.js,
// end.js, gathered by view.js) draw from it; its changes end with
// `redraw(part)`, and what the table is told in passing goes through the
// `toast` handed in, so that Node's tests drive it with fakes
// (tests/node/online-ctrl.test.mjs).

import { t, plural } from '../i18n.js';
import { levelName } from '../players.js';
import { clockLine, timeLeft, optionWords, seatWords } from '../table-words.js';
import { tableLink, tableCode } from '../online.js';
import { onlineShareLink } from '../share.js';
import { nameText } from '../limits.js';
import { errorText } from '../game/words.js';

/** @typedef {import('../state.js').Snapshot} Snapshot */
/** @typedef {import('../state.js').GameEvent} GameEvent */
/** @typedef {import('../game/parts.js').StatusFacts} StatusFacts */
/** @typedef {import('../state.js').TableState} TableState */
/** @typedef {import('../state.js').TableFacts} TableFacts */
/** @typedef {import('../state.js').TableEntry} TableEntry */
/** @typedef {import('../state.js').Fairness} Fairness */
/** @typedef {import('../state.js').ChatEntry} ChatEntry */

/** What is said at the table: a ready phrase (CHAT_PHRASES) or a line of text.
 * @typedef {{phrase: string} | {text: string}} Words */

/**
 * The table on its server, as the online part uses it (remote.js's createRemoteTable).
 * @typedef {object} OnlineTable
 * @property {TableState} state
 * @property {string} connection     'connecting', 'online', 'reconnecting' or 'offline'
 * @property {ChatEntry[]} [chat]
 * @property {(listener: import('../remote.js').TableListener) => () => void} subscribe
 * @property {(level: number) => Promise<any>} start
 * @property {(name: string) => Promise<any>} join
 * @property {(words: Words) => Promise<any>} say
 * @property {(seat: number, muted: boolean) => Promise<number[]>} mute
 * @property {(number?: number) => Promise<{number: number, record: any, reviewKey: string | null}>} record
 * @property {() => Promise<string>} newToken
 * @property {() => Promise<any>} rematch
 */

/**
 * The check of a finished game's shuffle.
 * @typedef {object} Check
 * @property {number} number
 * @property {'checking' | 'none' | 'failed' | 'verified' | 'refuted'} status
 * @property {string} key                    what it says, in words' keys
 * @property {Record<string, any>} params
 * @property {any} record                    the game's record, once it has come
 * @property {string | null} [reviewKey]     the key of its review link, from the server (share.js)
 * @property {boolean} chosen                the creator chose the seed
 */

/**
 * What the engine's `verify` command is asked (pygame_core/fairness.py).
 * @typedef {{record: any, commitment: string | null, viewer: number | null, log: any[], view: any, accept_chosen_seed: boolean}} VerifyArgs
 */

/** @typedef {{verified: boolean, key: string, params?: Record<string, any>}} Verdict */

/**
 * A seat as the table's panel shows it.
 * @typedef {object} SeatRow
 * @property {number} seat
 * @property {string} name          its name, or "Seat N" while a person's seat is free
 * @property {boolean} you          this browser's seat
 * @property {string} note          a bot, free, here, away, taken by a bot, out
 * @property {boolean} here         a person sat there and is connected
 * @property {boolean} connected
 * @property {boolean} clock        it has a clock to show
 * @property {{href: string, code: string} | null} invitation   this browser's invitation, while the seat is free
 */

/** What a clock shows: the time left, whether it runs, and whether little is left.
 * @typedef {{text: string, running: boolean, low: boolean}} ClockFace */

/** A line of the log: "Ana took back …" after the entry `after`.
 * @typedef {{after: number, player: number, key: string, text: string}} UndoNote */

/**
 * What the views draw again: `table` a new state (the panel and the join
 * dialog), `panel` the panel, `chat` the chat's log, `mutes` the chat's
 * buttons and log, `unread` the count of unread messages, `chat-open` the
 * chat folded or not, `connection` the connection on the status line.
 * @typedef {'table' | 'panel' | 'chat' | 'mutes' | 'unread' | 'chat-open' | 'connection'} OnlineRedraw
 */

/**
 * What the controller is made with.
 * @typedef {object} OnlineDeps
 * @property {OnlineTable} remote
 * @property {TableEntry} entry
 * @property {string} [site]        the site's address (links leave the server out when it is `own`)
 * @property {string} [own]         the site's default table server
 * @property {() => string[]} names                                  the seats' names
 * @property {(events: GameEvent[], names: string[]) => string} eventsText   a move's events in words
 * @property {(args: VerifyArgs) => Promise<Verdict>} verifyRecord  the engine's `verify`
 * @property {(name: string) => void} rememberName                   kept for the next time (the menu's set-up)
 * @property {() => string} savedName                                the name offered to one about to sit
 * @property {(fields: Partial<TableEntry> & {table: string, token: string}) => any} saveTable   store.js's saveOnlineTable
 * @property {(text: string, kind?: string, ms?: number) => void} toast
 * @property {(part: OnlineRedraw) => void} redraw
 * @property {(id: string) => string} [titleOf]                      a game's name
 * @property {() => number} [now]      a steady clock in milliseconds, for the clocks (performance.now)
 * @property {() => number} [stamp]    the time of day in milliseconds (Date.now)
 */

/** The ready phrases of the chat (`chat.phrase.<id>`), in the order offered. */
export const CHAT_PHRASES = Object.freeze(['hello', 'good_luck', 'well_played', 'thanks', 'oops', 'one_moment', 'back_soon', 'good_game', 'rematch', 'bye']);

/** The characters of a line of text in the chat (the server's limit). */
export const CHAT_TEXT_MAX = 200;

/** The chat messages a page keeps (as many as the server does). */
const CHAT_KEPT = 200;

/** The menu learns a table was used at most this often (milliseconds). */
const USED_EVERY_MS = 10_000;

export class OnlineCtrl {
  /** @param {OnlineDeps} deps */
  constructor(deps) {
    this.deps = deps;
    this.remote = deps.remote;
    /** What this browser keeps of the table (a new token moves it). @type {TableEntry} */
    this.entry = deps.entry;
    /** The table's latest state. @type {TableState} */
    this.state = deps.remote.state;
    /** The connection, as the status line shows it. */
    this.connection = deps.remote.connection === 'connecting' ? 'reconnecting' : deps.remote.connection;
    /** The commitment to each game's shuffle, as this browser first received it. @type {Record<string, string>} */
    this.commitments = { ...(deps.entry.commitments || {}) };
    /** The check of each finished game, by its number: done once a game. @type {Map<number, Promise<Check>>} */
    this.checks = new Map();
    /** The chat as this seat reads it, oldest first. @type {ChatEntry[]} */
    this.chat = [...(deps.remote.chat || [])];
    /** Messages of others come while the chat was folded. */
    this.unread = 0;
    /** The chat is unfolded. */
    this.chatOpen = false;
    /** When the clocks' times came (`now()`): the server's milliseconds left are counted down from there. */
    this.now = deps.now || (() => performance.now());
    this.clockAt = this.now();
    this.stamp = deps.stamp || (() => Date.now());
    this.lastUsed = 0;
    /** @type {(id: string) => string} */
    this.titleOf = deps.titleOf || ((id) => id);
  }

  // -- the seat and the table -------------------------------------------------------

  /** This browser's seat, or null (watching). @returns {number | null} */
  get seat() {
    return this.state ? this.state.seat : null;
  }

  /** Whether the game has begun (a waiting table's has not). */
  get started() {
    return !this.state || this.state.table.started !== false;
  }

  /** @param {number} each */
  joined(each) {
    return Boolean(this.state && this.state.table.joined[each]);
  }

  /** The game's name. */
  get gameTitle() {
    return this.titleOf(this.state.snapshot.game);
  }

  /** Every person's seat is taken. */
  get seated() {
    const info = this.state.table;
    return this.state.snapshot.seats.every((kind, each) => kind !== 'h' || info.joined[each]);
  }

  /** The link that takes a seat (or watches) with `token`. @param {string} token */
  link(token) {
    const { table, server } = this.entry;
    return tableLink(/** @type {string} */ (this.deps.site), { table, token, server: /** @type {string} */ (server), own: this.deps.own });
  }

  /** The review link of a checked game, from the key its server gave with
   * its record (share.js); null without one. @param {Check} item */
  reviewLink(item) {
    if (!item.reviewKey) return null;
    const { table, server } = this.entry;
    return onlineShareLink({ server: /** @type {string} */ (server), table, number: item.number, key: item.reviewKey }, new URL('index.html', /** @type {string} */ (this.deps.site)).href);
  }

  /** The seats as the panel shows them. @returns {SeatRow[]} */
  seatRows() {
    const list = this.deps.names();
    const info = this.state.table;
    return this.state.snapshot.seats.map((kind, each) => {
      const bot = kind !== 'h';
      const joined = info.joined[each];
      let note;
      if (bot && (info.taken || []).includes(each)) note = t(info.clock && info.clock.timeout === 'out' ? 'online.seat_out' : 'online.seat_taken');
      else if (bot) note = t('online.seat_bot');
      else if (!joined) note = t('online.seat_free');
      else note = info.connected[each] ? t('online.seat_here') : t('online.seat_away');
      const invitation = this.entry.invitations.find((item) => item.seat === each);
      return {
        seat: each,
        name: joined || bot ? list[each] : t('seat.label', { n: each + 1 }),
        you: each === this.seat,
        note,
        here: !bot && Boolean(joined) && Boolean(info.connected[each]),
        connected: Boolean(info.connected[each]),
        clock: this.clockLeft(each) !== null,
        invitation:
          invitation && !joined
            ? { href: this.link(invitation.token), code: tableCode({ table: this.entry.table, token: invitation.token }) }
            : null,
      };
    });
  }

  /** How many seats this browser invited are still free. */
  get freeInvitations() {
    return this.entry.invitations.filter((item) => !this.state.table.joined[item.seat]).length;
  }

  /** The commitment to the shuffle of the game on the table, or null. */
  get commitment() {
    const fairness = this.state.fairness;
    return (fairness && fairness.commitment) || null;
  }

  /** The status line's words of its own: a waiting table, a free seat to move.
   * @param {StatusFacts} facts @returns {string | null} */
  statusText(facts) {
    const { kind, seat } = facts;
    // A waiting table: nobody moves before every seat is taken.
    if ((kind === 'your_turn' || kind === 'waiting') && !this.started) return t('clock.waiting');
    if (kind === 'waiting' && seat !== null && seat !== undefined && !this.joined(seat)) return t('online.waiting_seat', { n: seat + 1 });
    return null;
  }

  /** "Ana took back …" after the entries before the move taken back. @param {string[]} list @returns {UndoNote[]} */
  undoNotes(list) {
    return ((this.state && this.state.undos) || []).map((undo, index) => ({
      after: undo.ply,
      player: undo.player,
      key: `${index}|${undo.ply}`,
      text: t('online.took_back', { player: list[undo.player], move: this.deps.eventsText(undo.events, list) }),
    }));
  }

  // -- what the table tells -----------------------------------------------------------

  /** A new state: the panel and the join dialog again, and what the table was told.
   * @param {TableState} next */
  show(next) {
    const before = this.state;
    this.state = next;
    this.clockAt = this.now();
    this.pin(next.fairness);
    this.deps.redraw('table');
    const said = this.news(before, next);
    if (said) this.deps.toast(said.text, 'info', said.ms);
  }

  /** What a new state tells every device in passing: a seat out of time, a
   * start with bots, the game begun. @param {TableState | null} before @param {TableState} next
   * @returns {{text: string, ms?: number} | null} */
  news(before, next) {
    const cause = next.cause;
    if (cause && cause.kind === 'timeout' && Number.isInteger(cause.seat)) {
      const list = this.deps.names();
      const params = { player: list[/** @type {number} */ (cause.seat)], level: levelName(/** @type {number} */ (cause.level)) };
      const said = !cause.out ? t('clock.timeout', params) : next.snapshot.over ? t('clock.out_over', params) : t('clock.out', params);
      return { text: said, ms: 6000 };
    }
    if (cause && cause.kind === 'start') return { text: t('online.started_with_bots') };
    if (before && before !== next && before.table.started === false && next.table.started) return { text: t('online.game_begins') };
    return null;
  }

  /** Who is there changed. The table's facts come with each clock's time
   * left at the moment of the message: the count starts again from them.
   * @param {TableFacts} table */
  presence(table) {
    this.state = { ...this.state, table };
    this.clockAt = this.now();
    this.deps.redraw('panel');
  }

  /** The seat is held by a new token: its links change. @param {TableEntry} moved */
  tokenChanged(moved) {
    this.entry = moved;
    this.deps.redraw('panel');
  }

  /** @param {string} kind */
  setConnection(kind) {
    this.connection = kind;
    this.deps.redraw('connection');
  }

  /** The menu lists the latest used table first. */
  used() {
    const stamp = this.stamp();
    if (stamp - this.lastUsed < USED_EVERY_MS) return;
    this.lastUsed = stamp;
    this.deps.saveTable({ table: this.entry.table, token: this.entry.token, game: this.state.snapshot.game, seat: this.state.seat });
  }

  // -- a table waiting for its people ---------------------------------------------------

  /** The creator of a waiting table may start it now, bots in the free seats. */
  get canStart() {
    const seat = this.seat;
    return !this.started && seat !== null && seat === this.state.table.creator;
  }

  /** Start now, bots of `level` in the free seats; false when refused (said). @param {number} level */
  async start(level) {
    try {
      await this.remote.start(level);
      return true;
    } catch (error) {
      this.deps.toast(errorText(error), 'error');
      return false;
    }
  }

  // -- sitting down -------------------------------------------------------------------

  /** This browser holds a seat nobody sat at yet: a name is asked. */
  get needsName() {
    const seat = this.seat;
    return seat !== null && !this.state.table.joined[seat];
  }

  /** The name offered to one about to sit: the one they typed last. */
  offeredName() {
    return this.deps.savedName();
  }

  /** Why a name typed cannot sit, or null. @param {string} typed */
  nameProblem(typed) {
    return nameText(typed) ? null : t('online.name_needed');
  }

  /** Sit down as the name typed: null once seated (the name kept for the
   * next time), else why not in words. @param {string} typed @returns {Promise<string | null>} */
  async join(typed) {
    const name = nameText(typed);
    try {
      await this.remote.join(name);
      this.deps.rememberName(name);
      return null;
    } catch (error) {
      return errorText(error);
    }
  }

  /** What the table is, for one about to sit: the game, its variant and
   * player count, its clock, and who sits where (people by name, bots by
   * level, the free seats, this one). */
  joinFacts() {
    const snap = this.state.snapshot;
    const info = this.state.table;
    const seats = (snap.seats || []).map((kind, each) => ({
      seat: each,
      text: t('online.join_seat', { n: each + 1, who: seatWords({ kind, name: info.names[each], free: !info.joined[each], here: each === this.seat }) }),
    }));
    return {
      game: snap.game,
      title: this.titleOf(snap.game),
      variant: [plural('menu.players_n', snap.players), ...optionWords(snap.game, snap.options)].join(' · '),
      clock: clockLine(info.clock),
      seats,
    };
  }

  // -- the clocks ---------------------------------------------------------------------

  /** The milliseconds `each` has left now, or null (no clock, a bot). @param {number} each @returns {number | null} */
  clockLeft(each) {
    const clock = this.state.table.clock;
    const left = clock && clock.left ? clock.left[each] : null;
    if (left === null || left === undefined || !clock) return null;
    return (clock.running || []).includes(each) ? left - (this.now() - this.clockAt) : left;
  }

  /** What `each`'s clock shows now, or null. @param {number} each @returns {ClockFace | null} */
  clockFace(each) {
    const clock = this.state && this.state.table.clock;
    if (!clock) return null;
    const left = this.clockLeft(each);
    if (left === null) return null;
    const running = (clock.running || []).includes(each);
    const minute = (clock.minute || 60) * 1000;
    const whole = clock.kind === 'live' ? Number(clock.minutes) * minute : Number(clock.hours) * 60 * minute;
    return { text: timeLeft(left, clock.kind), running, low: running && left < Math.min(30_000, whole / 5) };
  }

  /** A clock runs: its face is shown again each second. */
  get clockRuns() {
    const clock = this.state && this.state.table.clock;
    return Boolean(clock && clock.running && clock.running.length);
  }

  /** The clock chosen, in words, or null without one. */
  get clockWords() {
    const clock = this.state.table.clock;
    return clock ? { kind: clock.kind, text: clockLine(clock) } : null;
  }

  // -- the chat -------------------------------------------------------------------------

  /** Whether this seat (or a spectator) reads the table's chat. */
  get readsChat() {
    return this.seat !== null || this.state.table.chat === 'everyone';
  }

  /** Whether this browser may say something (a seat, never a spectator). */
  get writesChat() {
    return this.seat !== null;
  }

  /** The seats whose chat this seat muted. @returns {number[]} */
  get muted() {
    return this.state && Array.isArray(this.state.mutes) ? this.state.mutes : [];
  }

  /** The messages shown: a muted seat's are not. */
  get shownChat() {
    const muted = this.muted;
    return this.chat.filter((entry) => !muted.includes(/** @type {number} */ (entry.seat)));
  }

  /** A message's words: a ready phrase in the reader's language, or its text. @param {ChatEntry} entry */
  chatWords(entry) {
    return entry.phrase ? t(`chat.phrase.${entry.phrase}`) : String(entry.text || '');
  }

  /** Another person's seat that sat down may be muted. @param {number} each */
  mutable(each) {
    const seat = this.seat;
    return seat !== null && each !== seat && this.state.snapshot.seats[each] === 'h' && Boolean(this.state.table.joined[each]);
  }

  /** New chat messages (`all`: the whole chat again, after a reconnection):
   * others' new ones count while the chat is folded, the last one said in passing.
   * @param {ChatEntry[]} entries @param {boolean} all */
  heard(entries, all) {
    this.chat = all ? [...entries] : this.chat.concat(entries).slice(-CHAT_KEPT);
    if (!this.readsChat) return;
    this.deps.redraw('chat');
    if (all) return;
    const muted = this.muted;
    const others = entries.filter((entry) => entry.seat !== this.seat && !muted.includes(/** @type {number} */ (entry.seat)));
    if (!others.length || this.chatOpen) return;
    this.unread += others.length;
    this.deps.redraw('unread');
    const last = others[others.length - 1];
    this.deps.toast(t('chat.says', { name: String(last.name || ''), text: this.chatWords(last) }), 'info', 4000);
  }

  /** Unfold (or fold) the chat: unfolded, every message is read. @param {boolean} open */
  openChat(open) {
    this.chatOpen = open;
    if (open) this.unread = 0;
    this.deps.redraw('chat-open');
  }

  /** Say a ready phrase or a line of text; false when refused (said). @param {Words} words */
  async say(words) {
    try {
      await this.remote.say(words);
      return true;
    } catch (error) {
      this.deps.toast(errorText(error), 'error');
      return false;
    }
  }

  /** Say a line of text, unless it is blank. @param {string} text */
  async sayText(text) {
    if (!text.trim()) return false;
    return this.say({ text });
  }

  /** Stop (or start again) hearing `each`; false when refused (said).
   * @param {number} each @param {boolean} muted */
  async mute(each, muted) {
    try {
      this.state = { ...this.state, mutes: await this.remote.mute(each, muted) };
    } catch (error) {
      this.deps.toast(errorText(error), 'error');
      return false;
    }
    this.deps.redraw('mutes');
    return true;
  }

  // -- this seat's link, the rematch ----------------------------------------------------

  /** A new link for this seat: the old one stops giving it, everywhere but here. */
  async newLink() {
    try {
      await this.remote.newToken();
      this.deps.toast(t('online.new_link_done'), 'info');
    } catch (error) {
      this.deps.toast(errorText(error), 'error');
    }
  }

  /** Only a seat may ask for a rematch. */
  /** A seated player may start the next game, but not at a day's deal's
   * table: the deal is played once (docs/online.md, section 13). */
  get canRematch() {
    return this.seat !== null && !(this.state && this.state.table.daily);
  }

  async rematch() {
    try {
      await this.remote.rematch();
    } catch (error) {
      this.deps.toast(errorText(error), 'error');
    }
  }

  // -- the shuffle the server committed to ----------------------------------------------

  /** Keep the first commitment received for each game: the one the end is
   * checked against. @param {Fairness | null | undefined} fairness */
  pin(fairness) {
    if (!fairness || !fairness.commitment || !Number.isInteger(fairness.number)) return;
    const number = String(fairness.number);
    if (this.commitments[number]) return;
    this.commitments[number] = fairness.commitment;
    this.deps.saveTable({ table: this.entry.table, token: this.entry.token, commitments: this.commitments });
  }

  /** Check a finished game: its record, asked of the server, replayed by
   * the engine from the seed revealed, against the commitment kept and what
   * this seat was shown. Resolves with the check; done once a game.
   * @param {Snapshot} snap @returns {Promise<Check>} */
  check(snap) {
    const fairness = this.state.fairness;
    const number = fairness ? fairness.number : this.state.table.number;
    const known = this.checks.get(number);
    if (known) return known;
    const done = this.checkGame(number, fairness, snap);
    this.checks.set(number, done);
    return done;
  }

  /** @param {number} number @param {Fairness | null | undefined} fairness @param {Snapshot} snap @returns {Promise<Check>} */
  async checkGame(number, fairness, snap) {
    /** @type {Check} */
    const item = { number, status: 'checking', key: 'fairness.checking', params: {}, record: null, chosen: Boolean(fairness && fairness.chosen_seed) };
    if (!fairness || !fairness.commitment) Object.assign(item, { status: 'none', key: 'fairness.no_commitment' });
    try {
      const given = await this.remote.record(number);
      item.record = given.record;
      item.reviewKey = given.reviewKey;
    } catch (error) {
      if (item.status === 'checking') Object.assign(item, { status: 'failed', key: 'fairness.failed', params: { message: errorText(error) } });
      return item;
    }
    if (item.status !== 'checking') return item;
    try {
      const verdict = await this.deps.verifyRecord({
        record: item.record,
        commitment: this.commitments[String(number)] || null,
        viewer: this.seat,
        log: snap.log,
        view: snap.view,
        // A shuffle the creator chose was said from the start: checked all the same.
        accept_chosen_seed: item.chosen,
      });
      Object.assign(item, { status: verdict.verified ? 'verified' : 'refuted', key: verdict.key, params: verdict.params || {} });
    } catch (error) {
      Object.assign(item, { status: 'failed', key: 'fairness.failed', params: { message: errorText(error) } });
    }
    return item;
  }

  /** The name of a checked game's record, as a file. @param {Check} item */
  recordFile(item) {
    return `archipel-${item.record.game}-${this.entry.table}-${item.number}.json`;
  }
}
