"""Advice for the bots about Kanaloa positions (``Kanaloa.hints``).

``evaluate(state, player)`` values a position for ``player`` in the game's own
terms, colour by colour, then compares the player with his opponents:

* points already on the score track (first scoring, KANE captures);
* every island a colour controls: what it will still score, one point per
  link the controller does not occupy at each scoring still to come (E-11),
  plus the marker's point at the final scoring (E-12); the points of an island
  held early are less certain, so they count for a little less in round 1;
* progress towards control of the islands nobody controls (bridges over the
  threshold, KN-10), and a share of the god stone still lying there (GD-3);
* god stones waiting on the tablet (GD-8, GD-9): in round 1 what they will
  bring; in round 2 less than what using one brings (a card, a bridge), and
  less and less as the cards run out, since a stone left when the final
  phase begins is worth nothing. A stone kept is a stone wasted;
* cards in hand (the freedom to act), a card taken with KU or PELE counted as
  soon as the stone is used; in the final phase (E-7, E-9) a hand serves only
  its holder's last turn: it is worth nothing once that turn has begun, but
  while it waits, the player still has the last word after those who play
  before him -- which is why passing (E-8) pays;
* bridges left in stock (the freedom to build).

With two players the winner is the one whose weaker colour scores more (TP-9),
so the weaker colour counts most.

``rollout_move(state, player, rng)`` is a cheap policy for simulations: it
passes when it may, plays its weaker colour (TP-9), makes the build or
replacement that does most for control (a takeover first), uses LONO and KU
at once, and ends its turn by drawing; one move in ten stays random.

``sensible_moves(state, player, moves)`` drops a face-down discard in a last
turn (KN-4) when the turn can simply end: the hand is discarded anyway (E-9);
and the end of a turn of round 2 while a KU, PELE or LONO stone could still be
used (GD-9): those stones only bring cards, and are lost when kept too long.

Bots call all three only on determinized copies, so reading the copy's fields
reveals nothing.
"""

from __future__ import annotations

from .tables import (BRIDGES, BUILD, CARD_NAMES, CHOICE_GIVE, CHOICE_STEAL, CHOOSE, COLOUR, COLOURS, DEGREE, DISCARD, DRAW, EMPTY, END,
                     ISLANDS, JOKER, KANE, KANE_AT, LINK_ENDS, LINK_NAMES, LINKS_AT, LONO_DRAW, LONO_TAKE, N_GODS, N_ISLANDS,
                     GIVE, PASS, PLAY, REPLACE, STEAL, TAKE, THRESHOLD, USE_KU, USE_PELE, colours_of)

POINT = 1.0           # a point already scored
HOLD = (0.7, 0.9)     # weight of an island's future points in round 1, round 2
PROGRESS = 1.2        # a control's worth of bridges on an island nobody holds
KANE_SHARE = 0.3      # the share of a KANE stone's points per unit of progress
CARD = 0.25           # a card in hand
STOCK = 0.03          # a bridge still in stock
# A stone on the tablet, by god (KANE is never kept: it scores on capture).
# Round 1: what it will bring. Round 2: below what using it brings -- a
# bridge anywhere (KANALOA), a card chosen from a hand (KU), a card (LONO),
# a better hand (PELE) -- so that it is used, not hoarded.
STONE_WAITING = (0.0, 0.8, 0.5, 0.3, 0.4)
STONE_READY = (0.0, 0.3, 0.2, 0.0, 0.15)
STONE_FADES = 8       # cards left in round 2 below which a kept stone loses its worth

# For the tree search: evaluation units that make a clear advantage.
EVAL_SCALE = 8.0
# The expert's exploration constant with two players. A move here changes
# the evaluation by a fraction of EVAL_SCALE, so the moves worth playing
# differ by one to three hundredths of a reward: with the default constant
# (0.7) the expert's 2,400 iterations spread almost evenly over them and
# choose hardly better than the strong level's 600 (8 of 16 games against
# it). Exploring less, the longer search settles on the best of them (17 of
# 28 games on other deals). With more players it is the other way round:
# three opponents' replies make a move's value noisier, and a search that
# explores less settles on the wrong move: on the same 15 deals of four
# players, 3 games won against three strong bots with 0.25, 7 with the
# default. The lower levels keep the default (their ladders are measured
# with it).
EXPLORATION = {(4, 2): 0.25}


