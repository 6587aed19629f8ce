// @ts-check
// Haleakala's shapes, as types: the view the engine sends (every player's
// is the same; pygame_core/games/haleakala/state.py, `view`), its result at
// the end, its scorings, and its moves (moves.py, `to_dict`). Nothing runs
// here; the game's modules name these types
// (`import('./types.js').HaleakalaView`).

export {};

/** A snapshot, whose view and result are Haleakala's.
 * @typedef {Omit<import('../../state.js').Snapshot, 'view' | 'result'> & {view: HaleakalaView, result: HaleakalaResult | null}} HaleakalaSnapshot */

/** An event of the log (its params are the event's own, open data).
 * @typedef {import('../../state.js').GameEvent} GameEvent */

// -- the view -----------------------------------------------------------------------------

/** @typedef {'beach' | 'meadow' | 'forest' | 'mountain' | 'crater'} Terrain */

/** A space of the island ("Mt3"): whose statue and whose shaman stand on it.
 * @typedef {{id: string, section: number, terrain: Terrain, statue: number | null, shaman: number | null}} Space */

/**
 * A section of the island: the two cards in front of its beach (a kind,
 * FISH1 … LAVA, or null once taken), each player's discs on the beach and
 * their sums, each player's invocation disc there, the lava on its crater.
 * @typedef {object} Section
 * @property {number} section
 * @property {(string | null)[]} slots
 * @property {number[][]} discs        by player
 * @property {number[]} sums           by player
 * @property {boolean[]} invocation    by player
 * @property {number} lava
 */

/**
 * A player: the discs in reserve, the invocation disc (in the reserve, on a
 * beach, or boxed: null), the shaman's space, the statues, the cards
 * collected, the score cards bought, the score.
 * @typedef {object} Player
 * @property {string} colour
 * @property {number[]} reserve
 * @property {'reserve' | number | null} invocation
 * @property {string} shaman
 * @property {number} statue_supply
 * @property {number} statues_on_board
 * @property {number} statues_destroyed
 * @property {string[]} collection
 * @property {number} baskets
 * @property {number} butterflies
 * @property {number} shells
 * @property {string[]} score_cards
 * @property {number} score
 */

/** What the decision in progress is about; each phase fills its own
 * fields (state.py's `_pending`).
 * @typedef {object} Pending
 * @property {number} [section]              pick: where the boat stopped
 * @property {number | null} [second_taker]  pick: who takes the other card
 * @property {'board' | 'card'} [source]     lava
 * @property {'scoring' | 'shell'} [reason]  buy
 * @property {string[]} [items]              buy: what the decider can afford
 * @property {string} [from]                 shaman: where the shaman stands
 * @property {string} [space]                statue: the shaman's space
 */

/** A deck of palm cards: its palms (1 to 3), its count, and what is left in
 * it by kind (the order is secret).
 * @typedef {{palms: number, count: number, contents: Record<string, number>}} Deck */

/** @typedef {{id: string, cost: number, owner: number | null}} ScoreCard */

/**
 * One player's points at a scoring (state.py's `_score_player`). A score
 * card's `detail` is a count (butterflies, statues), the terrains won
 * (majority) or the sections held (section).
 * @typedef {object} ScoringPlayer
 * @property {{space: string, points: number}[]} statues
 * @property {number} statue_points
 * @property {number} baskets
 * @property {number} fish_points
 * @property {string[]} pearls
 * @property {number} pearl_points
 * @property {number} nautilus
 * @property {number} nautilus_points
 * @property {{card: string, points: number, detail: number | string[] | number[]}[]} score_cards
 * @property {number} shells
 * @property {number} shell_points
 * @property {number} total
 */

/** A scoring: its round, the eruption's burned and protected statues, each
 * player's points.
 * @typedef {object} Scoring
 * @property {number} round
 * @property {boolean} truncated
 * @property {number[]} points
 * @property {{space: string, owner: number}[]} burned
 * @property {string[]} protected
 * @property {ScoringPlayer[]} players
 */

/** The result of a finished game; a clock's end has no scores nor breakdown
 * (docs/protocol.md).
 * @typedef {object} HaleakalaResult
 * @property {number[] | null} scores
 * @property {number[]} winners
 * @property {string} reason
 * @property {number[]} [out]
 * @property {{scorings: Scoring[], statues_on_board: number[], first_player: number, truncated: boolean} | null} breakdown
 */

/**
 * What the players see of a Haleakala game (state.py's `view`).
 * @typedef {object} HaleakalaView
 * @property {'haleakala'} game
 * @property {number | null} viewer
 * @property {number} active          whose turn it is
 * @property {'turn' | 'shaman' | 'pick' | 'lava' | 'buy' | 'statue' | 'over'} phase
 * @property {number | null} decider  who decides now
 * @property {Pending | null} pending
 * @property {number} round
 * @property {number} turns
 * @property {number | null} max_turns
 * @property {boolean} tactical
 * @property {boolean} eruption
 * @property {number} first_player
 * @property {number} boat            the section where the boat lies
 * @property {Section[]} sections
 * @property {Space[]} spaces
 * @property {Player[]} players
 * @property {number} lava_supply
 * @property {Deck[]} decks
 * @property {Record<string, number>} discard
 * @property {Record<string, number>} box
 * @property {{score_cards: ScoreCard[], priestess_up: boolean, priestess_cost: number}} score_board
 * @property {number[]} scores
 * @property {Scoring[]} scorings
 */

// -- the moves ------------------------------------------------------------------------------

/**
 * What each kind of move carries besides its kind and text (moves.py's `to_dict`).
 * @typedef {object} MoveFields
 * @property {{value: number, beach: number, invoke: boolean}} place
 * @property {{value: number}} take
 * @property {{}} boat
 * @property {{space: string, section: number, terrain: Terrain}} shaman
 * @property {{}} stay
 * @property {{slot: number}} pick
 * @property {{crater: number, to: number}} lava
 * @property {{}} decline
 * @property {{item: string, cost: number}} buy
 * @property {{}} pass
 * @property {{}} raise
 * @property {{}} noraise
 */

/** @typedef {keyof MoveFields} MoveKind */

/** A move of one kind.
 * @template {MoveKind} K
 * @typedef {{kind: K, text: string} & MoveFields[K]} MoveOf */

/** A legal move, as `to_dict()` writes it.
 * @typedef {{[K in MoveKind]: MoveOf<K>}[MoveKind]} HaleakalaMove */
