"""The location action of a 箱庭版暗影獵人 turn (步驟 5-3; 卡片說明 1, D7, D8): optional, and
what each of the eight locations does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from candlelit.engine.flow import check_complete
from candlelit.games.shadow_hunters.constants import (
    A_DECK,
    A_NO,
    A_YES,
    COLOURS,
    DECK_OF_CELL,
    GATE_OF_CELL,
    LOCATIONS,
)
from candlelit.games.shadow_hunters.damage import heal
from candlelit.games.shadow_hunters.effects import draw
from candlelit.games.shadow_hunters.state import (
    ATTACK,
    DONE,
    F_LATE,
    F_SKIP_TURN,
    ShadowHuntersFields,
)
from candlelit.games.shadow_hunters.table import ask, ask_target
from candlelit.games.shadow_hunters.victory import check_end

HOT_SPRING_HEAL = 2
"""溫泉旅館: HP healed (and the next turn is skipped)."""
COMMUNITY_HEAL = 1
"""D8: drawing at a gate heals each living member of that gate this much."""


def action_phase(state: ShadowHuntersFields, seat: int) -> None:
    """Ask the seat whether it takes its location's action (D7: it is optional)."""
    ask(state, "act", seat, [A_NO, A_YES], state.cell[seat])


def location_action(state: ShadowHuntersFields, seat: int) -> None:
    """Do the action of the seat's location (卡片說明 1, D7, D8)."""
    ACTIONS[LOCATIONS[state.cell[seat]]](state, seat)


def decide_act(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """Take the location's action or not; then the attack (none after 火炎之翼's late move)."""
    state.phase = DONE if state.flags[seat] & F_LATE else ATTACK
    if a == A_YES:
        location_action(state, seat)


# == the eight locations, in keypad order (卡片說明 1) ========================================
def _hermit_gourd(state: ShadowHuntersFields, seat: int) -> None:
    """仙人藥蘆: a living character of the seat's choice heals 1."""
    ask_target(state, seat, "gourd", state.living())


def _community(state: ShadowHuntersFields, seat: int) -> None:
    """A gate's location (D8): draw from its deck; each living member of the gate heals 1."""
    cell = state.cell[seat]
    draw(state, seat, COLOURS.index(DECK_OF_CELL[cell]))
    gate = GATE_OF_CELL[cell]
    members = [s for s in state.living() if state.gate(s) == gate]
    for s in members:
        heal(state, s, COMMUNITY_HEAL, (), seat, quiet=True)
    state._emit("community", "shadow_hunters.log.community_heal",
                {"gate": gate, "seats": members})
    check_end(state)


def _hot_spring(state: ShadowHuntersFields, seat: int) -> None:
    """溫泉旅館: heal 2 and skip the next turn."""
    heal(state, seat, HOT_SPRING_HEAL, (), seat)
    state.flags[seat] |= F_SKIP_TURN


def _wizard_hut(state: ShadowHuntersFields, seat: int) -> None:
    """巫師小屋: draw from a deck of the seat's choice (one that still has cards)."""
    decks = [A_DECK + k for k, d in enumerate(state.decks) if d]
    if decks:
        ask(state, "deck", seat, decks)


def _mortar(state: ShadowHuntersFields, seat: int) -> None:
    """迫擊炮台: a living character of the seat's choice takes 2."""
    ask_target(state, seat, "mortar", state.living())


ACTIONS: dict[str, Callable[[ShadowHuntersFields, int], None]] = {
    "hermit_gourd": _hermit_gourd,
    "mountain_sanctuary": _community,
    "hot_spring": _hot_spring,
    "forest": _community,
    "lake_temple": _community,
    "wizard_hut": _wizard_hut,
    "fire_altar": _community,
    "mortar": _mortar,
}
"""Location id -> its action."""
check_complete("shadow-hunters: location", LOCATIONS.values(), ACTIONS)