def colour_values(state) -> list:
    """The value of every colour's position, in one pass over the islands."""
    count = state.count
    ncol = state.ncol
    stones = state.stones
    final_ahead = 0 if state.phase == 2 else 1
    scorings_left = (2 if state.round == 1 else 1) if final_ahead else 0
    hold = HOLD[state.round - 1]
    values = [POINT * state.scores[c] + STOCK * (BRIDGES - state.on_board[c]) for c in range(ncol)]
    for island in range(N_ISLANDS):
        need = THRESHOLD[island]
        here = count[island:N_ISLANDS * ncol:N_ISLANDS]
        top = max(here)
        if top >= need:
            c = here.index(top)
            values[c] += hold * ((DEGREE[island] - top) * scorings_left + final_ahead)
            continue
        if not top:
            continue
        kane = KANE_SHARE * KANE_AT[island] if stones[island] == KANE else 0.0
        for c in range(ncol):
            if here[c]:
                progress = here[c] / need
                values[c] += (PROGRESS + kane) * progress
    return values


def _cards(state, player: int) -> float:
    """The worth of ``player``'s hand, with a card KU or PELE is about to
    move (GD-11, GD-12) already counted where it is going."""
    size = state.hand_sizes[player]
    pending = state.pending
    if pending == CHOICE_STEAL:
        if player == state.player:
            size += 1
        elif player == state.pend[0]:
            size -= 1
    elif pending == CHOICE_GIVE:
        if player == state.player:
            size -= len(state.pend)
        elif player in state.pend:
            size += 1
    if state.final:
        # E-9: the hand of a player whose last turn has begun is discarded at
        # its end; E-8: a player still to play keeps the last word.
        if state.last_done[player] or (player == state.player and not state.fresh):
            return 0.0
    return CARD * size


def _stones(state, player: int) -> float:
    """GD-8, GD-9: the stones on ``player``'s tablet, none after the last
    chance to use them."""
    if not state.gods or state.final or state.phase == 2:
        return 0.0
    tablet = state.tablets[N_GODS * player:N_GODS * (player + 1)]
    if state.round == 1:
        return sum(STONE_WAITING[g] * tablet[g] for g in range(1, N_GODS))
    left = len(state.talon) + sum(1 for card in state.display if card >= 0)
    fade = min(1.0, left / STONE_FADES)
    return fade * sum(STONE_READY[g] * tablet[g] for g in range(1, N_GODS))


def _player_value(state, player: int, values: list) -> float:
    colours = colours_of(state.n, player)
    if len(colours) == 2:
        a, b = values[colours[0]], values[colours[1]]
        weak, strong = (a, b) if a <= b else (b, a)
        value = weak + 0.2 * strong
    else:
        value = values[colours[0]]
    return value + _cards(state, player) + _stones(state, player)


def evaluate(state, player: int) -> float:
    """Higher is better for ``player``: his value less a blend of the best
    opponent's and the opponents' average."""
    return evaluations(state)[player]


def evaluations(state) -> list:
    """Every player's ``evaluate``, each player valued once."""
    values = colour_values(state)
    players = [_player_value(state, q, values) for q in range(state.n)]
    out = []
    for player, mine in enumerate(players):
        others = [value for q, value in enumerate(players) if q != player]
        out.append(mine - 0.5 * max(others) - 0.5 * sum(others) / len(others))
    return out


TURN_ENDS = (END, DRAW, TAKE)
GIFTS = (USE_KU, USE_PELE, LONO_DRAW, LONO_TAKE)


def sensible_moves(state, player: int, moves: list) -> list:
    """The legal moves less two blunders:

    * KN-4, E-9: a face-down discard in a last turn that can simply end (the
      hand is discarded at its end anyway);
    * GD-9: ending a turn of round 2 with a KU, PELE or LONO stone that could
      be used now. Each only brings cards (KU and LONO one more, PELE a hand
      made to measure), and a stone kept until the final phase is lost.
    """
    codes = {m.code for m in moves}
    if state.final and END in codes:
        return [m for m in moves if m.code != DISCARD]
    if codes.intersection(GIFTS) and codes.intersection(TURN_ENDS + (DISCARD,)):
        # KN-4: a face-down discard would close the turn to the stones too.
        return [m for m in moves if m.code not in TURN_ENDS and m.code != DISCARD]
    return moves


