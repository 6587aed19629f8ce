// The language of a first visit (web/js/i18n.js): the browser's preferred
// languages, read in order, region and case ignored; French when none of
// them is one the site speaks.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { preferredLanguage, DEFAULT_LANGUAGE } from '../../web/js/i18n.js';

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
