"""Wickwatch's own command: `candlelit wickwatch check FILE` validates a spirit deck file."""

from __future__ import annotations

from pathlib import Path

import typer
from candlelit.cli.console import console, fail
from candlelit.engine.errors import CandlelitError

from candlelit_wickwatch.deck import deck_for, read_spirits_file
from candlelit_wickwatch.messages import worth


def check(file: Path) -> None:
    """Validate a spirit deck file and sum up its kindly and restless spirits."""
    try:
        deck = deck_for(read_spirits_file(file))
    except CandlelitError as exc:
        fail(str(exc))
    kindly = [c.value for c in deck.spirits if c.value > 0]
    restless = [c.value for c in deck.spirits if c.value < 0]
    console.print(f"{file}: {len(deck.spirits)} valid spirits; {len(kindly)} kindly "
                  f"({worth(sum(kindly))}), {len(restless)} restless ({worth(sum(restless))})",
                  markup=False, highlight=False, soft_wrap=True)


def add_commands(app: typer.Typer) -> None:
    """Add the `wickwatch` command group (`check FILE`) to `app`."""
    group = typer.Typer(no_args_is_help=True, help="Wickwatch's spirit deck files.")
    group.command("check")(check)
    app.add_typer(group, name="wickwatch")
