// What the page keeps in localStorage: the language, the last set-up of the
// menu, and one autosaved game per game id. Keys carry a version so that a
// later format never misreads an older one; every entry is separate, so one
// unreadable save never costs the others.

const PREFIX = 'archipel.v1.';
const AUTOSAVE = PREFIX + 'autosave.';

function read(key) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return undefined; // present but unreadable
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // storage full or disabled: the game goes on unsaved
  }
}

function remove(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    /* storage disabled: nothing to remove */
  }
}

export function savedLanguage() {
  const lang = read(PREFIX + 'lang');
  return typeof lang === 'string' ? lang : null;
}

export function saveLanguage(lang) {
  write(PREFIX + 'lang', lang);
}

export function savedSetup() {
  const setup = read(PREFIX + 'setup');
  return setup && typeof setup === 'object' ? setup : {};
}

export function saveSetup(setup) {
  write(PREFIX + 'setup', setup);
}

/** The autosaves present, newest first: [{game, savedAt, names, record}].
 * An entry that cannot be parsed is listed with `broken: true`. */
export function autosaves() {
  const found = [];
  let keys = [];
  try {
    keys = Object.keys(localStorage).filter((key) => key.startsWith(AUTOSAVE));
  } catch {
    return found;
  }
  for (const key of keys) {
    const game = key.slice(AUTOSAVE.length);
    const entry = read(key);
    if (entry && typeof entry === 'object' && entry.record && typeof entry.record === 'object') {
      found.push({ ...entry, game });
    } else {
      found.push({ game, broken: true });
    }
  }
  return found.sort((a, b) => (b.savedAt || 0) - (a.savedAt || 0));
}

export function autosave(game, record, names) {
  return write(AUTOSAVE + game, { game, savedAt: Date.now(), names, record });
}

export function forgetAutosave(game) {
  remove(AUTOSAVE + game);
}
