"""What the terminal shows about games before playing: the list, rules summaries, card data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from candlelit.cli.render import game_title
from candlelit.cli.tables import cards_renderer
from candlelit.engine.errors import CandlelitError
from candlelit.engine.plugins import resolve
from candlelit.engine.registry import GameSpec, games, get
from candlelit.i18n import DEFAULT_LANGUAGE, t


def _value(value: Any, lang: str) -> str:
    if value is None:
        return t("ui.none", lang)
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _options_table(spec: GameSpec, lang: str) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column(t("ui.option", lang), no_wrap=True)
    table.add_column(t("ui.default", lang), overflow="fold")
    table.add_column(t("ui.allowed", lang), no_wrap=True)
    table.add_column(t("ui.help", lang), overflow="fold")
    for option in spec.options:
        allowed = "\n".join(_value(c, lang) for c in option.choices or ())
        table.add_row(Text(option.name, style="bold"), Text(_value(option.default, lang)),
                      Text(allowed or "-"), Text(option.help))
    return table


def _variants_table(spec: GameSpec, lang: str) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column(t("ui.variant", lang), no_wrap=True)
    table.add_column(t("ui.help", lang))
    for variant in spec.variants:
        table.add_row(Text(variant.name, style="bold"), Text(variant.help))
    return table


def games_table(lang: str) -> RenderableType:
    """Every registered game: name, title and player counts, then its options and variants."""
    specs = games()
    summary = Table(title=t("ui.games", lang), title_justify="left", box=box.SIMPLE_HEAD,
                    pad_edge=False)
    for header in ("ui.game", "ui.title", "ui.players", "ui.options", "ui.variants"):
        summary.add_column(t(header, lang))
    for spec in specs:
        summary.add_row(Text(spec.name, style="bold"), Text(game_title(spec.name, lang)),
                        f"{spec.min_players}-{spec.max_players}",
                        Text(", ".join(o.name for o in spec.options) or "-"),
                        Text(", ".join(v.name for v in spec.variants) or "-"))
    parts: list[RenderableType] = [summary]
    for spec in specs:
        parts.append(Text(f"\n{spec.name}: {game_title(spec.name, lang)}", style="bold underline"))
        if spec.options:
            parts.append(_options_table(spec, lang))
        if spec.variants:
            parts.append(_variants_table(spec, lang))
    return Group(*parts)


def rules_text(game: str, lang: str) -> RenderableType:
    """The game's short rules summary (`games/<game>/rulebook/<lang>.md`, else English)."""
    spec = get(game)
    for code in (lang, DEFAULT_LANGUAGE):
        page = spec.resource("rulebook", f"{code}.md")
        if page.is_file():
            return Markdown(page.read_text(encoding="utf-8"))
    raise CandlelitError(f"{spec.name} has no rules summary yet")


def cards_view(game: str, lang: str, boards_path: Path | None) -> RenderableType:
    """The game's cards and boards with provenance; `boards_path` shows the user's file."""
    spec = get(game)
    renderer = cards_renderer(spec.name)
    if renderer is None:
        raise CandlelitError(f"{spec.name} has no card view yet")
    return renderer(lang, boards_path)


def read_data_file(game: str, path: Path) -> dict[str, Any]:
    """Validated board data from `path` for the game's `boards` option (DataError if bad)."""
    spec = get(game)
    if spec.cards_reader is None:
        raise CandlelitError(f"{spec.name} takes no card file")
    data: dict[str, Any] = resolve(spec.cards_reader)(path)
    return data


def character_pool(game: str, paths: list[Path]) -> dict[str, Any]:
    """The `characters` option for the samples plus the characters of `paths` (DataError if bad)."""
    spec = get(game)
    if spec.characters_reader is None:
        raise CandlelitError(f"{spec.name} takes no character file")
    pool: dict[str, Any] = resolve(spec.characters_reader)(paths)
    return pool
