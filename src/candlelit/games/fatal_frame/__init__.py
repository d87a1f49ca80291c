"""Fatal Frame: the Card Game, Crimson Butterfly Edition (Joe Fourhman, 2005).

Capture ghosts with the Camera Obscura, open Kureha Shrine and defeat its boss to escape.
"""

from __future__ import annotations

from typing import Any

from candlelit.engine.options import Option, Variant, whole_number
from candlelit.engine.registry import GameSpec
from candlelit.games.fatal_frame.cards import check_cards_option
from candlelit.games.fatal_frame.rules import FatalFrameState

RULES_VERSION = "fatal-frame-1"
MAX_ROUNDS = 500


def _new(players: int, seed: int, options: dict[str, Any]) -> FatalFrameState:
    return FatalFrameState.new(players, seed, options)


OPTIONS = (
    Option("modifier_order", "additions-first",
           "automatic additions before subtractions (seed, 戰鬥) or 'subtractions-first' "
           "(translator's proposal 1)", choices=("additions-first", "subtractions-first")),
    Option("repentance", "all-album",
           "The Repentance empties every album ('all-album') or costs half a die roll of "
           "album ghosts ('half-roll', translator's proposal 2)",
           choices=("all-album", "half-roll")),
    Option("boss_fight", "stay",
           "'stay': while a boss fight is on, staying in the shrine counts as the move; "
           "'literal': the move of step 3 is always a step, so leaving resets the boss",
           choices=("stay", "literal")),
    Option("combat_cards", "use-the-play",
           "a card played on the ghost attacking you (Zero Shot...) is the turn's play "
           "('use-the-play') or comes on top of it ('free')",
           choices=("use-the-play", "free")),
    Option("quick_escape", "any-time",
           "Quick Escape may also be played after another seat's move or play step "
           "('any-time', the seed's example of moving outside your turn), or only as your "
           "own turn's play ('own-turn')", choices=("any-time", "own-turn")),
    Option("futile_odds", "one-turn",
           "Futile Odds' -2 lasts one turn ('one-turn': the rest of the turn when played in "
           "a fight, else through the next turn) or until its ghost's next roll is settled "
           "('next-roll')", choices=("one-turn", "next-roll")),
    Option("shrine_points", None,
           "album points to enter Kureha Shrine (None: 9/7/6 for 2/3/4 players); the seed "
           "suggests raising it for a longer game",
           validate=whole_number(1, 60, none_means="9/7/6 by player count")),
    Option("max_rounds", 60,
           "rounds before the game stops (the seed has no limit): most album points wins",
           validate=whole_number(1, MAX_ROUNDS)),
    Option("cards", None,
           "card data in the shipped cards.yaml format (None: built-in); a user who owns the "
           "printed cards can load them with --cards FILE", validate=check_cards_option,
           formerly="boards"),
)

VARIANTS = (
    Variant("official", "the seed's rules with the built-in cards"),
    Variant("translator", "the translator's two proposals: subtractions before additions, "
            "and The Repentance costs half a die roll of album ghosts",
            {"modifier_order": "subtractions-first", "repentance": "half-roll"}),
)

SPEC = GameSpec(
    name="fatal-frame",
    title="Fatal Frame: the Card Game",
    min_players=2,
    max_players=4,
    rules_version=RULES_VERSION,
    options=OPTIONS,
    variants=VARIANTS,
    new_state=_new,
    state_class=FatalFrameState,
    package="candlelit.games.fatal_frame",
    bots={"heuristic": "candlelit.games.fatal_frame.bot:HeuristicBot"},
    default_bot="heuristic",
    hard_bot="ismcts:80:depth=20:reuse=4:prior=16",
    evaluate="candlelit.games.fatal_frame.evaluation:evaluate",
    cards_reader="candlelit.games.fatal_frame.cards:read_cards_file",
    cards_option="cards",
    catalogue="candlelit.games.fatal_frame.catalogue:catalogue",
    terminal="candlelit.games.fatal_frame.terminal",
    formatter="candlelit.games.fatal_frame.messages:format_arg",
    template_context="candlelit.games.fatal_frame.board_looks:board_context",
    view_type="candlelit.games.fatal_frame.view_types:FatalFrameView",
)