# -- a cheap policy for simulations ---------------------------------------------------------

EXPLORE = 0.1         # share of random moves, to keep simulations varied
PLAY_AT = 0.3         # the least a card play must bring to be made when nothing forces it


def _end_gain(state, colour: int, island: int) -> float:
    """What one more bridge of ``colour`` on ``island`` does for control (KN-10, KN-11)."""
    count = state.count
    mine = count[N_ISLANDS * colour + island]
    need = THRESHOLD[island]
    if mine >= need:
        return 0.05                                    # held already
    for c in range(state.ncol):
        if c != colour and count[N_ISLANDS * c + island] >= need:
            return 0.05                                # another colour holds it
    if mine + 1 >= need:
        return 1.0 + DEGREE[island] - need             # a takeover: its points
    return (mine + 1) / need


def _play_gain(state, move) -> float:
    colour = state.colour
    a, b = LINK_ENDS[move.link]
    gain = _end_gain(state, colour, a) + _end_gain(state, colour, b)
    cards = len(move.cards)
    if JOKER in move.cards:
        gain -= 0.3                                    # the stone is spent
    if move.code == REPLACE:
        victim = state.owner[move.link]
        count = state.count
        for end in (a, b):                             # a holding broken (KN-13)
            if count[N_ISLANDS * victim + end] == THRESHOLD[end]:
                gain += 1.0
        if victim in colours_of(state.n, state.player):
            gain -= 1.0                                # one's own other colour (TP-5)
    return gain - 0.1 * cards


def rollout_move(state, player: int, rng):
    """A sensible cheap move for ``player`` in ``state`` (a determinized copy)."""
    moves = state.legal_moves(player)
    if len(moves) == 1:
        return moves[0]
    if state.pending or state.phase != PLAY:
        return rng.choice(moves)                       # the set-up card, a removal, a steal, a gift
    if rng.random() < EXPLORE:
        return rng.choice(sensible_moves(state, player, moves))
    # GD-14: a hand over the limit plays down whatever it brings.
    forced = state.hand_sizes[player] > state.hand_cap()
    best, best_gain = None, -100.0 if forced else PLAY_AT
    ends, draws, discards, others = [], [], [], []
    for move in moves:
        code = move.code
        if code == PASS:
            return move                                # E-8: the last word
        if code == COLOUR:
            others.append(move)
        elif code == BUILD or code == REPLACE:
            gain = _play_gain(state, move)
            if gain > best_gain:
                best, best_gain = move, gain
        elif code == LONO_DRAW or code == LONO_TAKE or code == USE_KU:
            others.append(move)
        elif code == END:
            ends.append(move)
        elif code == DRAW or code == TAKE:
            draws.append(move)
        elif code == DISCARD:
            discards.append(move)
    if others:
        if others[0].code == COLOUR:                   # TP-3, TP-9: the weaker colour
            return min(others, key=lambda m: (state.scores[m.target], rng.random()))
        return rng.choice(others)
    if best is not None:
        return best
    if ends:
        return ends[0]
    if draws:
        return rng.choice(draws)
    return rng.choice(discards or moves)


# -- why a move is good, in words (the lesson's suggestions) ----------------------

