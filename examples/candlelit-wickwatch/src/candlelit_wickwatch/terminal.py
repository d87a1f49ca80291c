"""Wickwatch in the terminal: the spirit pile, the seats, the seat's own candles, the deck."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from candlelit.cli.tables.common import CONFIDENCE_STYLES, YOU_STYLE, seat_style
from candlelit.i18n import colon, list_sep, seat_name, t
from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from candlelit_wickwatch.deck import (
    BOX_SIZE,
    COPIES,
    TALLEST,
    SpiritDeck,
    builtin_deck,
    deck_for,
    read_spirits_file,
)
from candlelit_wickwatch.messages import spirit_name, worth

KINDLY_STYLE = "bold bright_green"
RESTLESS_STYLE = "bold bright_red"
CANDLE_STYLE = "bold bright_yellow"


def _u(key: str, lang: str, **args: Any) -> str:
    return t(f"wickwatch.ui.{key}", lang, **args)


def spirit_text(spirit: dict[str, Any], lang: str) -> Text:
    """A spirit's name and value, green when kindly, red when restless."""
    style = KINDLY_STYLE if spirit["value"] > 0 else RESTLESS_STYLE
    return Text(f"{spirit_name(spirit['id'], lang)} ({worth(spirit['value'])})", style=style)


def candles_text(heights: Sequence[int]) -> Text:
    """Candle heights as '▮3 ▮7 ▮7', or a dash for none."""
    if not heights:
        return Text("-", style="dim")
    return Text(" ").join(Text(f"▮{h}", style=CANDLE_STYLE) for h in heights)


def pile_panel(view: dict[str, Any], lang: str) -> RenderableType:
    """Tonight's pile of spirits, what it is worth and which candle takes it."""
    body = Text()
    if view["pile"]:
        body.append_text(Text(list_sep(lang)).join(spirit_text(s, lang) for s in view["pile"]))
        body.append("\n")
        body.append(_u("pile_value", lang, value=worth(view["pile_value"])) + " · ", style="bold")
        body.append(_u("takes_" + view["takes"], lang))
    else:
        body.append(_u("empty_pile", lang), style="dim")
    body.append("\n")
    body.append(" · ".join((_u("spirits_left", lang, n=view["spirits_left"]),
                            _u("box", lang, n=view["box"]))), style="dim")
    if view["ash"]:
        body.append("\n" + _u("ash", lang) + colon(lang), style="dim")
        body.append_text(candles_text(view["ash"]))
    return Panel(body, title=_u("pile", lang), title_align="left", box=box.ROUNDED,
                 expand=False)


def seats_table(view: dict[str, Any], lang: str, who: Sequence[str]) -> Table:
    """Each seat: who plays it, candles held and known, spirits taken, score, status."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for header in (t("ui.seat", lang), t("ui.player", lang), _u("candles", lang),
                   _u("known", lang), _u("spirits", lang), t("ui.score", lang), ""):
        table.add_column(header)
    viewer = view.get("viewer")
    for seat in view["seats"]:
        s = seat["seat"]
        status = _u("ready", lang) if seat["ready"] else (
            t("ui.choosing", lang) if s in view["to_act"] else "")
        spirits = Text(list_sep(lang)).join(spirit_text(x, lang) for x in seat["spirits"])
        table.add_row(Text(seat_name(s, lang), style=YOU_STYLE if s == viewer else seat_style(s)),
                      Text(who[s] if s < len(who) else ""), str(seat["candles"]),
                      candles_text(seat["known"]), spirits, Text(str(seat["score"]), style="bold"),
                      Text(status, style="italic"))
    return table


def render_status(view: dict[str, Any], lang: str) -> RenderableType:
    """The seat's own candles and the one it has set face down tonight."""
    hand = Text(t("ui.your_hand", lang) + colon(lang), style="bold")
    hand.append_text(candles_text(view["hand"]))
    offer = Text(_u("your_offer", lang) + colon(lang), style="bold")
    if view["offer"] is None:
        offer.append(_u("no_offer", lang), style="dim")
    else:
        offer.append_text(candles_text([view["offer"]]))
    return Group(hand, offer)


def render_view(view: dict[str, Any], lang: str, who: Sequence[str]) -> RenderableType:
    """The seat's whole table: the pile, the seats and (for a seat) its own candles."""
    parts: list[RenderableType] = [pile_panel(view, lang), seats_table(view, lang, who)]
    if view.get("viewer") is not None:
        parts.append(render_status(view, lang))
    return Group(*parts)


def _deck_table(deck: SpiritDeck, lang: str) -> Table:
    table = Table(title=_u("deck", lang), title_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False)
    for header in (_u("spirit", lang), _u("value", lang), "", _u("confidence", lang),
                   _u("sources", lang)):
        table.add_column(header)
    for card in sorted(deck.spirits, key=lambda c: -c.value):
        table.add_row(spirit_text({"id": card.id, "value": card.value}, lang),
                      worth(card.value), _u("kindly" if card.value > 0 else "restless", lang),
                      Text(card.confidence, style=CONFIDENCE_STYLES.get(card.confidence, "")),
                      ", ".join(card.source) or "-")
    return table


def render_cards(lang: str, path: Path | None) -> RenderableType:
    """The candle box and the spirit deck (built-in, or the player's file) with provenance."""
    if path is None:
        deck, origin = builtin_deck(), _u("data_builtin", lang)
    else:
        deck, origin = deck_for(read_spirits_file(path)), _u("data_file", lang, path=str(path))
    return Group(Text(origin, style="bold"), Text(),
                 Text(_u("box_line", lang, tallest=TALLEST, copies=COPIES, size=BOX_SIZE)),
                 Text(), _deck_table(deck, lang))
