"""The magick decks (FAQ 結束 2.2): drawing, reshuffling only when exhausted, Requisition's cue.

A Light Magick draw opens a window in which another seat may take one of the cards drawn
(徵收, FAQ 魔法牌 18) when somebody else holds a magick card at all.
"""

from __future__ import annotations

from candlelit.games.nevermore import abilities
from candlelit.games.nevermore.constants import (
    D_DROP,
    LIGHT,
    P_USHER,
    T_LIGHT_DRAWN,
    T_WINDOW,
    WHEN_LIGHT_DRAWN,
)
from candlelit.games.nevermore.state import NevermoreFields


def t_draw(state: NevermoreFields, task: list[int]) -> None:
    """[T_DRAW, deck, seat, count]: draw; Light cards drawn may be answered by a Requisition."""
    _, deck, seat, count = task
    drawn = draw(state, deck, seat, count)
    if deck == LIGHT and drawn:
        if state.specters and abilities.has(state, seat, "usher", False):
            drawn += draw(state, LIGHT, seat, 1)
            state.tasks.append([T_LIGHT_DRAWN, seat, *drawn])
            state.ask(D_DROP, seat, P_USHER)  # Roderick Usher drew one more: he discards one
            return
        light_drawn(state, seat, drawn)


def t_light_drawn(state: NevermoreFields, task: list[int]) -> None:
    """[T_LIGHT_DRAWN, seat, titles...]: the titles drawn, once Usher has discarded one."""
    seat = task[1]
    light_drawn(state, seat, [t for t in task[2:] if state.magick[seat][t]])


def light_drawn(state: NevermoreFields, seat: int, drawn: list[int]) -> None:
    """Another seat may answer a Light Magick draw (徵收, FAQ 魔法牌 18)."""
    if drawn and requisition_possible(state, seat):
        state.drawn, state.drawer = drawn, seat
        state.tasks.append([T_WINDOW, WHEN_LIGHT_DRAWN, seat, 0, 0])


def draw(state: NevermoreFields, deck: int, seat: int, count: int) -> list[int]:
    """Move up to `count` cards of `deck` to `seat` (the titles drawn); reshuffle when empty."""
    pile = state.ldeck if deck == LIGHT else state.sdeck
    drawn: list[int] = []
    for _ in range(count):
        if not pile:
            discard = state.ldisc if deck == LIGHT else state.sdisc
            if not discard:
                state._emit("draw", "nevermore.deck_empty", {"deck": "light" if deck == LIGHT
                                                            else "shadow"})
                break
            pile.extend(discard)
            discard.clear()
            state.shuffle(pile)
            state._emit("draw", "nevermore.reshuffled", {"deck": "light" if deck == LIGHT
                                                        else "shadow"})
        title = pile.pop()
        state.magick[seat][title] += 1
        drawn.append(title)
    if drawn:
        name = "light" if deck == LIGHT else "shadow"
        state._emit("draw", "nevermore.draws", {"seat": seat, "count": len(drawn),
                                                "deck": name})
        state._emit("draw", "nevermore.drew", {
            "seat": seat, "cards": [state.cards.magick[t].name() for t in drawn]}, (seat,))
    return drawn


def requisition_possible(state: NevermoreFields, drawer: int) -> bool:
    """Whether a Light Magick draw opens a window: another seat holds a magick card.

    Only a public count decides it, so the window never tells who holds a Requisition.
    """
    return any(any(state.magick[s]) for s in range(state.num_players) if s != drawer)
