"""Generic terminal pieces: seat names, header, log, choices, results and a view fallback.

Everything here reads only a seat's `view` (and the public outcome); per-game tables come
from `candlelit.cli.tables`, and a game without one is shown by `fallback_view`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from candlelit.cli.tables import status_renderer, view_renderer
from candlelit.engine.registry import get
from candlelit.i18n import bot_title, has, list_sep, message, seat_name, t

LOG_LIMIT = 24
"""Most log entries shown at once; older new entries are summarised in one line."""
COLUMNS_FROM = 7
"""From this many choices on, they are laid out in columns."""
LOG_STYLES = {"round": "bold", "end": "bold", "reveal": "bold"}
"""Log entry kind → style; other kinds are plain."""


def game_title(game: str, lang: str) -> str:
    """The game's title in `lang` (its catalog's `<game>.title`, else the registered title)."""
    key = f"{game}.title"
    return t(key, lang) if has(key, lang) else get(game).title


def seat_names(players: int, viewer: int | None, lang: str) -> list[str]:
    """Each seat's name for logs and tables; the viewer's is marked as 'you'."""
    return [t("ui.seat_you", lang, seat=seat_name(s, lang)) if s == viewer
            else seat_name(s, lang) for s in range(players)]


def recorded_names(seats: Sequence[str], lang: str) -> list[str]:
    """Each seat's name in a replay from a record's `seats`: a bot's id becomes 'Seat 2 (bot
    Random)' in `lang`; a person's entry stays as recorded."""
    return [f"{seat_name(s, lang)} ({t('ui.bot', lang, name=bot_title(who, lang))})"
            if has(f"bot.{who}") else who for s, who in enumerate(seats)]


def phase_text(game: str, phase: Any, lang: str) -> str:
    """The game's name for a phase (`<game>.phase.<phase>`), else the raw phase."""
    key = f"{game}.phase.{phase}"
    return t(key, lang) if has(key, lang) else str(phase or "")


def header(game: str, view: Mapping[str, Any], lang: str, names: Sequence[str],
           seed: int | None = None) -> RenderableType:
    """Title, round, first player and who acts now, from the view's common keys."""
    facts: list[str] = []
    if "round" in view and "rounds" in view:
        facts.append(t("ui.round", lang, round=view["round"], rounds=view["rounds"])
                     if view.get("rounds") else t("ui.round_open", lang, round=view["round"]))
    first = view.get("first_player")
    if isinstance(first, int) and 0 <= first < len(names):
        facts.append(t("ui.first_player", lang, seat=names[first]))
    if seed is not None:
        facts.append(t("ui.seed", lang, seed=seed))
    viewer = view.get("viewer")
    to_act = [s for s in view.get("to_act", []) if isinstance(s, int) and 0 <= s < len(names)]
    if viewer in to_act:
        turn = Text(t("ui.your_turn", lang, phase=phase_text(game, view.get("phase"), lang)),
                    style="bold green")
    elif to_act:
        turn = Text(t("ui.waiting", lang, seats=list_sep(lang).join(names[s] for s in to_act)))
    else:
        turn = Text(t("ui.game_over", lang), style="bold")
    return Panel(Group(Text("  |  ".join(facts), style="dim"), turn),
                 title=Text(game_title(game, lang), style="bold"), title_align="left",
                 box=box.HEAVY, expand=False)


def log_line(game: str, entry: dict[str, Any], lang: str, names: Sequence[str]) -> Text:
    """One visible log entry as a sentence in `lang` (its key and arguments if untranslated)."""
    try:
        text = message(game, entry["key"], entry["args"], lang, names)
    except (KeyError, IndexError, ValueError):
        text = f"{entry['key']} {json.dumps(entry['args'], ensure_ascii=False)}"
    return Text(text, style=LOG_STYLES.get(entry.get("kind", ""), ""))


def log_panel(game: str, entries: Sequence[dict[str, Any]], lang: str, names: Sequence[str],
              limit: int = LOG_LIMIT) -> RenderableType | None:
    """The latest `limit` of `entries` in a panel, or None when there is nothing new."""
    if not entries:
        return None
    lines: list[Text] = []
    if len(entries) > limit:
        lines.append(Text(t("ui.earlier", lang, n=len(entries) - limit), style="dim"))
    lines.extend(log_line(game, entry, lang, names) for entry in entries[-limit:])
    return Panel(Group(*lines), title=t("ui.log", lang), title_align="left", box=box.ROUNDED,
                 border_style="dim", expand=False)


def choices_panel(labels: Sequence[str], lang: str) -> RenderableType:
    """Numbered choices 1..n, in columns when there are many."""
    width = len(str(len(labels)))
    items = [Text.assemble((f"{number:>{width}}", "bold cyan"), "  ", label)
             for number, label in enumerate(labels, 1)]
    body: RenderableType = (Columns(items, column_first=True, padding=(0, 4))
                            if len(items) >= COLUMNS_FROM else Group(*items))
    return Panel(body, title=t("ui.choices", lang), title_align="left", box=box.ROUNDED,
                 border_style="cyan", expand=False)


def fallback_view(view: Mapping[str, Any]) -> RenderableType:
    """A pretty-printed view (without its log) for games that have no table renderer."""
    return Pretty({key: value for key, value in view.items() if key != "log"})


def render_view(view: Mapping[str, Any], lang: str,
                who: Sequence[str] | None = None) -> RenderableType:
    """`view` drawn by its game's renderer (found by `view["game"]`), else the fallback."""
    game = view.get("game")
    renderer = view_renderer(game) if isinstance(game, str) else None
    if renderer is None:
        return Panel(fallback_view(view), title=t("ui.table", lang), title_align="left")
    return renderer(view, lang, who if who is not None else [])


def status_panel(game: str, view: Mapping[str, Any], lang: str) -> RenderableType | None:
    """The seat's own cards and pending choice if the game can show them, else None."""
    renderer = status_renderer(game)
    return None if renderer is None else renderer(view, lang)


def result_panel(view: Mapping[str, Any], lang: str, names: Sequence[str],
                 winners: Sequence[int]) -> RenderableType:
    """Final scores (from `view["result"]["scores"]` when given) and the winners."""
    result = view.get("result")
    scores = result.get("scores") if isinstance(result, dict) else None
    seats = list(range(len(names)))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(t("ui.seat", lang), no_wrap=True)
    if scores is not None:
        table.add_column(t("ui.score", lang), justify="right")
        seats.sort(key=lambda s: -scores[s])
    table.add_column("")
    for s in seats:
        mark = Text(t("ui.winner", lang), style="bold green") if s in winners else Text()
        cells: list[Text] = [Text(names[s], style="bold" if s in winners else "")]
        if scores is not None:
            cells.append(Text(str(scores[s])))
        table.add_row(*cells, mark)
    line = Text(t("ui.winners", lang, seats=list_sep(lang).join(names[w] for w in winners)),
                style="bold green")
    return Panel(Group(table, line), title=t("ui.final_scores", lang), title_align="left",
                 box=box.DOUBLE, border_style="green", expand=False)
