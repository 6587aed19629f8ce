// The language of a first visit (web/js/i18n.js): the browser's preferred
// languages, read in order, region and case ignored; French when none of
// them is one the site speaks. French elision before a vowel.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { preferredLanguage, DEFAULT_LANGUAGE, useStrings, t } from '../../web/js/i18n.js';

test('an English browser gets English, a French one French, whatever the region', () => {
  assert.equal(preferredLanguage(['en-GB', 'fr']), 'en');
  assert.equal(preferredLanguage(['fr-CA', 'en-US']), 'fr');
  assert.equal(preferredLanguage(['EN']), 'en');
});

test('the first language the site speaks wins, the others are skipped', () => {
  assert.equal(preferredLanguage(['de-DE', 'nl', 'en-AU', 'fr']), 'en');
  assert.equal(preferredLanguage(['pt-BR', 'fr-BE']), 'fr');
});

test('no language the site speaks, or none at all: French', () => {
  assert.equal(DEFAULT_LANGUAGE, 'fr');
  assert.equal(preferredLanguage(['de-DE', 'ja']), 'fr');
  assert.equal(preferredLanguage([]), 'fr');
});

test('French elides the word before a placeholder whose value starts with a vowel, and nothing else', () => {
  const words = { hand: 'la main de {player}', stone: 'La pierre de {island} ; que {who} joue', plain: 'de {n} ponts' };
  useStrings('fr', words);
  assert.equal(t('hand', { player: 'Ana' }), 'la main d’Ana');
  assert.equal(t('hand', { player: 'Émile' }), 'la main d’Émile');
  assert.equal(t('hand', { player: 'Bob' }), 'la main de Bob');
  assert.equal(t('stone', { island: 'ELOI', who: 'Ines' }), 'La pierre d’ELOI ; qu’Ines joue');
  assert.equal(t('plain', { n: 8 }), 'de 8 ponts');
  assert.equal(t('hand'), 'la main de {player}');
  useStrings('en', words);
  assert.equal(t('hand', { player: 'Ana' }), 'la main de Ana', 'English is left as written');
});
