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
// (the shell, archipelago.js and archipelago-cards.js, select-common.js,
// emblem-parts.js).

export {};

/** A snapshot as the table core sends it (docs/protocol.md, state.js).
 * @typedef {import('../state.js').Snapshot} GameSnapshot */

/** A legal move as the engine sends it (a `to_dict()`): its text, its kind
 * and the game's own fields.
 * @typedef {import('../state.js').Move} Move */

/** An event of the log, as the viewer received it.
 * @typedef {import('../state.js').GameEvent} GameEvent */

/**
 * Something one may click, on the board or in the panels: a selection
 * module's target. `choice` is its data-choice (the text of the move a click
 * plays, or the selection step it takes); `selected` ones are put back by a
 * click. Each game adds its own fields (a card's index, a line's name …).
 * @typedef {{choice?: string | null, selected?: boolean, [field: string]: any}} Target
 */

/**
 * What a click does (select.js's `click`): the next selection, or the move
 * it plays (then the selection is empty).
 * @template S
 * @typedef {{selection: S, move: Move | null}} Click
 */

/**
 * A game's selection module (select.js; ../select-common.js says more): `S`
 * its selection, `T` what its `targets` answers. The view is the game's own,
 * which the shared modules do not look into; so are its moves, which it
 * may type more narrowly than a Move (written as methods, as an
 * interface's are, a module that does still offers them).
 * @template [S=any]
 * @template [T=any]
 * @typedef {{
 *   emptySelection(): S,
 *   targets(view: any, legal: Move[], selection: S): T,
 *   click(view: any, legal: Move[], selection: S, target: Target): Click<S>,
 * }} SelectModule
 */

/**
 * What a lesson's step points at on the board: an island, a line, a card …
 * (`kind`), by its name or its place (`id`: a string or a number, as the
 * kind has it, which each game reads its own way).
 * @typedef {{kind: string, id: any}} LessonPoint
 */

/**
 * A lesson's step as a renderer is taught it: the text of the move it
 * teaches ('' for none) and what the board points at.
 * @typedef {{move: string, point: LessonPoint[]}} LessonStep
 */

/**
 * An event in words, as a game's log module says it (log.js reads it): the
 * i18n key, its filled-in values (each sentence has its own), and how the
 * log lays the line out (`inline`, `apart`, `separate`; `rule`: the rules'
 * section it applies).
 * @typedef {object} LogWords
 * @property {string} key
 * @property {Record<string, any>} [params]
 * @property {boolean} [inline]
 * @property {boolean} [apart]
 * @property {boolean} [separate]
 * @property {{section: number, title: string} | null} [rule]
 */

/**
 * What a log module is told besides the event: the players' names, and
 * what else the game needs (Kanaloa: `players`).
 * @typedef {{names: string[], [key: string]: any}} LogContext
 */

/**
 * Where a renderer draws, and what it calls back.
 * @typedef {object} RendererHost
 * @property {Record<string, HTMLElement>} els   the screen's containers (board, players, hand, market, actions, round, scoreline, …)
 * @property {(text: string) => void} onChoice   a move chosen, by its text
 */

/**
 * How a snapshot is drawn: the players' names, whether the viewer may act,
 * and the public events of the others' latest moves, to keep marked.
 * @typedef {{names: string[], interactive: boolean, lastMove?: GameEvent[]}} RenderOptions
 */

/**
 * What the page asks of a drawing of a game (a board or the text view).
 * @typedef {object} Renderer
 * @property {(snap: GameSnapshot, options: RenderOptions) => void} render
 * @property {(events: GameEvent[], ms?: number) => void} flashEvents   mark what just happened for a while
 * @property {() => void} clearSelection
 * @property {(move: Move | null) => void} suggest      mark the elements that would play a move (a hint)
 * @property {(step: LessonStep | null) => void} teach   offer a lesson step's move
 * @property {(move: Move) => string} moveText          a move in words, to end a sentence
 * @property {(() => Promise<void>) | undefined} [settled]  resolves once what is played out in steps is over
 * @property {() => void} destroy
 * @property {(event: GameEvent, ctx: LogContext) => LogWords} logParams
 * @property {(snap: GameSnapshot, names: string[]) => Element} endDetails   the score's breakdown
 */

/**
 * A renderer module: the board's (renderer.js) or the text view's.
 * @typedef {{createRenderer: (host: RendererHost) => Renderer}} RendererModule
 */

/**
 * What a board calls back: a target clicked, the background clicked.
 * @typedef {object} BoardHandlers
 * @property {(target: Target) => void} onTarget
 * @property {() => void} onBackground
 */

/**
 * A game's board (board.js's `createBoard(container, handlers)`): the
 * picture of the position, and what just happened flashed on it. The
 * renderer draws the rest (targets, marks, suggestions, a lesson's points)
 * with the board's own calls, which differ as the boards do. `V` is the
 * game's view, `M` the marks its log module finds in events (left open
 * when a board does not say them).
 * @template [V=any]
 * @template [M=any]
 * @typedef {object} Board
 * @property {(view: V, options: {names: string[], portrait: boolean, [more: string]: any}) => void} draw
 * @property {(marks: M, duration?: number) => void} flash   mark what events named (log.js's `eventMarks`), for a while
 * @property {() => void} reset                      forget what was drawn (another game)
 */

/**
 * A section of a position in words: a heading and its sentences.
 * @typedef {{key: string, heading: string, items: string[]}} Section
 */

/**
 * A button of the text view: its words, the target a press hands to the
 * selection module's `click`, its data-choice (null for a selected one,
 * which a press puts back), and whether it is selected.
 * @typedef {{label: string, target: Target, choice: string | null, selected: boolean}} Button
 */

/**
 * A group of the text view's buttons under a heading.
 * @typedef {{key: string, heading: string, buttons: Button[]}} Group
 */

/**
 * A game's text module (text.js): a position in words, the moves as buttons
 * made of its selection module's targets. No DOM: tested in Node
 * (../text/text-common.js says more). The view is the game's own. Written
 * as methods, as an interface's are: a module whose own types are narrower
 * (its view, its selection) still offers them.
 * @typedef {{
 *   select: SelectModule,
 *   describe(snap: GameSnapshot, options: {names: string[], lastMove?: GameEvent[]}): Section[],
 *   choices(view: any, legal: Move[], selection: any, names: string[]): {prompt: string, groups: Group[]},
 *   moveText(view: any, move: Move, names: string[]): string,
 *   logParams(event: GameEvent, ctx: LogContext): LogWords,
 * }} TextView
 */

/**
 * A game's panels as the text view uses them: the score's breakdown, from
 * the game's own view and result.
 * @typedef {{endDetails(view: any, result: any, names: string[]): Element}} PanelModule
 */

/**
 * A game as the page registers it (games/index.js).
 * @typedef {object} GameEntry
 * @property {() => Promise<RendererModule>} renderer
 * @property {() => Promise<TextView>} text    its text module
 * @property {() => Promise<PanelModule>} panel   its panels, which the text view shows too
 * @property {string} picture             its emblem's SVG markup (emblem.js)
 */
