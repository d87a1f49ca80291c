"""How Wickwatch's message arguments (spirits, candles, offers) read in each language."""

from __future__ import annotations

from typing import Any

from candlelit.i18n import has, list_sep, seat_name, t


def spirit_name(spirit: str, lang: str) -> str:
    """A spirit's name (a player's own spirit without a catalog entry: its id in words)."""
    key = f"wickwatch.spirit.{spirit}"
    return t(key, lang) if has(key, lang) else spirit.replace("-", " ")


def worth(value: int) -> str:
    """A signed point value, e.g. '+3', '−2', '0'."""
    return f"{value:+d}".replace("-", "−") if value else "0"


def format_arg(name: str, value: Any, lang: str) -> str | None:
    """Wickwatch's own argument kinds rendered for people (None: not one of them)."""
    if name == "spirit" and isinstance(value, str):
        return spirit_name(value, lang)
    if name == "spirits" and isinstance(value, list):
        return list_sep(lang).join(spirit_name(s, lang) for s in value)
    if name in ("value", "pile_value") and isinstance(value, int):
        return worth(value)
    if name == "candles" and isinstance(value, list):
        return list_sep(lang).join(str(h) for h in value)
    if name == "offers" and isinstance(value, list):
        return list_sep(lang).join(t("wickwatch.offer_by", lang, seat=seat_name(s, lang),
                                     candle=h) for s, h in enumerate(value))
    if name == "scores" and isinstance(value, list):
        return " / ".join(str(v) for v in value)
    return None
