// The expert's reasons in words (web/js/advice-words.js), read for the
// faults a reader notices: every reason key of every game rendered with
// every shape of parameter, in French and in English, and the reasons the
// real engine gives for the legal moves of a few hundred random positions
// of each game and variant (fixtures/reasons.py), as the hint and the review
// say them. Every move has a reason, and no sentence is glued from
// fragments: no placeholder left, no doubled preposition, no "a" before a
// vowel sound ("a 8%"), no "(s)" plural, no space before ";" or ":" in
// English, no infinitive after "played", no hyphen in a pair of names
// written with a dash, no "de" before a vowel in French.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { useStrings, t } from '../../web/js/i18n.js';
import { hintText, opinionLines, whyText, wrongChoiceText } from '../../web/js/advice-words.js';
import * as kahunaLog from '../../web/js/games/kahuna/log.js';
import * as kanaloaLog from '../../web/js/games/kanaloa/log.js';
import * as moaiLog from '../../web/js/games/moai/log.js';
import * as haleakalaLog from '../../web/js/games/haleakala/log.js';
import * as kahunaText from '../../web/js/games/kahuna/text.js';
import * as kanaloaText from '../../web/js/games/kanaloa/text.js';
import * as moaiText from '../../web/js/games/moai/text.js';
import * as haleakalaText from '../../web/js/games/haleakala/text.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const PYTHON = process.env.PYTHON || 'python3';
const LANGS = ['fr', 'en'];
const STRINGS = Object.fromEntries(LANGS.map((lang) => [lang, JSON.parse(readFileSync(path.join(ROOT, 'web', 'i18n', `${lang}.json`), 'utf8'))]));
const GAMES = { kahuna: [kahunaLog, kahunaText], kanaloa: [kanaloaLog, kanaloaText], moai: [moaiLog, moaiText], haleakala: [haleakalaLog, haleakalaText] };
// The set-ups and variants fixtures/reasons.py plays, per game.
const SETUPS = { kahuna: 1, kanaloa: 4, moai: 4, haleakala: 2 };
const NAMES = ['Ana', 'Bob', 'Chloé', 'Émile', 'Dan'];

// -- the faults -------------------------------------------------------------------

const EN_PREPOSITIONS = 'of|at|in|on|to|for|from|with|into|onto|by';
const FR_PREPOSITIONS = 'de|à|au|aux|en|sur|pour|avec|dans|par';
const EN_VERBS = 'lay|remove|take|draw|pass|put|build|place|bid|move|have|give|call|end|discard|play|choose|raise|push|not|bring|let|swap|strike|kill|finish|reveal|stop|cover|make|open|leave|buy|invoke|replace';

