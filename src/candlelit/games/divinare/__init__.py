"""Divinare (Brett J. Gilbert, 2012): predict how many cards of each suit will be played."""

from __future__ import annotations

from typing import Any

from candlelit.engine.options import Option, Variant, true_or_false
from candlelit.engine.registry import GameSpec
from candlelit.games.divinare.boards import check_boards_option
from candlelit.games.divinare.rules import DivinareState

RULES_VERSION = "divinare-2"


def _new(players: int, seed: int, options: dict[str, Any]) -> DivinareState:
    return DivinareState.new(players, seed, options)


SPEC = GameSpec(
    name="divinare",
    title="Divinare",
    min_players=2,
    max_players=4,
    rules_version=RULES_VERSION,
    options=(
        Option("pass_direction", "right", "pass to the seat on your right (seed) or left",
               choices=("right", "left")),
        Option("pass_schedule", "card",
               "'card': the action card's schedule from the board data; 'every-even': pass "
               "half your hand at every even hand size", choices=("card", "every-even")),
        Option("tie_break", "shared",
               "'shared' (seed: tied players share the win) or the invented "
               "'fewest-red-then-most-blue'", choices=("shared", "fewest-red-then-most-blue")),
        Option("boards", None, "board data in the shipped boards.yaml format (None: built-in)",
               validate=check_boards_option),
        Option("public_scores", False,
               "false (seed: score tokens are kept face down, so each seat sees only its own "
               "total until the final count) or true (every seat's tokens and total are shown)",
               validate=true_or_false),
    ),
    variants=(
        Variant("standard", "the seed's rules with the built-in boards"),
        Variant("left-pass", "pass to the left, as one French summary has it",
                {"pass_direction": "left"}),
        Variant("every-even", "pass half your hand at every even hand size",
                {"pass_schedule": "every-even"}),
        Variant("tie-break", "break ties by fewest red tokens, then most blue (invented)",
                {"tie_break": "fewest-red-then-most-blue"}),
        Variant("public-scores", "everyone's score tokens and totals are shown during play",
                {"public_scores": True}),
    ),
    new_state=_new,
    state_class=DivinareState,
    package="candlelit.games.divinare",
    bots={"expectation": "candlelit.games.divinare.bot:ExpectationBot"},
    default_bot="expectation",
    hard_bot="ismcts:400:depth=0:reuse=4",
    evaluate="candlelit.games.divinare.scoring:evaluate",
    rollout="candlelit.games.divinare.rollout:rollout_action",
    cards_reader="candlelit.games.divinare.boards:read_layout_file",
    cards_option="boards",
    catalogue="candlelit.games.divinare.catalogue:catalogue",
    terminal="candlelit.games.divinare.terminal",
    formatter="candlelit.games.divinare.messages:format_arg",
    template_context="candlelit.games.divinare.catalogue:board_context",
    view_type="candlelit.games.divinare.view_types:DivinareView",
    follow_up="candlelit.games.divinare.turns:move_follows_play",
)
