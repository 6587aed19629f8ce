// The move log in words. Each entry is one move: its events become sentences
// through i18n; events that belong to no player (round ends, scorings,
// reshuffles) stand on their own lines.

import { t, has, language } from './i18n.js';

/** One event as a sentence. `format` is the game's hook giving the key and
 * the filled-in values; an unknown key falls back to the plain key. */
export function eventText(event, format, names) {
  return eventLine(event, format, names).text;
}

/** The sentence, and whether it belongs to the move's own line although no
 * player acts in it (`inline` from the game's hook: "… ALOA is turned up in
 * its place."), or stands on a line of its own although it names a player
 * (`apart`: a scoring's points, a statue the lava burns). */
function eventLine(event, format, names) {
  const { key, params, inline, apart } = format(event, { names });
  let text;
  if (has(key)) text = t(key, params);
  else text = has(event.key) ? t(event.key, params) : event.key;
  return { text, inline: Boolean(inline), apart: Boolean(apart) };
}

function entryClass(player) {
  return player === undefined || player === null ? '' : ` p${player}`;
}

// The sentences of each entry, kept while the game, the language and the
// names stay the same: a long game's log is redrawn after every move, and
// only its newest entries have anything new to say. (A game's `format` hook
// therefore gives the same sentence for the same event and names.)
let sentences = new Map();
let sentencesFor = null;

function entryLines(entry, format, names, version) {
  if (!sentencesFor || sentencesFor.format !== format || sentencesFor.version !== version) {
    sentences = new Map();
    sentencesFor = { format, version };
  }
  const sig = `${entry.n}|${entry.player}|${JSON.stringify(entry.events)}`;
  let lines = sentences.get(sig);
  if (!lines) {
    const own = [];
    const system = [];
    for (const event of entry.events) {
      const { text, inline, apart } = eventLine(event, format, names);
      if ((event.player === undefined || event.player === null || apart) && !(inline && own.length)) {
        system.push({ kind: event.key.split('.').pop(), text });
      } else own.push(text);
    }
    lines = { sig, own: own.length ? own.join(' ') : null, system };
    sentences.set(sig, lines);
  }
  return lines;
}

// What each log element shows: [{key, node}], in order.
const shown = new WeakMap();

/** Redraw the log. Entries numbered above `freshAfter` are marked as new
 * (for a moment); entries from `markFrom` on are the latest turn of another
 * player, marked until the next move. The lines already on screen are kept
 * (only their marks change), so a long log costs little to redraw. */
export function renderLog(el, log, { names, format, freshAfter = Infinity, markFrom = Infinity }) {
  const version = `${language()}|${names.join('\u0000')}`;
  const wanted = [];
  for (const entry of log) {
    const lines = entryLines(entry, format, names, version);
    const fresh = entry.n > freshAfter ? ' fresh' : '';
    if (lines.own !== null) {
      wanted.push({
        key: `${version}|${lines.sig}|own`,
        className: `log-entry${entryClass(entry.player)}${fresh}${entry.n >= markFrom ? ' last-move' : ''}`,
        text: lines.own,
      });
    }
    lines.system.forEach(({ kind, text }, i) => {
      wanted.push({ key: `${version}|${lines.sig}|${i}`, className: `log-system ${kind}${fresh}`, text });
    });
  }
  if (!wanted.length) wanted.push({ key: `${version}|empty`, className: 'log-empty', text: t('log.empty') });
  const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 60;
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
  const added = [];
  for (let i = same; i < wanted.length; i++) {
    const li = document.createElement('li');
    li.className = wanted[i].className;
    li.textContent = wanted[i].text;
    added.push(li);
    now.push({ key: wanted[i].key, node: li });
  }
  if (added.length) el.append(...added);
  shown.set(el, now);
  if (nearBottom || freshAfter !== Infinity) el.scrollTop = el.scrollHeight;
}
