// Haleakala in words (web/js/games/haleakala/text.js): see text-helpers.mjs
// for the checks every game passes; here, what Haleakala's words must say.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as haleakala from '../../web/js/games/haleakala/text.js';
import { FIXTURES, speak, snapshotOf, testEveryPosition } from './text-helpers.mjs';

testEveryPosition('haleakala', haleakala);

const fixture = (name, viewer) => FIXTURES.haleakala.find((f) => f.name.startsWith(name) && (viewer === undefined || f.view.viewer === viewer));
const NAMES = ['Ana', 'Bob'];
const describe = (f, view = f.view) => haleakala.describe(snapshotOf({ ...f, view }), { names: NAMES });

test('Haleakala: a section says its cards, the discs on its beach and their sums, the invocation discs, the boat, the statues and shamans up its slope, and its lava', () => {
  speak('en');
  const f = fixture('buy, pass', 1);
  const board = describe(f).find((s) => s.key === 'board').items;
  assert.equal(board[0], 'The boat is anchored off beach 6: a disc put there makes it sail as many sections as its value.');
  assert.equal(board[6], "Section 6: card Priestess and an empty slot; beach 6, the boat's: Ana 5 and Bob 4 + 5 = 9; meadow, forest and mountain free; crater 6: 1 lava disc.");
  assert.equal(board[2], "Section 2: cards Statue and White pearl; beach 2: no disc; Ana's shaman on forest 2 and Bob's shaman on mountain 2; no lava on crater 2.");
  assert.equal(board[3], "Section 3: cards Statue and Black pearl; beach 3: Ana 3 and Ana's invocation disc; meadow, forest and mountain free; crater 3: 1 lava disc.");
  // A statue and a shaman on one space.
  const spaces = f.view.spaces.map((space) => (space.id === 'Mt0' ? { ...space, statue: 1, shaman: 0 } : space));
  const altered = describe(f, { ...f.view, spaces }).find((s) => s.key === 'board').items;
  assert.equal(altered[1], "Section 1: cards Fish baskets +3 and Shell; beach 1: no disc; Ana's statue on forest 1 and Bob's statue and Ana's shaman on mountain 1; no lava on crater 1.");
});

test('Haleakala: a player says score, reserve, invocation disc, shaman, statues, baskets, shells and cards; the hand is the viewer\'s reserve (in French)', () => {
  speak('fr');
  const f = fixture('decline, lava', 0);
  const sections = describe(f);
  const players = sections.find((s) => s.key === 'players').items;
  assert.equal(
    players[0],
    'Ana (vous)\u00a0: 0 point\u00a0; disques 2 et 4 en réserve\u00a0; disque d\'invocation sur la plage 3\u00a0; chamane sur la forêt 2\u00a0; 7 statues à ériger, 1 sur l\'île\u00a0; ' +
      '4 paniers de poissons\u00a0; 2 papillons\u00a0; 1 coquillage\u00a0; cartes Paniers de poissons +2 ×2.',
  );
  assert.match(players[1], /\u00a0; cartes de score Papillons\u00a0; premier joueur\.$/);
  assert.deepEqual(sections.find((s) => s.key === 'hand').items, ['Disques 2 et 4.', 'Votre disque d\'invocation est sur la plage 3.']);
  assert.deepEqual(sections.find((s) => s.key === 'turn').items.slice(0, 3), [
    'À vous de jouer.',
    'Manche 1.',
    'Prêtresse\u00a0: Ana (vous) peut pousser un disque de lave vers un cratère voisin, ou ne rien déplacer. Votre disque d\'invocation reviendra ensuite dans votre réserve.',
  ]);
});

/** Press the button labelled `label` in the group `key`: the move played, or null. */
function presser(f) {
  let selection = haleakala.select.emptySelection();
  return (key, label) => {
    const { groups } = haleakala.choices(f.view, f.legal, selection);
    const found = (groups.find((g) => g.key === key) || { buttons: [] }).buttons.find((b) => b.label === label);
    assert.ok(found, `no "${label}" in ${key}: ${groups.flatMap((g) => g.buttons.map((b) => b.label)).join(' | ')}`);
    const result = haleakala.select.click(f.view, f.legal, selection, found.target);
    selection = result.selection;
    return { move: result.move, found, next: haleakala.choices(f.view, f.legal, selection) };
  };
}

test('Haleakala: the invocation disc, a disc, then the boat\'s beach, step by step; a chosen disc is pressed again to put it back (in French)', () => {
  speak('fr');
  const f = fixture('place, place on the boat', 1);
  const press = presser(f);
  let step = press('discs', 'Choisir le disque d\'invocation, à poser avec un disque sur la plage 1, celle du bateau');
  assert.equal(step.move, null);
  assert.equal(step.found.choice, 'invoke');
  assert.equal(step.next.prompt, 'Continuez à choisir, ou appuyez de nouveau sur une partie choisie pour la reprendre.');
  step = press('discs', 'Choisir le disque 3');
  const beaches = step.next.groups.find((g) => g.key === 'beaches').buttons;
  assert.deepEqual(beaches.map((b) => b.label), ['Jouer\u00a0: poser le disque 3 et le disque d\'invocation sur la plage 1, pour envoyer le bateau et la lave en section 4']);
  // The disc put back: the discs are offered again, the invocation disc stays chosen.
  step = press('discs', 'Disque 3 choisi\u00a0; appuyez pour le reposer');
  assert.equal(step.next.groups.find((g) => g.key === 'beaches'), undefined);
  assert.ok(step.next.groups.find((g) => g.key === 'discs').buttons.some((b) => b.selected && b.label === 'Disque d\'invocation choisi\u00a0; appuyez pour le reposer'));
  step = press('discs', 'Choisir le disque 2');
  step = press('beaches', 'Jouer\u00a0: poser le disque 2 et le disque d\'invocation sur la plage 1, pour envoyer le bateau et la lave en section 3');
  assert.equal(step.move.text, 'place 2 0 invoke');
});

test('Haleakala: a disc then any beach, and a crater then its neighbour, with their exact words (in English)', () => {
  speak('en');
  // Bob's disc 2 on beach 3: Ana's disc 2 there would make the sums equal.
  const place = presser(fixture('place, place on the boat', 0));
  const { next } = place('discs', 'Choose disc 2');
  assert.deepEqual(
    next.groups.find((g) => g.key === 'beaches').buttons.map((b) => b.label),
    [
      'Play: put disc 2 on beach 1, where the boat is, to send it to section 3',
      'Play: put disc 2 on beach 2',
      'Play: put disc 2 on beach 4',
      'Play: put disc 2 on beach 5',
      'Play: put disc 2 on beach 6',
    ],
  );
  const lava = presser(fixture('decline, lava', 0));
  const step = lava('craters', 'Move a lava disc from crater 3');
  assert.deepEqual(
    step.next.groups.find((g) => g.key === 'craters').buttons.map((b) => b.label),
    ['Crater 3 chosen; press to deselect it', 'Play: push a lava disc from crater 3 to crater 2', 'Play: push a lava disc from crater 3 to crater 4'],
  );
  assert.equal(lava('craters', 'Play: push a lava disc from crater 3 to crater 4').move.text, 'lava 2 3');
  assert.deepEqual(step.next.groups.find((g) => g.key === 'other').buttons.map((b) => b.label), ['Play: move no lava']);
});
