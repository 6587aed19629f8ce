// @ts-check
// The contract every game's front end keeps: the shapes the page asks of a
// game, as types, in one place. Each game is a folder `games/<game>/` of the
// same modules (tests/test_web_layout.py checks them), registered once in
// `games/index.js`:
//
//   renderer.js  `createRenderer(host)`: the board and the panels, built in
//                the shared shell (../renderer-shell.js) → a Renderer
//   board.js     `createBoard(container, handlers)`: the board's picture → a Board
//   panel.js     the dock's panels (players, round, hand, market, actions,
//                score line) and `endDetails`, shared by the board and the text view
//   select.js    how clicks narrow the legal moves down to one (no DOM;
//                ../select-common.js)
//   log.js       an event in words (`logParams`) and the marks it leaves
//   text.js      the position in words and the moves as buttons (no DOM): a TextView
//   emblem.js    the game's picture in the menu (`PICTURE`)
//   style.css    what the game adds to the shared look; loaded with its renderer
//
// No game imports another; what two games share lives beside the folders
// (the shell, archipelago.js, select-common.js, emblem-parts.js).

export {};

/** A snapshot as the table core sends it (docs/protocol.md, state.js).
 * @typedef {import('../state.js').Snapshot} GameSnapshot */

/**
 * Where a renderer draws, and what it calls back.
 * @typedef {object} RendererHost
 * @property {Record<string, HTMLElement>} els   the screen's containers (board, players, hand, market, actions, round, scoreline, …)
 * @property {(text: string) => void} onChoice   a move chosen, by its text
 */

/**
 * What the page asks of a drawing of a game (a board or the text view).
 * @typedef {object} Renderer
 * @property {(snap: GameSnapshot, options: {names: string[], interactive: boolean, lastMove?: any[]}) => void} render
 * @property {(events: any[], ms?: number) => void} flashEvents   mark what just happened for a while
 * @property {() => void} clearSelection
 * @property {(move: object | null) => void} suggest      mark the elements that would play a move (a hint)
 * @property {(step: {move: string, point?: any} | null) => void} teach   offer a lesson step's move
 * @property {(move: object) => string} moveText          a move in words, to end a sentence
 * @property {(() => Promise<void>) | undefined} [settled]  resolves once what is played out in steps is over
 * @property {() => void} destroy
 * @property {(event: object, ctx: {names: string[], [key: string]: any}) => {key: string, params?: object, [how: string]: any}} logParams
 * @property {(snap: GameSnapshot, names: string[]) => Element} endDetails   the score's breakdown
 */

/**
 * A renderer module: the board's (renderer.js) or the text view's.
 * @typedef {{createRenderer: (host: RendererHost) => Renderer}} RendererModule
 */

/**
 * What a board calls back: a target clicked, the background clicked.
 * @typedef {object} BoardHandlers
 * @property {(target: any) => void} onTarget
 * @property {() => void} onBackground
 */

/**
 * A game's board (board.js's `createBoard(container, handlers)`): the
 * picture of the position, and what just happened flashed on it. The
 * renderer draws the rest (targets, marks, suggestions, a lesson's points)
 * with the board's own calls, which differ as the boards do.
 * @typedef {object} Board
 * @property {(view: any, options: {names: string[], portrait: boolean, [more: string]: any}) => void} draw
 * @property {(marks: any, duration?: number) => void} flash   mark what events named (log.js's `eventMarks`), for a while
 * @property {() => void} reset                      forget what was drawn (another game)
 */

/**
 * A game's text module (text.js): a position in words, the moves as buttons
 * made of its selection module's targets. No DOM: tested in Node.
 * @typedef {object} TextView
 * @property {object} select                     the game's selection module
 * @property {(event: object, ctx: object) => {key: string, params?: object}} logParams
 */

/**
 * A game as the page registers it (games/index.js).
 * @typedef {object} GameEntry
 * @property {() => Promise<RendererModule>} renderer
 * @property {() => Promise<any>} text    its text module (a TextView)
 * @property {() => Promise<any>} panel   its panels, which the text view shows too
 * @property {string} picture             its emblem's SVG markup (emblem.js)
 */
