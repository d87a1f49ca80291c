"""Nevermore (Curt Covert, 2015) with Specters of Nevermore (2016) as a variant.

Draft cards, win the suits, and try not to be turned into a raven.
"""

from __future__ import annotations

from typing import Any

from candlelit.engine.options import Option, Variant, true_or_false, whole_number
from candlelit.engine.registry import GameSpec
from candlelit.games.nevermore.cards import check_cards_option
from candlelit.games.nevermore.rules import NevermoreState

RULES_VERSION = "nevermore-2"
MAX_ROUNDS = 200


def _new(players: int, seed: int, options: dict[str, Any]) -> NevermoreState:
    return NevermoreState.new(players, seed, options)


OPTIONS = (
    Option("characters", False,
           "Specters of Nevermore: draft a character at set-up (reconstructed abilities)",
           validate=true_or_false),
    Option("sourced_only", False,
           "only the magick cards the seed's FAQ describes (leaves out the research's "
           "any-time heal, 'Reprieve')", validate=true_or_false),
    Option("raven_cancel", "optional",
           "'optional' (seed: 若有烏鴉，則選擇是否一同打出) or 'mandatory' (research S4/S24: "
           "every Raven must cancel one of your cards of the called suit while it can)",
           choices=("optional", "mandatory")),
    Option("radiance_five", "extra-card",
           "five Radiance played: 2 health, 1 point and 'extra-card' (one Light Magick on top "
           "of the step's draw) or 'normal-draw' (only the step's usual draw)",
           choices=("extra-card", "normal-draw")),
    Option("join_hand", "also-before-draft",
           "when a magick card may join your hand as the suit card it counts as (seed 魔法牌 6, "
           "在結算階段之前): 'also-before-draft' (before drafting too, so it can be passed, "
           "FAQ 魔法牌 3) or 'before-resolution' (only just before resolution, FAQ 輪抽 2)",
           choices=("also-before-draft", "before-resolution")),
    Option("shadow_ravens", "any",
           "'any': every Shadow Magick card may join your hand as a Raven (FAQ 魔法牌 4); "
           "'none': only cards whose card data names a suit (counts_as_suit_card) join",
           choices=("any", "none")),
    Option("max_rounds", 40,
           "rounds before the game stops (the seed has no limit): the human with most "
           "points, then health, wins", validate=whole_number(1, MAX_ROUNDS)),
    Option("cards", None,
           "card data in the shipped cards.yaml format (None: built-in); the command line's "
           "--cards FILE fills it", validate=check_cards_option,
           formerly="boards"),
)

VARIANTS = (
    Variant("standard", "the seed's rules with the built-in cards"),
    Variant("specters", "Specters of Nevermore: characters drafted at set-up",
            {"characters": True}),
    Variant("sourced-only", "only what the seed specifies: its 18 FAQ cards, no characters",
            {"sourced_only": True, "characters": False}),
)

SPEC = GameSpec(
    name="nevermore",
    title="Nevermore",
    min_players=3,
    max_players=6,
    rules_version=RULES_VERSION,
    options=OPTIONS,
    variants=VARIANTS,
    new_state=_new,
    state_class=NevermoreState,
    package="candlelit.games.nevermore",
    bots={"heuristic": "candlelit.games.nevermore.bot:HeuristicBot"},
    default_bot="heuristic",
    hard_bot="ismcts:150:depth=20:reuse=4:prior=30",
    evaluate="candlelit.games.nevermore.evaluation:evaluate",
    cards_reader="candlelit.games.nevermore.cards:read_cards_file",
    cards_option="cards",
    catalogue="candlelit.games.nevermore.catalogue:catalogue",
    terminal="candlelit.games.nevermore.terminal",
    formatter="candlelit.games.nevermore.messages:format_arg",
    view_type="candlelit.games.nevermore.view_types:NevermoreView",
)
