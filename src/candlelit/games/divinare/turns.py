"""A seat's turn: play a card beside its board, then move that suit's prediction token."""

from __future__ import annotations

from candlelit.engine.errors import IllegalAction
from candlelit.games.divinare.boards import SUITS
from candlelit.games.divinare.state import (
    CENTRE,
    CENTRE_ACTION,
    MOVE,
    MOVE_BASE,
    PLAY,
    PLAY_BASE,
    DivinareFields,
)


def legal_plays(state: DivinareFields, player: int) -> list[int]:
    """The suits the seat to play holds."""
    hand = state.hands[player]
    return [suit for suit in (0, 1, 2, 3) if hand[suit]]


def allows_play(state: DivinareFields, player: int, action: int) -> bool:
    """Whether `action` plays a suit the seat holds."""
    return PLAY_BASE <= action < PLAY_BASE + 4 and state.hands[player][action] > 0


def why_not_play(state: DivinareFields, player: int, action: int) -> IllegalAction:
    """Why `action` is no card the seat may play."""
    if not PLAY_BASE <= action < PLAY_BASE + 4:
        return IllegalAction.worded("divinare.refuse.play_time", low=PLAY_BASE,
                                    high=PLAY_BASE + 3)
    return IllegalAction.worded("divinare.refuse.no_card", game="divinare", suit=SUITS[action])


def play(state: DivinareFields, player: int, action: int) -> None:
    """Play one card of suit `action`; its token must move next."""
    state.hands[player][action] -= 1
    state.played[action] += 1
    state.move_suit = action
    state.phase = MOVE
    state._emit("play", "divinare.played", {"seat": player, "suit": SUITS[action]})


def legal_moves(state: DivinareFields, player: int) -> list[int]:
    """The free numbered spaces of the played suit's board, then the centre unless the
    token is there already."""
    suit = state.move_suit
    occupied = state.occupied[suit]
    moves = [MOVE_BASE + v for v in state.layout.boards[suit].spaces if not occupied >> v & 1]
    if state.tokens[player][suit] != CENTRE:
        moves.append(CENTRE_ACTION)
    return moves


def allows_move(state: DivinareFields, player: int, action: int) -> bool:
    """Whether `action` moves the played suit's token to a free space (or off a numbered
    space to the centre)."""
    suit = state.move_suit
    if action == CENTRE_ACTION:
        return state.tokens[player][suit] != CENTRE
    target = action - MOVE_BASE
    return 0 <= target <= 12 and target in state.spaces[suit] \
        and not state.occupied[suit] >> target & 1


def why_not_move(state: DivinareFields, player: int, action: int) -> IllegalAction:
    """Why `action` is no move of the played suit's token."""
    suit = state.move_suit
    here = state.tokens[player][suit]
    if action == CENTRE_ACTION:
        return IllegalAction.worded("divinare.refuse.in_centre")
    target = action - MOVE_BASE
    if not 0 <= target <= 12:
        return IllegalAction.worded("divinare.refuse.move_time", low=MOVE_BASE,
                                    high=CENTRE_ACTION)
    if target not in state.spaces[suit]:
        return IllegalAction.worded("divinare.refuse.no_space", game="divinare",
                                    suit=SUITS[suit], space=target)
    if here != target:
        return IllegalAction.worded("divinare.refuse.taken", game="divinare",
                                    suit=SUITS[suit], space=target)
    return IllegalAction.worded("divinare.refuse.must_move")


def move(state: DivinareFields, player: int, action: int) -> bool:
    """Move the played suit's token to a free space or the centre; True if the trick is done.

    Otherwise the next seat clockwise is to play.
    """
    suit = state.move_suit
    tokens = state.tokens[player]
    here = tokens[suit]
    target = CENTRE if action == CENTRE_ACTION else action - MOVE_BASE
    if here != CENTRE:
        state.occupied[suit] &= ~(1 << here)
    if target != CENTRE:
        state.occupied[suit] |= 1 << target
    tokens[suit] = target
    state._emit("move", "divinare.moved", {"seat": player, "suit": SUITS[suit],
                                           "space": "centre" if target == CENTRE else target})
    nxt = (player + 1) % state.num_players
    if nxt == state.first:
        return True
    state.turn = nxt
    state.phase = PLAY
    return False


def move_follows_play(state: DivinareFields, player: int, action: int) -> bool:
    """Whether `action` is a play, whose token move (public positions only) may be shown first."""
    return state.phase == PLAY and PLAY_BASE <= action < PLAY_BASE + 4
