"""Divinare in the terminal: the four boards, the seats, the seat's own cards, and the card data."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from candlelit.cli.tables.common import CONFIDENCE_STYLES, YOU_STYLE, seat_style
from candlelit.games.divinare.boards import (
    CARDS_PER_SUIT,
    SUITS,
    Layout,
    builtin_layout,
    parse_layout,
    read_layout_file,
)
from candlelit.games.divinare.messages import suit_name
from candlelit.games.divinare.view_types import (
    BoardView,
    DivinareView,
    SeatView,
    Suit,
    SuitCounts,
    TokenColour,
    divinare_view,
)
from candlelit.i18n import LANGUAGES, colon, list_sep, seat_name, t

SUIT_STYLES = {"red": "bold bright_red", "blue": "bold bright_blue",
               "green": "bold bright_green", "yellow": "bold bright_yellow"}
TOKEN_COLOURS: tuple[TokenColour, ...] = ("blue", "yellow", "red")
TOKEN_STYLES = {"blue": "bright_blue", "yellow": "bright_yellow", "red": "bright_red"}
BONUS_MARKS = {1: "○", 2: "●"}
FLAGGED = frozenset({"low", "invented"})
FLAG_STYLE = "bold black on yellow"
SLOT_WIDTH = 4
"""Cells per numbered space on the table: room for '12●' or a marker, with a gap."""


def _u(key: str, lang: str, **args: Any) -> str:
    return t(f"divinare.ui.{key}", lang, **args)


# -- small pieces shared by the table and the card catalogue -------------------------------
def seat_marker(seat: int, viewer: int | None, lang: str) -> Text:
    """A token's short label: 'you' for the viewer, else '#n' in the seat's colour."""
    if seat == viewer:
        return Text(t("seat.you", lang), style=YOU_STYLE)
    return Text(f"#{seat + 1}", style=seat_style(seat))


def space_row(spaces: Iterable[int], bonus: dict[int, int]) -> Text:
    """Numbered spaces on one line, each followed by its bonus mark (○ single, ● double)."""
    row = Text()
    for i, value in enumerate(spaces):
        if i:
            row.append(" ")
        row.append(str(value), style="bold" if value in bonus else "")
        row.append(BONUS_MARKS.get(bonus.get(value, 0), " "))
    row.rstrip()
    return row


def cards_line(counts: Sequence[int], lang: str) -> Text:
    """Card counts per suit (board order) as '2 red chiromancy, 1 …', each in its colour."""
    parts = [Text(t("divinare.n_cards", lang, n=n, suit=suit_name(suit, lang)),
                  style=SUIT_STYLES[suit])
             for suit, n in zip(SUITS, counts, strict=True) if n]
    if not parts:
        return Text(t("divinare.no_cards", lang), style="dim")
    return Text(list_sep(lang)).join(parts)


def hand_line(hand: SuitCounts, lang: str) -> Text:
    """'Your hand: …' for a view's `hand`."""
    line = Text.assemble((t("ui.your_hand", lang) + colon(lang), "bold"))
    line.append_text(cards_line([hand[s] for s in SUITS], lang))
    return line


# -- the table during play -----------------------------------------------------------------
def _board_name(board: BoardView, moving: Suit | None, total: int, lang: str) -> Text:
    suit = board["suit"]
    name = Text()
    name.append(suit_name(suit, lang),
                style=SUIT_STYLES[suit] + (" reverse" if moving == suit else ""))
    if board["reconstructed"]:
        name.append("*", style="dim")
    name.append("\n")
    name.append(_u("played_of", lang, n=board["played"], total=total), style="dim")
    return name


