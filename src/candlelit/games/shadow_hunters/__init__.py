"""箱庭版暗影獵人: a fan-made Shadow Hunters variant with gate communities and custom characters.

The game is complete enough to play with the options below but not yet registered with
the engine: `SPEC` is what registration will add.
"""

from __future__ import annotations

from typing import Any

from candlelit.engine.errors import DataError, OptionError
from candlelit.engine.options import Option, Variant
from candlelit.engine.registry import GameSpec
from candlelit.games.shadow_hunters import messages as _messages  # noqa: F401  (formatters)
from candlelit.games.shadow_hunters.cards import cards_for
from candlelit.games.shadow_hunters.characters import characters_for
from candlelit.games.shadow_hunters.rules import ShadowHuntersState

RULES_VERSION = "shadow-hunters-0"
MAX_ROUNDS = 200


def _new(players: int, seed: int, options: dict[str, Any]) -> ShadowHuntersState:
    return ShadowHuntersState.new(players, seed, options)


def _rounds(value: Any) -> int:
    if type(value) is not int or not 1 <= value <= MAX_ROUNDS:
        raise OptionError(f"option 'max_rounds': a whole number from 1 to {MAX_ROUNDS}, "
                          f"not {value!r}")
    return value


def _flag(value: Any) -> bool:
    if type(value) is not bool:
        raise OptionError(f"true or false, not {value!r}")
    return value


def _file(loader: Any) -> Any:
    def check(value: Any) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str):
            raise OptionError(f"a file path, not {value!r}")
        try:
            loader(value)
        except DataError as exc:
            raise OptionError(str(exc)) from exc
        return value
    return check


OPTIONS = (
    Option("characters", None, "a character file in the shipped format (None: the seed's "
           "nine samples)", validate=_file(characters_for)),
    Option("cards", None, "a card file in the shipped format (None: the seed's 65 cards)",
           validate=_file(cards_for)),
    Option("identities", "hidden", "'hidden' (桌遊版) or 'revealed' (恩賜賽: 明置角色)",
           choices=("hidden", "revealed")),
    Option("zones", "compass", "D3, what a 區 is: 'compass' (keypad edges, corners in two), "
           "'location' (one cell each) or 'pairs' (a gate and the next corner clockwise)",
           choices=("compass", "location", "pairs")),
    Option("dead_equipment", "discard", "D20: 'discard' (桌遊版 4), 'left-on-location' "
           "(恩賜賽 5) or 'killer-takes-one' (the original game)",
           choices=("discard", "left-on-location", "killer-takes-one")),
    Option("community_win", "community", "D23: 'community' (a member's mission wins for the "
           "whole gate) or 'individual'", choices=("community", "individual")),
    Option("last_side_standing", True, "D24a: the game ends when only one gate, or one "
           "character, is left alive", validate=_flag),
    Option("white_heal_at_full", "damage", "D14: a white-card heal at full HP deals 1 "
           "damage ('damage', as the original) or does 'nothing' (the seed's letter)",
           choices=("damage", "nothing")),
    Option("attack_element", "skills", "D18: where an attack's element comes from: 'skills' "
           "only (聖體, 魔炎操控, while unequipped) or also 'equipment' (the attacker may pick "
           "the element of one of its equipment colours)", choices=("skills", "equipment")),
    Option("max_rounds", 30, "D24c: rounds before the game stops", validate=_rounds),
    Option("unimplemented", "refuse", "'refuse' (raise NotImplementedError if the cards or "
           "characters need rules not yet written; the shipped ones need none) or 'omit' "
           "(leave such cards and characters out, listed in every view)",
           choices=("refuse", "omit")),
)

VARIANTS = (
    Variant("table", "桌遊版: hidden characters, the dead's equipment discarded"),
    Variant("tournament", "恩賜賽版: characters face up, the dead's equipment left on the "
            "location for the next visitor",
            {"identities": "revealed", "dead_equipment": "left-on-location"}),
)

SPEC = GameSpec(
    name="shadow-hunters",
    title="Shadow Hunters (箱庭版)",
    min_players=4,
    max_players=8,
    rules_version=RULES_VERSION,
    options=OPTIONS,
    variants=VARIANTS,
    new_state=_new,
    state_class=ShadowHuntersState,
)
