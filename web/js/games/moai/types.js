// @ts-check
// Moai's shapes, as types: the view the engine sends each viewer
// (pygame_core/games/moai/state.py, `view`), its result at the end
// (scoring.py, `result`), and its moves (moves.py, `to_dict`). Nothing runs
// here; the game's modules name these types (`import('./types.js').MoaiView`).

export {};

/** A snapshot, whose view and result are Moai's.
 * @typedef {Omit<import('../../state.js').Snapshot, 'view' | 'result'> & {view: MoaiView, result: MoaiResult | null}} MoaiSnapshot */

/** An event of the log (its params are the event's own, open data).
 * @typedef {import('../../state.js').GameEvent} GameEvent */

// -- the view -----------------------------------------------------------------------------

/** A piece on the island: [seat, strength, face up]. The strength of a
 * face-down piece is null for those who may not see it.
 * @typedef {[number, number | null, boolean]} Piece */

/** @typedef {{id: string, wood: boolean, pieces: Piece[]}} ForestSpace */
/** A volcano space: who holds it (null: nobody), whose pieces carve there,
 * whether its statue is carved.
 * @typedef {{id: string, owner: number | null, pieces: Piece[], carved: boolean}} VolcanoSpace */
/** A field: covered by a disaster token, or holding one piece (or none).
 * @typedef {{id: string, covered: boolean, piece: Piece | null}} Field */
/** A boat in the ocean: its owner, and the strength of the piece aboard (null: none).
 * @typedef {{id: string, owner: number, piece: number | null}} Boat */

/** A clan's bid: its cards and value while they show, null otherwise.
 * @typedef {{status: 'choosing' | 'chosen' | 'revealed', cards: string[] | null, value: number | null}} Bid */

/** An epoch card (state.py's `_card_view`).
 * @typedef {object} EpochCard
 * @property {string} id            "E1-06"
 * @property {number} epoch
 * @property {string} name          plenty, boat, erosion …
 * @property {'neutral' | 'boat' | 'disaster' | 'end'} type
 * @property {number} cards         the Rapa Nui cards it makes its taker draw
 * @property {number} huts
 * @property {boolean} palm
 * @property {string} effect        none, boat_build, erosion, fire …
 * @property {number | null} wood_lost   a fire's wood lost
 */

/** A Moai tile: its height hidden (null) from the others while it lies face down.
 * @typedef {{id: string | null, height: number | null, face_down: boolean}} Tile */

/** What the decision in progress is about; each step fills its own fields
 * (state.py's `_pending_view`).
 * @typedef {object} Pending
 * @property {string} [card]          a disaster: the epoch card taken
 * @property {number} [taker]
 * @property {number | null} [victim]
 * @property {number[]} [ranking]     the bird-man's ranking so far
 * @property {number[]} [candidates]
 * @property {number[]} [values]      each clan's bid
 * @property {string} [space]         a contested space to award
 * @property {number[]} [tied]
 * @property {number} [deficit]       the food missing, the raids made
 * @property {number} [raids]
 * @property {number | null} [to_remove]
 * @property {number} [left]          pieces still to rest
 * @property {Record<string, number>} [retrieved]
 * @property {boolean} [compulsory]   a birth the final round forces
 */

/** A clan's points at the end (scoring.py).
 * @typedef {object} ScoreRow
 * @property {Tile[]} tiles
 * @property {number} moai
 * @property {number} board
 * @property {number} camp
 * @property {number} pieces
 * @property {number} wood
 * @property {number} wood_points
 * @property {number} total
 */

/** The result of a finished game; a clock's end has no scores nor breakdown
 * (docs/protocol.md).
 * @typedef {object} MoaiResult
 * @property {number[] | null} scores
 * @property {number[]} winners
 * @property {string} reason
 * @property {number[]} [out]
 * @property {{players: ScoreRow[], toppled: string[]} | null} breakdown
 */

/**
 * What a viewer sees of a Moai game (state.py's `view`).
 * @typedef {object} MoaiView
 * @property {'moai'} game
 * @property {number | null} viewer
 * @property {number} players
 * @property {string[]} colours
 * @property {Record<string, boolean>} options    all_face_up, open_bids, short_game, title_rule, fixed_victims
 * @property {number} round
 * @property {string} phase          bird_man, epoch, work, production, bilan, over
 * @property {string} step           bid, rank, take, victim … birth, over
 * @property {boolean} final_round
 * @property {number[]} order        the turn order, by seat
 * @property {number | null} bird_man
 * @property {number | null} current
 * @property {Pending} pending
 * @property {Bid[]} bids
 * @property {string[] | null} hand  the viewer's cards ("1", "2", "3", "R"); null for a spectator
 * @property {number[]} hand_sizes
 * @property {number} deck_size
 * @property {string[]} discard
 * @property {{deck_size: number, deck_by_epoch: number[], top_epoch: number | null, display: EpochCard[],
 *   taken: (EpochCard | null)[], removed: string[], set_aside: number, admiral: boolean}} epoch
 * @property {{supply: number, stocks: number[]}} wood
 * @property {number} disaster_supply
 * @property {ForestSpace[]} forest
 * @property {Field[]} fields
 * @property {VolcanoSpace[]} volcano
 * @property {Boat[]} boats
 * @property {number[]} camps       each clan's pieces in camp
 * @property {number[] | null} camp  the strengths of the viewer's camp; null for a spectator
 * @property {number[][]} known_camps
 * @property {number[][]} reserve    each clan's pieces in reserve, by strength
 * @property {{supply: Record<string, number>, tiles: Tile[][], toppled: string[]}} moai
 */

// -- the moves ------------------------------------------------------------------------------

/** A piece a move names (tables.py's `piece_dict`).
 * @typedef {{location: string, zone: string, player: number, strength: number, face_up: boolean}} MovePiece */

/**
 * What each kind of move carries besides its kind and text (moves.py's `to_dict`).
 * @typedef {object} MoveFields
 * @property {{cards: string[], value: number}} bid
 * @property {{player: number}} rank
 * @property {{card: string}} take          an epoch card's id
 * @property {{player: number}} victim
 * @property {{field: string}} erode
 * @property {{piece: MovePiece}} kill
 * @property {{piece: MovePiece}} lose
 * @property {{boat: string}} sink
 * @property {{strength: number, location: string, zone: string}} place
 * @property {{}} pass
 * @property {{pieces: [MovePiece, MovePiece]}} swap
 * @property {{space: string, player: number}} award
 * @property {{space: string, face_down: boolean}} carve
 * @property {{}} done
 * @property {{card: string, target: MovePiece}} raid   a card kind, the raided piece
 * @property {{piece: MovePiece}} starve
 * @property {{piece: MovePiece}} rest
 * @property {{cards: string[]}} birth
 * @property {{}} build
 */

/** @typedef {keyof MoveFields} MoveKind */

/** A move of one kind.
 * @template {MoveKind} K
 * @typedef {{kind: K, text: string} & MoveFields[K]} MoveOf */

/** A legal move, as `to_dict()` writes it.
 * @typedef {{[K in MoveKind]: MoveOf<K>}[MoveKind]} MoaiMove */
