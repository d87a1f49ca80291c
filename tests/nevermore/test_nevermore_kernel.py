"""Nevermore on the engine's kernel: decision steps, windows, dispatch tables, the bot's plan."""

from __future__ import annotations

import random

import pytest
from nvkit import decision, table

import candlelit
from candlelit.engine.conformance import check_window_public
from candlelit.games.nevermore.bot import PLAN
from candlelit.games.nevermore.constants import (
    A_DONE,
    AFTER_RESOLUTION,
    ANSWERED_BY,
    BEFORE_DRAFT,
    BEFORE_RESOLUTION,
    D_DROP,
    D_KIND,
    D_NONE,
    D_POS,
    D_TARGET,
    D_WINDOW,
    D_YESNO,
    DECISIONS,
    DEFERRED_TARGETS,
    PURPOSES,
    purposes_of,
)
from candlelit.games.nevermore.effects import DEFERRED, RESOLVE
from candlelit.games.nevermore.playable import PLAYABLE
from candlelit.games.nevermore.rules import NevermoreState
from candlelit.games.nevermore.specters import READY, USE
from candlelit.games.nevermore.steps import KINDS, TARGETS, YES_NO
from candlelit.games.nevermore.vocabulary import ABILITIES, EFFECTS, SUIT_CARD
from candlelit.i18n import has

STEPS = NevermoreState.steps


def test_every_decision_but_none_has_one_step_named_as_the_view_names_it():
    assert sorted(STEPS) == [k for k in range(len(DECISIONS)) if k != D_NONE]
    assert sorted(STEPS.names()) == sorted(n for n in DECISIONS if n != "none")
    for step in STEPS.values():
        assert step.prompt == f"nevermore.prompt.{step.name}"
        assert has(step.prompt, "en") and has(step.prompt, "zh-TW"), step.prompt


@pytest.mark.parametrize(("players", "variant"), [(3, None), (5, None), (4, "specters"),
                                                  (6, "specters")])
def test_every_decision_random_games_reach_has_a_step_and_windows_ask_the_pending_seat_first(
        players, variant):
    reached: set[int] = set()
    for seed in range(3):
        s = candlelit.load("nevermore", players, seed, variant=variant)
        rng = random.Random(seed)
        while not s.is_terminal():
            kind = s.decision_kind()
            reached.add(kind)
            askees = s.window_askees()
            if kind == D_WINDOW:
                assert askees is not None and askees[0] == s.pending[0]
                name = s.view(None)["decision"]["window"]
                assert STEPS[kind].name == "window"
                assert name in [w.name for w in NevermoreState.windows]
            else:
                assert askees is None
            seat = rng.choice(s.pending_players())
            s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    assert reached <= set(STEPS)
    basics = {"window", "pass", "commit"} | ({"character_keep", "character_pick"}
                                             if variant else set())
    assert basics <= {DECISIONS[k] for k in reached}


def test_a_magick_window_asks_every_holder_in_priority_order_and_only_holders():
    s = table(4, ["A", "H", "", ""], phase="before_resolution",
              magick={3: ["L05"], 1: ["D03"], 2: ["L01"]})
    assert decision(s) == "window"
    assert s.window_askees() == (1, 2, 3)
    s.apply_action(A_DONE, 1)
    assert s.window_askees() == (2, 3)


def test_the_bot_has_one_handler_for_every_step():
    assert sorted(PLAN) == sorted(STEPS.names())


@pytest.mark.parametrize("players", [3, 6])
def test_whom_a_character_or_magick_window_asks_follows_from_public_information(players):
    rng = random.Random(players)
    met: set[str] = set()
    for seed in range(4):
        s = candlelit.load("nevermore", players, seed, variant="specters")
        while not s.is_terminal():
            if s.decision_kind() == D_WINDOW:
                name = s.view(None)["decision"]["window"]
                if name not in met or rng.random() < 0.05:
                    assert check_window_public(s, rng)
                    met.add(name)
            seat = rng.choice(s.pending_players())
            s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    assert any(name.startswith("character_") for name in met), met


def test_every_purpose_effect_and_used_ability_has_exactly_one_handler_in_its_table():
    answers = {D_TARGET: TARGETS, D_KIND: KINDS, D_YESNO: YES_NO}
    for purpose in range(len(PURPOSES)):
        kind = ANSWERED_BY[purpose]
        holders = [k for k, handlers in answers.items() if purpose in handlers]
        assert holders == ([kind] if kind in answers else []), PURPOSES[purpose]
    for kind, handlers in answers.items():
        assert list(handlers) == list(purposes_of(kind))
    assert set(DEFERRED) == set(DEFERRED_TARGETS) <= set(TARGETS)
    played = {e.id for e in EFFECTS.values()} - {SUIT_CARD} | {
        e.raven for e in EFFECTS.values() if e.raven not in ("same", "none")}
    assert set(RESOLVE) == played and set(PLAYABLE) == played | {SUIT_CARD}
    used = {a.id for a in ABILITIES.values()
            if {a.human, a.raven} & {BEFORE_DRAFT, BEFORE_RESOLUTION, AFTER_RESOLUTION}}
    assert set(USE) == set(READY) == used


@pytest.mark.parametrize(("players", "variant"), [(4, None), (5, "specters")])
def test_random_games_ask_each_purpose_only_through_the_decision_declared_to_answer_it(
        players, variant):
    asked: set[int] = set()
    for seed in range(4):
        s = candlelit.load("nevermore", players, seed, variant=variant)
        rng = random.Random(seed)
        while not s.is_terminal():
            kind = s.decision_kind()
            if kind in (D_TARGET, D_KIND, D_YESNO, D_POS, D_DROP):
                assert ANSWERED_BY[s.decision[2]] == kind, PURPOSES[s.decision[2]]
                asked.add(s.decision[2])
            seat = rng.choice(s.pending_players())
            s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    assert asked