/** The faults of one sentence in `lang`, each in a few words. */
export function faults(text, lang) {
  const found = [];
  const check = (pattern, what) => {
    const match = text.match(pattern);
    if (match) found.push(`${what}: "${match[0]}"`);
  };
  check(/\{[a-z_]*\}|\bwhy\.[a-z]+\.[a-z_]+|undefined|null|NaN|\[object/, 'a placeholder or key left');
  check(/\(s\)|\(x\)|\(e\)s?|\(es\)/, 'a "(s)" plural');
  check(/ {2}|\s[.,]|\.\.|,,|: \.|: ,/, 'spacing');
  check(/\b[A-Z]{3,}-[A-Z]{3,}\b/, 'a hyphen in a pair of names');
  if (lang === 'en') {
    check(new RegExp(`\\b(${EN_PREPOSITIONS}) (${EN_PREPOSITIONS})\\b`, 'i'), 'a doubled preposition');
    check(/\b[Aa] (?:[aeiouAEIOU]|8|11\b|18\b)/, '"a" before a vowel sound');
    check(/\b[Aa]n (?![aeiouAEIOU]|8|11\b|18\b|[A-Z]{2,}|[A-Z]\d)[a-zA-Z0-9]/, '"an" before a consonant');
    check(/\s[;:]/, 'a space before ";" or ":"');
    check(/(?:^|[^\d.,])1 (?:points|bridges|pieces|cards|islands|shells|metres|discs|statues)\b/, 'a plural after 1');
    check(new RegExp(`\\bplayed (${EN_VERBS})\\b`, 'i'), 'an infinitive after "played"');
    check(/[\u00a0\u202f]/, 'a French space');
  } else {
    check(new RegExp(`\\b(${FR_PREPOSITIONS}) (${FR_PREPOSITIONS})\\s`, 'i'), 'a doubled preposition');
    check(/(?:^|[\s(])(?:de|que|ne|se|je|le|la) [aeiouyéèêàâîôûAEIOUYÉÈÊÀÂÎÔÛ]/, 'no elision before a vowel');
    check(/a joué [a-zéèê]+(?:er|ir|re)\b/, 'an infinitive after "a joué"');
    check(/ [;:!?]/, 'a plain space before French punctuation');
    check(/(?:^|[^\d.,])1 (?:points|ponts|pions|cartes|îles|coquillages|disques|statues)\b/, 'un pluriel après 1');
  }
  return found;
}

// -- the words of each game ---------------------------------------------------------

/** What the page's renderer lends the words: the log's names and the move's words. */
function wordsOf(game, view) {
  const [log, text] = GAMES[game];
  const players = (view && view.players) || 4;
  return {
    logParams: (event, ctx) => log.logParams(event, { ...ctx, players }),
    moveText: (move) => text.moveText(view, move, NAMES),
  };
}

function makeFixtures() {
  const run = spawnSync(PYTHON, [path.join(HERE, 'fixtures', 'reasons.py')], { encoding: 'utf8', maxBuffer: 512 << 20 });
  if (run.status !== 0) throw new Error(`fixtures/reasons.py failed:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

const FIXTURES = makeFixtures();

/** Every reason key the rules can give: the `why.<game>.*` strings of the hints modules. */
function keysInRules() {
  const keys = new Set();
  for (const game of Object.keys(GAMES)) {
    const dir = path.join(ROOT, 'pygame_core', 'games', game);
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.py'))) {
      for (const match of readFileSync(path.join(dir, file), 'utf8').matchAll(/"(why\.[a-z]+\.[a-z_]+)"/g)) keys.add(match[1]);
      // Keys made of a prefix and a step: f"why.moai.done_{step}".
      for (const match of readFileSync(path.join(dir, file), 'utf8').matchAll(/f"(why\.[a-z]+\.[a-z_]+)\{step\}"/g)) {
        for (const step of ['carve', 'cards']) keys.add(match[1] + step);
      }
    }
  }
  return keys;
}

// -- the tests ---------------------------------------------------------------------

test('the checker finds each fault it names, and passes good sentences', () => {
  const bad = {
    en: [
      'a claim on the wood of in forest S2',
      'Player 1 played pass, drawing nothing: a 8% chance',
      'would have played remove the bridge ALOA–BARI',
      '2 bridge(s) on ALOA',
      'the bridge BARI-DUDA beside BARI–FAAA',
      'the shaman goes there ; it scores',
      'a stone for the Moai of {location}',
      'an bridge',
      'a 8 m Moai: 1 points',
    ],
    fr: ['2 pont(s) sur ALOA', 'la pierre de ELOI', 'une part du bois de en forêt S2', 'Ana a joué poser un pont', 'Pourquoi : rien', 'il marque 1 points'],
  };
  for (const [lang, sentences] of Object.entries(bad)) {
    for (const sentence of sentences) assert.notDeepEqual(faults(sentence, lang), [], `${lang}: "${sentence}" passed`);
  }
  const good = {
    en: ['Ana’s move: lay a bridge ALOA–BARI with the ALOA card (a winning chance of 8%, says the expert).', 'an 8-point lead', 'a strength-2 piece'],
    fr: ['Coup joué par Ana\u00a0: poser un pont ALOA–BARI (8\u00a0% de chances de gagner, selon l’expert).', 'la pierre d’ELOI', 'de la forêt S2'],
  };
  for (const [lang, sentences] of Object.entries(good)) {
    for (const sentence of sentences) assert.deepEqual(faults(sentence, lang), [], `${lang}: "${sentence}"`);
  }
});

test('every reason key the rules give has words in both languages, and every reason word is given', () => {
  const given = keysInRules();
  assert.ok(given.size > 40, `only ${given.size} reason keys found`);
  for (const lang of LANGS) {
    const words = new Set(Object.keys(STRINGS[lang]).filter((key) => key.startsWith('why.')));
    assert.deepEqual([...given].filter((key) => !words.has(key)).sort(), [], `${lang}: reasons without words`);
    assert.deepEqual([...words].filter((key) => !given.has(key)).sort(), [], `${lang}: words no rule gives`);
  }
});

test('every reason key reads well with every shape of parameter, in both languages', () => {
  // Each placeholder filled, in turn, with each value of its kind: numbers
  // (0, 1, a vowel sound, two digits), names of islands, lines, cards,
  // places and seats, as the log writes them.
  const NUMBERS = ['0', '1', '2', '8', '11', '18'];
  const KINDS = {
    island: ['ALOA', 'ELOI', 'HUNA'], card: ['ALOA', 'ELOI', 'HUNA', 'KANALOA'], stone: ['KANE', 'LONO'],
    line: ['ALOA–BARI', 'ELAI–IFFI'], link: ['ALOA–BARI', 'ORO–ELOI'],
    player: NAMES, victim: NAMES, winner: NAMES, colour: ['jaune', 'yellow', 'Ana (rouge)'],
    space: ['S2', 'F5', 'V1', 'la prairie 1', 'the meadow 1'], item: ['Majority', 'Majorité'],
    // An island needs 2 bridges or more (KH-12, KN-10); a Moai is 2 m or more (C-6).
    needed: ['2', '3', '4'], height: ['2', '8', '9'],
  };
  const shapesOf = (name) => KINDS[name] || NUMBERS;
  for (const lang of LANGS) {
    useStrings(lang, STRINGS[lang]);
    for (const [key, words] of Object.entries(STRINGS[lang]).filter(([k]) => k.startsWith('why.'))) {
      const names = [...new Set([...words.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]))];
      const rounds = Math.max(1, ...names.map((name) => shapesOf(name).length));
      for (let round = 0; round < rounds; round++) {
        const params = Object.fromEntries(names.map((name) => [name, shapesOf(name)[round % shapesOf(name).length]]));
        const sentence = t('hint.why', { reasons: t(key, params) });
        assert.deepEqual(faults(sentence, lang), [], `${lang} ${key} with ${JSON.stringify(params)}: ${sentence}`);
      }
    }
  }
});

for (const game of Object.keys(GAMES)) {
  test(`${game}: every legal move of random positions has a reason, said without a fault by the hint and the review`, () => {
    const cases = FIXTURES[game];
    assert.ok(cases.length >= 200, `only ${cases.length} moves weighed`);
    const setups = new Set(cases.map((item) => JSON.stringify(item.setup.options) + item.setup.players));
    assert.equal(setups.size, SETUPS[game], 'every set-up and variant is played');
    for (const lang of LANGS) {
      useStrings(lang, STRINGS[lang]);
      for (const item of cases) {
        const where = `${lang} ${game} ${JSON.stringify(item.setup)} ${item.move.text}`;
        assert.ok(item.why.length >= 1, `${where}: no reason`);
        const renderer = wordsOf(game, item.view);
        const hint = hintText(item.move, item.why, renderer, NAMES);
        assert.ok(hint.why, `${where}: a reason without words`);
        assert.deepEqual(faults(`${hint.move} ${hint.why}`, lang), [], `${where}: ${hint.move} ${hint.why}`);
        // The review: the move played against the expert's, then agreeing with it.
        const differ = opinionLines({ same: false, played: item.move, best: item.move, played_chance: 0.08, best_chance: 0.8, why_played: item.why, why_best: item.why }, NAMES[item.seat], renderer, NAMES);
        const agree = opinionLines({ same: true, best: item.move, best_chance: 0.11, why_best: item.why }, NAMES[item.seat], renderer, NAMES);
        for (const line of [...differ, ...agree]) assert.deepEqual(faults(line.text, lang), [], `${where}: ${line.text}`);
      }
      // A lesson's answer to another choice: that move's reasons against another's, at one position.
      for (const [index, item] of cases.entries()) {
        const next = cases[index + 1];
        if (!next || next.position !== item.position || next.setup.players !== item.setup.players) continue;
        const renderer = wordsOf(game, item.view);
        const text = wrongChoiceText({ clicked: item.move, clickedWhy: item.why, taughtWhy: next.why }, renderer, NAMES);
        assert.ok(text, `${lang} ${game} ${item.move.text}: no words for another choice`);
        assert.deepEqual(faults(text, lang), [], `${lang} ${game}: ${text}`);
      }
    }
  });
}

test('a reason says what its own values say', () => {
  // A birth gives the lower of its two cards (M-36); the shaman's ground scores 1, 2 or 3 (S-11).
  const value = { 1: 1, 2: 2, 3: 3, R: 1 };
  for (const item of FIXTURES.moai.filter((entry) => entry.move.kind === 'birth')) {
    const reason = item.why.find((entry) => entry.key === 'why.moai.birth');
    if (reason) assert.ok(reason.params.strength <= Math.min(...item.move.cards.map((card) => value[card])), item.move.text);
  }
  const ground = { M: 1, F: 2, T: 3 };
  for (const item of FIXTURES.haleakala.filter((entry) => entry.move.kind === 'shaman')) {
    const reason = item.why.find((entry) => entry.key.startsWith('why.haleakala.shaman'));
    assert.ok(reason, item.move.text);
    assert.equal(reason.params.points, { meadow: 1, forest: 2, mountain: 3 }[item.move.terrain], `${item.move.text}: ${JSON.stringify(reason)}`);
  }
  // No reason repeats what the move's words already say (the boat sent to a section).
  useStrings('en', STRINGS.en);
  for (const item of FIXTURES.haleakala.filter((entry) => entry.move.kind === 'place')) {
    const renderer = wordsOf('haleakala', item.view);
    const words = renderer.moveText(item.move);
    for (const reason of item.why) assert.ok(!words.includes(t(reason.key, reason.params)), `${words} / ${reason.key}`);
  }
  assert.equal(whyText([], null, NAMES), '');
  void ground;
});