def boards_panel(view: DivinareView, lang: str) -> RenderableType:
    """Each board as a row of numbered spaces with whose token is where, and the centre."""
    viewer = view.get("viewer")
    boards = view["boards"]
    slots = max(len(b["spaces"]) for b in boards)
    table = Table(box=None, show_header=False, padding=0, pad_edge=False)
    table.add_column(no_wrap=True)
    table.add_column(width=1)
    for _ in range(slots):
        table.add_column(no_wrap=True, width=SLOT_WIDTH)
    table.add_column(width=2)
    table.add_column(no_wrap=True)
    for number, board in enumerate(boards):
        if number:
            table.add_row()
        holder = {at: seat for seat, at in enumerate(board["tokens"]) if at is not None}
        cells: list[Text] = []
        for value in board["spaces"]:
            extra = board["bonus"].get(str(value), 0)
            cell = Text()
            cell.append(str(value) + BONUS_MARKS.get(extra, ""), style="bold" if extra else "")
            cell.append("\n")
            cell.append_text(seat_marker(holder[value], viewer, lang) if value in holder
                             else Text(".", style="dim"))
            cells.append(cell)
        cells.extend(Text() for _ in range(slots - len(board["spaces"])))
        centre = Text.assemble((_u("centre", lang), "dim"))
        centre.append("\n")
        centre.append_text(Text(" ").join(
            seat_marker(seat, viewer, lang) for seat, at in enumerate(board["tokens"])
            if at is None))
        total = view["deck"]["suits"][board["suit"]]
        table.add_row(_board_name(board, view.get("moving"), total, lang), "", *cells, "",
                      centre)
    legend = Text.assemble((_u("single_bonus", lang) + "   " + _u("double_bonus", lang), "dim"))
    if any(b["reconstructed"] for b in boards):
        legend.append("\n" + _u("reconstructed_mark", lang))
    return Panel(Group(table, legend), title=_u("boards", lang), title_align="left",
                 box=box.ROUNDED, expand=False)


def _status(seat: SeatView, view: DivinareView, lang: str) -> Text:
    words: list[str] = []
    if seat["ready"]:
        words.append(_u("ready", lang))
    elif seat["seat"] in view["to_act"]:
        words.append(t("ui.choosing" if view["phase"] in ("pass", "discard") else "ui.acting",
                       lang))
    return Text(list_sep(lang).join(words), style="italic")


