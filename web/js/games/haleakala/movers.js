// @ts-check
// What moves on the Haleakala board (board.js) rather than being drawn anew
// at each position: the boat, sailing round the island, and the shamans,
// walking from space to space. Each is drawn once per board built, then
// moved (a transition, or a jump: a new game, an undo). Where each stands
// goes into the board's `anchors`.

import { svg, f1 } from '../../board-svg.js';
import { t } from '../../i18n.js';
import { parseSpace, spaceName } from './log.js';
import { shaman, boat } from './pieces.js';
import { CX, CY, sectionAngle, polar, spacePlace, hutSpot } from './geometry.js';

/** @typedef {import('./types.js').HaleakalaView} HaleakalaView */
/** @typedef {import('./geometry.js').Measures} Measures */
/** @typedef {import('./geometry.js').Point} Point */
/** @typedef {import('./geometry.js').ParsedSpace} ParsedSpace */

/** Where the movers are drawn: the board's measures, the boat's and the
 * shamans' layers, and where what is drawn stands.
 * @typedef {{G: Measures, boatLayer: SVGElement, shamanLayer: SVGElement, anchors: Map<string, Point>}} Ground */

/** The boat and the shamans of a board; `forget()` once it is built anew. */
export class Movers {
  constructor() {
    /** @private @type {SVGElement | null} */
    this.boatNode = null;
    /** @private @type {number | null} */
    this.boatAngle = null;
    /** @private @type {SVGElement[]} */
    this.shamanNodes = [];
  }

  /** The board was built anew: the movers are drawn again. */
  forget() {
    this.boatNode = null;
    this.boatAngle = null;
    this.shamanNodes = [];
  }

  /** The boat, sailing to section `section` (a jump: put there).
   * @param {Ground} ground
   * @param {number} section
   * @param {boolean} jump */
  drawBoat({ G, boatLayer, anchors }, section, jump) {
    const target = sectionAngle(section);
    if (!this.boatNode) {
      this.boatNode = /** @type {SVGElement} */ (svg('g', { class: 'hk-boat' }));
      const inner = svg('g', { class: 'hk-boat-upright' });
      inner.append(svg('g', { transform: `translate(${CX + G.boat.r},${CY})` }, boat(G.boat.scale)));
      this.boatNode.append(inner);
      boatLayer.append(this.boatNode);
      this.boatAngle = target;
      jump = true;
    }
    const boatNode = this.boatNode;
    // Always forward (clockwise), as the boat sails; a jump (a new game,
    // an undo) goes straight there.
    let angle = this.boatAngle;
    if (jump) angle = target;
    else {
      // (The boat drawn before, its angle is known.)
      const delta = (((target - /** @type {number} */ (this.boatAngle)) % 360) + 360) % 360;
      angle = /** @type {number} */ (this.boatAngle) + delta;
    }
    boatNode.classList.toggle('instant', jump);
    this.boatAngle = angle;
    boatNode.style.transformOrigin = `${CX}px ${CY}px`;
    boatNode.style.transform = `rotate(${f1(angle - 0)}deg)`;
    const inner = /** @type {SVGElement} */ (boatNode.firstChild);
    inner.style.transformOrigin = `${CX + G.boat.r}px ${CY}px`;
    inner.style.transform = `rotate(${f1(-angle)}deg)`;
    boatNode.setAttribute('data-section', String(section));
    anchors.set('boat', polar(G.boat.r, target));
  }

  /** The shamans, walking to their spaces (a jump: put there).
   * @param {Ground} ground
   * @param {HaleakalaView} view
   * @param {string[]} names
   * @param {boolean} jump */
  drawShamans({ G, shamanLayer, anchors }, view, names, jump) {
    view.players.forEach((player, p) => {
      const where = player.shaman;
      const space = /** @type {ParsedSpace} */ (parseSpace(where));
      /** @type {Point} */
      let spot;
      if (space.terrain === 'beach') spot = /** @type {Point} */ (hutSpot(G, space.section).map((v, i) => v + (i ? -10 : 0)));
      else {
        const place = spacePlace(G, where);
        const statueThere = view.spaces.find((sp) => sp.id === where);
        spot = statueThere && statueThere.statue !== null && statueThere.statue !== undefined ? place.right : place.centre;
      }
      let node = this.shamanNodes[p];
      if (!node) {
        node = /** @type {SVGElement} */ (svg('g', { class: 'hk-shaman-spot' }, shaman(p, 0, 0, G.shaman)));
        this.shamanNodes[p] = node;
        shamanLayer.append(node);
        jump = true;
      }
      node.classList.toggle('instant', jump);
      node.style.transform = `translate(${f1(spot[0])}px, ${f1(spot[1] - 2)}px)`;
      node.setAttribute('data-space', where);
      node.setAttribute('role', 'img');
      node.setAttribute('aria-label', t('haleakala.aria.shaman', { player: names[p], space: spaceName(where) }));
      anchors.set(`shaman-${p}`, spot);
    });
  }
}
