"""Shadow Hunters' own commands: `candlelit characters check FILE`."""

from __future__ import annotations

from pathlib import Path

import typer

from candlelit.cli import console as tty
from candlelit.cli.console import fail
from candlelit.engine.errors import CandlelitError
from candlelit.games.shadow_hunters.characters import load_file, report


def check(file: Path) -> None:
    """Validate a character file and report it against the seed's 平衡準則."""
    try:
        chars = load_file(file)
    except CandlelitError as exc:
        fail(str(exc))
    tty.console.print(f"{file}: {len(chars)} valid character(s)", markup=False, highlight=False)
    tty.console.print(report(chars), markup=False, highlight=False, soft_wrap=True)


def register(app: typer.Typer) -> None:
    """Add the `characters` command group to `app`."""
    group = typer.Typer(no_args_is_help=True, help="Custom characters (箱庭 Shadow Hunters).")
    group.command("check")(check)
    app.add_typer(group, name="characters")
