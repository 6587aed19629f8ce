// Kanaloa in words (web/js/games/kanaloa/text.js): see text-helpers.mjs for
// the checks every game passes; here, what Kanaloa's words must say.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as kanaloa from '../../web/js/games/kanaloa/text.js';
import { FIXTURES, speak, snapshotOf, testEveryPosition } from './text-helpers.mjs';

testEveryPosition('kanaloa', kanaloa);

const fixture = (name, viewer) => FIXTURES.kanaloa.find((f) => f.name.startsWith(name) && (viewer === undefined || f.view.viewer === viewer));
const describe = (f, names) => kanaloa.describe(snapshotOf(f), { names });
/** A link's name as the words write it (unbroken at its dash). */
const link = (name) => name.replace('-', '–\u2060');

test('Kanaloa: an island says its size, who controls it, the bridges of each colour, its stone and whose bridge leads where; a player says colours, hand and tablet', () => {
  speak('en');
  const f = fixture('build with KANALOA', 0);
  const names = ['Ana', 'Bob'];
  const sections = describe(f, names);
  const board = sections.find((s) => s.key === 'board');
  assert.equal(
    board.items[0],
    `ALOA, large island: 5 links, 3 bridges to control it; controlled by nobody; Ana (red ▲): 2 bridges, Ana (yellow ●): 2 bridges, and Bob (blue ◆): 1 bridge; KANE stone to seize; ` +
      `links to BAFI bridged by Bob (blue ◆), to COCO bridged by Ana (red ▲), to DALI bridged by Ana (yellow ●), to ELOI bridged by Ana (red ▲), and to FARE bridged by Ana (yellow ●).`,
  );
  const players = sections.find((s) => s.key === 'players');
  assert.equal(
    players.items[0],
    "Ana (you): 2 points (weaker colour); red ▲: 2 points, 14 bridges in stock, 6 on the board, 1 island controlled; yellow ●: 5 points, 10 bridges in stock, 10 on the board, 2 islands controlled; Ana's hand: 1 card; tablet: KANALOA.",
  );
  // Another player's hand: its size and the cards known in it, never more.
  assert.equal(
    players.items[1],
    "Bob: 0 points (weaker colour); blue ◆: 4 points, 9 bridges in stock, 11 on the board, 1 island controlled; green ■: 0 points, 17 bridges in stock, 3 on the board, 0 islands controlled; Bob's hand: 3 cards; known cards: ELOI; tablet: no stone.",
  );
  const turn = sections.find((s) => s.key === 'turn');
  assert.deepEqual(turn.items, ['Your turn.', 'Round 2.', 'Ana (you) plays yellow ● this turn.']);
  assert.deepEqual(sections.find((s) => s.key === 'hand').items, ['JEKA.', 'Your tablet: KANALOA.']);
  assert.equal(sections.find((s) => s.key === 'scorings').items[0], 'KANE: Ana (yellow ●) +2 on NALU, Bob (blue ◆) +2 on GAPU, and Ana (red ▲) +1 on HONU.');
});

test('Kanaloa: a replacement chosen step by step, the bridge first, then two cards (in French)', () => {
  speak('fr');
  const { view, legal } = fixture('replace', 0);
  let selection = kanaloa.select.emptySelection();
  const press = (groupKey, label) => {
    const { groups } = kanaloa.choices(view, legal, selection, ['Ana', 'Bob']);
    const found = groups.find((g) => g.key === groupKey).buttons.find((b) => b.label === label);
    assert.ok(found, `no "${label}" in ${groupKey}: ${groups.flatMap((g) => g.buttons.map((b) => b.label)).join(' | ')}`);
    const result = kanaloa.select.click(view, legal, selection, found.target);
    selection = result.selection;
    return result.move;
  };
  assert.equal(press('links', `Choisir le pont ${link('ELOI-NALU')} de Bob (bleu ◆)`), null);
  const second = kanaloa.choices(view, legal, selection, ['Ana', 'Bob']);
  assert.equal(second.prompt, `Pont ${link('ELOI-NALU')} : choisissez deux cartes (ELOI ou NALU) pour le remplacer.`);
  assert.equal(second.groups[0].key, 'links');
  assert.equal(second.groups[0].buttons[0].label, `Liaison ${link('ELOI-NALU')} choisie ; appuyez pour la désélectionner`);
  assert.equal(press('cards', 'Choisir la carte NALU'), null);
  const third = kanaloa.choices(view, legal, selection, ['Ana', 'Bob']);
  const cards = third.groups.find((g) => g.key === 'cards').buttons;
  assert.deepEqual(
    cards.map((b) => [b.label, b.choice]),
    [
      ['Carte NALU choisie ; appuyez pour la reposer', null],
      [`Jouer\u00a0: remplacer le pont ${link('ELOI-NALU')} avec NALU + NALU`, 'replace ELOI-NALU NALU NALU'],
    ],
  );
  const move = press('cards', `Jouer\u00a0: remplacer le pont ${link('ELOI-NALU')} avec NALU + NALU`);
  assert.equal(move.text, 'replace ELOI-NALU NALU NALU');
});

