"""Pieces every game's terminal table shares: seat colours, seat names, labels, provenance."""

from __future__ import annotations

from rich.text import Text

from candlelit.i18n import colon, seat_name, t

SEAT_STYLES = ("bold bright_cyan", "bold bright_magenta", "bold orange1", "bold bright_white",
               "bold bright_green", "bold bright_yellow", "bold deep_sky_blue1", "bold plum1")
"""One colour per seat, up to eight seats."""
YOU_STYLE = "bold black on bright_white"
CONFIDENCE_STYLES = {"high": "green", "medium": "cyan", "low": "yellow", "invented": "bold red"}
"""A data entry's `confidence` → its style."""


def label(text: str, lang: str) -> Text:
    """`text` in bold, followed by the language's colon."""
    return Text(text + colon(lang), style="bold")


def seat_style(seat: int) -> str:
    """The colour of a seat's name and markers."""
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def seat_label(seat: int, viewer: int | None, lang: str) -> Text:
    """A seat's name in its colour; the viewer's is marked as 'you'."""
    if seat == viewer:
        return Text(t("ui.seat_you", lang, seat=seat_name(seat, lang)), style=YOU_STYLE)
    return Text(seat_name(seat, lang), style=seat_style(seat))
