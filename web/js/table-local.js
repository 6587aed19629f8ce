// @ts-check
// A table in this browser: the engine in the worker (worker-client.js and
// pygame_core/api.py). The turn controller (turns.js) plays through it as
// it plays through a table server (remote.js); here the page plays the bots
// itself, and several people may share the device.

import { call } from './worker-client.js';

export function createLocalTable() {
  return {
    kind: 'local',
    botsHere: true,
    sharedDevice: true,
    start: ({ game, players, seats, seed, options, names }) =>
      call('new', { game, players, seats, seed, options: options || {}, names }),
    load: (recordText) => call('load', { record: recordText }),
    snapshot: (viewer) => call('snapshot', { viewer }),
    play: (seat, move, viewer) => call('play', { seat, move, viewer }),
    undo: (seat, viewer) => call('undo', { seat, viewer }),
    think: (args) => call('think', args),
    botMove: (seat, viewer) => call('bot_move', { seat, viewer }),
    save: () => call('save', {}),
    close() {},
  };
}
