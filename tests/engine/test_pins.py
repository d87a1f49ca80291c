"""Pins: facts a seat's log establishes, and the conformance check that worlds keep them."""

from __future__ import annotations

import importlib
import random

import pytest

from candlelit.engine import conformance as c
from candlelit.engine.pins import Pins, add_fact, by_holder, drop_fact


def test_facts_count_up_and_down_and_never_below_none():
    facts: dict = {}
    add_fact(facts, 1, "attack", 2)
    add_fact(facts, 1, "attack")
    add_fact(facts, 2, "raven", 0)
    assert facts == {(1, "attack"): 3}
    drop_fact(facts, 1, "attack", 2)
    assert facts == {(1, "attack"): 1}
    drop_fact(facts, 1, "attack", 5)
    drop_fact(facts, 3, "heal")
    assert facts == {}
    add_fact(facts, 0, 7)
    add_fact(facts, 2, 7, 2)
    assert by_holder(facts) == {0: {7: 1}, 2: {7: 2}}


def test_unmet_lists_each_fact_a_state_breaks_with_counts():
    hands = {0: {"a": 1}, 1: {"a": 2, "b": 1}}
    pins: Pins[dict] = Pins(lambda s, p: {}, lambda s, seat: s[seat])
    assert pins.unmet(hands, {(1, "a"): 2, (1, "b"): 1}) == []
    assert pins.unmet(hands, {(0, "a"): 2, (0, "b"): 1, (1, "a"): 1}) == [
        ((0, "a"), 2, 1), ((0, "b"), 1, 0)]


@pytest.mark.parametrize(("game", "module", "players"),
                         [("fatal-frame", "fatal_frame", 2), ("nevermore", "nevermore", 4)])
def test_the_check_fails_on_a_resample_that_forgets_the_pins(game, module, players,
                                                             monkeypatch):
    """The resample before pins (the same draws, no facts kept) breaks the check."""
    resample = importlib.import_module(f"candlelit.games.{module}.resample")
    rng = random.Random(3)
    pinned: list = []

    def visit(state, step):
        if len(pinned) < 6 and step % 3 == 0 and any(
                type(state).pins.known(state, p) for p in range(players)):
            pinned.append(state.clone())

    for seed in range(4):
        if len(pinned) >= 6:
            break
        c.playout(game, players, seed, chooser=seed + 41, visit=visit)
    assert pinned, "no state where a seat's log pins a card"
    for state in pinned:
        c.check_pins(state, rng, worlds=3)
    monkeypatch.setattr(resample, "known_holdings", lambda state, player: {})
    failures = 0
    for state in pinned:
        try:
            c.check_pins(state, rng, worlds=3)
        except AssertionError as exc:
            assert "breaks what its log pins down" in str(exc)
            failures += 1
    assert failures >= len(pinned) // 2, f"only {failures} of {len(pinned)} states caught"
