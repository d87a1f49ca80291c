"""`candlelit … --cards FILE` fills Wickwatch's `spirits` option, through the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

from candlelit.cli import console as tty
from candlelit.cli.app import app
from rich.console import Console
from typer.testing import CliRunner

DECK = "spirits:\n" + "".join(f"  - {{id: ghost-{n}, value: {v}}}\n"
                              for n, v in (("a", 3), ("b", -2), ("c", 5), ("d", -1)))


def run(*args: str, input: str | None = None):
    """Invoke the candlelit app with plain, wide consoles (stdout and stderr)."""
    saved = tty.console, tty.err
    tty.console = Console(width=200, color_system=None)
    tty.err = Console(width=200, color_system=None, stderr=True)
    try:
        return CliRunner().invoke(app, list(args), input=input)
    finally:
        tty.console, tty.err = saved


def test_play_with_cards_plays_the_players_spirit_deck(tmp_path: Path):
    deck, record = tmp_path / "deck.yaml", tmp_path / "game.json"
    deck.write_text(DECK, encoding="utf-8")
    result = run("play", "wickwatch", "--players", "2", "--bots", "random", "--seed", "1",
                 "--cards", str(deck), "--record", str(record), input="1\n" * 200)
    assert result.exit_code == 0, result.output
    assert "ghost" in result.output and "Old Warden" not in result.output
    options = json.loads(record.read_text(encoding="utf-8"))["options"]
    assert "boards" not in options
    assert [s["id"] for s in options["spirits"]["spirits"]] == ["ghost-a", "ghost-b",
                                                                "ghost-c", "ghost-d"]


def test_play_with_a_bad_cards_file_names_its_line_and_key(tmp_path: Path):
    deck = tmp_path / "deck.yaml"
    deck.write_text(DECK.replace("value: 5", "value: 0"), encoding="utf-8")
    result = run("play", "wickwatch", "--players", "2", "--bots", "random",
                 "--cards", str(deck), input="1\n" * 200)
    assert result.exit_code != 0
    assert f"{deck}:4: spirits[2].value: spirit 'ghost-c' is worth 0" in result.output
