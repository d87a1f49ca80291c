"""Fatal Frame in the terminal: a 4-player game against bots played to a boss win."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from candlelit.cli.app import app
from candlelit.engine.records import initial_state, load_record, replay

ALWAYS_ONE = "1\n" * 20000


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_four_players_against_bots_play_to_a_boss_win_in_the_terminal(tmp_path, lang):
    path = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["play", "fatal-frame", "--players", "4", "--bots",
                                      "heuristic", "--seed", "5", "--lang", lang,
                                      "--record", str(path)], input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output[-2000:]
    record = load_record(path.read_text(encoding="utf-8"))
    steps = list(replay(record))
    state = steps[-1][2] if steps else initial_state(record)
    assert state.is_terminal()
    ending = state.view(None)["result"]
    assert ending["reason"] == "boss"
    (winner,) = ending["winners"]
    assert winner == state.winner
    assert ("escapes the village" if lang == "en" else "逃出皆神村") in result.output
    assert "Traceback" not in result.output
