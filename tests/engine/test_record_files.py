"""Record files from users: every record checked on its own, every problem one line."""

from __future__ import annotations

import json
import random

from typer.testing import CliRunner

import candlelit
from candlelit.cli.app import app
from candlelit.engine import recordfile
from candlelit.engine.recordfile import read_records
from candlelit.engine.records import make_record, verify


def _record(seed: int) -> dict:
    state = candlelit.load("divinare", 3, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = rng.choice(state.pending_players())
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    return make_record(state)


def _verify(path):
    return CliRunner().invoke(app, ["verify", str(path)])


def test_one_bad_line_spoils_only_itself_and_every_verdict_names_its_line(tmp_path):
    good, other = _record(1), _record(2)
    tampered = {**_record(3)}
    tampered["final"] = {**tampered["final"], "winners": [9]}
    lines = [json.dumps(good).encode(), b"{not json", json.dumps(other).encode(), b"",
             b"[" * 50_000 + b"]" * 50_000, b"[1, 2]", b'{"game": "divinare", "x": "\xff"}',
             json.dumps(tampered).encode()]
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    result = _verify(path)
    out = result.output
    assert result.exit_code == 1, out
    assert f"OK {path}: line 1: divinare replays" in out
    assert f"OK {path}: line 3: divinare replays" in out
    assert f"FAIL {path}: line 2: not JSON" in out
    assert f"FAIL {path}: line 5: not a record: JSON nested too deeply" in out
    assert f"FAIL {path}: line 6: a record is a JSON object" in out
    assert f"FAIL {path}: line 7: not UTF-8 text" in out
    assert f"FAIL {path}: line 8: winners: the record says [9]" in out
    assert "2 of 7 records verify" in out
    assert "Traceback" not in out and "line 4" not in out


def test_a_one_record_file_may_be_pretty_printed_and_garbage_is_one_failure(tmp_path):
    pretty = tmp_path / "game.json"
    pretty.write_text(json.dumps(_record(4), indent=2))
    result = _verify(pretty)
    assert result.exit_code == 0 and f"OK {pretty}: line 1" in result.output
    deep = tmp_path / "deep.json"
    deep.write_text("{\"a\": " * 100_000 + "1" + "}" * 100_000)
    result = _verify(deep)
    assert result.exit_code == 1 and "nested too deeply" in result.output
    assert len(result.output.strip().splitlines()) == 1
    missing = _verify(tmp_path / "nowhere.json")
    assert missing.exit_code == 2 and "cannot read" in missing.output


def test_records_past_the_size_limit_are_refused_without_being_read(tmp_path, monkeypatch):
    monkeypatch.setattr(recordfile, "MAX_RECORD_BYTES", 2_000)
    small, big = json.dumps({"game": "divinare"}), json.dumps(_record(5))
    assert len(big) > 2_000
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join([small, big, small]) + "\n")
    entries = list(read_records(path))
    assert [(e.line, e.problem is None) for e in entries] == [(1, True), (2, False), (3, True)]
    assert entries[1].problem == "a record larger than 2,000 bytes"
    one = tmp_path / "one.json"
    one.write_text(json.dumps(_record(5), indent=1))
    assert [e.problem for e in read_records(one)] == ["a record larger than 2,000 bytes"]


def test_a_record_whose_options_nest_too_deeply_fails_in_one_line():
    record = _record(6)
    nested: dict = {}
    node = nested
    for _ in range(20_000):
        node["x"] = {}
        node = node["x"]
    record["options"] = {"boards": nested}
    verdict = verify(record)
    assert not verdict.ok and len(verdict.problems) == 1
    assert "\n" not in verdict.problems[0]
