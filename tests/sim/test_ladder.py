"""`candlelit ladder`: pairings and seating, shares and ratings, job-count independence, the
JSON file and the command's errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from candlelit.cli.app import app
from candlelit.engine.errors import OptionError
from candlelit.sim.ladder import LadderSpec, run_ladder
from candlelit.sim.ratings import Outcome, rate
from candlelit.sim.runner import SimulationSpec, play_one

runner = CliRunner()


def ladder(tmp_path, *args: str, name: str = "ladder.json") -> dict:
    path = tmp_path / name
    result = runner.invoke(app, ["ladder", *args, "--json", str(path)])
    assert result.exit_code == 0, result.output
    return json.loads(path.read_text(encoding="utf-8"))


def test_pairings_put_one_candidate_against_a_field_and_rotate_its_seat():
    four = LadderSpec("divinare", 4, ("random", "easy", "normal"), 8)
    assert four.pairings() == [("random", "easy"), ("random", "normal"), ("easy", "random"),
                               ("easy", "normal"), ("normal", "random"), ("normal", "easy")]
    assert [four.seating(3, i) for i in range(5)] == [
        ("easy", "normal", "normal", "normal"), ("normal", "easy", "normal", "normal"),
        ("normal", "normal", "easy", "normal"), ("normal", "normal", "normal", "easy"),
        ("easy", "normal", "normal", "normal")]
    two = LadderSpec("divinare", 2, ("random", "easy", "normal"), 8)
    assert two.pairings() == [("random", "easy"), ("random", "normal"), ("easy", "normal")]


def test_every_pairing_plays_the_same_numbered_deals():
    spec = LadderSpec("divinare", 4, ("random", "normal"), 2)
    for index in range(2):
        deals = set()
        for pairing in range(2):
            sim = SimulationSpec("divinare", 4, spec.seating(pairing, index), 2)
            record = play_one(sim, index, keep_record=True).record
            assert record is not None
            deals.add(record["seed"])
        assert len(deals) == 1


def test_a_duel_is_decisive_only_when_one_of_the_two_won():
    won = Outcome(("normal", "random", "random", "random"), 0, (0,))
    assert won.duels() == [("normal", "random")] * 3
    lost = Outcome(("random", "normal", "random", "random"), 1, (3,))
    assert lost.duels() == [("random", "normal")]
    shared = Outcome(("normal", "random", "random", "random"), 0, (0, 2))
    assert shared.duels() == [("normal", "random")] * 2
    ratings = rate(["random", "normal"], [won, lost, won])
    assert [r.bot for r in ratings] == ["normal", "random"]
    assert ratings[0].mu > 25 > ratings[1].mu
    assert ratings[0].duels == ratings[1].duels == 7


def test_normal_beats_random_and_the_json_has_every_promised_field(tmp_path):
    out = ladder(tmp_path, "divinare", "--bots", "random,normal", "--games", "8", "--seed", "3")
    assert {"game", "players", "games", "seed", "variant", "options", "bots", "fair_share",
            "pairings", "ratings", "unfinished"} <= set(out)
    assert out["players"] == 4 and out["fair_share"] == 0.25 and out["bots"] == ["random",
                                                                                 "normal"]
    shares = {(s["candidate"], s["field"]): s for s in out["pairings"]}
    assert set(shares) == {("random", "normal"), ("normal", "random")}
    for s in shares.values():
        assert s["games"] + s["unfinished"] == 8
        lo, hi = s["ci95"]
        assert lo <= s["share"] == s["wins"] / s["games"] <= hi
        assert s["beats_fair"] == (lo > 0.25)
    assert shares[("normal", "random")]["beats_fair"]
    assert not shares[("random", "normal")]["beats_fair"]
    assert [r["bot"] for r in out["ratings"]] == ["normal", "random"]
    for r in out["ratings"]:
        assert r["ordinal"] == pytest.approx(r["mu"] - 3 * r["sigma"])


def test_two_players_read_each_pairing_from_both_seats(tmp_path):
    out = ladder(tmp_path, "divinare", "--bots", "random,normal", "-p", "2", "--games", "6")
    first, second = out["pairings"]
    assert (first["candidate"], second["candidate"]) == ("random", "normal")
    assert first["games"] == second["games"] == 6
    assert first["wins"] + second["wins"] >= 6


def test_same_output_with_two_jobs_as_with_one(tmp_path):
    args = ("divinare", "--bots", "random,easy,normal", "--games", "4", "--seed", "7")
    one = ladder(tmp_path, *args, name="one.json")
    two = ladder(tmp_path, *args, "--jobs", "2", name="two.json")
    assert one == two


def test_the_usual_player_count_is_the_default(tmp_path):
    out = ladder(tmp_path, "shadow-hunters", "--bots", "random,normal", "--games", "1")
    assert out["players"] == 6


def test_markdown_and_plot_are_written(tmp_path):
    pytest.importorskip("matplotlib")
    md, png = tmp_path / "l.md", tmp_path / "l.png"
    result = runner.invoke(app, ["ladder", "divinare", "--bots", "random,normal", "-p", "2",
                                 "--games", "2", "--md", str(md), "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert "| candidate | field |" in md.read_text(encoding="utf-8")
    assert png.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "random,oracle"], "unknown bot 'oracle'"),
    (["--bots", "random,random"], "at least two different bots"),
    (["--bots", "random"], "at least two different bots"),
    (["--games", "0"], "at least one game"),
    (["--players", "9"], "2 to 4 players"),
    (["--jobs", "0"], "--jobs must be at least 1"),
])
def test_bad_settings_are_one_line_errors_with_exit_code_2(args, message):
    result = runner.invoke(app, ["ladder", "divinare", "--games", "1", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_bad_settings_are_refused_before_any_game():
    with pytest.raises(OptionError, match="ismcts:<iterations>"):
        run_ladder(LadderSpec("divinare", 4, ("random", "ismcts:lots"), 1))
