"""`--out games.parquet`: the game and seat tables hold what the records and summaries of the
same run say, in game order, with the declared types, byte for byte the same whatever
`--jobs` is; bad files and settings are one-line errors."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from candlelit.cli.app import app
from candlelit.engine.errors import CandlelitError
from candlelit.engine.recordfile import read_records
from candlelit.engine.records import replay
from candlelit.sim import parquet, runner
from candlelit.sim.columns import GAME_COLUMNS, SEAT_COLUMNS
from candlelit.sim.parquet import GameTables, read_tables, seats_path
from candlelit.sim.runner import game_seed

cli = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "read_games.py"


def invoke(*args: str) -> str:
    result = cli.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def one_line_error(*args: str) -> str:
    result = cli.invoke(app, list(args))
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    return result.output


def rows(path: Path) -> tuple[list[dict], list[dict]]:
    games, seats = read_tables(path)
    return games.to_pylist(), seats.to_pylist()


def test_the_files_have_the_documented_types_and_name_their_table(tmp_path):
    path = tmp_path / "games.parquet"
    invoke("simulate", "divinare", "-n", "2", "--players", "2", "--out", str(path))
    assert seats_path(path) == tmp_path / "games.seats.parquet"
    games, seats = pq.read_schema(path), pq.read_schema(seats_path(path))
    expected_games = {
        "game_id": pa.int64(), "game": pa.string(), "players": pa.int32(),
        "variant": pa.string(), "options": pa.string(), "custom_data": pa.bool_(),
        "run_seed": pa.int64(), "number": pa.int64(), "seed": pa.int64(),
        "bots": pa.list_(pa.string()), "winners": pa.list_(pa.int32()), "length": pa.int32(),
        "finished": pa.bool_(), "rounds": pa.int32(), "ending": pa.string(),
        "pairing": pa.int32(), "candidate": pa.string(), "field": pa.string(),
        "candidate_seat": pa.int32()}
    expected_seats = {
        "game_id": pa.int64(), "seed": pa.int64(), "seat": pa.int32(), "bot": pa.string(),
        "won": pa.bool_(), "return": pa.float64(), "score": pa.int64(),
        "character": pa.string(), "alive": pa.bool_()}
    for schema, expected, columns, table in ((games, expected_games, GAME_COLUMNS, b"games"),
                                             (seats, expected_seats, SEAT_COLUMNS, b"seats")):
        assert {f.name: f.type for f in schema} == expected
        assert [f.name for f in schema] == [c.name for c in columns]
        for field, column in zip(schema, columns, strict=True):
            assert field.nullable == column.nullable
            assert field.metadata[b"meaning"] == column.meaning.encode()
        assert schema.metadata[b"candlelit.table"] == table


def test_simulate_rows_say_what_the_records_and_the_summary_say(tmp_path):
    args = ("simulate", "nevermore", "-n", "10", "--players", "4", "--seed", "3", "--json")
    jsonl, table = tmp_path / "games.jsonl", tmp_path / "games.parquet"
    summary = json.loads(invoke(*args, "--out", str(jsonl)))
    assert json.loads(invoke(*args, "--out", str(table))) == summary
    records = [e.record for e in read_records(jsonl)]
    games, seats = rows(table)
    assert [g["game_id"] for g in games] == [g["number"] for g in games] == list(range(10))
    assert [s["game_id"] for s in seats] == [i for i in range(10) for _ in range(4)]
    assert [s["seat"] for s in seats] == [0, 1, 2, 3] * 10
    for game, record in zip(games, records, strict=True):
        assert record is not None
        assert (game["seed"], game["run_seed"]) == (record["seed"], 3) == (game_seed(3, game[
            "number"]), 3)
        assert game["winners"] == record["final"]["winners"]
        assert game["length"] == len(record["actions"])
        assert game["bots"] == record["seats"]
        assert game["finished"] == record["final"]["terminal"]
        assert (game["game"], game["players"], game["variant"]) == ("nevermore", 4, None)
        assert json.loads(game["options"]) == summary["options"] == {}
        mine = [s for s in seats if s["game_id"] == game["game_id"]]
        assert [s["return"] for s in mine] == record["final"]["returns"]
        assert [s["won"] for s in mine] == [s in game["winners"] for s in range(4)]
        assert {s["seed"] for s in mine} == {game["seed"]}
    for seat in summary["seats"]:
        assert sum(s["won"] for s in seats if s["seat"] == seat["seat"]) == seat["wins"]
    assert sorted(g["length"] for g in games)[-1] == summary["length"]["max"]
    assert Counter(str(g["rounds"]) for g in games) == summary["rounds_counts"]
    assert Counter(g["ending"] for g in games) == summary["endings"]
    final = [state for *_, state in replay(records[0])][-1]
    assert [s["score"] for s in seats[:4]] == final.view(None)["result"]["scores"]


def test_two_jobs_write_the_same_bytes_as_one_in_game_order(tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "CHUNK", 3)  # several chunks, finished out of order by 2 jobs
    monkeypatch.setattr(parquet, "ROW_GROUP", 5)  # and several row groups
    paths = [tmp_path / f"{jobs}.parquet" for jobs in (1, 2)]
    for jobs, path in zip((1, 2), paths, strict=True):
        invoke("simulate", "divinare", "-n", "17", "--players", "2", "--seed", "9",
               "--bots", "random,easy", "--jobs", str(jobs), "--out", str(path))
    for one, two in ((paths[0], paths[1]), (seats_path(paths[0]), seats_path(paths[1]))):
        assert one.read_bytes() == two.read_bytes()
    assert pq.ParquetFile(paths[0]).metadata.num_row_groups == 4
    games, _ = rows(paths[1])
    assert [g["number"] for g in games] == list(range(17))


def test_compare_rows_go_cell_by_cell_and_match_each_cell(tmp_path):
    path = tmp_path / "cmp.parquet"
    result = json.loads(invoke("compare", "divinare", "--variants", "standard,left-pass",
                               "--players", "2,3", "-n", "4", "--json", "--out", str(path)))
    games, seats = rows(path)
    cells = [(g["variant"], g["players"]) for g in games]
    assert cells == [(v, p) for v in ("standard", "left-pass") for p in (2, 3)
                     for _ in range(4)]
    assert [g["game_id"] for g in games] == list(range(16))
    for cell in result["runs"]:
        ids = {g["game_id"] for g in games
               if (g["variant"], g["players"]) == (cell["variant"], cell["players"])}
        wins = Counter(s["seat"] for s in seats if s["game_id"] in ids and s["won"])
        assert [wins[s["seat"]] for s in cell["seats"]] == [s["wins"] for s in cell["seats"]]


def test_ladder_rows_name_the_pairing_and_are_the_same_with_two_jobs(tmp_path):
    args = ["ladder", "divinare", "--bots", "random,easy", "-p", "3", "--games", "5",
            "--seed", "2"]
    summary = tmp_path / "l.json"
    invoke(*args, "--out", str(tmp_path / "one.parquet"), "--json", str(summary))
    invoke(*args, "--out", str(tmp_path / "two.parquet"), "--jobs", "2")
    one, two = tmp_path / "one.parquet", tmp_path / "two.parquet"
    assert one.read_bytes() == two.read_bytes()
    assert seats_path(one).read_bytes() == seats_path(two).read_bytes()
    games, seats = rows(one)
    assert [(g["number"], g["pairing"]) for g in games] == [(i, p) for i in range(5)
                                                            for p in range(2)]
    shares = {(s["candidate"], s["field"]): s["wins"]
              for s in json.loads(summary.read_text())["pairings"]}
    wins: Counter[tuple[str, str]] = Counter()
    for g in games:
        assert g["candidate_seat"] == g["number"] % 3
        assert g["bots"][g["candidate_seat"]] == g["candidate"]
        assert [b for i, b in enumerate(g["bots"]) if i != g["candidate_seat"]] == \
            [g["field"]] * 2
        wins[g["candidate"], g["field"]] += g["candidate_seat"] in g["winners"]
    assert wins == shares
    assert len(seats) == 30


def test_shadow_hunters_characters_are_the_ones_dealt(tmp_path):
    """`simulate` reads each seat's character from the game's views (a hidden one from its
    own seat's view); the balance lab from the state: the same deals give the same rows."""
    from candlelit.games.shadow_hunters.balance import run_balance

    sim, lab = tmp_path / "sim.parquet", tmp_path / "lab.parquet"
    invoke("simulate", "shadow-hunters", "-n", "6", "--players", "5", "--seed", "4",
           "--out", str(sim))
    with GameTables(lab) as tables:
        report = run_balance(5, 6, ["random"], 4, 1, tables=tables)
    (sim_games, sim_seats), (lab_games, lab_seats) = rows(sim), rows(lab)
    assert [g["winners"] for g in sim_games] == [g["winners"] for g in lab_games]
    assert [g["length"] for g in sim_games] == [g["length"] for g in lab_games]
    for key in ("character", "alive", "won", "return", "seed"):
        assert [s[key] for s in sim_seats] == [s[key] for s in lab_seats]
    assert all(s["character"] for s in sim_seats)
    drawn = Counter(s["character"] for s in lab_seats)
    won = Counter(s["character"] for s in lab_seats if s["won"])
    for c in report["characters"]:
        assert (drawn[c["id"]], won[c["id"]]) == (c["drawn"], c["wins"])


def test_balance_out_writes_the_tables(tmp_path):
    path = tmp_path / "b.parquet"
    report = json.loads(invoke("balance", "shadow-hunters", "-n", "3", "-p", "4", "--bots",
                               "random", "--plot", str(tmp_path / "b.png"), "--json",
                               "--out", str(path)))
    games, seats = rows(path)
    assert len(games) == 3 and len(seats) == 12
    assert Counter(g["ending"] for g in games if g["finished"]) == report["endings"]
    assert json.loads(games[0]["options"]) == report["options"]
    assert [s["bot"] for s in seats] == ["random"] * 12


def test_the_example_answers_from_the_tables(tmp_path, capsys):
    path = tmp_path / "games.parquet"
    summary = json.loads(invoke("simulate", "divinare", "-n", "12", "--players", "3",
                                "--bots", "easy,random,random", "--json", "--out", str(path)))
    spec = importlib.util.spec_from_file_location("read_games", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    assert example.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("12 finished games of divinare (36 seats)")
    easy = summary["bots"]["easy"]
    assert f"easy            12  {easy['wins']:>4}" in out
    assert example.main([str(tmp_path / "missing.parquet")]) == 2
    assert capsys.readouterr().err.strip() == f"error: {tmp_path / 'missing.parquet'}: no such file"


def test_bad_files_are_one_line_errors(tmp_path):
    path = tmp_path / "games.parquet"
    invoke("simulate", "divinare", "-n", "1", "--players", "2", "--out", str(path))
    assert "is a Parquet table of results, not game records" in one_line_error(
        "verify", str(path))
    junk = tmp_path / "junk.parquet"
    junk.write_bytes(b"PAR1 not really")
    checks = [(junk, "not a readable Parquet file"), (tmp_path, "not a file"),
              (tmp_path / "none.parquet", "no such file"),
              (seats_path(path), "holds the seats table, not the games table")]
    lonely = tmp_path / "lonely.parquet"
    lonely.write_bytes(path.read_bytes())
    checks.append((lonely, "lonely.seats.parquet: no such file"))
    for bad, message in checks:
        with pytest.raises(CandlelitError, match=message) as caught:
            read_tables(bad)
        assert "\n" not in str(caught.value)
    wrong = pa.table({"game_id": pa.array([0], pa.int32())},
                     metadata={b"candlelit.table": b"games"})
    pq.write_table(wrong, tmp_path / "w.parquet")
    with pytest.raises(CandlelitError, match="column 'game_id' is missing or not int64"):
        read_tables(tmp_path / "w.parquet")


def test_bad_settings_leave_no_files_and_say_one_line(tmp_path, monkeypatch):
    path = tmp_path / "g.parquet"
    assert "unknown bot" in one_line_error("simulate", "divinare", "-n", "2", "--bots",
                                           "oracle", "--out", str(path))
    assert not path.exists() and not seats_path(path).exists()
    assert "give a .parquet file" in one_line_error("compare", "divinare", "-n", "1",
                                                    "--out", str(tmp_path / "c.jsonl"))
    seats_path(path).mkdir()
    assert "is a directory" in one_line_error("ladder", "divinare", "--out", str(path))
    seats_path(path).rmdir()
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if pyarrow were not installed
    assert "needs pyarrow: pip install 'candlelit[parquet]'" in one_line_error(
        "simulate", "divinare", "-n", "1", "--out", str(path))
    assert not path.exists()


def test_the_documented_columns_are_the_written_ones():
    doc = (Path(__file__).parents[2] / "docs" / "analysis" / "parquet.md").read_text()
    tables = doc.split("## The game table")[1].split("## The seat table")
    for text, columns in zip(tables, (GAME_COLUMNS, SEAT_COLUMNS), strict=True):
        documented = [tuple(cell.strip().strip("`") for cell in line.split("|")[1:4])
                      for line in text.split("## ")[0].splitlines()
                      if line.startswith("| `")]
        assert documented == [(c.name, c.kind, "yes" if c.nullable else "no")
                              for c in columns]
