"""Wickwatch's own command and its balance lab."""

from __future__ import annotations

from pathlib import Path

import typer
from typer.testing import CliRunner

from candlelit_wickwatch.balance import markdown, run_balance
from candlelit_wickwatch.commands import add_commands


def test_check_command_validates_a_spirit_deck_file(tmp_path: Path):
    app = typer.Typer()
    add_commands(app)
    good = tmp_path / "good.yaml"
    good.write_text("spirits:\n" + "".join(f"  - {{id: s{i}, value: {v}}}\n"
                                           for i, v in enumerate((3, 2, -1, -4))))
    result = CliRunner().invoke(app, ["wickwatch", "check", str(good)])
    assert result.exit_code == 0, result.output
    assert "4 valid spirits; 2 kindly (+5), 2 restless (−5)" in result.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("spirits:\n" + "  - {id: same, value: 1}\n" * 4)
    result = CliRunner().invoke(app, ["wickwatch", "check", str(bad)])
    assert result.exit_code == 2 and "twice" in result.output


def test_balance_lab_counts_every_game_and_every_taken_spirit():
    report = run_balance(2, 40, ["keeper", "random"], 1, 1, (), {"variant": "quick"})
    assert sum(s["wins"] for s in report["seats"]) >= 40
    assert all(0 <= e["taker_won"] <= e["taken"] for e in report["spirits"])
    assert sum(e["taken"] for e in report["spirits"]) <= 40 * 6
    table = markdown(report)
    assert "| 1 | keeper |" in table and "| spirit | value |" in table
