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


def play(state: DivinareFields, player: int, action: int) -> None:
    """Play one card of suit `action`; its token must move next."""
    if player != state.turn:
        raise IllegalAction(f"it is not seat {player + 1}'s turn to play")
    if not PLAY_BASE <= action < PLAY_BASE + 4:
        raise IllegalAction("now is the time to play a card (actions 0-3)")
    hand = state.hands[player]
    if not hand[action]:
        raise IllegalAction(f"you hold no {SUITS[action]} card")
    hand[action] -= 1
    state.played[action] += 1
    state.move_suit = action
    state.phase = MOVE
    state._emit("play", "divinare.played", {"seat": player, "suit": SUITS[action]})


def move(state: DivinareFields, player: int, action: int) -> bool:
    """Move the played suit's token to a free space or the centre; True if the trick is done.

    Otherwise the next seat clockwise is to play.
    """
    if player != state.turn:
        raise IllegalAction(f"it is not seat {player + 1}'s turn to move")
    suit = state.move_suit
    tokens = state.tokens[player]
    here = tokens[suit]
    if action == CENTRE_ACTION:
        if here == CENTRE:
            raise IllegalAction("your token is already in the centre: it must move to a "
                                "free numbered space")
        target = CENTRE
    else:
        target = action - MOVE_BASE
        if not (0 <= target <= 12 and target in state.spaces[suit]):
            raise IllegalAction(f"the {SUITS[suit]} board has no numbered space {target}"
                                if 0 <= target <= 12 else
                                "now is the time to move your token (actions 4-17)")
        if state.occupied[suit] >> target & 1:
            raise IllegalAction(f"space {target} of the {SUITS[suit]} board is taken"
                                if here != target else "you must move your token")
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
