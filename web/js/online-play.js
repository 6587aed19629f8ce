// @ts-check
// Online play for the page: the table server found (an address typed in the
// menu, build.json's, or the site's own), the tables created, joined by a
// code or a link, sat at as a visitor of an open table, and opened on the
// game screen; whose turn it is at this browser's tables.

import { t } from './i18n.js';
import { seatNames } from './players.js';
import * as store from './store.js';
import { initialServer, serverFound, chosenSeeds } from './state.js';
import { nameText } from './limits.js';
import { findServer, createTable, tablesStatus, serverAddress, parseCode, tableLink, isTableId, isToken, sitAt } from './online.js';
import { createRemoteTable } from './remote.js';
import { errorText } from './game/words.js';

/** How long the first connection may take before the menu says so (the
 * table keeps trying meanwhile only while it is on screen). */
const FIRST_CONNECTION_MS = 15000;
/** A server that did not say whose turn it is at its tables is asked again
 * this much later, up to STATUS_TRIES times in all. */
const STATUS_RETRY_MS = 3000;
const STATUS_TRIES = 4;

export class OnlinePlay {
  /**
   * @param {{menu: any, game: import('./game/ctrl.js').GameCtrl, showScreen: (name: 'menu' | 'game') => void, site: string, onServer?: (found: import('./online.js').FoundServer | null) => void}} page
   */
  constructor({ menu, game, showScreen, site, onServer = () => {} }) {
    this.menu = menu;
    this.onServer = onServer;
    this.game = game;
    this.showScreen = showScreen;
    // The site's own address, and the table server (state.js): the one its
    // links need not name (build.json's, or the site's own), the one that
    // answered and what it said of itself.
    this.site = site;
    this.server = initialServer(site);
    /** The menu's questions of whose turn it is: the latest one's answer is shown. */
    this.statusAsked = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.statusRetry = undefined;
  }


  /** What the site says of the table server: the one its build names
   * (build.json), and whether the server that sent the site holds tables. */
  async configuredServer() {
    try {
      const response = await fetch(new URL('build.json', this.site), { cache: 'no-cache' });
      const manifest = await response.json();
      return {
        configured: typeof manifest.server === 'string' ? serverAddress(manifest.server) : null,
        // The table server says it serves the site too (server/archipel_server/site.py).
        here: response.headers.get('X-Archipel-Tables') === 'here',
      };
    } catch {
      return { configured: null, here: false };
    }
  }

  /** Find the table server: an address typed in the menu, build.json's, or
   * the site's own when it holds tables (`python3 build.py serve`); a site on
   * a static host is not asked for tables it cannot have. */
  lookForServer() {
    const looking = (async () => {
      const { configured, here } = await this.configuredServer();
      const found = await findServer([store.savedServer(), configured, here ? this.site : null].filter(Boolean));
      this.server = serverFound(this.server, found, configured || this.site);
      this.menu.setOnline(found);
      this.onServer(found);
      this.refreshOnlineTables();
      return found;
    })();
    this.server = { ...this.server, looking };
    return looking;
  }

  /** @param {string} text an address typed in the menu ('' for the default) */
  async chooseServer(text) {
    this.menu.showMessage('');
    const address = text.trim() ? serverAddress(text) : null;
    if (text.trim() && !address) {
      this.menu.showMessage(t('online.bad_address'));
      return;
    }
    store.saveServer(address);
    const found = await this.lookForServer();
    if (address && (!found || found.server !== address)) this.menu.showMessage(t('online.no_server_at', { server: address }));
  }

