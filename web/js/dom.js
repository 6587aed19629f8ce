// @ts-check
// Building HTML elements: h('p', {class: 'note', onclick: fn}, 'text', child).
// null, undefined and false attributes or children are left out; `true` sets
// an empty attribute; `value` is set as the property (form fields).

/** An attribute's value: text, a number, on (true) or left out (null,
 * undefined, false); an `on…` attribute's is its event handler, whatever
 * kind of event it takes.
 * @typedef {string | number | boolean | null | undefined | ((event: any) => void)} AttrValue */

/** A child: a node, text or a number; null, undefined and false are left out.
 * @typedef {Node | string | number | null | undefined | false} Child */

/**
 * @param {keyof HTMLElementTagNameMap} tag
 * @param {Record<string, AttrValue>} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {any} the element; any, as the modules that build with h read
 *   each kind of element's own properties on it without a cast
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'class') node.className = /** @type {string} */ (value);
    else if (name.startsWith('on') && typeof value === 'function') node.addEventListener(name.slice(2), value);
    else if (name === 'value') /** @type {HTMLInputElement} */ (node).value = /** @type {string} */ (value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'number' ? String(child) : child);
  }
  return node;
}

/** Offer `data` to the player as a JSON file named `name`.
 * @param {unknown} data @param {string} name @returns {void} */
export function downloadJson(data, name) {
  const blob = new Blob([JSON.stringify(data, null, 1)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
