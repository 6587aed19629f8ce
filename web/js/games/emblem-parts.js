// @ts-check
// What the games' pictures in the menu are drawn with (each game's
// emblem.js): the boards' palette and their islands, links and bridges, in
// small, on a square of sea 40 × 40. Decorative: the game's name stands
// beside its picture.

export const SAND = '#e8d5ae';
export const GRASS = '#6a9f4b';
export const BASALT = '#6b5b53';
export const PAPER = '#f4e9d2';

/** An island at (x, y), `r` the radius of its beach: sand, and grass within.
 * @param {number} x @param {number} y @param {number} r
 * @returns {string} */
export const isle = (x, y, r) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${SAND}"/><circle cx="${x}" cy="${y}" r="${(r * 0.68).toFixed(1)}" fill="${GRASS}"/>`;

/** A dotted sea lane along the path `d`.
 * @param {string} d
 * @returns {string} */
export const link = (d) => `<path d="${d}" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="0 4.5" stroke-linecap="round"/>`;

/** A bridge's plank centred on (x, y), turned by `angle` degrees, in `colour`.
 * @param {number} x @param {number} y @param {number} angle @param {string} colour
 * @returns {string} */
export const plank = (x, y, angle, colour) =>
  `<rect x="${x - 5}" y="${y - 2.5}" width="10" height="5" rx="1.2" fill="${colour}" stroke="${PAPER}" transform="rotate(${angle} ${x} ${y})"/>`;