test('Kanaloa: a card first offers its links, the discard and the second card; KU asks whose hand', () => {
  speak('en');
  const f = fixture('replace', 0);
  const first = kanaloa.choices(f.view, f.legal, kanaloa.select.emptySelection(), ['Ana', 'Bob']);
  // Two NALU cards do the same: one button.
  assert.deepEqual(first.groups.find((g) => g.key === 'cards').buttons.map((b) => b.label), ['Choose the MOTU card', 'Choose the NALU card']);
  const nalu = first.groups.find((g) => g.key === 'cards').buttons[1];
  const { selection } = kanaloa.select.click(f.view, f.legal, kanaloa.select.emptySelection(), nalu.target);
  const next = kanaloa.choices(f.view, f.legal, selection, ['Ana', 'Bob']);
  assert.equal(next.prompt, 'Choose a free link at NALU. Or a 2nd card to replace a bridge. Or discard it face down.');
  assert.deepEqual(
    next.groups.map((g) => g.key),
    ['links', 'actions', 'cards'],
  );
  assert.deepEqual(next.groups[0].buttons.map((b) => b.label), [
    `Play: build a bridge on ${link('COCO-NALU')} with the NALU card`,
    `Choose the bridge of Bob (blue ◆) on ${link('ELOI-NALU')}`,
    `Play: build a bridge on ${link('LANI-NALU')} with the NALU card`,
    `Play: build a bridge on ${link('MOTU-NALU')} with the NALU card`,
  ]);
  assert.deepEqual(next.groups[1].buttons.map((b) => b.label), ['Play: discard NALU face down']);

  // Three players: KU, then the opponent.
  const ku = fixture('ku on one of several', 2);
  const stones = kanaloa.choices(ku.view, ku.legal, kanaloa.select.emptySelection(), ['Ana', 'Bob', 'Chloé']).groups.find((g) => g.key === 'stones');
  assert.deepEqual(stones.buttons.map((b) => b.label), ['Call on KU']);
  const chosen = kanaloa.select.click(ku.view, ku.legal, kanaloa.select.emptySelection(), stones.buttons[0].target).selection;
  const target = kanaloa.choices(ku.view, ku.legal, chosen, ['Ana', 'Bob', 'Chloé']);
  assert.equal(target.prompt, 'KU: whose hand do you look at?');
  assert.deepEqual(target.groups.map((g) => [g.key, g.buttons.map((b) => b.label)]), [
    ['actions', ["Play: call on KU to see Ana's hand", "Play: call on KU to see Bob's hand"]],
    ['stones', ['KU stone chosen; press to put it back']],
  ]);
});

test("Kanaloa: what just happened is said in the log's words, with each colour's mark when a player has two", () => {
  speak('en');
  const f = fixture('build with KANALOA', 0);
  const events = [
    { key: 'kanaloa.build', player: 1, params: { link: 'ALOA-BAFI', card: 'BAFI', colour: 'green' } },
    { key: 'kanaloa.control', player: 0, params: { island: 'DALI', colour: 'red' } },
  ];
  const sections = kanaloa.describe({ ...snapshotOf(f), viewer: 0 }, { names: ['Ana', 'Bob'], lastMove: events });
  assert.deepEqual(sections.find((s) => s.key === 'recent').items, [
    `Bob builds a bridge on ${link('ALOA-BAFI')} (BAFI card).`,
    'Ana (yellow ●) takes control of DALI and places a marker there.',
  ]);
  // The log's own hook: without `players`, as many as the names.
  assert.equal(kanaloa.logParams(events[1], { names: ['Ana', 'Bob'] }).params.player, 'Ana (yellow ●)');
  assert.equal(kanaloa.logParams(events[1], { names: ['Ana', 'Bob', 'Chloé'], players: 3 }).params.player, 'Ana');
  // A line that applies the relative majority links to its rule (rules.kanaloa.5); a build does not.
  const names3 = { names: ['Ana', 'Bob', 'Chloé'], players: 3 };
  const won = { key: 'kanaloa.relative_majority', params: { island: 'ORO' }, player: 0 };
  const removed = { key: 'kanaloa.remove', params: { link: 'LANI-MOTU', island: 'MOTU', victim: 0 }, player: 1 };
  assert.deepEqual(kanaloa.logParams(won, names3).rule, { section: 5, title: 'Relative majority' });
  assert.deepEqual(kanaloa.logParams(removed, names3).rule, { section: 5, title: 'Relative majority' });
  assert.equal(kanaloa.logParams(events[0], names3).rule, null);
  speak('fr');
  assert.deepEqual(kanaloa.logParams(won, names3).rule, { section: 5, title: 'La majorité relative' });
  speak('en');
});
