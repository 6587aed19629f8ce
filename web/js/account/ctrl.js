// @ts-check
// The players' pages as state: who this browser is signed in as on the table
// server, the account page's forms (sign up, sign in, add a device, export,
// delete), a player's profile and a game's leaderboard. The view
// (account/view.js) draws what it holds and calls its methods; the server's
// routes are given (account/api.js in the page, fakes in tests/node/), so
// that it runs without a browser.

/** @typedef {import('./api.js').Account} Account */
/** @typedef {import('./api.js').Rating} Rating */
/** @typedef {import('./api.js').Profile} Profile */
/** @typedef {import('./api.js').Leaderboard} Leaderboard */
/** @typedef {{key: string, message?: string, params?: object}} PageError */

/**
 * The routes the controller uses (account/api.js's functions).
 * @typedef {object} AccountApi
 * @property {(server: string) => Promise<{account: Account | null, ratings?: Record<string, Rating>}>} whoAmI
 * @property {(server: string, name: string) => Promise<Account>} signUp
 * @property {(server: string) => Promise<Account>} signIn
 * @property {(server: string) => Promise<void>} signOut
 * @property {(server: string) => Promise<{code: string, expires_in: number}>} deviceCode
 * @property {(server: string, code: string) => Promise<Account>} addDevice
 * @property {(server: string) => Promise<object>} exportAccount
 * @property {(server: string, name: string) => Promise<void>} deleteAccount
 * @property {(server: string, name: string) => Promise<Profile>} profile
 * @property {(server: string, game: string) => Promise<Leaderboard>} leaderboard
 * @property {(server: string, game: string) => Promise<import('./api.js').DailyDeal>} daily
 * @property {(server: string, game: string) => Promise<import('../online.js').CreatedTable>} playDaily
 * @property {(server: string, game: string, day?: number) => Promise<import('./api.js').DailyBoard>} dailyBoard
 */

/** The pages of the players' screen. @typedef {'account' | 'profile' | 'leaderboard' | 'daily'} PeopleView */

export class AccountCtrl {
  /** @param {{api: AccountApi, onChange?: () => void, now?: () => number}} deps */
  constructor({ api, onChange = () => {}, now = () => Date.now() }) {
    this.api = api;
    this.onChange = onChange;
    this.now = now;
    /** The table server the accounts live on (null: none answered). @type {string | null} */
    this.server = null;
    /** Who is signed in (null: a guest; undefined: not asked yet). @type {Account | null | undefined} */
    this.account = undefined;
    /** @type {Record<string, Rating>} */
    this.ratings = {};
    /** What is being done (a key of the words said while it is), or ''. */
    this.busy = '';
    /** The last outcome to say: a sentence's key and its kind. @type {{key: string, params?: object, kind: 'ok' | 'error'} | null} */
    this.message = null;
    /** A code shown for another device, and when it expires. @type {{code: string, until: number} | null} */
    this.code = null;
    /** The page on screen and what it shows. @type {PeopleView} */
    this.view = 'account';
    /** @type {Profile | null} */
    this.profile = null;
    /** The name the profile page was asked for. */
    this.profileName = '';
    /** @type {Leaderboard | null} */
    this.board = null;
    /** The game of the leaderboard or the day's deal. */
    this.game = 'kahuna';
    /** The day's deal of `game`, today's board and yesterday's.
     * @type {{deal: import('./api.js').DailyDeal, today: import('./api.js').DailyBoard, yesterday: import('./api.js').DailyBoard | null} | null} */
    this.daily = null;
    /** Questions asked of the server: an answer to an older one is dropped. */
    this.asked = 0;
  }

  get signedIn() {
    return !!this.account;
  }

  changed() {
    this.onChange();
  }

  /** The table server found (or none): who is signed in there.
   * @param {string | null} server */
  async setServer(server) {
    if (server === this.server && this.account !== undefined) return;
    this.server = server;
    this.account = server ? undefined : null;
    this.ratings = {};
    this.changed();
    await this.refresh();
  }

  /** Ask the server again who this browser is. */
  async refresh() {
    const server = this.server;
    if (!server) return;
    const asked = ++this.asked;
    try {
      const answer = await this.api.whoAmI(server);
      if (asked !== this.asked) return;
      this.account = answer.account;
      this.ratings = answer.ratings || {};
    } catch {
      if (asked !== this.asked) return;
      this.account = null; // the server does not answer now: a guest, for now
    }
    this.changed();
  }

  /**
   * Run one of the account's actions: `busy` says which while it runs, and
   * its outcome (or error) is the message.
   * @template T
   * @param {string} busy @param {() => Promise<T>} action @param {string | null} [done] the sentence once done
   * @returns {Promise<T | undefined>}
   */
  async act(busy, action, done = null) {
    if (!this.server) {
      this.message = { key: 'account.no_server', kind: 'error' };
      this.changed();
      return undefined;
    }
    this.busy = busy;
    this.message = null;
    this.changed();
    try {
      const result = await action();
      if (done) this.message = { key: done, kind: 'ok' };
      return result;
    } catch (error) {
      const failure = /** @type {PageError} */ (error);
      this.message = { key: failure && failure.key ? failure.key : 'error.internal', params: failure && failure.params, kind: 'error' };
      return undefined;
    } finally {
      this.busy = '';
      this.changed();
    }
  }

  /** @param {Account | undefined} account */
  async signedInAs(account) {
    if (!account) return;
    this.account = account;
    this.code = null;
    await this.refresh();
  }

