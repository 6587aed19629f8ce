"""A tiny game with simultaneous secret choices, for testing the bots.

Secret bids: each player holds the cards 1, 2 and 3. In each of three rounds
both players choose a card in secret; once both have chosen, the cards are
shown and the higher card wins the round's prize (1, 2, then 3 points; a tie
wins nothing). The cards played are public, so the only hidden information is
a choice made and not yet shown.
"""

from pygame_core.engine import Event, Game, IllegalMove, Move, State

CARDS = (1, 2, 3)


class Bid(Move):
    __slots__ = ("card",)

    def __init__(self, card: int):
        object.__setattr__(self, "card", card)

    def __str__(self):
        return f"bid {self.card}"

    def to_dict(self):
        return {"kind": "bid", "card": self.card, "text": str(self)}

    @classmethod
    def parse(cls, text):
        word, card = text.split()
        if word != "bid" or int(card) not in CARDS:
            raise ValueError(text)
        return cls(int(card))


BIDS = {card: Bid(card) for card in CARDS}


class BidsState(State):
    players = 2

    def __init__(self):
        self.hands = [list(CARDS), list(CARDS)]
        self.chosen = [None, None]
        self.round = 0
        self.scores = [0, 0]

    @classmethod
    def new(cls, players=2, seed=0):
        return cls()

    def to_move(self):
        if self.round == len(CARDS):
            return []
        return [p for p in (0, 1) if self.chosen[p] is None]

    def legal_moves(self, player):
        if player not in self.to_move():
            return []
        return [BIDS[card] for card in self.hands[player]]

    def refusal(self, player, move):
        return IllegalMove(f"{move} is not legal", "error.illegal")

    def apply(self, player, move):
        self.chosen[player] = move.card
        events = [Event("bids.chosen", player)]
        if None not in self.chosen:
            a, b = self.chosen
            prize = self.round + 1
            if a != b:
                self.scores[0 if a > b else 1] += prize
            for p in (0, 1):
                self.hands[p].remove(self.chosen[p])
            events.append(Event("bids.shown", None, cards=list(self.chosen)))
            self.chosen = [None, None]
            self.round += 1
        return events

    def view(self, player):
        return {"hands": [list(h) for h in self.hands], "round": self.round, "scores": list(self.scores),
                "chosen": [(c if p == player else c is not None) for p, c in enumerate(self.chosen)]}

    def is_over(self):
        return self.round == len(CARDS)

    def result(self):
        if not self.is_over():
            return None
        best = max(self.scores)
        return {"scores": list(self.scores), "reason": "points", "breakdown": {},
                "winners": [p for p in (0, 1) if self.scores[p] == best]}

    def clone(self):
        s = BidsState.__new__(BidsState)
        s.hands = [list(h) for h in self.hands]
        s.chosen = list(self.chosen)
        s.round = self.round
        s.scores = list(self.scores)
        return s

    def to_json(self):
        return {"hands": self.hands, "chosen": self.chosen, "round": self.round, "scores": self.scores}

    @classmethod
    def from_json(cls, data):
        s = cls()
        s.hands = [list(h) for h in data["hands"]]
        s.chosen = list(data["chosen"])
        s.round = data["round"]
        s.scores = list(data["scores"])
        return s

    def determinize(self, player, rng):
        """The other player's choice, if made, is not known: take it back."""
        s = self.clone()
        s.chosen[1 - player] = None
        return s


class SecretBids(Game):
    id = "bids"
    title = {"fr": "Enchères secrètes", "en": "Secret bids"}
    players = (2,)
    options = {}
    Move = Bid
    State = BidsState


BidsState.game = SecretBids
