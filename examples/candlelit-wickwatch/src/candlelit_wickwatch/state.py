"""A game of Wickwatch: set-up, the action space, and the doors to views and resampling."""

from __future__ import annotations

import random
from typing import Any

from candlelit.engine.errors import IllegalAction, OptionError
from candlelit.engine.tensors import Layout, Tensor

from candlelit_wickwatch.deck import BOX_SIZE, COPIES, TALLEST
from candlelit_wickwatch.fields import NO_OFFER, NUM_ACTIONS, OFFER, heights
from candlelit_wickwatch.resample import resample
from candlelit_wickwatch.rules import NightRules
from candlelit_wickwatch.tensor import declare, encode
from candlelit_wickwatch.views import view


class WickwatchState(NightRules):
    """A game of Wickwatch (the rules are in rules.py, what seats see in views.py)."""

    __slots__ = ()

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> WickwatchState:
        """Shuffle the box and the spirits, deal each seat its hand, turn up the first spirit."""
        s = cls.blank("wickwatch", players, seed, options)
        s.restore_derived()
        spirits = len(s.spirit_ids)
        s.nights = spirits if options["nights"] is None else options["nights"]
        if s.nights > spirits:
            raise OptionError(f"option 'nights': {s.nights} nights need {s.nights} spirits, "
                              f"and the deck has {spirits}")
        hand = options["hand_size"]
        if BOX_SIZE - players * hand < s.nights:
            raise OptionError(f"{players} hands of {hand} leave too few candles in the box "
                              f"for {s.nights} nights")
        rng = s._chance()
        box = [h for h in range(1, TALLEST + 1) for _ in range(COPIES)]
        rng.shuffle(box)
        order = list(range(spirits))
        rng.shuffle(order)
        s.spirit_deck = order[:s.nights]
        s.hands, s.shown, s.taken = [], [], []
        for seat in range(players):
            counts = [0] * TALLEST
            for _ in range(hand):
                counts[box.pop() - 1] += 1
            s.hands.append(counts)
            s.shown.append([0] * TALLEST)
            s.taken.append([])
            s._emit("deal", "wickwatch.dealt", {"seat": seat, "candles": heights(counts)},
                    (seat,))
        s.box, s.ash, s.pile = box, [0] * TALLEST, []
        s.night, s.phase, s.offers = 0, OFFER, [NO_OFFER] * players
        s._begin_night()
        return s

    # -- action space ------------------------------------------------------------------------
    @classmethod
    def num_distinct_actions(cls) -> int:
        """10 actions: set down a candle of height 1 to 10."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """Every game has the same length: one candle per seat per night."""
        return self.nights * self.num_players

    def action_to_struct(self, player: int, action: int) -> dict[str, Any]:
        """{"kind": "offer", "key", "candle": height}."""
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            raise IllegalAction(f"{action!r} is not a Wickwatch action")
        return {"kind": "offer", "key": "wickwatch.action.offer", "candle": action + 1}

    # -- information -------------------------------------------------------------------------
    def information_state_string(self, player: int) -> str:
        """Everything `player` knows, compactly: the rules in play, its log, who still
        chooses, its hand and its face-down candle (the rest of its view follows from these)."""
        o = self.options
        seen = [(e[1], e[2]) for e in self.log if e[3] is None or player in e[3]]
        return (f"wickwatch/{self.num_players}/{o['hand_size']}/{self.nights}/{o['restless']}/"
                f"{self.spirit_ids}{self.spirit_values}|{seen!r}|{self.pending_players()}"
                f"|{self.hands[player]}{self.offers[player]}")

    @classmethod
    def declare_observation(cls, players: int, options: dict[str, Any]) -> Layout:
        """The observation parts (tensor.py)."""
        return declare(players, options)

    def encode_observation(self, player: int, layout: Layout, out: Tensor) -> None:
        """`player`'s table as numbers (tensor.py)."""
        encode(self, player, layout, out)

    def view(self, player: int | None = None) -> dict[str, Any]:
        """What `player` (None: a spectator) may see (views.py)."""
        return view(self, player)

    def resample(self, player: int, rng: random.Random) -> WickwatchState:
        """A world consistent with what `player` knows (resample.py)."""
        return resample(self, player, rng)

