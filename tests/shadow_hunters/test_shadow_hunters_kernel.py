"""Shadow Hunters on the engine's decision kernel: its step table, its reaction windows and
its declared fields."""

from __future__ import annotations

import random

import pytest
from shkit import new_game

from candlelit.engine import conformance as c
from candlelit.engine.state import State
from candlelit.games.shadow_hunters.bot import PLAN
from candlelit.games.shadow_hunters.rules import ShadowHuntersState
from candlelit.i18n import has

GAME = "shadow-hunters"
COUNTS = c.player_counts(GAME)


def test_the_game_plays_through_the_engine_template():
    assert ShadowHuntersState.apply_action is State.apply_action
    assert ShadowHuntersState.legal_actions is State.legal_actions


def test_the_steps_name_every_decision_random_games_reach():
    kinds = set(ShadowHuntersState.steps)
    reached: set[str] = set()
    for players in COUNTS:
        for seed in range(4):
            c.playout(GAME, players, seed, chooser=seed + 11,
                      visit=lambda s, _step: reached.add(s.decision_kind()))
    assert reached <= kinds, f"decisions without a step: {reached - kinds}"
    assert {"start", "move", "act", "attack", "target", "deck"} <= reached


def test_every_step_has_a_prompt_in_english_and_chinese():
    for step in ShadowHuntersState.steps.values():
        assert step.prompt == f"shadow_hunters.prompt.{step.name}"
        for lang in ("en", "zh-TW"):
            assert has(step.prompt, lang), (step.name, lang)


def test_the_bot_plans_one_choice_for_every_step():
    assert list(PLAN) == ShadowHuntersState.steps.names()


def test_a_refused_action_names_what_the_seat_is_asked():
    s = new_game()
    seat = s.current_player()
    with pytest.raises(Exception, match="choose what to do before moving") as info:
        s.apply_action(max(s.num_distinct_actions() - 1, 0), seat)
    assert type(info.value).__name__ == "IllegalAction"


@pytest.mark.parametrize("players", COUNTS)
def test_quick_legality_agrees_with_the_stored_choices(players):
    c.playout(GAME, players, 2, chooser=5, visit=lambda s, step: (
        c.check_kernel(s) if c.checkpoints(step) else None))


WINDOW_STATES = 8
"""States checked per kind of window and player count (each resamples every seat's world)."""


@pytest.mark.parametrize("players", COUNTS)
def test_whom_a_reaction_window_asks_follows_from_public_information(players):
    rng = random.Random(31)
    names = {w.name for w in ShadowHuntersState.windows}
    opened: dict[str, int] = {}

    def visit(state, _step):
        kind = state.decision_kind()
        if opened.get(kind, 0) < WINDOW_STATES and c.check_window_public(state, rng):
            opened[kind] = opened.get(kind, 0) + 1

    for seed in range(30):
        c.playout(GAME, players, seed, chooser=seed + 3, visit=visit)
        if len(opened) == len(names) and min(opened.values()) >= WINDOW_STATES:
            break
    assert set(opened) == names, f"windows met: {opened}"


def test_a_clone_copies_nested_lists_and_shares_the_options_and_tables():
    s = new_game()
    copy = s.clone()
    assert copy == s and copy.options is s.options and copy.cards is s.cards
    copy.equip[0].append(1)
    copy.askers.append([0, 1])
    assert s.equip[0] == [] and s.askers == []
