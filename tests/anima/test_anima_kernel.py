"""Anima on the engine's decision kernel: its step table, its agenda table, the interruption
window before a Speed check and the bot's plan over the steps."""

from __future__ import annotations

import random

import pytest
from anmkit import act, halt, hand, party, table

from candlelit.engine import conformance as c
from candlelit.games.anima import checks
from candlelit.games.anima.bot import PLAN
from candlelit.games.anima.constants import (
    A_DONE,
    EXPLORATION,
    S_KEEP_CHARACTER,
    S_NONE,
    S_REACT,
    STEP_NAMES,
)
from candlelit.games.anima.rules import AnimaState
from candlelit.i18n import LANGUAGES, has

PLAYER_COUNTS = (2, 3, 4, 5)


def test_random_games_reach_only_decisions_the_step_table_names_and_the_view_shows_its_name():
    kinds = set(AnimaState.steps)
    reached: set[int] = set()

    def visit(state, step):
        if state.is_terminal():
            return
        kind = state.decision_kind()
        assert kind in kinds, f"decision {kind} has no step"
        if c.checkpoints(step) or kind not in reached:  # a view costs far more than a step
            assert state.view(state.actor)["step"] == AnimaState.steps[kind].name
        reached.add(kind)

    for players in PLAYER_COUNTS:
        for seed in range(4):
            c.playout("anima", players, seed, chooser=seed + 11, visit=visit)
    assert S_NONE not in kinds and len(reached) >= len(kinds) // 2, sorted(reached)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_anima_decision_goes_through_the_engine_kernel(players):
    c.playout("anima", players, 2, chooser=5, visit=lambda s, step: (
        c.check_kernel(s) if c.checkpoints(step) else None))


def test_every_step_is_prompted_in_both_languages():
    for lang in LANGUAGES:
        missing = [step.prompt for step in AnimaState.steps.values() if not has(step.prompt, lang)]
        assert not missing, (lang, missing)
    assert [step.prompt for step in AnimaState.steps.values()] == [
        f"anima.prompt.{name}" for name in STEP_NAMES[:S_NONE]]


def test_the_bot_has_one_chooser_per_step():
    assert list(PLAN) == AnimaState.steps.names()


def test_the_interruption_window_asks_every_card_holder_in_speed_order_whatever_it_holds(
        dice):
    s = table(players=4)
    for seat, name in enumerate(("Freelancer", "Thief", "Tao", "Wizard")):
        party(s, seat, name)
    hand(s, 1, "Sabotage")
    hand(s, 3, "Battle Plan")             # nothing it could play, asked all the same
    s.round, s.phase, s.order = 1, EXPLORATION, [2, 3, 0, 1]
    halt(s)
    assert s.window_askees() is None
    checks.begin_check(s, 0, 6, 0, 0, 0)  # seat 0 checks; seat 2 holds nothing: not asked
    assert (s.step, s.actor, s.window_askees(), s.asked) == (S_REACT, 3, (3, 1), [1])
    act(s, "Let the check go ahead")
    assert (s.actor, s.window_askees(), s.asked) == (1, (1,), [])
    dice(6)
    act(s, "Play Sabotage")
    assert s.window_askees() is None and s.asked == []
    assert (s.step, s.actor) == (S_KEEP_CHARACTER, 0)  # the check was rolled: halted after it


def test_whom_the_window_asks_is_the_same_in_every_world_any_seat_imagines():
    rng = random.Random(5)
    opened = 0
    for seed in range(8):
        def visit(state, _step):
            nonlocal opened
            if state.window_askees() is not None:
                assert A_DONE in state.legal_actions(state.actor)  # it may always pass
                opened += c.check_window_public(state, rng)
        c.playout("anima", 4, seed, chooser=seed + 3, visit=visit)
    assert opened, "no interruption window met"