  /** Whose turn it is at the tables of this browser, server by server. A
   * server that does not answer is asked again a little later, while the
   * menu shows; an answer that comes after a newer question's is dropped.
   * @param {number} [tries] how many times a server that does not answer is asked */
  async refreshOnlineTables(tries = STATUS_TRIES) {
    const asked = ++this.statusAsked;
    clearTimeout(this.statusRetry);
    const entries = store.onlineTables();
    if (!entries.length) return;
    /** @type {Map<string, any[]>} */
    const byServer = new Map();
    for (const entry of entries) byServer.set(entry.server, [...(byServer.get(entry.server) || []), entry]);
    /** @type {any[]} */
    const answers = [];
    let unanswered = false;
    for (const [address, list] of byServer) {
      try {
        const items = await tablesStatus(address, list);
        // One answer per table asked, in order; the seat's own answer is kept.
        list.forEach((entry, /** @type {number} */ i) => items[i] && answers.push({ ...items[i], table: entry.table }));
      } catch {
        unanswered = true; // that server does not answer now: its tables show no status
      }
    }
    if (asked !== this.statusAsked) return;
    this.menu.setOnlineStatus(answers);
    if (unanswered && tries > 1) {
      this.statusRetry = setTimeout(() => {
        if (asked === this.statusAsked && !this.game.active) this.refreshOnlineTables(tries - 1);
      }, STATUS_RETRY_MS);
    }
  }

  /** The link of a seat (or of the spectators) as the address bar keeps it. */
  /** @param {any} entry a table this browser keeps (store.js) */
  ownLink(entry) {
    return new URL(tableLink(this.site, { ...entry, own: this.server.own })).hash;
  }

  /** Create a table at the server from a set-up (the menu's, or a link's),
   * this browser at `seat` (the first person's by default). */
  /** @param {any} config the set-up (the menu's StartConfig, or a link's) */
  async createOnline(config) {
    this.menu.showMessage('');
    const found = this.server.address ? { server: this.server.address } : await (this.server.looking || this.lookForServer());
    if (!found || !this.server.address) {
      this.showScreen('menu');
      this.menu.showMessage(t('online.needs_server'));
      return;
    }
    const seats = config.seats;
    const seat = Number.isInteger(config.seat) ? config.seat : Math.max(0, seats.indexOf('h'));
    const name = nameText(config.names && config.names[seat]) || seatNames(seats, [])[seat] || t('seat.default_human', { n: seat + 1 });
    let made;
    try {
      made = await createTable(this.server.address, {
        game: config.game,
        players: config.players,
        seats,
        options: config.options || {},
        // A server deals from its own secret seeds; a link's seed is kept only
        // where it allows tables to choose theirs (tests, demonstrations).
        ...(config.seed === null || config.seed === undefined || !chosenSeeds(this.server) ? {} : { seed: config.seed }),
        seat,
        name,
        ...(config.open ? { open: true } : {}),
        ...(config.clock ? { clock: config.clock } : {}),
        ...(config.chat === 'everyone' ? { chat: 'everyone' } : {}),
        ...(config.rated ? { rated: true } : {}),
      });
    } catch (error) {
      this.showScreen('menu');
      this.menu.showMessage(t('online.create_failed', { message: errorText(error) }));
      return;
    }
    await this.openCreated(made, config.game);
  }

  /** A table the server just made for this browser (a new table, the day's
   * deal): kept among this browser's tables and opened.
   * @param {import('./online.js').CreatedTable} made @param {string} game */
  async openCreated(made, game) {
    const entry = {
      table: made.table,
      token: made.token,
      seat: made.seat,
      server: /** @type {string} */ (this.server.address),
      game,
      invitations: made.invitations || [],
      spectator: made.spectator || null,
    };
    store.saveOnlineTable(entry);
    await this.openTable(store.onlineTable(entry.table, entry.token) || entry);
  }

