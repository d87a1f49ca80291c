"""What one 箱庭版暗影獵人 seat's view shows besides its log, as one flat hashable tuple.

`known_table` mirrors views.py field by field: the public table, a character only once
revealed or to its own seat, kept cards' identities only to their holder, and the decision's
choices and context only to the seat deciding. Card and character indices stand for their
ids; a table whose ids repeat falls back to the engine's serialised view. Options are fixed
for a game and left out. Its cost follows the size of the table, never the log.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import chain

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
    """Everything `view(player)` shows but its log, as one tuple (see the module docstring).

    One flat tuple: per-seat lists are spread seat by seat (their length is the player count),
    every list of another length is preceded by its length, and what the view shows only to
    some viewers or in some phases comes last, None when hidden."""
    if not (distinct_ids(state.cards) and distinct_ids(state.pool)):
        return State.known_table(state, player)
    alive, revealed, hp, zombie_of = state.alive, state.revealed, state.hp, state.zombie_of
    damage: list[int | None] = []
    shown: list[int] = []
    for seat in range(state.num_players):
        top = state.max_hp(seat)
        damage.append(top - hp[seat] if alive[seat] else None)
        if revealed[seat] or seat == player:
            k = zombie_of[seat]
            shown += (seat, state.char[seat] if k < 0 else k, hp[seat], top, k >= 0,
                      state.used[seat])
    held, equip, removed = state.held[player], state.equip, state.removed
    decision = state.decision
    deciding = decision[1] if decision and not state.over else None
    return (
        player, state.round, state.turn, state.phase, bool(state.over), state.reason,
        *state.roster, *state.order, *damage, *state.cell, *alive, *revealed,
        *map(len, state.held), *state.shelter, *state.ward, *state.guard, *state.flags,
        *state.lodestone, *map(len, state.decks), len(shown), *shown, len(held), *held,
        *map(len, equip), *chain.from_iterable(equip),
        *map(len, state.dropped), *chain.from_iterable(state.dropped),
        len(removed), *removed,
        # the decision: who and what for everyone, its choices and context for the decider
        deciding, None if deciding is None else decision[0],
        tuple(state.won) if state.over else None,
        (tuple(state.choices), tuple(decision[2:])) if deciding == player else None,
    )
