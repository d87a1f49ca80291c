"""The action card's passes and the two-player discard: simultaneous hidden choices.

Every seat chooses its cards one at a time; nothing moves until all have chosen.
"""

from __future__ import annotations

from candlelit.engine.errors import IllegalAction
from candlelit.games.divinare.boards import SUITS
from candlelit.games.divinare.state import (
    DISCARD_BASE,
    PASS,
    PASS_BASE,
    PLAY,
    TWO_PLAYER_DISCARD,
    DivinareFields,
)


def open_choice(state: DivinareFields, phase: int, count: int) -> None:
    """Every seat must now choose `count` cards to pass (PASS) or discard (DISCARD)."""
    state.phase = phase
    state.to_commit = [count] * state.num_players
    state.pending = list(range(state.num_players))


def legal_choices(state: DivinareFields, player: int) -> list[int]:
    """The suits the seat holds, as passes or discards by the phase."""
    base = PASS_BASE if state.phase == PASS else DISCARD_BASE
    hand = state.hands[player]
    return [base + suit for suit in (0, 1, 2, 3) if hand[suit]]


def allows_choice(state: DivinareFields, player: int, action: int) -> bool:
    """Whether `action` sets aside a suit the seat holds, as the phase asks."""
    suit = action - (PASS_BASE if state.phase == PASS else DISCARD_BASE)
    return 0 <= suit < 4 and state.hands[player][suit] > 0


def why_not_choose(state: DivinareFields, player: int, action: int) -> IllegalAction:
    """Why `action` is no card the seat may set aside now."""
    base = PASS_BASE if state.phase == PASS else DISCARD_BASE
    suit = action - base
    if not 0 <= suit < 4:
        verb = "pass" if state.phase == PASS else "discard"
        return IllegalAction.worded(f"divinare.refuse.choose_{verb}", low=base, high=base + 3)
    return IllegalAction.worded("divinare.refuse.no_card", game="divinare", suit=SUITS[suit])


def choose(state: DivinareFields, player: int, action: int) -> bool:
    """Set one card aside to pass or discard; True once the last seat has chosen all."""
    suit = action - (PASS_BASE if state.phase == PASS else DISCARD_BASE)
    state.hands[player][suit] -= 1
    state.held[player][suit] += 1
    state.to_commit[player] -= 1
    if not state.to_commit[player]:
        state.pending.remove(player)
        return not state.pending
    return False


def hand_over(state: DivinareFields) -> None:
    """Every seat hands its chosen cards to its neighbour at once; the first player plays."""
    n = state.num_players
    step = -1 if state.options["pass_direction"] == "right" else 1
    held = state.held
    count = sum(held[0])
    for seat in range(n):
        to = (seat + step) % n
        cards = held[seat]
        receiver = state.hands[to]
        for suit in range(4):
            receiver[suit] += cards[suit]
        state._emit("pass", "divinare.passed", {"seat": seat, "to": to, "cards": cards},
                    (seat, to))
    state.held = [[0, 0, 0, 0] for _ in range(n)]
    state._emit("pass", "divinare.passes_done", {"count": count})
    state.turn = state.first
    state.phase = PLAY


def lay_discards(state: DivinareFields) -> None:
    """2 players: the chosen cards go face down to the middle until the round ends."""
    for seat in range(state.num_players):
        state.discards[seat] = state.held[seat]
        state._emit("discard", "divinare.discarded",
                    {"seat": seat, "cards": state.held[seat]}, (seat,))
    state.held = [[0, 0, 0, 0] for _ in range(state.num_players)]
    state._emit("discard", "divinare.discards_down", {"count": TWO_PLAYER_DISCARD})