  /** A visitor sits at an open table of the server as `name` (kept for next
   * time): the seat is theirs, and the table opens. */
  /** @param {string} table @param {string} typed the name typed @param {string} game */
  async sitAtOpenTable(table, typed, game) {
    this.menu.showMessage('');
    const name = nameText(typed);
    if (!name) {
      this.menu.showMessage(t('online.name_needed'));
      return;
    }
    let seated;
    try {
      // The open tables are listed only while a server answers.
      seated = await sitAt(/** @type {string} */ (this.server.address), table, name);
    } catch (error) {
      this.menu.showMessage(errorText(error));
      return;
    }
    this.menu.rememberName(name);
    const entry = { table: seated.table, token: seated.token, seat: seated.seat, server: /** @type {string} */ (this.server.address), game };
    store.saveOnlineTable(entry);
    await this.openTable(store.onlineTable(entry.table, entry.token) || entry);
  }

  /** A code (or a whole link) typed in the this.menu. */
  /** @param {string} text */
  async joinCode(text) {
    const found = parseCode(text);
    if (!found) {
      this.menu.showMessage(t('online.bad_code'));
      return;
    }
    await this.openLink(found);
  }

  /** An invitation, a seat's own link or a spectators' link. */
  /** @param {{table: string | null, token: string | null, server?: string | null}} link */
  async openLink({ table, token, server: named }) {
    this.menu.showMessage('');
    if (!isTableId(table) || !isToken(token)) {
      this.showScreen('menu');
      this.menu.showMessage(t('online.bad_link'));
      return;
    }
    const kept = store.onlineTable(table, token);
    let address = kept ? kept.server : named ? serverAddress(named) : null;
    if (!address) {
      await (this.server.looking || this.lookForServer());
      address = this.server.address;
    }
    if (!address) {
      this.showScreen('menu');
      this.menu.showMessage(t('online.needs_server'));
      return;
    }
    await this.openTable(kept || { table, token, seat: null, server: address, game: null, invitations: [], spectator: null });
  }


  /** Sit at (or watch) a table this browser holds a token of. */
  /** @param {any} entry a table this browser keeps (store.js) */
  async openTable(entry) {
    this.menu.showMessage('');
    if (this.game.active) this.game.exit();
    let kept = entry;
    const remote = createRemoteTable({
      server: entry.server,
      table: entry.table,
      token: entry.token,
      onToken: (token) => {
        // The seat's new link: kept, in the address bar, and in the panel.
        const moved = store.replaceOnlineToken(kept, token) || { ...kept, token };
        kept = moved;
        if (this.game.remote === remote) {
          history.replaceState(null, '', location.pathname + location.search + this.ownLink(moved));
          this.game.part.tokenChanged?.(moved);
        }
      },
      onFatal: (error) => {
        if (this.game.remote === remote) this.game.exit();
        this.showScreen('menu');
        // A seat taken by a visitor, a table closed: the server's own words.
        const taken = error.key === 'error.seat_taken' || error.key === 'error.table_closed';
        this.menu.showMessage(taken ? errorText(error) : t('online.link_refused', { message: errorText(error) }));
      },
    });
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject({ key: 'error.no_server', message: 'no answer', params: {} }), FIRST_CONNECTION_MS);
    });
    let first;
    try {
      first = await Promise.race([remote.ready, timeout]);
    } catch (failure) {
      const error = /** @type {any} */ (failure);
      remote.close();
      this.showScreen('menu');
      if (error.key === 'error.no_server') this.menu.showMessage(t('online.link_refused', { message: errorText(error) }));
      return;
    } finally {
      clearTimeout(timer);
    }
    kept = { ...kept, seat: first.seat, game: first.snapshot.game };
    store.saveOnlineTable(kept);
    // The address bar keeps the seat's link: a reload comes back to the table.
    history.replaceState(null, '', location.pathname + location.search + this.ownLink(kept));
    try {
      await this.game.startOnline(remote, kept, { site: this.site, own: this.server.own, onFirstDraw: () => this.showScreen('game') });
    } catch (error) {
      remote.close();
      if (this.game.active) this.game.exit();
      this.showScreen('menu');
      this.menu.showMessage(t('online.link_refused', { message: errorText(error) }));
    }
  }
}
