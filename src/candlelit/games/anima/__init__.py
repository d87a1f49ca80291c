"""Anima: Shadow of Omega (Carlos B. García; Edge Entertainment / Fantasy Flight Games).

Lead a party of adventurers across Gaïa: explore areas, face their encounters, complete two
secret missions, and be the first to complete the final mission against Omega.
"""

from __future__ import annotations

from typing import Any

from candlelit.engine.options import Option, Variant, whole_number
from candlelit.engine.registry import GameSpec
from candlelit.games.anima.cards import check_cards_option
from candlelit.games.anima.rules import AnimaState

RULES_VERSION = "anima-2"
MAX_ROUNDS = 200


def _new(players: int, seed: int, options: dict[str, Any]) -> AnimaState:
    return AnimaState.new(players, seed, options)


OPTIONS = (
    Option("death_margin", 5,
           "a character dies when its party loses a combat by MORE than this many points "
           "(seed 超過5點以上 read literally: 5; set 4 for 'by 5 or more')",
           validate=whole_number(0, 20)),
    Option("spoils", "take",
           "what beating another party gives: 'take' a random advantage from the loser (a "
           "draw if it has none), or 'draw' one from the deck", choices=("take", "draw")),
    Option("end_game", "first-edition",
           "'first-edition': the first to complete the final mission wins; 'crisis' "
           "(revised edition): the final mission's timer starts when it is revealed and "
           "ends in one Crisis fight per eligible player", choices=("first-edition", "crisis")),
    Option("final_reveal", "first-completion",
           "when a final mission is revealed: at the 'first-completion' of a basic mission "
           "(first edition), or when 'chosen' at the start of a round by a player with a "
           "completed basic mission (revised edition)", choices=("first-completion", "chosen")),
    Option("trade", "free",
           "how parties on trade areas trade (seed 自由交換): 'free', any number of cards "
           "each way (at least one each), with each other party once per Interaction turn; "
           "'one-for-one', one card for one card, one proposal per turn",
           choices=("free", "one-for-one")),
    Option("speed_order", "per-phase",
           "when the speed order is worked out (seed 每個階段由隊伍總合速度最高的玩家先動作): "
           "'per-phase', at the start of every phase; 'per-round', once at the start of "
           "the round", choices=("per-phase", "per-round")),
    Option("ability_block", "character",
           "what using a character's ability blocks for the round: 'character', that "
           "character powers no skill card (seed 技能卡需由…未被橫置使用); 'party', no card of "
           "its skill types for the whole party", choices=("character", "party")),
    Option("max_rounds", 40,
           "rounds before the game stops (the rules have no limit): most completed basic "
           "missions wins, ties share", validate=whole_number(1, MAX_ROUNDS)),
    Option("cards", None,
           "card data in the shipped cards.yaml format (None: built-in); a user who owns the "
           "printed cards can load them with --cards FILE", validate=check_cards_option,
           formerly="boards"),
)

VARIANTS = (
    Variant("first-edition", "the first edition: the final mission decides the game"),
    Variant("revised", "the revised edition's Crisis end game, the final mission revealed "
            "when a player chooses", {"end_game": "crisis", "final_reveal": "chosen"}),
)

SPEC = GameSpec(
    name="anima",
    title="Anima: Shadow of Omega",
    min_players=2,
    max_players=5,
    rules_version=RULES_VERSION,
    options=OPTIONS,
    variants=VARIANTS,
    new_state=_new,
    state_class=AnimaState,
    package="candlelit.games.anima",
    bots={"heuristic": "candlelit.games.anima.bot:HeuristicBot"},
    default_bot="heuristic",
    hard_bot="ismcts:80:depth=20:reuse=4:prior=16",
    evaluate="candlelit.games.anima.evaluation:evaluate",
    cards_reader="candlelit.games.anima.cards:read_cards_file",
    cards_option="cards",
    catalogue="candlelit.games.anima.catalogue:catalogue",
    terminal="candlelit.games.anima.terminal",
    formatter="candlelit.games.anima.messages:format_arg",
    template_context="candlelit.games.anima.catalogue:board_context",
    view_type="candlelit.games.anima.view_types:AnimaView",
)
