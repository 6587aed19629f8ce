// The move log in words. Each entry is one move: its events become sentences
// through i18n; events that belong to no player (round ends, scorings,
// reshuffles) stand on their own lines.

import { t, has } from './i18n.js';

/** One event as a sentence. `format` is the game's hook giving the key and
 * the filled-in values; an unknown key falls back to the plain key. */
export function eventText(event, format, names) {
  const { key, params } = format(event, { names });
  if (has(key)) return t(key, params);
  return has(event.key) ? t(event.key, params) : event.key;
}

function entryClass(player) {
  return player === undefined || player === null ? '' : ` p${player}`;
}

/** Redraw the log. Entries numbered above `freshAfter` are marked as new
 * (for a moment); entries from `markFrom` on are the latest turn of another
 * player, marked until the next move. */
export function renderLog(el, log, { names, format, freshAfter = Infinity, markFrom = Infinity }) {
  const items = [];
  for (const entry of log) {
    const own = [];
    const system = [];
    for (const event of entry.events) {
      const text = eventText(event, format, names);
      if (event.player === undefined || event.player === null) system.push({ event, text });
      else own.push(text);
    }
    const fresh = entry.n > freshAfter ? ' fresh' : '';
    if (own.length) {
      const li = document.createElement('li');
      li.className = `log-entry${entryClass(entry.player)}${fresh}${entry.n >= markFrom ? ' last-move' : ''}`;
      li.textContent = own.join(' ');
      items.push(li);
    }
    for (const { event, text } of system) {
      const li = document.createElement('li');
      const kind = event.key.split('.').pop();
      li.className = `log-system ${kind}${fresh}`;
      li.textContent = text;
      items.push(li);
    }
  }
  if (!items.length) {
    const li = document.createElement('li');
    li.className = 'log-empty';
    li.textContent = t('log.empty');
    items.push(li);
  }
  const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 60;
  el.replaceChildren(...items);
  if (nearBottom || freshAfter !== Infinity) el.scrollTop = el.scrollHeight;
}
