"""Anima in the terminal: a game against bots, the card catalogue and the rules summary."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from candlelit.cli.app import app
from candlelit.engine.records import initial_state, load_record, replay

ALWAYS_ONE = "1\n" * 20000


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_three_players_against_bots_play_to_the_end_in_the_terminal(tmp_path, lang):
    path = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["play", "anima", "--players", "3", "--bots",
                                      "heuristic", "--seed", "2", "--lang", lang,
                                      "--option", "max_rounds=6", "--record", str(path)],
                                input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output[-2000:]
    record = load_record(path.read_text(encoding="utf-8"))
    steps = list(replay(record))
    state = steps[-1][2] if steps else initial_state(record)
    assert state.is_terminal() and state.round == 6
    assert ("Areas in play" if lang == "en" else "場上地區") in result.output
    assert "Traceback" not in result.output


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_four_players_against_bots_play_to_a_completed_final_mission_in_the_terminal(
        tmp_path, lang):
    path = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["play", "anima", "--players", "4", "--bots",
                                      "heuristic", "--seed", "1", "--lang", lang,
                                      "--record", str(path)], input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output[-2000:]
    record = load_record(path.read_text(encoding="utf-8"))
    steps = list(replay(record))
    state = steps[-1][2] if steps else initial_state(record)
    assert state.is_terminal() and state.round < state.options["max_rounds"]
    ending = state.view(None)["result"]
    assert ending["reason"] == "final"
    assert ending["winners"] == [state.winner]
    assert any(event.key == "anima.final_done" for event in state.events())
    assert ("completes the final mission" if lang == "en" else "完成最終任務") in result.output
    assert "Traceback" not in result.output


def test_cards_shows_reconstructed_provenance_and_an_owners_file(tmp_path):
    runner = CliRunner()
    shown = runner.invoke(app, ["cards", "anima"])
    assert shown.exit_code == 0
    assert "invented" in shown.output and "never recovered" in shown.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("characters: []\n", encoding="utf-8")
    refused = runner.invoke(app, ["cards", "anima", "--cards", str(bad)])
    assert refused.exit_code != 0


def test_rules_summary_in_both_languages():
    runner = CliRunner()
    assert "Reset" in runner.invoke(app, ["rules", "anima"]).output
    assert "重置" in runner.invoke(app, ["rules", "anima", "--lang", "zh-TW"]).output


def test_simulate_reports_wins_for_anima():
    result = CliRunner().invoke(app, ["simulate", "anima", "-n", "3", "--players", "2",
                                      "--bots", "heuristic,random", "--json",
                                      "--option", "max_rounds=5"])
    assert result.exit_code == 0, result.output[-2000:]
    assert '"game": "anima"' in result.output
