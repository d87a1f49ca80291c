"""Quick Escape outside its owner's turn: the window after the active seat's move or play
step, asking each other seat in turn whether it plays one to take a step."""

from __future__ import annotations

from candlelit.games.fatal_frame.constants import A_PASS, A_PLAY, REACT, REACT_MOVE
from candlelit.games.fatal_frame.locations import moves, relocate
from candlelit.games.fatal_frame.state import R_AFTER_PLAY, FatalFrameFields
from candlelit.games.fatal_frame.table import take_from_hand
from candlelit.games.fatal_frame.turn import to_discard, to_play


def _quick_escapes(s: FatalFrameFields, seat: int) -> list[int]:
    """Kinds of Quick Escape in the seat's hand, ascending."""
    hand = s.hands[seat]
    return [k for k in s.cards.main_kinds("quick_escape") if k in hand]


def _quick_escape_unseen(s: FatalFrameFields) -> bool:
    """Whether some copy of Quick Escape is not lying in the main discard pile."""
    main, discard = s.cards.main, s.main_discard
    kinds = s.cards.main_kinds("quick_escape")
    return sum(discard.count(k) for k in kinds) < sum(main[k].count for k in kinds)


def open_window(s: FatalFrameFields, after: int) -> None:
    """After the active seat's move or play step, offer Quick Escape to the other seats."""
    s.react_after = after
    if s.options["quick_escape"] == "any-time":
        s.asked = s.turn
        _ask_next(s)
    else:
        _close_window(s)


def _ask_next(s: FatalFrameFields) -> None:
    """Ask the next seat clockwise that may, publicly, hold a Quick Escape (cards in hand,
    a copy unseen), or close the window."""
    if _quick_escape_unseen(s):
        n, hands = s.num_players, s.hands
        q = (s.asked + 1) % n
        while q != s.turn:
            if hands[q]:
                s.asked, s.phase = q, REACT
                return
            q = (q + 1) % n
    _close_window(s)


def _close_window(s: FatalFrameFields) -> None:
    s.asked = -1
    if s.react_after == R_AFTER_PLAY or s.beaten:
        to_discard(s)
    else:
        to_play(s)


def legal_react(s: FatalFrameFields, seat: int) -> list[int]:
    """Let the moment pass, or play a Quick Escape from hand."""
    return [A_PASS] + [A_PLAY + k for k in _quick_escapes(s, seat)]


def legal_react_move(s: FatalFrameFields, seat: int) -> list[int]:
    """The Quick Escape's step (no staying)."""
    return moves(s, seat, may_stay=False)


def react_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Pass to the next seat, or play the Quick Escape and take its step next."""
    if action == A_PASS:
        s._emit("react", "fatal_frame.let_pass", {"seat": seat})
        _ask_next(s)
        return
    kind = action - A_PLAY
    take_from_hand(s, seat, kind)
    s.main_discard.append(kind)
    s._emit("react", "fatal_frame.played", {"seat": seat, "card": s.cards.main[kind].id})
    s.phase = REACT_MOVE


def react_move_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Take the Quick Escape's step (no Chase follows), then ask the next seat."""
    relocate(s, seat, action, own_turn=False)
    _ask_next(s)
