"""Wickwatch: keep watch by candlelight and lure the kindly spirits with secretly set candles.

An example of a game shipped as its own distribution: candlelit finds it through the
`candlelit.games` entry point, and everything it needs to know is in SPEC below.
"""

from __future__ import annotations

from typing import Any

from candlelit.engine.options import Option, Variant, whole_number
from candlelit.engine.registry import GameSpec

from candlelit_wickwatch.deck import check_spirits_option
from candlelit_wickwatch.state import WickwatchState

RULES_VERSION = "wickwatch-1"


def _new(players: int, seed: int, options: dict[str, Any]) -> WickwatchState:
    return WickwatchState.new(players, seed, options)


SPEC = GameSpec(
    name="wickwatch",
    title="Wickwatch",
    min_players=2,
    max_players=4,
    rules_version=RULES_VERSION,
    options=(
        Option("hand_size", 5, "candles in each hand (4 to 6)", validate=whole_number(4, 6)),
        Option("nights", None, "nights to watch (None: one per spirit in the deck)",
               validate=whole_number(4, 12, none_means="one per spirit")),
        Option("restless", "shortest",
               "who takes a pile worth less than zero: the 'shortest' single candle (the "
               "rulebook) or the 'tallest', as for any other pile",
               choices=("shortest", "tallest")),
        Option("spirits", None, "a spirit deck in data/spirits.yaml's format (None: built-in)",
               validate=check_spirits_option),
    ),
    variants=(
        Variant("standard", "the rulebook: five candles, ten nights"),
        Variant("quick", "six nights with four candles each", {"nights": 6, "hand_size": 4}),
        Variant("greedy-dark", "the tallest single candle takes every pile, restless or not",
                {"restless": "tallest"}),
    ),
    new_state=_new,
    state_class=WickwatchState,
    package="candlelit_wickwatch",
    bots={"keeper": "candlelit_wickwatch.bot:KeeperBot"},
    default_bot="keeper",
    cards_reader="candlelit_wickwatch.deck:read_spirits_file",
    cards_option="spirits",
    catalogue="candlelit_wickwatch.catalogue:catalogue",
    terminal="candlelit_wickwatch.terminal",
    formatter="candlelit_wickwatch.messages:format_arg",
    template_context="candlelit_wickwatch.web_context:board_context",
    commands="candlelit_wickwatch.commands:add_commands",
    balance="candlelit_wickwatch.balance",
)
