"""Every decision of 箱庭版暗影獵人, once, in the order of a turn (步驟 5), with the rule that
carries it out. A decision's legal actions are the `choices` stored when it was asked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

from candlelit.engine.flow import Step, Steps
from candlelit.games.shadow_hunters import combat, effects, locations, movement, targets, turn
from candlelit.games.shadow_hunters.state import ShadowHuntersFields
from candlelit.games.shadow_hunters.view_types import DecisionKind

Decide = Callable[[ShadowHuntersFields, int, int, list[Any]], None]
"""A rule carrying out a decision: (state, seat, action, the decision's context)."""


def _stored(state: ShadowHuntersFields, seat: int) -> list[int]:
    """The choices stored with the pending decision."""
    return list(state.choices)


def _among_stored(state: ShadowHuntersFields, seat: int, action: int) -> bool:
    return action in state.choices


def _step(kind: str, decide: Decide) -> Step[ShadowHuntersFields]:
    """The step of decision `kind`: take the pending decision off, then `decide` it."""
    def apply(state: ShadowHuntersFields, seat: int, action: int) -> None:
        ctx = state.decision[2:]
        state.decision, state.choices = [], []
        decide(state, seat, action, ctx)
    return Step(kind, _stored, apply, f"shadow_hunters.prompt.{kind}", _among_stored)


_BY_KIND = {
    # (1) start
    "start": _step("start", turn.decide_start),
    # (2) move
    "wings": _step("wings", movement.decide_wings),
    "lodestone": _step("lodestone", movement.decide_lodestone),
    "move": _step("move", movement.decide_move),
    "fly": _step("fly", movement.decide_fly),
    # (3) location action
    "act": _step("act", locations.decide_act),
    "deck": _step("deck", effects.decide_deck),
    # (4) attack
    "attack": _step("attack", combat.decide_attack),
    "element": _step("element", combat.decide_element),
    "press": _step("press", combat.decide_press),
    "brace": _step("brace", combat.decide_brace),
    "double": _step("double", combat.decide_double),
    "shield": _step("shield", combat.decide_shield),
    "cheer": _step("cheer", combat.decide_cheer),
    "lance": _step("lance", combat.decide_lance),
    # cards and effects, at any step
    "keep": _step("keep", effects.decide_keep),
    "give": _step("give", effects.decide_give),
    "guess": _step("guess", effects.decide_guess),
    "target": _step("target", targets.decide_target),
    "cell": _step("cell", targets.decide_cell),
    "equip": _step("equip", targets.decide_equip),
    "value": _step("value", targets.decide_value),
    "swap": _step("swap", targets.decide_swap),
}

STEPS: Steps[ShadowHuntersFields] = Steps("shadow-hunters", get_args(DecisionKind), _BY_KIND)
"""Decision kind (its public name, one of the view's `DecisionKind`s) -> its step."""
