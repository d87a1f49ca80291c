"""Exact Fatal Frame positions for scenario tests: clear the table, place seats and ghosts."""

from __future__ import annotations

from candlelit.games.fatal_frame import SPEC
from candlelit.games.fatal_frame.constants import A_PLAY, FIGHT_PRE, FIGHT_ROLLED, MOVE, PLAY
from candlelit.games.fatal_frame.rules import FatalFrameState
from candlelit.games.fatal_frame.state import reset_turn
from candlelit.games.fatal_frame.table import stack as stack_of
from candlelit.games.fatal_frame.turn import next_fight


def table(players: int = 2, seed: int = 0, **options) -> FatalFrameState:
    """A fresh game whose seats hold nothing and stand on their cameras, seat 0 to act."""
    resolved = {o.name: o.default for o in SPEC.options}
    resolved.update(options)
    s = FatalFrameState.new(players, seed, resolved)
    for q in range(players):
        s.main_deck.extend(s.hands[q])
        s.hands[q] = []
    s.turn, s.phase, s.log = 0, PLAY, []
    return s


def edited(s: FatalFrameState) -> None:
    """The position was changed by hand: forget the legal actions last asked for."""
    s.legal_memo = None


def kind(s: FatalFrameState, card_id: str) -> int:
    """The main-deck kind of a card id."""
    return s.cards.main_id(card_id)


def give(s: FatalFrameState, seat: int, *card_ids: str) -> None:
    """Put these cards in the seat's hand (taken out of the main deck)."""
    for cid in card_ids:
        k = kind(s, cid)
        s.main_deck.remove(k)
        s.hands[seat].append(k)
    s.hands[seat].sort()
    edited(s)


def place(s: FatalFrameState, seat: int, cell: int) -> None:
    """Stand the seat on exterior `cell` (face up)."""
    s.pos[seat], s.room[seat], s.revealed[cell] = cell, -1, 1
    edited(s)


def reveal(s: FatalFrameState, cell: int) -> None:
    """Turn exterior `cell` face up."""
    s.revealed[cell] = 1
    edited(s)


def place_inside(s: FatalFrameState, seat: int, cell: int, rooms: list[int], at: int = 0) -> None:
    """Stand the seat in its own path of interior kinds `rooms`, entered from `cell`."""
    place(s, seat, cell)
    for r in rooms:
        s.interior_deck.remove(r)
    s.path[seat], s.room_ghosts[seat] = list(rooms), [[] for _ in rooms]
    s.entered[seat], s.room[seat] = cell, at
    edited(s)


def haunt(s: FatalFrameState, seat: int, *card_ids: str) -> None:
    """Put these ghosts on the seat's location, in order."""
    stack = stack_of(s, seat)
    assert stack is not None
    for cid in card_ids:
        k = kind(s, cid)
        s.main_deck.remove(k)
        stack.append([k, 0, 0, 0, 0, 0])
    edited(s)


def equip(s: FatalFrameState, seat: int, *card_ids: str) -> None:
    """Equip upgrades on the seat's camera without playing them."""
    for cid in card_ids:
        k = kind(s, cid)
        s.main_deck.remove(k)
        card = s.cards.main[k]
        if card.type == "upgrade-orb":
            s.orbs[seat].append(k)
        elif card.type == "upgrade-film":
            s.film[seat] = k
        else:
            s.function[seat] = k
    edited(s)


def start_fight(s: FatalFrameState) -> None:
    """Begin step 2 of the active seat's turn (no draw)."""
    reset_turn(s)
    next_fight(s)
    edited(s)


def roll_as(s: FatalFrameState, *dice: int, boss_die: int = -1) -> None:
    """Take the picture, then set the dice to these values."""
    assert s.phase == FIGHT_PRE
    s.apply_action(1)
    assert s.phase == FIGHT_ROLLED
    s.dice = list(dice)
    if boss_die >= 0:
        s.boss_die = boss_die
    edited(s)


def play_action(s: FatalFrameState, card_id: str) -> int:
    """The action that plays a card of this id."""
    return A_PLAY + kind(s, card_id)


__all__ = ["FIGHT_PRE", "FIGHT_ROLLED", "MOVE", "PLAY"]
