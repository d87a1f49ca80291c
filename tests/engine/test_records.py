"""Game records replay to the identical final state; tampering is caught."""

from __future__ import annotations

import json
import random

from typer.testing import CliRunner

import candlelit
from candlelit.cli.app import app
from candlelit.engine.records import make_record, replay, verify


def finished_game(seed: int = 4):
    state = candlelit.load("divinare", 3, seed, {"pass_direction": "left"})
    rng = random.Random(seed)
    while not state.is_terminal():
        p = state.current_player()
        state.apply_action(rng.choice(state.legal_actions(p)), p)
    return state


def test_a_record_replays_to_the_identical_final_state():
    state = finished_game()
    record = json.loads(json.dumps(make_record(state, seats=["ann", "bot", "bot"])))
    assert record["options"]["pass_direction"] == "left"
    *_, (_, _, final) = replay(record)
    assert final == state
    verdict = verify(record)
    assert verdict.ok and verdict.actions == len(state.history)


def test_a_tampered_record_fails_verification():
    record = make_record(finished_game())
    record["final"]["winners"] = [2, 1]
    assert not verify(record).ok
    record = make_record(finished_game())
    record["actions"][10][1] = 99
    verdict = verify(record)
    assert not verdict.ok and "action 10" in verdict.problems[0]
    record = make_record(finished_game())
    record["seed"] += 1
    assert not verify(record).ok


def test_cli_verify_and_replay(tmp_path):
    state = finished_game(7)
    good = tmp_path / "game.json"
    good.write_text(json.dumps(make_record(state)))
    runner = CliRunner()
    result = runner.invoke(app, ["verify", str(good)])
    assert result.exit_code == 0 and "OK" in result.output
    bad_record = make_record(state)
    bad_record["final"]["digest"] = "0" * 64
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(bad_record))
    result = runner.invoke(app, ["verify", str(bad)])
    assert result.exit_code == 1 and "FAIL" in result.output
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    result = runner.invoke(app, ["verify", str(garbage)])
    assert result.exit_code == 2 and "not JSON" in result.output
    result = runner.invoke(app, ["replay", str(good), "--seat", "1", "--lang", "zh-TW"])
    assert result.exit_code == 0, result.output
    assert "座位 2" in result.output and "遊戲結束" in result.output
