// Deep links (web/js/deeplink.js): the view a link asks for.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { parseDeepLink } from '../../web/js/deeplink.js';

test('a link may ask for the text view or the board, with a game, a lesson, a table or alone', () => {
  assert.equal(parseDeepLink('#play=kahuna&players=2&seats=h,bot1&view=text').view, 'text');
  assert.deepEqual(parseDeepLink('#play=kahuna&players=2&seats=h,bot1&view=text').options, {});
  assert.equal(parseDeepLink('#learn=moai&view=text').view, 'text');
  assert.equal(parseDeepLink('#online=abc&token=def&view=board').view, 'board');
  assert.deepEqual(parseDeepLink('#view=text'), { lang: null, view: 'text' });
});

test('an unknown view is none, and no link is no view', () => {
  assert.equal(parseDeepLink('#play=kahuna&view=braille').view, null);
  assert.equal(parseDeepLink('#play=kahuna').view, null);
  assert.equal(parseDeepLink(''), null);
});
