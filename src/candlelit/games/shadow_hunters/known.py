"""What one 箱庭版暗影獵人 seat's view shows besides its log, as one flat hashable tuple.

`known_table` mirrors views.py field by field: the public table, a character only once
revealed or to its own seat, kept cards' identities only to their holder, and the decision's
choices and context only to the seat deciding. Card and character indices stand for their
ids; a table whose ids repeat falls back to the engine's serialised view. Options are fixed
for a game and left out. Its cost follows the size of the table, never the log.
"""

from __future__ import annotations

from collections.abc import Hashable

from candlelit.engine.state import State
from candlelit.games.shadow_hunters.cards import Card
from candlelit.games.shadow_hunters.characters import Character
from candlelit.games.shadow_hunters.state import ShadowHuntersFields

Table = tuple[Card, ...] | tuple[Character, ...]
"""The card table or the character table."""

_DISTINCT: dict[int, tuple[Table, bool]] = {}


def distinct_ids(table: Table) -> bool:
    """Whether the cards (or characters) of `table` have distinct ids (asked once per table)."""
    found = _DISTINCT.get(id(table))
    if found is not None and found[0] is table:
        return found[1]
    ids = [entry.id for entry in table]
    answer = len(set(ids)) == len(ids)
    _DISTINCT[id(table)] = (table, answer)
    return answer


def known_table(state: ShadowHuntersFields, player: int) -> Hashable:
    """Everything `view(player)` shows but its log, as one tuple (see the module docstring)."""
    if not (distinct_ids(state.cards) and distinct_ids(state.pool)):
        return State.known_table(state, player)
    alive, revealed, hp = state.alive, state.revealed, state.hp
    seats: list[Hashable] = []
    for seat in range(state.num_players):
        top = state.max_hp(seat)
        if revealed[seat] or seat == player:
            k = state.zombie_of[seat]
            seats.append((top - hp[seat] if alive[seat] else None, state.char[seat] if k < 0
                          else k, hp[seat], top, k >= 0, state.used[seat]))
        else:
            seats.append(top - hp[seat] if alive[seat] else None)
    decision = state.decision
    deciding = decision[1] if decision and not state.over else None
    mine = deciding is not None and deciding == player
    return (
        player, tuple(state.roster), tuple(state.order), state.round, state.turn, state.phase,
        tuple(seats), tuple(state.cell), tuple(alive), tuple(revealed),
        tuple(map(tuple, state.equip)), tuple(map(len, state.held)), tuple(state.shelter),
        tuple(state.ward), tuple(state.guard), tuple(state.flags), tuple(state.lodestone),
        tuple(state.held[player]), tuple(map(len, state.decks)),
        tuple(map(tuple, state.dropped)), tuple(state.removed),
        deciding, decision[0] if deciding is not None else None,
        bool(state.over), tuple(state.won) if state.over else (), state.reason,
        (tuple(state.choices), tuple(decision[2:])) if mine else None,
    )