  /** @param {string} name */
  async signUp(name) {
    const trimmed = name.trim();
    if (!trimmed) {
      this.message = { key: 'error.bad_name', kind: 'error' };
      this.changed();
      return;
    }
    await this.signedInAs(await this.act('account.signing_up', () => this.api.signUp(/** @type {string} */ (this.server), trimmed), 'account.welcome'));
  }

  async signIn() {
    await this.signedInAs(await this.act('account.signing_in', () => this.api.signIn(/** @type {string} */ (this.server)), 'account.signed_in'));
  }

  async signOut() {
    await this.act('account.signing_out', () => this.api.signOut(/** @type {string} */ (this.server)), 'account.signed_out');
    this.account = null;
    this.ratings = {};
    this.code = null;
    this.changed();
  }

  /** A code for another device, shown until it expires. */
  async newCode() {
    const answer = await this.act('account.making_code', () => this.api.deviceCode(/** @type {string} */ (this.server)));
    if (answer) {
      this.code = { code: answer.code, until: this.now() + answer.expires_in * 1000 };
      this.changed();
    }
  }

  /** This device joins the account of `code`. @param {string} code */
  async addDevice(code) {
    if (!code.trim()) {
      this.message = { key: 'error.bad_code', kind: 'error' };
      this.changed();
      return;
    }
    await this.signedInAs(await this.act('account.adding_device', () => this.api.addDevice(/** @type {string} */ (this.server), code.trim()), 'account.device_added'));
  }

  /** Everything the server keeps of the account (the view offers it as a file). */
  exportData() {
    return this.act('account.exporting', () => this.api.exportAccount(/** @type {string} */ (this.server)));
  }

  /** Delete the account, its name typed again. @param {string} typed */
  async deleteAccount(typed) {
    const done = await this.act('account.deleting', async () => {
      await this.api.deleteAccount(/** @type {string} */ (this.server), typed);
      return true;
    }, 'account.deleted');
    if (done) {
      this.account = null;
      this.ratings = {};
      this.code = null;
      this.changed();
    }
  }

  // -- the pages -----------------------------------------------------------------------

  /** @param {PeopleView} view */
  show(view) {
    this.view = view;
    this.message = null;
    this.changed();
  }

  /**
   * Show `view` and ask the server what it shows: the answer to the latest
   * question is `keep`'s, an older one's is dropped.
   * @template T
   * @param {PeopleView} view @param {() => Promise<T>} fetch @param {(found: T) => void} keep
   */
  async openPage(view, fetch, keep) {
    this.view = view;
    this.message = null;
    this.changed();
    const asked = ++this.asked;
    const found = await this.act('account.loading', fetch);
    if (asked === this.asked && found) {
      keep(found);
      this.changed();
    }
  }

  /** A player's profile (`#profile=<name>`). @param {string} name */
  openProfile(name) {
    this.profileName = name;
    this.profile = null;
    return this.openPage('profile', () => this.api.profile(/** @type {string} */ (this.server), name), (found) => {
      this.profile = found;
    });
  }

  /** The day's deal of `game` (`#daily=<game>`). @param {string} game */
  openDaily(game) {
    return openDaily(this, game);
  }

  /** Start today's deal at the server: the table made, to be opened by the page. */
  playDaily() {
    return this.act('daily.starting', () => this.api.playDaily(/** @type {string} */ (this.server), this.game));
  }

  /** A game's leaderboard (`#leaderboard=<game>`). @param {string} game */
  openLeaderboard(game) {
    this.game = game;
    this.board = null;
    return this.openPage('leaderboard', () => this.api.leaderboard(/** @type {string} */ (this.server), game), (found) => {
      this.board = found;
    });
  }
}

/**
 * The day's deal's page: the deal, today's board and, once revealed,
 * yesterday's deal and board.
 * @param {AccountCtrl} ctrl @param {string} game
 */
export function openDaily(ctrl, game) {
  ctrl.game = game;
  ctrl.daily = null;
  const server = /** @type {string} */ (ctrl.server);
  return ctrl.openPage('daily', async () => {
    const deal = await ctrl.api.daily(server, game);
    const [today, yesterday] = await Promise.all([
      ctrl.api.dailyBoard(server, game, deal.day),
      deal.yesterday ? ctrl.api.dailyBoard(server, game, deal.yesterday.day) : Promise.resolve(null),
    ]);
    return { deal, today, yesterday };
  }, (found) => {
    ctrl.daily = found;
  });
}

/**
 * The points of a game's rating history, oldest first: the rating after each
 * rated game of `game` (a profile's games come newest first).
 * @param {import('./api.js').Finished[]} games @param {string} game
 * @returns {{at: number, rating: number, provisional: boolean}[]}
 */
export function ratingHistory(games, game) {
  const rated = games.filter((entry) => entry.game === game && entry.rated && entry.after && entry.before);
  rated.sort((a, b) => a.at - b.at);
  if (!rated.length) return [];
  const first = /** @type {Rating} */ (rated[0].before);
  return [{ at: rated[0].at, rating: first.rating, provisional: true }, ...rated.map((entry) => {
    const after = /** @type {Rating} */ (entry.after);
    return { at: entry.at, rating: after.rating, provisional: after.provisional };
  })];
}

/** A player's place in a finished game, in words' terms: 1-based, and how
 * many shared it. @param {number[]} ranks @param {number} seat */
export function placeOf(ranks, seat) {
  const rank = ranks[seat];
  return { place: ranks.filter((other) => other < rank).length + 1, shared: ranks.filter((other) => other === rank).length, of: ranks.length };
}