def seats_table(view: DivinareView, lang: str, who: Sequence[str]) -> Table:
    """Each seat: who plays it, cards held, score tokens and points where shown, status."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column(t("ui.seat", lang), no_wrap=True)
    table.add_column(t("ui.player", lang), no_wrap=True)
    table.add_column(_u("count", lang), justify="right")
    for colour in TOKEN_COLOURS:
        table.add_column(Text(_u(colour, lang), style=TOKEN_STYLES[colour]), justify="right")
    table.add_column(t("ui.score", lang), justify="right")
    table.add_column("")
    viewer = view.get("viewer")
    for seat in view["seats"]:
        s = seat["seat"]
        cards = str(seat["cards"])
        if seat["face_down_discards"]:
            cards += f" (+{seat['face_down_discards']})"
        if seat["tokens"] is None:  # face down: another seat's tokens before the final count
            tokens = [Text("?", style="dim") for _ in TOKEN_COLOURS]
            score = Text(_u("face_down", lang), style="dim")
        else:
            tokens = [Text(str(seat["tokens"][c]), style=TOKEN_STYLES[c])
                      for c in TOKEN_COLOURS]
            score = Text(str(seat["score"]), style="bold")
        table.add_row(Text(seat_name(s, lang), style=YOU_STYLE if s == viewer else seat_style(s)),
                      Text(who[s] if s < len(who) else ""), cards, *tokens, score,
                      _status(seat, view, lang))
    if view["scores_face_down"]:
        table.caption = Text(_u("face_down_note", lang), style="dim")
        table.caption_justify = "left"
    return table


def render_status(view: Mapping[str, Any], lang: str) -> RenderableType:
    """The seat's hand by suit, cards chosen so far, face-down discards and this round's passes
    (`view`: a seat's Divinare view, as the terminal gets it)."""
    return own_cards(divinare_view(view), lang)


def own_cards(view: DivinareView, lang: str) -> RenderableType:
    """`render_status` of a typed seat view."""
    lines: list[Text] = [hand_line(view["hand"], lang)]
    chosen = [view["choosing"][s] for s in SUITS]
    if any(chosen) or view["to_choose"]:
        line = Text.assemble((_u("choosing", lang) + colon(lang), "bold"))
        line.append_text(cards_line(chosen, lang))
        if view["to_choose"]:
            line.append(("；" if lang == "zh-TW" else "; ") + _u("to_choose", lang,
                                                                 n=view["to_choose"]))
        lines.append(line)
    discards = [view["discards"][s] for s in SUITS]
    if any(discards):
        line = Text.assemble((_u("discards", lang) + colon(lang), "bold"))
        line.append_text(cards_line(discards, lang))
        lines.append(line)
    if view["passes"]:
        lines.append(Text(_u("passes", lang), style="bold"))
    for number, done in enumerate(view["passes"], 1):
        line = Text("  " + _u("pass_n", lang, n=number) + colon(lang))
        line.append(_u("given", lang) + " ")
        line.append_text(cards_line([done["given"][s] for s in SUITS], lang))
        line.append("；" if lang == "zh-TW" else "; ")
        line.append(_u("received", lang) + " ")
        line.append_text(cards_line([done["received"][s] for s in SUITS], lang))
        lines.append(line)
    return Group(*lines)


def render_view(view: Mapping[str, Any], lang: str, who: Sequence[str]) -> RenderableType:
    """The seat's whole table: the boards, the seats, and (for a seat) its own cards (`view`:
    a Divinare view, as the terminal gets it)."""
    seen = divinare_view(view)
    parts: list[RenderableType] = [boards_panel(seen, lang), seats_table(seen, lang, who)]
    if seen.get("viewer") is not None:
        parts.append(own_cards(seen, lang))
    return Group(*parts)


# -- the card catalogue: cards, boards and action cards with provenance --------------------
@cache
def builtin_data() -> dict[str, Any]:
    """The shipped boards.yaml as parsed YAML (with its meta and provenance)."""
    text = (resources.files("candlelit.games.divinare") / "data" / "boards.yaml").read_text(
        encoding="utf-8")
    data = yaml.safe_load(text)
    assert isinstance(data, dict)
    return data


def _dig(data: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def _ids(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def confidence_text(confidence: str, lang: str, inline: bool = False) -> Text:
    """A confidence level, followed by 'reconstructed' when it is low or invented."""
    text = Text.assemble((confidence, CONFIDENCE_STYLES.get(confidence, "")))
    if confidence in FLAGGED:
        text.append(" " if inline else "\n")
        text.append(t("ui.reconstructed", lang), style=FLAG_STYLE)
    return text


def _deck_table(data: dict[str, Any], lang: str, cited: set[str]) -> Table:
    deck = data["deck"]
    cited.update(_ids(deck.get("source")))
    line = Text(_u("deck_line", lang, size=deck["total_cards"], dealt=deck["cards_dealt_per_round"],
                   aside=deck["cards_set_aside_per_round"]) + " (")
    line.append_text(confidence_text(deck["confidence"], lang, inline=True))
    line.append("; " + ", ".join(_ids(deck.get("source"))) + ")")
    table = Table(title=_u("deck", lang), title_justify="left", caption=line,
                  caption_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for code in LANGUAGES:
        table.add_column(f"{_u('suit', lang)} ({code})")
    for header in (_u("count", lang), _u("confidence", lang), _u("sources", lang)):
        table.add_column(header)
    for suit in deck["suits"]:
        ids = _ids(suit.get("source"))
        cited.update(ids)
        names = [Text(t(f"divinare.suit.{suit['id']}", other)) for other in LANGUAGES]
        names[0].stylize(SUIT_STYLES[suit["id"]])
        table.add_row(*names, str(suit["cards"]),
                      confidence_text(suit["confidence"], lang), ", ".join(ids))
    return table


def _boards_table(layout: Layout, lang: str, cited: set[str]) -> Table:
    table = Table(title=_u("boards", lang), title_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False, show_lines=True)
    table.add_column(_u("board_spaces", lang), no_wrap=True)
    for header in (_u("spaces_confidence", lang), _u("bonus_confidence", lang),
                   _u("sources", lang)):
        table.add_column(header)
    for board in layout.boards:
        suit = SUITS[board.suit]
        cited.update(board.source)
        cell = Text.assemble((suit_name(suit, lang), SUIT_STYLES[suit]))
        cell.append("\n")
        cell.append_text(space_row(board.spaces, board.bonus))
        missing = [str(v) for v in range(CARDS_PER_SUIT[board.suit] + 1)
                   if v not in board.spaces]
        if missing:
            cell.append("\n")
            counts = list_sep(lang).join(missing)
            cell.append(_u("missing_counts", lang, counts=counts), style="dim")
        table.add_row(cell, confidence_text(board.spaces_confidence, lang),
                      confidence_text(board.bonus_confidence, lang),
                      Text(", ".join(dict.fromkeys(board.source)) or "-"))
    table.caption = Text(_u("single_bonus", lang) + "   " + _u("double_bonus", lang) + "\n"
                         + _u("missing_note", lang))
    table.caption_justify = "left"
    return table


def _schedule_table(layout: Layout, data: dict[str, Any], builtin: bool, lang: str,
                    cited: set[str], cited_builtin: set[str]) -> Table:
    table = Table(title=_u("schedule", lang), title_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False)
    for header in (t("ui.players", lang), "", _u("confidence", lang), _u("sources", lang)):
        table.add_column(header)
    for players in (4, 3, 2):
        card = _dig(data, "action_cards", f"{players}_players", "pass_schedule")
        who = Text(_u("players_n", lang, n=players))
        if card is None:
            card = _dig(builtin_data(), "action_cards", f"{players}_players", "pass_schedule")
            who.append(f"\n({_u('builtin', lang)})", style="dim")
            ids = _ids(_dig(card, "source"))
            cited_builtin.update(ids)
        else:
            ids = _ids(_dig(card, "source"))
            (cited_builtin if builtin else cited).update(ids)
        steps = [_u("pass_step", lang, hand=hand, count=count)
                 for hand, count in layout.schedules[players]]
        if players == 2:
            steps.insert(0, _u("discard_first", lang))
        text = "\n".join(steps)
        table.add_row(who, Text(text), confidence_text(layout.schedule_confidence[players], lang),
                      Text(", ".join(ids) or "-"))
    return table


def _sources(data: dict[str, Any], ids: set[str], title: str) -> Table | None:
    names = _dig(data, "meta", "sources")
    if not isinstance(names, dict):
        return None
    rows = [(str(key), str(names[key])) for key in sorted(names, key=_source_order)
            if str(key) in ids]
    if not rows:
        return None
    table = Table(title=title, title_justify="left", box=None, show_header=False,
                  pad_edge=False)
    table.add_column(no_wrap=True, style="bold")
    table.add_column(overflow="fold")
    for key, text in rows:
        table.add_row(Text(key), Text(text))
    return table


def _source_order(key: Any) -> tuple[str, int]:
    text = str(key)
    digits = "".join(ch for ch in text if ch.isdigit())
    return (text.rstrip("0123456789"), int(digits) if digits else 0)


def render_cards(lang: str, boards_path: Path | None) -> RenderableType:
    """The deck by suit, each board's spaces, the pass schedules, each with its provenance."""
    builtin = builtin_data()
    cited_builtin: set[str] = set()
    cited_file: set[str] = set()
    if boards_path is None:
        data, layout = builtin, builtin_layout()
        origin = Text(_u("data_builtin", lang), style="bold")
        board_ids = cited_builtin
    else:
        data = read_layout_file(boards_path)
        layout = parse_layout(data, str(boards_path))
        origin = Text(_u("data_file", lang, path=str(boards_path)), style="bold")
        board_ids = cited_file
    parts: list[RenderableType] = [
        origin, Text(),
        _deck_table(builtin, lang, cited_builtin), Text(),
        _boards_table(layout, lang, board_ids), Text(),
        _schedule_table(layout, data, boards_path is None, lang, cited_file, cited_builtin),
        Text(_u("flag_note", lang), style="italic"), Text(),
    ]
    own = _sources(builtin, cited_builtin, _u("cited", lang))
    if own is not None:
        parts.append(own)
    if boards_path is not None:
        theirs = _sources(data, cited_file,
                          _u("cited_file", lang, path=str(boards_path)))
        if theirs is not None:
            parts.append(theirs)
    return Group(*parts)
