// @ts-check
// The move log in words. Each entry is one move: its events become sentences
// through i18n; events that belong to no player (round ends, scorings,
// reshuffles) stand on their own lines, and so may what a move makes happen
// to the other players. A line that applies a rule a newcomer may not know
// links to it (the game's hook says which: `rule`, {section, title}).

import { t, has, language } from './i18n.js';

/** @typedef {import('./state.js').GameEvent} GameEvent */
/** @typedef {import('./state.js').LogEntry} LogEntry */

/** A rule of the rules in brief: its section's number and title.
 * @typedef {{section: number, title: string}} RuleLink */

/**
 * What a game's hook (its renderer's `logParams`) says of an event: the
 * sentence's key and values, and where the sentence goes.
 * @typedef {object} EventWords
 * @property {string} key
 * @property {object} [params]
 * @property {boolean} [inline]
 * @property {boolean} [apart]
 * @property {boolean} [separate]
 * @property {RuleLink | null} [rule]
 */

/** @typedef {(event: GameEvent, ctx: {names: string[]}) => EventWords} LogFormat */

/** A line of the log: the mover's (`player`) or one standing on its own
 * (`system`, the event's last word), and the rule it applies.
 * @typedef {{system?: string, player?: number, texts: string[], rule: RuleLink | null}} LineDraft */

/** A note between the log's lines (a move taken back, online).
 * @typedef {{after: number, player?: number | null, text: string, key: string}} LogNote */

/** One event as a sentence. `format` is the game's hook giving the key and
 * the filled-in values; an unknown key falls back to the plain key.
 * @param {GameEvent} event @param {LogFormat} format @param {string[]} names @returns {string} */
export function eventText(event, format, names) {
  return eventLine(event, format, names).text;
}

/** The sentence, and whether it belongs to the move's own line although no
 * player acts in it (`inline` from the game's hook: "… ALOA is turned up in
 * its place."), or stands on a line of its own although it names a player
 * (`apart`: a scoring's points, a statue the lava burns), or goes on a line
 * of its player's own when that is not the mover (`separate`: what each clan
 * harvests, eats and loses when one move ends a phase).
 * @param {GameEvent} event @param {LogFormat} format @param {string[]} names
 * @returns {{text: string, inline: boolean, apart: boolean, separate: boolean, rule: RuleLink | null}} */
function eventLine(event, format, names) {
  const { key, params, inline, apart, separate, rule } = format(event, { names });
  const values = /** @type {import('./i18n.js').Params | undefined} */ (params);
  let text;
  if (has(key)) text = t(key, values);
  else text = has(event.key) ? t(event.key, values) : event.key;
  return { text, inline: Boolean(inline), apart: Boolean(apart), separate: Boolean(separate), rule: rule && Number.isInteger(rule.section) ? rule : null };
}

/** @param {number | null | undefined} player */
function entryClass(player) {
  return player === undefined || player === null ? '' : ` p${player}`;
}

// The sentences of each entry, kept while the game, the language and the
// names stay the same: a long game's log is redrawn after every move, and
// only its newest entries have anything new to say. (A game's `format` hook
// therefore gives the same sentence for the same event and names.)
/** @type {Map<string, {sig: string, lines: (LineDraft & {text: string})[]}>} */
let sentences = new Map();
/** @type {{format: LogFormat, version: string} | null} */
let sentencesFor = null;

/** @param {LogEntry} entry @param {LogFormat} format @param {string[]} names @param {string} version */
function entryLines(entry, format, names, version) {
  if (!sentencesFor || sentencesFor.format !== format || sentencesFor.version !== version) {
    sentences = new Map();
    sentencesFor = { format, version };
  }
  const sig = `${entry.n}|${entry.player}|${JSON.stringify(entry.events)}`;
  let lines = sentences.get(sig);
  if (!lines) {
    // In the order of the events: the mover's line, lines standing on their
    // own, and a line for another player each time a `separate` event is
    // theirs. An `inline` event joins the line before it.
    /** @type {LineDraft[]} */
    const all = [];
    /** @type {LineDraft | null} */
    let current = null;
    for (const event of entry.events) {
      const { text, inline, apart, separate, rule } = eventLine(event, format, names);
      const named = event.player !== undefined && event.player !== null;
      if (inline && current) {
        current.texts.push(text);
      } else if (!named || apart) {
        all.push({ system: event.key.split('.').pop(), texts: [text], rule: null });
        current = null;
      } else {
        const player = separate ? event.player : entry.player;
        if (!current || current.player !== player) {
          current = { player, texts: [], rule: null };
          all.push(current);
        }
        current.texts.push(text);
      }
      // A line that applies a rule links to it (the first such rule).
      const line = all[all.length - 1];
      if (rule !== null && line && line.rule === null) line.rule = rule;
    }
    lines = { sig, lines: all.map((line) => ({ ...line, text: line.texts.join(' ') })) };
    sentences.set(sig, lines);
  }
  return lines;
}

