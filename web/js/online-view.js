// @ts-check
// What an online table adds to the game screen: the table's panel (who sits
// where and who is there, the invitation links and codes, the spectators'
// link, this seat's own link), the join dialog, the connection on #status,
// the title and the icon that say "your turn" in a background tab, the
// moves taken back in the log, the rematch, a new link for one's seat, and
// the check of the server's shuffle at the end (its commitment kept from
// the start, the record replayed by the engine), a waiting table and its
// start with bots, each seat's clock, and the table's chat. Names and chat
// messages are text, never markup: they go in through textContent only (h()
// children).

import { t, plural } from './i18n.js';
import { token, levelName, seatNames, DEFAULT_BOT_LEVELS, DEFAULT_BOT_LEVEL } from './players.js';
import { clockLine, timeLeft, optionWords, seatWords } from './table-words.js';
import { emblem } from './games/index.js';
import * as notify from './notify.js';
import { h, downloadJson } from './dom.js';
import { svg } from './board-svg.js';
import { toast, confirmDialog } from './dialogs.js';
import * as store from './store.js';
import { tableLink, tableCode } from './online.js';
import { MAX_NAME, nameText } from './limits.js';
import { refs } from './refs.js';
import { eventText } from './log.js';
import { errorText } from './game/words.js';
import { playable } from './game/ctrl.js';

/** Copy `text`: the clipboard where the page may use it (a secure page),
 * else a selected text field (a page of the local network over http). */
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = h('textarea', { class: 'visually-hidden', readonly: true }, text);
    document.body.append(field);
    field.select();
    let done = false;
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
    field.remove();
    return done;
  }
}

function copyButton(text, label) {
  return h(
    'button',
    {
      type: 'button',
      class: 'btn ghost copy-button',
      'aria-label': label,
      onclick: async () => toast((await copyText(text)) ? t('online.copied') : t('online.copy_failed'), 'info', 2000),
    },
    t('online.copy'),
  );
}

/**
 * `remote` the table (remote.js); `entry` what this browser keeps of it
 * (store.js: its tokens, the invitations it made); `site` and `own` the
 * site's address and its default table server (links leave the server out
 * when it is that one); `names()` the seats' names; `eventsText(events,
 * names)` a move's events in words; `verifyRecord(args)` the engine's
 * `verify` command (pygame_core/fairness.py); `rememberName(name)` keeps the
 * name a person sat down with for the next time (the menu's set-up);
 * `titleOf(game)` a game's name, for the join dialog.
 */
