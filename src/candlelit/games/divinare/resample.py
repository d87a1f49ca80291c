"""Determinisation: a Divinare world consistent with everything one seat knows."""

from __future__ import annotations

import random
from typing import TypeVar

from candlelit.engine.events import seen_by
from candlelit.games.divinare.boards import CARDS_PER_SUIT
from candlelit.games.divinare.knowledge import known_outstanding
from candlelit.games.divinare.state import PASS_BASE, DivinareFields

Game = TypeVar("Game", bound=DivinareFields)


def resample(state: Game, player: int, rng: random.Random) -> Game:
    """Re-deal every card `player` has not seen; keep all public facts and its own cards."""
    world = state.clone()
    n = state.num_players
    pool = [CARDS_PER_SUIT[s] - state.hands[player][s] - state.held[player][s]
            - state.discards[player][s] - state.played[s] for s in range(4)]
    forced = known_outstanding(state.visible_log(player), player)
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
    world.log = [e for e in state.log if seen_by(e, player)]
    world.history = [(p, a) for p, a in state.history if p == player or a < PASS_BASE]
    return world


def _count(cards: list[int]) -> list[int]:
    out = [0, 0, 0, 0]
    for suit in cards:
        out[suit] += 1
    return out
