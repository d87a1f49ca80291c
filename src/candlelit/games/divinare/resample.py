"""Determinisation: a Divinare world consistent with everything one seat knows."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from candlelit.games.divinare.boards import CARDS_PER_SUIT, SUITS

if TYPE_CHECKING:
    from candlelit.games.divinare.rules import DivinareState


def known_outstanding(state: DivinareState, player: int) -> list[int]:
    """Cards `player` passed this round that must still be in other seats' hands."""
    given = [0, 0, 0, 0]
    back = [0, 0, 0, 0]
    played_since = [0, 0, 0, 0]
    passing = False
    for event in state.log:
        key = event.key
        if key == "divinare.round_start":
            given, back, played_since, passing = [0] * 4, [0] * 4, [0] * 4, False
        elif key == "divinare.passed" and event.visible(player):
            args = event.args
            for suit in range(4):
                if args["seat"] == player:
                    given[suit] += args["cards"][suit]
                if args["to"] == player:
                    back[suit] += args["cards"][suit]
            passing = True
        elif key == "divinare.played" and passing and event.args["seat"] != player:
            played_since[SUITS.index(event.args["suit"])] += 1
    return [max(0, given[s] - back[s] - played_since[s]) for s in range(4)]


def resample(state: DivinareState, player: int, rng: random.Random) -> DivinareState:
    """Re-deal every card `player` has not seen; keep all public facts and its own cards."""
    from candlelit.games.divinare.rules import PASS_BASE

    world = state.clone()
    n = state.num_players
    pool = [CARDS_PER_SUIT[s] - state.hands[player][s] - state.held[player][s]
            - state.discards[player][s] - state.played[s] for s in range(4)]
    forced = known_outstanding(state, player)
    free = [pool[s] - forced[s] for s in range(4)]
    loose = [s for s in range(4) for _ in range(free[s])]
    rng.shuffle(loose)
    forced_cards = [s for s in range(4) for _ in range(forced[s])]
    step = -1 if state.options["pass_direction"] == "right" else 1
    others = [(player + step * k) % n for k in range(1, n)]
    for seat in others:
        in_hand = sum(state.hands[seat]) + sum(state.held[seat])
        n_discards = sum(state.discards[seat])
        discards = [loose.pop() for _ in range(n_discards)]
        cards = forced_cards[:in_hand]
        del forced_cards[:len(cards)]
        cards += [loose.pop() for _ in range(in_hand - len(cards))]
        rng.shuffle(cards)
        n_held = sum(state.held[seat])
        world.held[seat] = _count(cards[:n_held])
        world.hands[seat] = _count(cards[n_held:])
        world.discards[seat] = _count(discards)
    world.seed = rng.getrandbits(62)
    world.log = [e for e in state.log if e.visible(player)]
    world.history = [(p, a) for p, a in state.history if p == player or a < PASS_BASE]
    return world


def _count(cards: list[int]) -> list[int]:
    out = [0, 0, 0, 0]
    for suit in cards:
        out[suit] += 1
    return out
