"""Files and values users hand the `candlelit` command: every bad one is one line and exit 2
(or, for `verify`, one FAIL line), never a traceback; nothing is read past the limits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from rich.console import Console
from typer.testing import CliRunner

from candlelit.cli import console as tty
from candlelit.cli.app import app
from candlelit.engine.registry import games, get

NARROW = 60
"""Console width of these tests: every error here is longer, so a wrapped one shows."""

# where each game's shipped card file holds a whole number the model checks strictly
WHOLE_NUMBER = {
    "anima": ("cards.yaml", ["characters", 0, "combat"]),
    "divinare": ("boards.yaml", ["boards", 0, "numbered_spaces", "value", 0]),
    "fatal-frame": ("cards.yaml", ["cards", 0, "count"]),
    "nevermore": ("cards.yaml", ["light_magick", 0, "copies"]),
    "shadow-hunters": ("cards.yaml", ["cards", 0, "number"]),
    "wickwatch": ("spirits.yaml", ["spirits", 0, "value"]),
}
ALIAS_BOMB = "\n".join(
    [f'a: &a [{",".join(["lol"] * 9)}]']
    + [f"{b}: &{b} [{','.join([f'*{a}'] * 9)}]" for a, b in zip("abcdefg", "bcdefgh", strict=True)]
    + ["i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]"]) + "\n"


def run(*args: str) -> tuple[int, list[str]]:
    """Invoke the app with narrow plain consoles; (exit code, non-blank output lines)."""
    saved = tty.console, tty.err
    tty.console = Console(width=NARROW, color_system=None)
    tty.err = Console(width=NARROW, color_system=None, stderr=True)
    try:
        result = CliRunner().invoke(app, list(args), input="")
    finally:
        tty.console, tty.err = saved
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    return result.exit_code, [line for line in result.output.splitlines() if line.strip()]


def play_with(game: str, flag: str, path: Path) -> tuple[int, list[str]]:
    players = max(3, get(game).min_players)
    bots = ",".join(["random"] * (players - 1))
    return run("play", game, "--players", str(players), "--bots", bots, "--seed", "1",
               flag, str(path))


def shipped(game: str) -> dict:
    name, _ = WHOLE_NUMBER[game]
    data: dict = yaml.safe_load(get(game).resource("data", name).read_text(encoding="utf-8"))
    return data


def whole_number_as_true(game: str, tmp_path: Path) -> Path:
    """The game's shipped card file with `true` where a whole number belongs."""
    _, where = WHOLE_NUMBER[game]
    data = shipped(game)
    node = data
    for key in where[:-1]:
        node = node[key]
    assert type(node[where[-1]]) is int
    node[where[-1]] = True
    path = tmp_path / "true.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def bad_card_files(game: str, tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """The audit's bad files: (path, words the one error line must hold)."""
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(ALIAS_BOMB)
    big = tmp_path / "big.yaml"
    big.write_text("boards:\n" + "  - xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n" * 50_000)
    latin1 = tmp_path / "latin1.yaml"
    latin1.write_bytes("spaces: caf\xe9\n".encode("latin-1"))
    schema = tmp_path / "schema.yaml"
    schema.write_text("format: 3\nnonsense: [1, 2]\n")
    markup = tmp_path / "markup.yaml"
    markup.write_text(yaml.safe_dump(shipped(game) | {"[/x]": 1, "[bold]": 2}))
    return {
        "alias bomb": (bomb, "bomb.yaml:1: anchors and aliases"),
        "over the size limit": (big, "at most 1,000,000 bytes"),
        "not UTF-8": (latin1, "latin1.yaml: not UTF-8 text (byte offset 11)"),
        "schema": (schema, "schema.yaml:"),
        "true for a number": (whole_number_as_true(game, tmp_path),
                              "should be a whole number, not True"),
        "markup in a key": (markup, "[/x]: unknown key"),
        "a directory": (tmp_path, "cannot read"),
        "missing": (tmp_path / "nope.yaml", "nope.yaml: cannot read"),
    }


