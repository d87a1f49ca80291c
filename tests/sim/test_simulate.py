"""`candlelit simulate`: statistics, reproducibility across job counts, and the bots."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from candlelit.cli.app import app
from candlelit.engine.errors import OptionError
from candlelit.sim.runner import SimulationSpec, run
from candlelit.sim.stats import quantile, wilson

runner = CliRunner()


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(60, 100)
    assert round(lo, 4) == 0.5020 and round(hi, 4) == 0.6906
    assert wilson(0, 0) == (0.0, 0.0)
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 10)[0] == 0.0


def test_quantile_interpolates():
    assert quantile([1, 2, 3, 4], 0.5) == 2.5
    assert quantile([5], 0.9) == 5


def simulate(*args: str) -> dict:
    result = runner.invoke(app, ["simulate", "divinare", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_json_summary_has_the_promised_fields_and_counts_shared_wins_for_each_winner():
    out = simulate("-n", "40", "--players", "3", "--bots", "random,random,random", "--seed", "2")
    assert {"game", "players", "games", "seed", "variant", "seats", "bots", "length",
            "unfinished"} <= set(out)
    assert out["games"] == 40 and out["unfinished"] == 0
    assert out["length"]["mean"] == out["length"]["max"] == 207
    wins = sum(s["wins"] for s in out["seats"])
    assert wins == 40 + out["shared_wins"] or wins > 40
    for s in out["seats"]:
        lo, hi = s["ci95"]
        assert lo <= s["win_rate"] <= hi
    assert out["bots"]["random"]["games"] == 120


@pytest.mark.slow
def test_same_arguments_same_output_whatever_the_job_count():
    one = simulate("-n", "120", "--players", "2", "--bots", "expectation,random", "--seed", "5")
    two = simulate("-n", "120", "--players", "2", "--bots", "expectation,random", "--seed", "5",
                   "--jobs", "2")
    assert one == two
    other = simulate("-n", "120", "--players", "2", "--bots", "random,random", "--seed", "6")
    assert other != one


def test_expectation_bot_beats_random_bots():
    out = simulate("-n", "60", "--players", "4", "--bots", "expectation,random,random,random")
    assert out["bots"]["expectation"]["win_rate"] >= 0.6
    assert out["bots"]["expectation"]["ci95"][0] > 0.25


def test_records_written_by_simulate_verify(tmp_path):
    path = tmp_path / "games.jsonl"
    simulate("-n", "3", "--players", "2", "--out", str(path))
    assert len(path.read_text().splitlines()) == 3
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 0 and result.output.count("OK") == 3


def test_bad_simulation_settings_are_refused():
    with pytest.raises(OptionError, match="one bot per seat"):
        run(SimulationSpec("divinare", 4, ("random", "random"), 1))
    with pytest.raises(OptionError, match="unknown bot"):
        run(SimulationSpec("divinare", 2, ("oracle",), 1))
    result = runner.invoke(app, ["simulate", "divinare", "-n", "2", "--variant", "nope"])
    assert result.exit_code == 2 and "unknown variant" in result.output


PNG = b"\x89PNG\r\n\x1a\n"


def test_rounds_are_counted_in_the_games_own_terms():
    out = simulate("-n", "30", "--players", "3", "--seed", "4")
    assert out["rounds"]["mean"] == out["rounds"]["max"] == 3  # Divinare: rounds = players
    assert out["rounds_counts"] == {"3": 30}
    nevermore = json.loads(runner.invoke(app, ["simulate", "nevermore", "-n", "20", "--players",
                                               "4", "--json"]).stdout)
    assert sum(nevermore["rounds_counts"].values()) == 20 - nevermore["unfinished"]
    assert nevermore["rounds"]["max"] >= nevermore["rounds"]["p50"] >= 1
    assert sum(nevermore["endings"].values()) == 20 - nevermore["unfinished"]
    assert set(nevermore["endings"]) <= {"points", "last_human", "curse", "rounds"}
    assert out["endings"] == {}  # Divinare always ends after its last round: nothing to say


def test_simulate_writes_a_plot(tmp_path):
    plot = tmp_path / "wins.png"
    result = runner.invoke(app, ["simulate", "divinare", "-n", "20", "--players", "2",
                                 "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    assert plot.read_bytes().startswith(PNG) and plot.stat().st_size > 10_000


def compare(*args: str) -> dict:
    result = runner.invoke(app, ["compare", "divinare", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_compare_runs_every_variant_at_every_player_count_on_the_same_games(tmp_path):
    plot, md = tmp_path / "cmp.png", tmp_path / "cmp.md"
    out = compare("--variants", "standard,left-pass", "--players", "2,3", "-n", "40",
                  "--seed", "5", "--plot", str(plot), "--md", str(md))
    cells = [(r["variant"], r["players"]) for r in out["runs"]]
    assert cells == [("standard", 2), ("standard", 3), ("left-pass", 2), ("left-pass", 3)]
    for r in out["runs"]:
        assert r["games"] == 40 and r["unfinished"] == 0
        assert r["first_seat_edge"] == pytest.approx(r["seats"][0]["win_rate"] * r["players"])
    # passing direction cannot matter with two players: the same seeds give the same games
    assert out["runs"][0]["seats"] == out["runs"][2]["seats"]
    assert out == compare("--variants", "standard,left-pass", "--players", "2,3", "-n", "40",
                          "--seed", "5", "--jobs", "2")
    assert plot.read_bytes().startswith(PNG)
    rows = md.read_text(encoding="utf-8").splitlines()
    assert len(rows) == 2 + 4 and rows[2].startswith("| standard | 2 | 40 |")


def test_compare_refuses_bad_counts_and_variants_clearly():
    bad = runner.invoke(app, ["compare", "divinare", "--players", "5", "-n", "5"])
    assert bad.exit_code == 2 and "2–4 players" in bad.output
    bad = runner.invoke(app, ["compare", "divinare", "--players", "two", "-n", "5"])
    assert bad.exit_code == 2 and "whole numbers" in bad.output
    bad = runner.invoke(app, ["compare", "divinare", "--variants", "nonesuch", "-n", "5"])
    assert bad.exit_code == 2 and "nonesuch" in bad.output
