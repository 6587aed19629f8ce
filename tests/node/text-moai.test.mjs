// Moai in words (web/js/games/moai/text.js): see text-helpers.mjs for the
// checks every game passes; here, what Moai's words must say.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as moai from '../../web/js/games/moai/text.js';
import { FIXTURES, NAMES, speak, snapshotOf, testEveryPosition } from './text-helpers.mjs';

testEveryPosition('moai', moai);

const fixture = (name, viewer) => FIXTURES.moai.find((f) => f.name === name && (viewer === undefined || f.view.viewer === viewer));
const namesOf = (f) => NAMES.slice(0, f.setup.players);
const describe = (f) => moai.describe(snapshotOf(f), { names: namesOf(f) });

test('Moai: each place of the island says whose pieces stand on it, face down without a strength but for the viewer; a clan says its colour, order, card, tiles, pieces and wood', () => {
  speak('en');
  const f = fixture('raid (5 players, seed 0)');
  const sections = describe(f);
  const board = sections.find((s) => s.key === 'board').items;
  assert.equal(board[0], 'Volcano V1: Dan has 1 face-down piece; height hidden.');
  assert.ok(board.includes('Forest S1: Chloé (you) has 2 strength-3 pieces; Dan has 1 strength-1 piece.'));
  // Another clan's face-down strength is never said; the viewer's own is.
  assert.ok(board.includes('Forest S6: Ana has 2 face-down pieces; Chloé (you) has 1 face-down strength-2 piece; Dan has 1 face-down piece; Eli has 1 face-down piece.'));
  assert.ok(board.includes('Field F3: Eli has 1 strength-2 piece.'));
  assert.ok(board.includes('Free field: F13.'));
  assert.ok(board.includes('Fields covered by a disaster token: F6, F7, and F8.'));
  assert.ok(board.includes('Turn order on Orongo hill: Eli, Bob, Chloé, Dan, and Ana.'));
  const players = sections.find((s) => s.key === 'players').items;
  assert.equal(
    players[4],
    'Eli, pink ★ clan: position 1 in the turn order; the bird-man; epoch card Erosion (E1-12): 2 cards to draw and 3 huts in the reckoning; no Moai tile; ' +
      '0 pieces in camp; 3 on the island and the boats; reserve: 4 of strength 1, 5 of strength 2, and 6 of strength 3; 0 wood; 2 cards in hand.',
  );
  assert.deepEqual(sections.find((s) => s.key === 'hand').items, ['Rapa Nui cards: 1, 2, and Raid (value 1).', 'Camp empty.']);
  assert.deepEqual(sections.find((s) => s.key === 'turn').items, ['Your turn.', 'Round 1, production phase: Raids.', 'Chloé (you) cannot feed 4 pieces: each raid can save one.']);
});

test("Moai: a secret bid shows only that it is chosen; another clan's face-down tile has no height", () => {
  speak('fr');
  const bid = describe(fixture('bid (3 players, seed 0)', 1));
  assert.match(bid.find((s) => s.key === 'players').items[0], /^Ana, clan rouge ▲\u00a0: offre choisie, encore secrète\u00a0; aucune tuile Moai\u00a0;/);
  const carve = describe(fixture('carve a tile (3 players, seed 0)', 0));
  assert.match(carve.find((s) => s.key === 'players').items[2], /tuile Moai\u00a0: une face cachée, hauteur inconnue\u00a0;/);
});

test('Moai: a placement chosen step by step, the strength then the place, or the place then the strength (in French)', () => {
  speak('fr');
  const f = fixture('place, place on the volcano (3 players, seed 0)', 1);
  const names = namesOf(f);
  let selection = moai.select.emptySelection();
  const press = (groupKey, label) => {
    const { groups } = moai.choices(f.view, f.legal, selection, names);
    const found = groups.find((g) => g.key === groupKey).buttons.find((b) => b.label === label);
    assert.ok(found, `no "${label}" in ${groupKey}: ${groups.flatMap((g) => g.buttons.map((b) => b.label)).join(' | ')}`);
    const result = moai.select.click(f.view, f.legal, selection, found.target);
    selection = result.selection;
    return result.move;
  };
  assert.equal(press('camp', 'Choisir un pion de force 2 (3 au camp)'), null);
  const second = moai.choices(f.view, f.legal, selection, names);
  assert.match(second.prompt, /^Où placer le pion de force 2\u00a0\?/);
  assert.deepEqual(second.groups.find((g) => g.key === 'camp').buttons.map((b) => [b.label, b.choice]), [["Choix\u00a0: un pion de force 2\u00a0; appuyez pour l'annuler", null]]);
  const places = second.groups.find((g) => g.key === 'board').buttons;
  assert.deepEqual(places[0], { label: 'Jouer\u00a0: placer un pion de force 2 face cachée en forêt S1', target: places[0].target, choice: 'place 2 S1', selected: false });
  assert.equal(press('board', 'Jouer\u00a0: placer un pion de force 2 sur le champ F5').text, 'place 2 F5');
  // The place first: a new volcano space, then the strength.
  assert.equal(press('board', 'Ouvrir une nouvelle case du volcan, V1'), null);
  const third = moai.choices(f.view, f.legal, selection, names);
  assert.match(third.prompt, /^Quel pion placer en volcan V1\s\? Choisissez une force dans votre camp\.$/);
  assert.deepEqual(third.groups.find((g) => g.key === 'board').buttons.map((b) => b.label), ["Choix\u00a0: volcan V1\u00a0; appuyez pour l'annuler"]);
  assert.equal(press('camp', 'Jouer\u00a0: ouvrir une nouvelle case du volcan avec un pion de force 3 (au volcan V1)').text, 'place 3 V1');
});

test("Moai: a Moai carved step by step, the space then the tile's side", () => {
  speak('en');
  const f = fixture('carve a tile (3 players, seed 0)', 2);
  const first = moai.choices(f.view, f.legal, moai.select.emptySelection(), namesOf(f));
  assert.equal(first.prompt, 'Volcano: choose a statue to finish (1 wood for a tile; you have 2), or stop.');
  const space = first.groups.find((g) => g.key === 'board').buttons[0];
  assert.equal(space.label, "Finish the Moai at volcano V2 (2 m), then choose the tile's side");
  assert.deepEqual(first.groups.find((g) => g.key === 'actions').buttons.map((b) => b.label), ['Play: stop carving']);
  const { selection } = moai.select.click(f.view, f.legal, moai.select.emptySelection(), space.target);
  const second = moai.choices(f.view, f.legal, selection, namesOf(f));
  assert.equal(second.prompt, 'The tile face up or face down?');
  assert.deepEqual(
    second.groups.map((g) => [g.key, g.buttons.map((b) => [b.label, b.choice])]),
    [
      ['board', [['Chosen: volcano V2; press to put it back', null]]],
      [
        'actions',
        [
          ['Play: finish the Moai at volcano V2 (2 m) and take its tile face up', 'carve V2'],
          ['Play: finish the Moai at volcano V2 (2 m) and take its tile face down', 'carve V2 facedown'],
          ['Play: stop carving', 'done'],
        ],
      ],
    ],
  );
});