@pytest.mark.parametrize("game", [s.name for s in games() if s.cards_reader])
def test_every_bad_card_file_is_one_line_and_exit_2(game, tmp_path):
    assert len(ALIAS_BOMB) > 300
    flag = f"--{get(game).cards_option}" if game == "divinare" else "--cards"
    for case, (path, words) in bad_card_files(game, tmp_path).items():
        code, lines = play_with(game, flag, path)
        assert code == 2, (case, lines)
        assert len(lines) == 1 and lines[0].startswith("error: "), (case, lines)
        assert words in lines[0], (case, lines)


def test_a_record_with_a_number_past_the_digit_limit_is_one_failure(tmp_path):
    one = tmp_path / "game.json"
    one.write_text('{"format": "candlelit-record/1", "seed": ' + "1" * 5000 + "}")
    code, lines = run("verify", str(one))
    assert code == 1 and lines == [f"FAIL {one}: line 1: not a record: a number with too many "
                                   "digits"], lines
    code, lines = run("replay", str(one))
    assert code == 2 and len(lines) == 1 and "too many digits" in lines[0], lines
    many = tmp_path / "games.jsonl"
    many.write_text('{"a": 1}\n{"x": ' + "9" * 5000 + '}\n{"b": 2}\n')
    code, lines = run("verify", str(many))
    assert code == 1 and len(lines) == 4, lines
    assert lines[1] == f"FAIL {many}: line 2: not a record: a number with too many digits"
    assert lines[-1] == "0 of 3 records verify"


@pytest.mark.parametrize("value", ["1" * 5000, "[" * 100_000, '{"a":' * 100_000])
def test_an_option_value_too_deep_or_too_long_is_one_line(value):
    code, lines = run("play", "divinare", "--players", "2", "--bots", "random", "--seed", "1",
                      "--option", f"x={value}")
    assert code == 2 and lines == ["error: --option x: the value is nested too deeply or has "
                                   "too many digits"], lines


def test_an_output_path_that_cannot_be_written_fails_before_any_game(tmp_path):
    missing = tmp_path / "no" / "such" / "games.jsonl"
    cases = [
        (["simulate", "divinare", "-n", "1", "--players", "2", "--out", str(tmp_path)],
         f"error: --out {tmp_path}: is a directory; give a file name"),
        (["simulate", "divinare", "-n", "1", "--players", "2", "--out", str(missing)],
         f"error: --out {missing}: the directory {missing.parent} does not exist"),
        (["simulate", "divinare", "-n", "1", "--players", "2", "--plot", str(tmp_path)],
         f"error: --plot {tmp_path}: is a directory; give a file name"),
        (["compare", "divinare", "-n", "1", "-p", "2", "--md", str(tmp_path)],
         f"error: --md {tmp_path}: is a directory; give a file name"),
        (["balance", "shadow-hunters", "-n", "1", "--plot", str(tmp_path)],
         f"error: --plot {tmp_path}: is a directory; give a file name"),
        (["balance", "shadow-hunters", "-n", "1", "--plot", str(tmp_path / "b.png"),
          "--md", str(missing)],
         f"error: --md {missing}: the directory {missing.parent} does not exist"),
    ]
    for args, expected in cases:
        code, lines = run(*args)
        assert code == 2 and lines == [expected], (args, lines)
    assert sorted(p.name for p in tmp_path.iterdir()) == [], "something was written"


def test_an_error_longer_than_the_terminal_is_one_line_with_its_brackets(tmp_path):
    path = tmp_path / "boards.yaml"
    path.write_text(json.dumps({"boards": [{"suit": "chiromancy",
                                            "numbered_spaces": [True]}]}))
    code, lines = play_with("divinare", "--boards", path)
    assert code == 2 and len(lines) == 1 and len(lines[0]) > NARROW, lines
    assert "boards[0].numbered_spaces" in lines[0]


def test_a_database_that_cannot_be_opened_is_one_line_before_serving(tmp_path, monkeypatch):
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("the server started"))
    text = tmp_path / "notes.txt"
    text.write_text("not a database, " * 100)
    cases = {
        f"sqlite:///{tmp_path}/no/such/dir/x.db": "unable to open database file",
        f"sqlite:///{text}": "file is not a database",
        "nonsense": "Could not parse",
    }
    for url, words in cases.items():
        code, lines = run("serve", "--db", url)
        assert code == 2 and len(lines) == 1, (url, lines)
        assert lines[0].startswith("error: cannot open the database given by --db: ")
        assert words in lines[0], (url, lines)
