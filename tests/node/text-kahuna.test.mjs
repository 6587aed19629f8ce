// Kahuna in words (web/js/games/kahuna/text.js): see text-helpers.mjs for
// the checks every game passes; here, what Kahuna's words must say.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as kahuna from '../../web/js/games/kahuna/text.js';
import { FIXTURES, speak, snapshotOf, testEveryPosition } from './text-helpers.mjs';

testEveryPosition('kahuna', kahuna);

test('Kahuna: an island says its lines, who controls it and whose bridge leads where; the hand and the cards are listed', () => {
  speak('en');
  const { view, turn: table } = FIXTURES.kahuna[0];
  const names = ['Ana', 'Bob'];
  const island = { ...view.islands.find((i) => i.name === 'ALOA'), controller: 0, counts: [2, 0] };
  const lines = view.lines.map((line) => (line.a === 'ALOA' && line.b === 'BARI' ? { ...line, owner: 0 } : line.a === 'ALOA' && line.b === 'DUDA' ? { ...line, owner: 0 } : line));
  const altered = { ...view, islands: view.islands.map((i) => (i.name === 'ALOA' ? island : i)), lines };
  const sections = kahuna.describe(snapshotOf({ ...FIXTURES.kahuna[0], view: altered }), { names });
  const board = sections.find((s) => s.key === 'board');
  assert.equal(
    board.items[0],
    "ALOA: 3 lines, 2 bridges to control it; controlled by Ana; bridges: Ana has 2; lines to BARI bridged by Ana, to DUDA bridged by Ana, and to HUNA free.",
  );
  const hand = sections.find((s) => s.key === 'hand');
  assert.equal(hand.items[0], `${view.hand[0]}, ${view.hand[1]}, and ${view.hand[2]}`);
  const turn = sections.find((s) => s.key === 'turn');
  assert.equal(turn.items[0], table.to_move.includes(view.viewer) ? 'Your turn.' : `${names[table.to_move[0]]} to play.`);
  const players = sections.find((s) => s.key === 'players');
  assert.match(players.items[view.viewer], /^Bob \(you\): 0 points, 0 islands, 0 bridges laid, 25 in supply; Bob's hand: 3 cards\.$/);
});

test('Kahuna: a card then a line, step by step; the chosen card is pressed again to put it back', () => {
  speak('fr');
  const { view, legal } = FIXTURES.kahuna[0];
  const first = kahuna.choices(view, legal, kahuna.select.emptySelection());
  const cards = first.groups.find((g) => g.key === 'cards');
  const card = cards.buttons.find((b) => b.choice && b.choice.startsWith('card:'));
  assert.equal(card.label, `Choisir la carte ${card.choice.slice(5)}`);
  const { selection } = kahuna.select.click(view, legal, kahuna.select.emptySelection(), card.target);
  const second = kahuna.choices(view, legal, selection);
  const chosen = second.groups.find((g) => g.key === 'cards').buttons.find((b) => b.selected);
  assert.equal(chosen.label, `Carte ${card.choice.slice(5)} choisie\u00a0; appuyez pour la reposer`);
  assert.equal(chosen.choice, null);
  const lines = second.groups.find((g) => g.key === 'lines').buttons;
  assert.ok(lines.length > 0);
  for (const line of lines) assert.match(line.label, /^Jouer\u00a0: poser un pont .+ avec la carte /);
});