def reasons(state, player: int, move) -> list:
    """What ``move`` gains ``player``, each as ``{"key", "params"}`` for the
    page's words: islands taken (KN-11) and the bridges destroyed there, a
    rival's bridge replaced (KN-7) or removed (KN-16), a god stone captured
    (GD-3) and KANE's points (GD-7), a scoring's points (E-11, E-12), progress
    towards control of an island, a card drawn. Computed on ``state``, a
    determinized copy of what ``player`` sees: only what the move does in
    public is said."""
    mine = set(colours_of(state.n, player))
    before = state.clone()
    events = state.apply(player, move)
    why: list = []
    for event in events:
        key, params = event["key"], event.get("params", {})
        if key == "kanaloa.control" and event.get("player") == player:
            why.append({"key": "why.kanaloa.take_island", "params": {"island": params["island"]}})
        elif key == "kanaloa.destroy" and event.get("player") != player:
            why.append({"key": "why.kanaloa.destroy", "params": {"link": params["link"]}})
        elif key == "kanaloa.replace":
            why.append({"key": "why.kanaloa.replace", "params": {"link": params["link"]}})
        elif key == "kanaloa.remove" and event.get("player") == player:
            why.append({"key": "why.kanaloa.remove", "params": {"link": params["link"]}})
        elif key == "kanaloa.marker_lost" and event.get("player") != player:
            why.append({"key": "why.kanaloa.break_island", "params": {"island": params["island"]}})
        elif key == "kanaloa.capture" and event.get("player") == player:
            why.append({"key": "why.kanaloa.stone", "params": {"stone": params["stone"], "island": params["island"]}})
        elif key == "kanaloa.kane" and event.get("player") == player:
            why.append({"key": "why.kanaloa.kane", "params": {"points": params["points"]}})
        elif key in ("kanaloa.first_scoring", "kanaloa.final_scoring"):
            points = sum(params["points"][c] for c in mine)
            if points:
                why.append({"key": "why.kanaloa.score", "params": {"points": points}})
    if move.code == BUILD and not any(r["key"] == "why.kanaloa.take_island" for r in why):
        for island in LINK_ENDS[move.link]:
            colour = before.colour
            count = state.count[N_ISLANDS * colour + island]
            free = sum(1 for link, _ in LINKS_AT[island] if state.owner[link] == EMPTY)
            if count < THRESHOLD[island] <= count + free and before.controller(island) is None:
                why.append({"key": "why.kanaloa.progress",
                            "params": {"island": ISLANDS[island], "count": count, "needed": THRESHOLD[island]}})
    if move.code == BUILD and not why:
        why.append({"key": "why.kanaloa.bridge", "params": {"link": LINK_NAMES[move.link]}})
    if move.code in (LONO_DRAW, LONO_TAKE):
        why.append({"key": "why.kanaloa.lono", "params": {}})
    elif move.code == USE_KU:
        why.append({"key": "why.kanaloa.ku", "params": {}})
    elif move.code == USE_PELE:
        why.append({"key": "why.kanaloa.pele", "params": {}})
    elif move.code in (DRAW, TAKE) and not why:
        why.append({"key": "why.kanaloa.card", "params": {}})
    # What the move keeps, when it wins nothing on the board.
    if not why:
        why += _keeps(before, player, move)
    return why[:3]


def _keeps(before, player: int, move) -> list:
    """The reason of a move that changes nothing on the board: the card laid
    for the display (S-6), the colour played (TP-3, TP-9), a card given up
    (KN-4, KN-23, GD-12), a card taken with KU (GD-11), a last turn kept for
    later (E-8) or a turn that ends with nothing to draw (E-7)."""
    code = move.code
    card = CARD_NAMES[move.cards[0]] if move.cards else ""
    if code == CHOOSE:
        return [{"key": "why.kanaloa.choose", "params": {"card": card}}]
    if code == COLOUR:
        mine = colours_of(before.n, player)
        other = [c for c in mine if c != move.target]
        if other and before.scores[move.target] < before.scores[other[0]]:
            return [{"key": "why.kanaloa.weaker", "params": {"colour": COLOURS[move.target]}}]
        if other and before.scores[move.target] == before.scores[other[0]]:
            return [{"key": "why.kanaloa.level", "params": {"colour": COLOURS[move.target]}}]
        return [{"key": "why.kanaloa.colour", "params": {"colour": COLOURS[move.target]}}]
    if code == DISCARD:
        if before.hand_sizes[player] > before.hand_cap():
            return [{"key": "why.kanaloa.limit", "params": {"card": card}}]
        return [{"key": "why.kanaloa.discard", "params": {"card": card}}]
    if code == GIVE:
        return [{"key": "why.kanaloa.give", "params": {"card": card}}]
    if code == STEAL:
        return [{"key": "why.kanaloa.steal", "params": {"card": card}}]
    if code == PASS:
        return [{"key": "why.kanaloa.pass", "params": {}}]
    if code == END:
        return [{"key": "why.kanaloa.end", "params": {}}]
    return []
