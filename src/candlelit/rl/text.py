"""A seat's table as plain text: the terminal's header and table renderer, without colour
(the adapters' "ansi" render mode)."""

from __future__ import annotations

import io

from candlelit.engine.state import State

WIDTH = 100
"""Columns of the rendered text."""


def table_text(state: State, seat: int, lang: str = "en") -> str:
    """What `seat` sees of `state`, drawn as the terminal draws it (header, then table)."""
    from rich.console import Console

    from candlelit.cli import render

    view = state.view(seat)
    names = render.seat_names(state.num_players, seat, lang)
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None, force_terminal=False,
                      highlight=False)
    console.print(render.header(state.game, view, lang, names))
    console.print(render.render_view(view, lang, names))
    return out.getvalue()
