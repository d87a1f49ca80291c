"""Game records replay to the identical final state; tampering is caught."""

from __future__ import annotations

import copy
import json
import random

import pytest
from typer.testing import CliRunner

import candlelit
from candlelit.cli.app import app
from candlelit.engine.errors import OptionError
from candlelit.engine.records import digest, make_record, replay, verify
from candlelit.games.nevermore import cards as nevermore_cards


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
    assert result.exit_code == 1 and "not JSON" in result.output
    result = runner.invoke(app, ["replay", str(good), "--seat", "1", "--lang", "zh-TW"])
    assert result.exit_code == 0, result.output
    assert "座位 2" in result.output and "遊戲結束" in result.output


def test_a_card_option_keeps_its_former_name_boards_and_records_under_it_verify():
    loaded = nevermore_cards.builtin_data()
    by_new = candlelit.load("nevermore", 3, 4, {"cards": loaded})
    by_old = candlelit.load("nevermore", 3, 4, {"boards": loaded})
    assert by_old == by_new and "boards" not in by_old.options
    with pytest.raises(OptionError, match="'cards' is given twice"):
        candlelit.load("nevermore", 3, 4, {"cards": loaded, "boards": loaded})
    rng = random.Random(4)
    while not by_new.is_terminal():
        pending = by_new.pending_players()
        seat = pending[rng.randrange(len(pending))]
        by_new.apply_action(rng.choice(by_new.legal_actions(seat)), seat)
    record = make_record(by_new)
    assert verify(record).ok and "boards" not in record["options"]
    # the same game recorded before the rename: options and digest under the old name
    old = copy.deepcopy(record)
    old["options"] = {("boards" if k == "cards" else k): v for k, v in record["options"].items()}
    old["final"]["digest"] = digest(by_new, {"cards": "boards"})
    assert old["final"]["digest"] != record["final"]["digest"]
    assert verify(old).ok, verify(old).problems
    old["final"]["digest"] = record["final"]["digest"]
    assert not verify(old).ok
