"""The terminal's two consoles and its one way to fail a command (shared with games' commands)."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

console = Console()
"""Where commands print their results."""
err = Console(stderr=True)
"""Where commands print errors."""


def fail(message: str) -> NoReturn:
    """Print `message` as a one-line error and end the command with exit code 2 (the message
    is plain text: brackets from a user's file are printed, never read as markup)."""
    err.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)
