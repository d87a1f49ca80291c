"""箱庭版暗影獵人: a fan-made Shadow Hunters variant with gate communities and custom characters.

Four to eight players in four gate communities (and lone wolves) on a ring of eight
locations; characters are data files, so players can write and test their own.
"""

from __future__ import annotations

from typing import Any

from candlelit.engine.options import Option, Variant, true_or_false, whole_number
from candlelit.engine.registry import GameSpec
from candlelit.games.shadow_hunters.cards import check_cards_option
from candlelit.games.shadow_hunters.characters import check_characters_option
from candlelit.games.shadow_hunters.rules import ShadowHuntersState

RULES_VERSION = "shadow-hunters-2"
MAX_ROUNDS = 200


def _new(players: int, seed: int, options: dict[str, Any]) -> ShadowHuntersState:
    return ShadowHuntersState.new(players, seed, options)


OPTIONS = (
    Option("characters", None, "character data in the shipped file format (None: the seed's "
           "nine samples); `--characters FILE` adds a file's characters to the samples",
           validate=check_characters_option),
    Option("cards", None, "card data in the shipped cards.yaml format (None: the seed's 65 "
           "cards); load a file with --cards FILE", validate=check_cards_option,
           formerly="boards"),
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
           "character, is left alive", validate=true_or_false),
    Option("white_heal_at_full", "damage", "D14: a white-card heal at full HP deals 1 "
           "damage ('damage', as the original) or does 'nothing' (the seed's letter)",
           choices=("damage", "nothing")),
    Option("attack_element", "skills", "D18: where an attack's element comes from: 'skills' "
           "only (聖體, 魔炎操控, while unequipped) or also 'equipment' (the attacker may pick "
           "the element of one of its equipment colours)", choices=("skills", "equipment")),
    Option("max_rounds", 30, "D24c: rounds before the game stops",
           validate=whole_number(1, MAX_ROUNDS)),
)

VARIANTS = (
    Variant("table", "board-game edition: hidden characters, the dead's equipment "
            "discarded"),
    Variant("tournament", "tournament edition: characters face up, the dead's equipment "
            "left on the location for the next visitor",
            {"identities": "revealed", "dead_equipment": "left-on-location"}),
)

SPEC = GameSpec(
    name="shadow-hunters",
    title="Shadow Hunters (箱庭版)",
    min_players=4,
    max_players=8,
    usual_players=6,
    rules_version=RULES_VERSION,
    options=OPTIONS,
    variants=VARIANTS,
    new_state=_new,
    state_class=ShadowHuntersState,
    package="candlelit.games.shadow_hunters",
    bots={"heuristic": "candlelit.games.shadow_hunters.bot:HeuristicBot"},
    default_bot="heuristic",
    hard_bot="ismcts:60:depth=20:reuse=4:prior=12",
    evaluate="candlelit.games.shadow_hunters.evaluation:evaluate",
    cards_reader="candlelit.games.shadow_hunters.cards:read_cards_file",
    cards_option="cards",
    catalogue="candlelit.games.shadow_hunters.catalogue:catalogue",
    terminal="candlelit.games.shadow_hunters.terminal",
    formatter="candlelit.games.shadow_hunters.messages:format_arg",
    template_context="candlelit.games.shadow_hunters.catalogue:board_context",
    characters_reader="candlelit.games.shadow_hunters.characters:pool_with",
    commands="candlelit.games.shadow_hunters.commands:register",
    balance="candlelit.games.shadow_hunters.balance",
    view_type="candlelit.games.shadow_hunters.view_types:ShadowHuntersView",
)