export function createOnlineView({ remote, entry, site, own, names, eventsText, redrawStatus, errorText, verifyRecord, rememberName, titleOf = (id) => id, review = (record) => {} }) {
  let state = remote.state;
  // The commitment to each game's shuffle, as this browser first received it.
  const commitments = { ...(entry.commitments || {}) };
  // The check of each finished game: {number, status, key, params, record}.
  const checks = new Map();
  let alerting = false;
  let lastUsed = 0;
  const panel = refs.tablePanel();
  // The panel's parts drawn again at each state; the chat keeps its own
  // element (what is being typed, the focus, the scroll stay).
  const panelBody = h('div', { class: 'table-body' });
  const inviteButton = refs.inviteButton();
  inviteButton.onclick = showInvitations;
  const dialog = refs.joinDialog();
  const status = refs.status();
  const title = document.title;
  const icon = document.querySelector('link[rel="icon"]');
  const iconHref = icon ? icon.getAttribute('href') : null;

  const seat = () => (state ? state.seat : null);
  const link = (tokenOf) => tableLink(site, { table: entry.table, token: tokenOf, server: entry.server, own });

  function onVisible() {
    if (!document.hidden) alert(false);
  }
  document.addEventListener('visibilitychange', onVisible);

  /** The title and the icon say "your turn" while the tab is in the background. */
  function alert(on) {
    if (alerting === on) return;
    alerting = on;
    document.title = on ? t('online.title_your_turn', { title }) : title;
    if (icon) icon.setAttribute('href', on ? 'icons/icon-turn.svg' : iconHref);
    // With the player's permission, the system says it too (notify.js).
    const tag = `archipel-turn-${entry.table}`;
    if (on) {
      const game = titleOf(state.snapshot.game);
      notify.tell({ title: t('online.notify_title', { game }), body: t('online.notify_body', { game }), tag, url: location.href }).catch(() => {});
    } else {
      notify.withdraw(tag).catch(() => {});
    }
  }

  /** The switch of the notifications, a bell beside the panel's title (a
   * seat's only): pressed, the player is told when it is their turn. */
  function notifySwitch() {
    if (!notify.supported() || seat() === null) return null;
    const on = notify.enabled();
    const words = on ? t('online.notify_on') : t('online.notify_ask');
    const bell = svg('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true' }, svg('path', { d: 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0' }));
    return h(
      'button',
      {
        type: 'button',
        class: 'icon-btn table-notify',
        'data-notify': on ? 'on' : 'off',
        'aria-pressed': String(on),
        'aria-label': t('online.notify_ask'),
        title: words,
        onclick: async () => {
          if (notify.enabled()) notify.turnOff();
          else if (!(await notify.turnOn())) toast(t('online.notify_refused'), 'info');
          renderPanel();
        },
      },
      bell,
    );
  }

  function setConnection(kind) {
    status.dataset.connection = kind;
    redrawStatus();
  }
  setConnection(remote.connection === 'connecting' ? 'reconnecting' : remote.connection);

  // -- the table's panel ---------------------------------------------------------------

  function seatRow(each, list) {
    const info = state.table;
    const kind = state.snapshot.seats[each];
    const bot = kind !== 'h';
    const joined = info.joined[each];
    let note;
    if (bot && (info.taken || []).includes(each)) note = t(info.clock && info.clock.timeout === 'out' ? 'online.seat_out' : 'online.seat_taken');
    else if (bot) note = t('online.seat_bot');
    else if (!joined) note = t('online.seat_free');
    else note = info.connected[each] ? t('online.seat_here') : t('online.seat_away');
    const row = h(
      'li',
      { class: `table-seat p${each}`, 'data-seat': String(each), 'data-connected': String(Boolean(info.connected[each])) },
      token(each, 16),
      h('span', { class: 'table-seat-name' }, joined || bot ? list[each] : t('seat.label', { n: each + 1 })),
      each === seat() ? h('span', { class: 'table-seat-you' }, t('online.you')) : null,
      h('span', { class: `table-seat-note${!bot && joined && info.connected[each] ? ' here' : ''}` }, note),
      clockFace(each),
    );
    const invitation = entry.invitations.find((item) => item.seat === each);
    if (invitation && !joined) {
      const href = link(invitation.token);
      row.append(
        h(
          'div',
          { class: 'invite' },
          h('a', { class: 'invite-link', href, 'data-invite-seat': String(each), target: '_blank', rel: 'noopener' }, t('online.invite_link', { n: each + 1 })),
          copyButton(href, t('online.copy_invite', { n: each + 1 })),
          h('span', { class: 'invite-code-label' }, t('online.code')),
          h('code', { class: 'invite-code', 'data-invite-code': String(each) }, tableCode({ table: entry.table, token: invitation.token })),
        ),
      );
    }
    return row;
  }

  /** While seats this browser invited are free, the dock offers the way to
   * the invitations (on a phone they sit below the board, in a tab). */
  function renderInviteButton() {
    const free = entry.invitations.filter((item) => !state.table.joined[item.seat]).length;
    inviteButton.hidden = free === 0;
    inviteButton.querySelector('.invite-text').textContent = plural('online.invite_free', free);
  }

  function showInvitations() {
    const tab = refs.tabPlayers();
    if (tab && tab.getAttribute('aria-selected') !== 'true') tab.click();
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    panel.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    const first = /** @type {HTMLElement | null} */ (panel.querySelector('.invite-link'));
    if (first) first.focus({ preventScroll: true });
  }

  function renderPanel() {
    const list = names();
    const info = state.table;
    const waiting = info.started === false;
    // Everyone seated: the seats take the title's line (the title stays for
    // a screen reader), and the board's cards keep their room below.
    const seated = state.snapshot.seats.every((kind, each) => kind !== 'h' || info.joined[each]);
    const title = h('h2', { class: `section-title${seated ? ' visually-hidden' : ''}` }, t('online.table_title'));
    const seats = h('ul', { class: 'table-seats' }, ...state.snapshot.seats.map((_, each) => seatRow(each, list)));
    const tools = h('span', { class: 'table-tools' }, readsChat() ? chatToggle : null, notifySwitch());
    const parts = seated ? [h('div', { class: 'table-head' }, title, seats, tools)] : [h('div', { class: 'table-head' }, title, tools), seats];
    if (info.clock) parts.push(h('p', { class: 'muted table-clock-kind', 'data-clock-kind': info.clock.kind }, clockLine(info.clock)));
    const start = waiting ? waitingPart() : null;
    if (start) parts.push(start);
    if (info.spectators) parts.push(h('p', { class: 'muted table-spectators' }, plural('online.spectators', info.spectators)));
    panel.classList.toggle('seated', seated);
    // The links that are not invitations fold away: the board needs the room.
    const links = [];
    if (entry.spectator) {
      const href = link(entry.spectator);
      links.push(
        h(
          'p',
          { class: 'table-link' },
          h('a', { href, 'data-spectator-link': '', target: '_blank', rel: 'noopener' }, t('online.spectator_link')),
          copyButton(href, t('online.spectator_link')),
        ),
      );
    }
    if (seat() === null) {
      parts.push(h('p', { class: 'muted' }, t('online.watching')));
    } else {
      const href = link(entry.token);
      links.push(
        h(
          'p',
          { class: 'table-link own' },
          h('a', { href, 'data-own-link': '' }, t('online.own_link')),
          copyButton(href, t('online.own_link')),
        ),
        h('p', { class: 'muted table-note' }, t('online.same_link')),
      );
    }
    if (seat() !== null) {
      links.push(h('p', { class: 'table-link' }, h('button', { type: 'button', class: 'btn ghost', 'data-new-link': '', onclick: newLink }, t('online.new_link'))));
    }
    const promised = state.fairness && state.fairness.commitment;
    if (promised) {
      links.push(
        h(
          'p',
          { class: 'table-commitment', title: t('fairness.commitment_note') },
          h('span', { class: 'muted' }, t('fairness.commitment')),
          ' ',
          h('code', { 'data-commitment': promised }, `${promised.slice(0, 16)}…`),
        ),
      );
    }
    if (links.length) {
      const open = /** @type {HTMLDetailsElement | null} */ (panel.querySelector('details.table-links'));
      parts.push(h('details', { class: 'table-links', open: Boolean(open && open.open) }, h('summary', {}, t('online.links')), ...links));
    }
    panel.hidden = false;
    // The chat's button is the same element from state to state: it keeps
    // the focus it had.
    const focused = document.activeElement;
    panelBody.replaceChildren(...parts);
    if (panelBody.parentNode !== panel) panel.replaceChildren(panelBody);
    if (focused === chatToggle && document.activeElement !== chatToggle && chatToggle.isConnected) chatToggle.focus({ preventScroll: true });
    renderChat();
    renderInviteButton();
    tick();
  }

  // -- a table waiting for its people -----------------------------------------------------

  /** For the creator of a table that waits for its people (the status
   * line says so to everyone): the way to start now, bots of a chosen level
   * in the free seats. */
  function waitingPart() {
    if (seat() === null || seat() !== state.table.creator) return null;
    const part = h('div', { class: 'table-waiting', 'data-waiting': '' });
    const level = h(
      'select',
      { id: 'start-level', 'aria-label': t('online.start_level') },
      ...DEFAULT_BOT_LEVELS.map((each) => h('option', { value: String(each), selected: each === DEFAULT_BOT_LEVEL }, levelName(each))),
    );
    const button = h(
      'button',
      {
        type: 'button',
        class: 'btn primary',
        'data-start': '',
        onclick: async () => {
          button.disabled = true;
          try {
            await remote.start(Number(level.value));
          } catch (error) {
            toast(errorText(error), 'error');
            button.disabled = false;
          }
        },
      },
      t('online.start_now'),
    );
    part.append(h('label', { for: 'start-level' }, t('online.start_level')), h('div', { class: 'table-start' }, level, button));
    return part;
  }

  // -- the clocks -------------------------------------------------------------------------

  // When the clocks' times came (the server's milliseconds left are counted
  // down from there), and the timer that shows them each second.
  let clockAt = performance.now();
  let ticking = null;

  /** The milliseconds `each` has left now, or null (no clock, a bot). */
  function clockLeft(each) {
    const clock = state.table.clock;
    const left = clock && clock.left ? clock.left[each] : null;
    if (left === null || left === undefined) return null;
    return clock.running.includes(each) ? left - (performance.now() - clockAt) : left;
  }

  function clockFace(each) {
    if (clockLeft(each) === null) return null;
    return h('span', { class: 'table-clock', 'data-clock-seat': String(each), role: 'timer' });
  }

  /** Each clock shown as it is now; a running one marked, and low when little is left. */
  function tick() {
    const clock = state && state.table.clock;
    for (const face of /** @type {NodeListOf<HTMLElement>} */ (panel.querySelectorAll('[data-clock-seat]'))) {
      const each = Number(face.dataset.clockSeat);
      const left = clockLeft(each);
      if (left === null || !clock) continue;
      const text = timeLeft(left, clock.kind);
      if (face.textContent !== text) face.textContent = text;
      const running = clock.running.includes(each);
      face.classList.toggle('running', running);
      const whole = clock.kind === 'live' ? clock.minutes * clock.minute * 1000 : clock.hours * 60 * clock.minute * 1000;
      face.classList.toggle('low', running && left < Math.min(30_000, whole / 5));
      face.dataset.running = String(running);
    }
    const wanted = Boolean(clock && clock.running.length);
    if (wanted && ticking === null) ticking = setInterval(tick, 1000);
    if (!wanted && ticking !== null) {
      clearInterval(ticking);
      ticking = null;
    }
  }

  // -- the chat ------------------------------------------------------------------------------

  let chatEntries = [...(remote.chat || [])];
  let unread = 0;
  const chatLog = h('div', { class: 'chat-log', role: 'log', 'aria-live': 'polite', 'aria-label': t('chat.title') });
  const chatCount = h('span', { class: 'chat-unread', hidden: true });
  const chatTitle = h('span', {}, t('chat.title'));
  const chatForm = h('div', { class: 'chat-form' });
  const chatMutes = h('div', { class: 'chat-mutes' });
  const chatBox = h('div', { class: 'table-chat', id: 'table-chat', 'data-chat': '', hidden: true }, chatMutes, chatLog, chatForm);
  // The chat opens from a button on the panel's first line (it takes no
  // line of its own while folded: the board's cards keep their room).
  const chatToggle = h(
    'button',
    {
      type: 'button',
      class: 'btn ghost table-chat-toggle',
      'data-chat-toggle': '',
      'aria-expanded': 'false',
      'aria-controls': 'table-chat',
      onclick: () => openChat(chatBox.hidden),
    },
    chatTitle,
    ' ',
    chatCount,
  );

  function openChat(open) {
    chatBox.hidden = !open;
    chatToggle.setAttribute('aria-expanded', String(open));
    if (!open) return;
    unread = 0;
    renderUnread();
    chatLog.scrollTop = chatLog.scrollHeight;
  }

  /** Whether this seat (or a spectator) reads the table's chat. */
  const readsChat = () => seat() !== null || state.table.chat === 'everyone';
  const muted = () => (state && Array.isArray(state.mutes) ? state.mutes : []);

  function chatWords(entry) {
    return entry.phrase ? t(`chat.phrase.${entry.phrase}`) : String(entry.text || '');
  }

  function chatLine(entry) {
    const each = Number.isInteger(entry.seat) ? entry.seat : 0;
    return h(
      'p',
      { class: `chat-line p${each}`, 'data-chat-seat': String(each) },
      token(each, 12),
      ' ',
      h('strong', { class: 'chat-name' }, String(entry.name || '')),
      ' ',
      h('span', { class: 'chat-words' }, chatWords(entry)),
    );
  }

  function renderChatLog() {
    const shown = chatEntries.filter((entry) => !muted().includes(entry.seat));
    chatLog.replaceChildren(...(shown.length ? shown.map(chatLine) : [h('p', { class: 'muted chat-empty' }, t('chat.empty'))]));
    chatLog.scrollTop = chatLog.scrollHeight;
  }

  function renderUnread() {
    chatCount.hidden = unread === 0;
    chatCount.textContent = plural('chat.unread', unread);
  }

  /** The chat's box in the panel: its log and, for a seated player, the
   * ready phrases and a line of text. */
  function renderChat() {
    if (!readsChat()) {
      chatBox.remove();
      chatToggle.remove();
      return;
    }
    if (chatBox.parentNode !== panel) {
      panel.append(chatBox);
      renderChatLog();
      renderChatForm();
    }
    chatTitle.textContent = t('chat.title');
    chatLog.setAttribute('aria-label', t('chat.title'));
    renderUnread();
    const list = names();
    chatMutes.replaceChildren(...state.snapshot.seats.map((_, each) => muteButton(each, list)).filter(Boolean));
  }

  function renderChatForm() {
    if (seat() === null) {
      chatForm.replaceChildren(h('p', { class: 'muted' }, t('chat.read_only')));
      return;
    }
    const phrases = ['hello', 'good_luck', 'well_played', 'thanks', 'oops', 'one_moment', 'back_soon', 'good_game', 'rematch', 'bye'];
    const phrase = h('select', { id: 'chat-phrase', 'aria-label': t('chat.phrases') }, ...phrases.map((id) => h('option', { value: id }, t(`chat.phrase.${id}`))));
    const text = h('input', { type: 'text', id: 'chat-text', maxlength: '200', autocomplete: 'off', 'aria-label': t('chat.message'), placeholder: t('chat.message') });
    const say = async (words, field) => {
      try {
        await remote.say(words);
        if (field) field.value = '';
      } catch (error) {
        toast(errorText(error), 'error');
      }
    };
    chatForm.replaceChildren(
      h(
        'form',
        { class: 'chat-row', onsubmit: (event) => (event.preventDefault(), say({ phrase: phrase.value }, null)) },
        phrase,
        h('button', { type: 'submit', class: 'btn ghost', 'data-chat-phrase': '' }, t('chat.send')),
      ),
      h(
        'form',
        {
          class: 'chat-row',
          onsubmit: (event) => {
            event.preventDefault();
            if (text.value.trim()) say({ text: text.value }, text);
          },
        },
        text,
        h('button', { type: 'submit', class: 'btn ghost', 'data-chat-send': '' }, t('chat.send')),
      ),
    );
  }

  /** New chat messages (`all`: the whole chat, after a reconnection). */
  function heard(entries, all) {
    chatEntries = all ? [...entries] : chatEntries.concat(entries).slice(-200);
    if (!readsChat()) return;
    renderChatLog();
    if (all) return;
    const others = entries.filter((entry) => entry.seat !== seat() && !muted().includes(entry.seat));
    if (!others.length || !chatBox.hidden) return;
    unread += others.length;
    renderUnread();
    const last = others[others.length - 1];
    toast(t('chat.says', { name: String(last.name || ''), text: chatWords(last) }), 'info', 4000);
  }

  /** Another person's seat may be muted (their chat no longer comes). */
  function muteButton(each, list) {
    if (seat() === null || each === seat() || state.snapshot.seats[each] !== 'h' || !state.table.joined[each]) return null;
    const on = muted().includes(each);
    return h(
      'button',
      {
        type: 'button',
        class: 'btn ghost chat-mute',
        'data-mute-seat': String(each),
        'aria-pressed': String(on),
        onclick: async () => {
          try {
            state = { ...state, mutes: await remote.mute(each, !on) };
            renderChat();
            renderChatLog();
            const again = /** @type {HTMLElement | null} */ (chatMutes.querySelector(`[data-mute-seat="${each}"]`));
            if (again) again.focus();
          } catch (error) {
            toast(errorText(error), 'error');
          }
        },
      },
      on ? t('chat.unmute', { name: list[each] }) : t('chat.mute', { name: list[each] }),
    );
  }

  /** A new link for this seat: the old one stops giving it, everywhere but here. */
  async function newLink() {
    const sure = await confirmDialog(t('online.new_link_confirm'), { yes: t('online.new_link'), no: t('dialog.cancel') });
    if (!sure) return;
    try {
      await remote.newToken();
      toast(t('online.new_link_done'), 'info');
    } catch (error) {
      toast(errorText(error), 'error');
    }
  }

  // -- the shuffle the server committed to ------------------------------------------------

  /** Keep the first commitment received for each game: the one the end is checked against. */
  function pin(fairness) {
    if (!fairness || !fairness.commitment || !Number.isInteger(fairness.number)) return;
    const number = String(fairness.number);
    if (commitments[number]) return;
    commitments[number] = fairness.commitment;
    store.saveOnlineTable({ table: entry.table, token: entry.token, commitments });
  }

  /** Check a finished game: its record, asked of the server, replayed by
   * the engine from the seed revealed, against the commitment kept and what
   * this seat was shown. Resolves with the check; done once a game. */
  function check(snap) {
    const fairness = state.fairness;
    const number = fairness ? fairness.number : state.table.number;
    const known = checks.get(number);
    if (known) return known.done;
    const item = { number, status: 'checking', key: 'fairness.checking', params: {}, record: null, chosen: Boolean(fairness && fairness.chosen_seed) };
    item.done = (async () => {
      if (!fairness || !fairness.commitment) {
        Object.assign(item, { status: 'none', key: 'fairness.no_commitment' });
      }
      try {
        item.record = await remote.record(number);
      } catch (error) {
        if (item.status === 'checking') Object.assign(item, { status: 'failed', key: 'fairness.failed', params: { message: errorText(error) } });
        return item;
      }
      if (item.status !== 'checking') return item;
      try {
        const verdict = await verifyRecord({
          record: item.record,
          commitment: commitments[String(number)] || null,
          viewer: seat(),
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
    })();
    checks.set(number, item);
    return item.done;
  }

  /** The end screen's lines about the shuffle, and the game to download;
   * they fill in once the check is done. */
  function endExtras(snap) {
    const line = h('p', { class: 'end-fairness', 'data-fairness': 'checking', role: 'status' }, t('fairness.checking'));
    const download = h(
      'button',
      { type: 'button', class: 'btn ghost', id: 'end-download', 'data-download': '', disabled: true },
      t('end.download'),
    );
    // The whole game, once its record has come: to look back on, move by move.
    const reviewButton = h(
      'button',
      { type: 'button', class: 'btn ghost', id: 'end-review', disabled: true },
      t('end.review'),
    );
    const box = h('div', { class: 'end-extras' }, line, download, reviewButton);
    const shown = (item) => {
      line.dataset.fairness = item.status;
      const words = t(item.key, item.params);
      line.replaceChildren(h('span', { class: 'fairness-mark', 'aria-hidden': 'true' }, item.status === 'verified' ? '✓' : item.status === 'checking' ? '…' : '!'), ' ', words);
      if (item.status === 'verified' && item.chosen) line.append(' ', t('fairness.chosen'));
      if (item.record) {
        download.disabled = false;
        download.onclick = () => downloadJson(item.record, `archipel-${item.record.game}-${entry.table}-${item.number}.json`);
        reviewButton.disabled = false;
        reviewButton.onclick = () => {
          refs.endDialog().close();
          review(item.record);
        };
      }
    };
    check(snap).then(shown);
    return box;
  }

  // -- sitting down ---------------------------------------------------------------------

  /** What the table is, for one about to sit: the game and its picture,
   * the variant and the player count, and who sits where (people by name,
   * bots by level, the free seats, this one). */
  function tableFacts() {
    const snap = state.snapshot;
    const options = optionWords(snap.game, snap.options);
    const seats = (snap.seats || []).map((kind, each) => {
      const who = seatWords({ kind, name: state.table.names[each], free: !state.table.joined[each], here: each === seat() });
      return h('li', { class: `p${each}` }, token(each, 16), ' ', h('span', {}, t('online.join_seat', { n: each + 1, who })));
    });
    return h(
      'div',
      { class: 'join-table', 'data-game': snap.game },
      h(
        'div',
        { class: 'join-game' },
        h('span', { class: 'game-emblem' }, emblem(snap.game)),
        h(
          'p',
          {},
          h('strong', {}, titleOf(snap.game)),
          h('br'),
          [plural('menu.players_n', snap.players), ...options].join(' · '),
          h('br'),
          clockLine(state.table.clock),
        ),
      ),
      h('ul', { class: 'join-seats', 'aria-label': t('online.join_seats') }, ...seats),
    );
  }

  function askName() {
    if (seat() === null || state.table.joined[seat()]) {
      if (dialog.open) dialog.close();
      return;
    }
    if (dialog.open) return;
    const field = h('input', {
      type: 'text',
      id: 'join-name',
      class: 'join-name',
      'data-join-name': '',
      maxlength: String(MAX_NAME),
      autocomplete: 'nickname',
      required: true,
      value: store.savedSetup().names?.[0] || '',
    });
    const message = h('p', { class: 'join-error', role: 'alert', hidden: true });
    const button = h('button', { type: 'submit', class: 'btn primary big', 'data-join': '' }, t('online.join'));
    const form = h(
      'form',
      {
        class: 'dialog-body join-form',
        onsubmit: async (event) => {
          event.preventDefault();
          const name = nameText(field.value);
          if (!name) {
            message.hidden = false;
            message.textContent = t('online.name_needed');
            field.focus();
            return;
          }
          button.disabled = true;
          try {
            await remote.join(name);
            rememberName(name);
            dialog.close();
          } catch (error) {
            message.hidden = false;
            message.textContent = errorText(error);
            button.disabled = false;
          }
        },
      },
      h('h2', {}, t('online.join_title', { n: seat() + 1 })),
      tableFacts(),
      h('label', { for: 'join-name' }, t('online.your_name')),
      field,
      message,
      h('p', { class: 'muted' }, t('online.same_link')),
      h('div', { class: 'dialog-actions' }, button),
    );
    dialog.replaceChildren(form);
    // Only a name sits down: Escape does not leave the dialog open-ended.
    dialog.oncancel = (event) => event.preventDefault();
    dialog.showModal();
    field.focus();
  }

  return {
    /** A new state: the panel, the join dialog, what the table was told. */
    show(next) {
      const before = state;
      state = next;
      clockAt = performance.now();
      pin(state.fairness);
      renderPanel();
      askName();
      const cause = state.cause;
      const list = names();
      if (cause && cause.kind === 'timeout' && Number.isInteger(cause.seat)) {
        const params = { player: list[cause.seat], level: levelName(cause.level) };
        const said = !cause.out ? t('clock.timeout', params) : state.snapshot.over ? t('clock.out_over', params) : t('clock.out', params);
        toast(said, 'info', 6000);
      } else if (cause && cause.kind === 'start') {
        toast(t('online.started_with_bots'), 'info');
      } else if (before && before !== next && before.table.started === false && state.table.started) {
        toast(t('online.game_begins'), 'info');
      }
    },
    /** New chat messages (`all`: the whole chat again). */
    chat: heard,
    /** Whether the game has begun (a waiting table's has not). */
    started: () => !state || state.table.started !== false,
    endExtras,
    /** The seat is held by a new token: its links change. */
    tokenChanged(moved) {
      entry = moved;
      renderPanel();
    },
    presence(table) {
      state = { ...state, table };
      renderPanel();
    },
    setConnection,
    joined: (each) => Boolean(state && state.table.joined[each]),
    /** The connection on the status line, when it is not there. */
    connectionBadge() {
      const kind = status.dataset.connection;
      if (!kind || kind === 'online') return null;
      return h('span', { class: `connection ${kind}` }, t(`online.connection.${kind}`));
    },
    turnChanged(mine) {
      alert(Boolean(mine && document.hidden));
    },
    /** "Ana took back …" after the entries before the move taken back. */
    undoNotes(list) {
      return (state ? state.undos : []).map((undo, index) => ({
        after: undo.ply,
        player: undo.player,
        key: `${index}|${undo.ply}`,
        text: t('online.took_back', { player: list[undo.player], move: eventsText(undo.events, list) }),
      }));
    },
    drawn() {},
    /** The menu lists the latest used table first. */
    used() {
      const stamp = Date.now();
      if (stamp - lastUsed < 10_000) return;
      lastUsed = stamp;
      store.saveOnlineTable({ table: entry.table, token: entry.token, game: state.snapshot.game, seat: state.seat });
    },
    canRematch: () => seat() !== null,
    async rematch() {
      try {
        await remote.rematch();
      } catch (error) {
        toast(errorText(error), 'error');
      }
    },
    retranslate() {
      if (state) {
        renderPanel();
        renderChatLog();
        renderChatForm();
      }
      redrawStatus();
    },
    close() {
      document.removeEventListener('visibilitychange', onVisible);
      if (ticking !== null) clearInterval(ticking);
      ticking = null;
      alert(false);
      if (dialog.open) dialog.close();
      dialog.replaceChildren();
      panel.hidden = true;
      panel.replaceChildren();
      inviteButton.hidden = true;
      inviteButton.onclick = null;
      delete status.dataset.connection;
    },
  };
}

/**
 * An online table as a part of the game on screen (game/parts.js): the
 * table's names, its waiting seats in the status line, the connection's
 * badge, the moves taken back in the log, the server keeping the game, the
 * rematch and the check of the shuffle at the end. It listens to the table
 * itself (remote.js's `subscribe`): its states go to the turn controller.
 * @param {{remote: any, entry: any, site?: string, own?: string, ctrl: import('./game/ctrl.js').GameCtrl, session: any,
 *   verifyRecord: (args: any) => Promise<any>, rememberName: (name: string) => void}} options
 * @returns {import('./game/parts.js').GamePart}
 */
export function onlinePart({ remote, entry, site, own, ctrl, session, verifyRecord, rememberName }) {
  const live = () => ctrl.session === session;
  const first = remote.state;
  const view = createOnlineView({
    remote,
    entry,
    site,
    own,
    names: () => ctrl.names(),
    eventsText: (events, list) => events.map((event) => eventText(event, session.renderer.logParams, list)).join(' '),
    redrawStatus: () => {
      if (live()) ctrl.deps.redraw();
    },
    errorText,
    verifyRecord,
    rememberName,
    titleOf: (id) => ctrl.titleOf(id),
    review: (record) => ctrl.startReview(record, [], { viewer: first.seat }),
  });
  const stop = remote.subscribe({
    state(state) {
      if (!live()) return;
      if (state.cause && state.cause.kind === 'rematch') {
        const dialog = refs.endDialog();
        if (dialog.open) dialog.close();
      }
      // A seat a bot took (the creator started with bots; a time ran out):
      // the session's seats are the turn controller's too.
      const kinds = state.snapshot.seats;
      if (Array.isArray(kinds) && kinds.some((kind, each) => kind !== session.seats[each])) session.seats.splice(0, session.seats.length, ...kinds);
      view.show(state);
      session.turns.update(playable(state));
    },
    chat: (entries, all) => live() && view.chat(entries, all),
    connection: (kind) => live() && view.setConnection(kind),
    presence: (table) => live() && view.presence(table),
  });
  return {
    remote: true,
    names: (seats) => seatNames(seats, remote.state.snapshot.names),
    statusText(facts, list) {
      const { kind, seat } = facts;
      // A waiting table: nobody moves before every seat is taken.
      if ((kind === 'your_turn' || kind === 'waiting') && !view.started()) return t('clock.waiting');
      if (kind === 'waiting' && seat !== null && seat !== undefined && !view.joined(seat)) return t('online.waiting_seat', { n: seat + 1 });
      return null;
    },
    badge: () => view.connectionBadge(),
    turnChanged: (mine) => view.turnChanged(mine),
    logNotes: (list) => view.undoNotes(list),
    drawn: () => view.drawn(),
    // The table server keeps the game: the menu's list of tables only learns it was used.
    autosave() {
      view.used();
      return true;
    },
    // Online, the record comes with the check of the shuffle.
    finish: (end, snap) => ({
      ...end,
      extra: view.endExtras(snap),
      onReview: null,
      onNewGame: () => view.rematch(),
      newGameLabel: view.canRematch() ? t('online.rematch') : null,
    }),
    tools: (tools) => ({ ...tools, save: { hidden: true } }),
    show: (state) => view.show(state),
    tokenChanged: (moved) => view.tokenChanged(moved),
    retranslate: () => view.retranslate(),
    close() {
      stop();
      view.close();
    },
  };
}
