// @ts-check
// Every visible word comes from i18n/<lang>.json. `t(key, params)` fills
// {placeholders}; `applyTo(root)` translates the static markup through its
// data-i18n* attributes.

export const LANGUAGES = ['fr', 'en'];
export const DEFAULT_LANGUAGE = 'fr';

/** The language a first visit speaks: the first of the browser's preferred
 * languages that the site has ("fr-CA" is French, "en-GB" English), French
 * otherwise. A choice made in the menu, or a link's language, wins over it.
 * @param {readonly string[]} [preferred] @returns {string} */
export function preferredLanguage(preferred = globalThis.navigator?.languages ?? []) {
  for (const tag of preferred) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** A language's sentences by key (its i18n/<lang>.json).
 * @typedef {Record<string, string>} Strings */

/** The values a sentence's {placeholders} are filled with.
 * @typedef {Record<string, unknown>} Params */

/** @type {Strings} */
let strings = {};
let current = DEFAULT_LANGUAGE;
/** @type {Set<(lang: string) => void>} */
const listeners = new Set();
/** @type {Map<string, Promise<Strings>>} */
const cache = new Map();

/** @param {string} lang @returns {Promise<Strings>} */
async function fetchStrings(lang) {
  if (!cache.has(lang)) {
    const url = new URL(`../i18n/${lang}.json`, import.meta.url);
    cache.set(
      lang,
      fetch(url).then((response) => {
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        return response.json();
      }),
    );
  }
  return /** @type {Promise<Strings>} */ (cache.get(lang));
}

/** Speak `lang` with these strings (its i18n/<lang>.json), without a
 * page: what setLanguage does once they are fetched, and what Node's tests
 * of the words call.
 * @param {string} lang @param {Strings} table @returns {void} */
export function useStrings(lang, table) {
  strings = table;
  current = lang;
}

/** Switch language: loads the strings, updates <html lang>, tells listeners.
 * @param {string} lang @returns {Promise<string>} the language now spoken */
export async function setLanguage(lang) {
  const wanted = LANGUAGES.includes(lang) ? lang : DEFAULT_LANGUAGE;
  useStrings(wanted, await fetchStrings(wanted));
  document.documentElement.lang = wanted;
  for (const listener of listeners) listener(wanted);
  return wanted;
}

/** The language spoken now. @returns {string} */
export function language() {
  return current;
}

/** Call `listener(lang)` at each change of language; returns what stops it.
 * @param {(lang: string) => void} listener @returns {() => boolean} */
export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the language has a sentence for `key`. @param {string} key @returns {boolean} */
export function has(key) {
  return Object.prototype.hasOwnProperty.call(strings, key);
}

/** The sentence for `key` with {name} replaced from `params`. A missing key
 * shows itself, which a test notices at once.
 * @param {string} key @param {Params} [params] @returns {string} */
export function t(key, params = {}) {
  const template = has(key) ? strings[key] : key;
  const filled = template.replace(/\{(\w+)\}/g, (/** @type {string} */ whole, /** @type {string} */ name) =>
    params[name] === undefined || params[name] === null ? whole : String(params[name]),
  );
  return current === 'fr' && template.includes('{') ? elide(template, params, filled) : filled;
}

// French elides "de", "que", "le", "la"… before a vowel: "la main d’Ana",
// "le pont d’ELOI". The sentences are written with the full word before a
// placeholder; the value decides.
const ELIDED = /(^|[\s(«])(de|que|le|la|ne|se|je|me|te|jusque) \{(\w+)\}/gi;
const VOWEL = /^[aeiouyàâäéèêëîïôöûüAEIOUYÀÂÄÉÈÊËÎÏÔÖÛÜ]/;

/** @param {string} template @param {Params} params @param {string} filled @returns {string} */
function elide(template, params, filled) {
  if (!ELIDED.test(template)) return filled;
  ELIDED.lastIndex = 0;
  const elided = template.replace(ELIDED, (/** @type {string} */ whole, /** @type {string} */ before, /** @type {string} */ word, /** @type {string} */ name) => {
    const value = params[name];
    if (value === undefined || value === null || !VOWEL.test(String(value))) return whole;
    return `${before}${word.slice(0, -1)}’{${name}}`;
  });
  return elided.replace(/\{(\w+)\}/g, (/** @type {string} */ whole, /** @type {string} */ name) =>
    params[name] === undefined || params[name] === null ? whole : String(params[name]),
  );
}

/** A sentence that depends on a count: `key.one` or `key.other` (by the
 * language's plural rules, so French says "0 île" and English "0 islands").
 * @param {string} key @param {number} count @param {Params} [params] @returns {string} */
export function plural(key, count, params = {}) {
  let category = 'other';
  try {
    category = formatter('plural', () => new Intl.PluralRules(current)).select(Number(count));
  } catch {
    category = Number(count) === 1 ? 'one' : 'other';
  }
  const all = { ...params, count };
  if (has(`${key}.${category}`)) return t(`${key}.${category}`, all);
  if (has(`${key}.other`)) return t(`${key}.other`, all);
  return t(key, all);
}

/** A place in a ranking in words: "1st", "2nd" in English, "1er", "2e" in
 * French (the keys `ordinal.<category>` of the language's ordinal rules).
 * @param {number} n @returns {string} */
export function ordinal(n) {
  let category = 'other';
  try {
    category = formatter('ordinal', () => new Intl.PluralRules(current, { type: 'ordinal' })).select(Number(n));
  } catch {
    category = 'other';
  }
  return t(has(`ordinal.${category}`) ? `ordinal.${category}` : 'ordinal.other', { n });
}

/** A whole number in the current language (narrow spaces, tabular use).
 * @param {number} value @returns {string} */
export function number(value) {
  return formatter('number', () => new Intl.NumberFormat(current)).format(value);
}

// Intl objects are slow to make and the log and the panels ask for them
// hundreds of times a move: one of each per language.
/** @type {Map<string, unknown>} */
const formatters = new Map();
/** @template T @param {string} kind @param {() => T} make @returns {T} */
function formatter(kind, make) {
  const key = `${kind}/${current}`;
  if (!formatters.has(key)) formatters.set(key, make());
  return /** @type {T} */ (formatters.get(key));
}

/** Make the language's number, plural and list formatters ahead: the first
 * one the browser makes loads its locale data (several ms), which is better
 * spent while Python boots than when the first board is drawn.
 * @returns {void} */
export function prepareFormatters() {
  try {
    formatter('number', () => new Intl.NumberFormat(current));
    formatter('plural', () => new Intl.PluralRules(current));
    formatter('list', () => new Intl.ListFormat(current, { style: 'long', type: 'conjunction' }));
  } catch {
    /* made when first needed instead */
  }
}

/** Join names as a list: "Ana et Bot", "Ana and Bot"; what is not there
 * (null, undefined: a part a sentence left out) is not listed.
 * @param {readonly (string | number | null | undefined)[]} items @returns {string} */
export function list(items) {
  const words = items.filter((item) => item !== null && item !== undefined).map(String);
  try {
    return formatter('list', () => new Intl.ListFormat(current, { style: 'long', type: 'conjunction' })).format(words);
  } catch {
    return words.join(', ');
  }
}

/** Translate the static markup under `root`:
 * data-i18n (text), data-i18n-aria (aria-label), data-i18n-title,
 * data-i18n-placeholder.
 * @param {ParentNode} [root] @returns {void} */
export function applyTo(root = document) {
  // Only what changes is written: the page starts in French, and rewriting
  // equal text would lay the menu out again while Python boots.
  /** @param {HTMLElement & {placeholder?: string}} node @param {'textContent' | 'title' | 'placeholder'} property @param {string} text */
  const set = (node, property, text) => {
    if (node[property] !== text) node[property] = text;
  };
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-i18n]'))) set(node, 'textContent', t(/** @type {string} */ (node.dataset.i18n)));
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-i18n-aria]'))) {
    const text = t(/** @type {string} */ (node.dataset.i18nAria));
    if (node.getAttribute('aria-label') !== text) node.setAttribute('aria-label', text);
  }
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-i18n-title]'))) set(node, 'title', t(/** @type {string} */ (node.dataset.i18nTitle)));
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-i18n-placeholder]'))) set(node, 'placeholder', t(/** @type {string} */ (node.dataset.i18nPlaceholder)));
}
