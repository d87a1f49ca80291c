"""Specters of Nevermore's character draft at set-up (research placeholder procedure).

Deal 2 characters to each seat; each keeps 1 in secret and passes the other in the
marker's direction, then picks 1 of the 2 it holds; then every character is revealed.
"""

from __future__ import annotations

from candlelit.games.nevermore.constants import (
    D_CHAR_KEEP,
    D_CHAR_PICK,
    D_NONE,
    ST_BEFORE_DRAFT,
)
from candlelit.games.nevermore.state import NevermoreFields


def t_char_deal(state: NevermoreFields, task: list[int]) -> None:
    """Deal 2 characters to each seat; each keeps 1 in secret."""
    pool = list(range(len(state.cards.characters)))
    state.shuffle(pool)
    for seat in range(state.num_players):
        state.cdeal[seat] = sorted(pool[2 * seat:2 * seat + 2])
        state._emit("character", "nevermore.chars_dealt", {
            "seat": seat, "characters": [state.cards.characters[c].name()
                                         for c in state.cdeal[seat]]}, (seat,))
    state.decision = [D_CHAR_KEEP, -1]
    state.pending = list(range(state.num_players))


def answer_draft(state: NevermoreFields, seat: int, char: int) -> None:
    """Keep (first choice) or pick (second choice) a character."""
    if state.decision[0] == D_CHAR_KEEP:
        state.ckeep[seat] = char
        state.cdeal[seat].remove(char)
    else:
        state.char[seat] = char
        state.cdeal[seat] = []
    state.pending.remove(seat)
    if not state.pending:
        state.decision = [D_NONE]


def t_char_pass(state: NevermoreFields, task: list[int]) -> None:
    """Pass the other character in the marker's direction; then pick 1 of the 2 you hold."""
    n, d = state.num_players, state.direction
    passed = [state.cdeal[s][0] for s in range(n)]
    for seat in range(n):
        upstream = (seat - d) % n
        state.cdeal[seat] = sorted([state.ckeep[seat], passed[upstream]])
        state._emit("character", "nevermore.char_passed", {
            "seat": upstream, "to": seat,
            "character": state.cards.characters[passed[upstream]].name()}, (upstream, seat))
    state.decision = [D_CHAR_PICK, -1]
    state.pending = list(range(n))


def t_char_reveal(state: NevermoreFields, task: list[int]) -> None:
    """Every chosen character is revealed."""
    for seat in range(state.num_players):
        state._emit("character", "nevermore.char_revealed", {
            "seat": seat, "character": state.cards.characters[state.char[seat]].name()})
    state.ckeep = [-1] * state.num_players
    state.stage = ST_BEFORE_DRAFT
