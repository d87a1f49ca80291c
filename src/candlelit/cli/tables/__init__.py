"""Per-game Rich renderers, from the module a game's manifest names as `terminal`; a game
without one gets the fallback. That module may define any of:

- `render_view(view, lang, who) -> RenderableType`: the seat's whole table;
- `render_status(view, lang) -> RenderableType`: the seat's own cards and pending choice;
- `render_cards(lang, boards_path) -> RenderableType`: its cards and boards with provenance.

`who[i]` says who sits at seat i (e.g. "you", "bot random").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from rich.console import RenderableType

from candlelit.engine.plugins import resolve
from candlelit.engine.registry import get

ViewRenderer = Callable[[Mapping[str, Any], str, Sequence[str]], RenderableType]
StatusRenderer = Callable[[Mapping[str, Any], str], RenderableType]
CardsRenderer = Callable[[str, Path | None], RenderableType]

def _lookup(game: str, name: str) -> Any:
    spec = get(game)
    if spec.terminal is None:
        return None
    return getattr(resolve(spec.terminal), name, None)


def view_renderer(game: str) -> ViewRenderer | None:
    """The game's table renderer, or None."""
    return cast("ViewRenderer | None", _lookup(game, "render_view"))


def status_renderer(game: str) -> StatusRenderer | None:
    """The game's renderer of the seat's own cards and pending choice, or None."""
    return cast("StatusRenderer | None", _lookup(game, "render_status"))


def cards_renderer(game: str) -> CardsRenderer | None:
    """The game's cards-and-boards renderer, or None."""
    return cast("CardsRenderer | None", _lookup(game, "render_cards"))