// What each log element shows: [{key, node}], in order.
/** @type {WeakMap<HTMLElement, {key: string, node: HTMLLIElement}[]>} */
const shown = new WeakMap();

// Whether each log element is scrolled to its end (or near it), as its scroll
// events last said: reading its scroll height while the page is being redrawn
// would make the browser lay out the whole page an extra time.
/** @type {WeakMap<HTMLElement, boolean>} */
const atEnd = new WeakMap();

/** @param {HTMLElement} el */
function followEnd(el) {
  if (atEnd.has(el)) return;
  atEnd.set(el, true);
  el.addEventListener('scroll', () => atEnd.set(el, el.scrollHeight - el.scrollTop - el.clientHeight < 60), { passive: true });
}

// Scroll to the end once the browser lays the page out for its next frame.
/** @param {HTMLElement} el */
function scrollToEnd(el) {
  requestAnimationFrame(() => {
    el.scrollTop = el.scrollHeight;
    atEnd.set(el, true);
  });
}

/** Redraw the log. Entries numbered above `freshAfter` are marked as new
 * (for a moment); entries from `markFrom` on are the latest turn of another
 * player, marked until the next move. `notes` are lines of their own after
 * the first `after` entries ({after, player, text, key}: a move taken back,
 * online). The lines already on screen are kept (only their marks change),
 * so a long log costs little to redraw.
 * @param {HTMLElement} el @param {LogEntry[]} log
 * @param {{names: string[], format: LogFormat, freshAfter?: number, markFrom?: number, notes?: LogNote[], current?: number | null}} options
 * @returns {void} */
export function renderLog(el, log, { names, format, freshAfter = Infinity, markFrom = Infinity, notes = [], current = null }) {
  const version = `${language()}|${names.join('\u0000')}`;
  /** @type {{key: string, className: string, text: string, n?: number, rule?: {section: number, title: string} | null}[]} */
  const wanted = [];
  const noteAt = (/** @type {number} */ count) => {
    for (const note of notes) {
      if (note.after === count) wanted.push({ key: `${version}|note|${note.key}`, className: `log-note${entryClass(note.player)}`, text: note.text });
    }
  };
  noteAt(0);
  for (const [index, entry] of log.entries()) {
    const lines = entryLines(entry, format, names, version);
    const fresh = entry.n > freshAfter ? ' fresh' : '';
    // A game looked back on: the move shown, and those still to come.
    const reviewed = current === null ? '' : entry.n === current ? ' current' : entry.n > current ? ' future' : '';
    lines.lines.forEach(({ system, player, text, rule }, i) => {
      const className = system
        ? `log-system ${system}${fresh}${reviewed}`
        : `log-entry${entryClass(player)}${fresh}${entry.n >= markFrom ? ' last-move' : ''}${reviewed}`;
      wanted.push({ key: `${version}|${lines.sig}|${i}`, className, text, n: entry.n, rule });
    });
    noteAt(index + 1);
  }
  if (!wanted.length) wanted.push({ key: `${version}|empty`, className: 'log-empty', text: t('log.empty') });
  followEnd(el);
  const nearBottom = atEnd.get(el);
  // Keep the lines that are still the same, from the top; redo the rest.
  let before = shown.get(el) || [];
  if (before.length !== el.children.length || before.some((item, i) => el.children[i] !== item.node)) {
    el.replaceChildren();
    before = [];
  }
  let same = 0;
  while (same < before.length && same < wanted.length && before[same].key === wanted[same].key) same += 1;
  for (let i = before.length - 1; i >= same; i--) before[i].node.remove();
  const now = before.slice(0, same);
  now.forEach((item, i) => {
    if (item.node.className !== wanted[i].className) item.node.className = wanted[i].className;
  });
  /** @type {HTMLLIElement[]} */
  const added = [];
  for (let i = same; i < wanted.length; i++) {
    const li = document.createElement('li');
    li.className = wanted[i].className;
    li.textContent = wanted[i].text;
    const rule = wanted[i].rule;
    if (rule) {
      // The rule this line applies, in the rules in brief (app.js opens it).
      const link = document.createElement('button');
      link.type = 'button';
      link.className = 'log-rule';
      link.dataset.rulesSection = String(rule.section);
      link.textContent = t('log.rule', { title: rule.title });
      li.append(' ', link);
    }
    if (wanted[i].n !== undefined) li.dataset.n = String(wanted[i].n);
    added.push(li);
    now.push({ key: wanted[i].key, node: li });
  }
  if (added.length) el.append(...added);
  shown.set(el, now);
  if (added.length && (nearBottom || freshAfter !== Infinity)) scrollToEnd(el);
}
