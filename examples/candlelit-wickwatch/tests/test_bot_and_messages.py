"""The keeper bot beats random play; every log line and label reads in both languages."""

from __future__ import annotations

import pytest
from candlelit.bots.registry import make_bot
from candlelit.engine import conformance as c
from candlelit.engine.registry import get
from candlelit.i18n import message
from candlelit.sim.runner import SimulationSpec, play_one

from candlelit_wickwatch.bot import KeeperBot


def test_keeper_wins_more_than_its_share_against_random_bots():
    spec = SimulationSpec("wickwatch", 3, ("keeper", "random", "random"), 300, seed=4)
    wins = sum(0 in play_one(spec, index).winners for index in range(spec.games))
    assert wins / spec.games > 0.5  # a fair share is one third (ties count for everyone)


def test_manifest_names_keeper_as_the_default_bot_and_it_can_be_made():
    spec = get("wickwatch")
    assert spec.default_bot == "keeper"
    bot = make_bot("keeper", "wickwatch", 1, 0)
    assert isinstance(bot, KeeperBot) and bot.name == "keeper"


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_every_log_entry_and_action_label_is_translated(lang):
    for players in (2, 4):
        final = c.playout("wickwatch", players, 9, chooser=4)
        for seat in [*range(players), None]:
            for entry in final.view(seat)["log"]:
                line = message("wickwatch", entry["key"], entry["args"], lang)
                assert "{" not in line and "wickwatch." not in line
    state = c.load("wickwatch", 2, 0)
    labels = {state.action_to_string(0, a, lang) for a in range(state.num_distinct_actions())}
    assert len(labels) == state.num_distinct_actions()
