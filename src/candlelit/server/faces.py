"""Card faces and the provenance mark, drawn in Python for every game's templates.

Boards draw dozens of faces per render, and each drawn as a Jinja macro cost more than the
rest of the board; here the markup of a face (all but its `caller()` body) is memoised by its
arguments. `macros/cards.html` exports these as `face` and `provenance`, so templates call them
as before (`{% call face(...) %}` passes the body as `caller`). Escaping is the templates'
autoescape: `markupsafe.escape`, which keeps `Markup` (a macro's output) as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from markupsafe import Markup, escape

ICONS = {
    "attack": "M4 20 L15 9 L17 3 L21 7 L15 9 M9 15 L6 12 M4 20 L3 21",
    "healing": "M12 20 C4 14 3 10 3 8 A4.5 4.5 0 0 1 12 6 A4.5 4.5 0 0 1 21 8 C21 10 20 14 12 20 Z",
    "radiance": "M12 7 A5 5 0 1 1 11.9 7 Z M12 1 V4 M12 20 V23 M1 12 H4 M20 12 H23 M4 4 L6 6 "
                "M18 18 L20 20 M4 20 L6 18 M18 6 L20 4",
    "victory": "M12 2 L15 9 L22 9 L16.5 13.5 L18.5 21 L12 16.5 L5.5 21 L7.5 13.5 L2 9 L9 9 Z",
    "raven": "M3 14 C7 13 9 9 13 8 L17 5 L18 8 L22 9 L17 11 C16 15 12 18 6 18 L9 15 Z",
    "orb": "M12 3 A9 9 0 1 1 11.9 3 Z M9 8 A3 3 0 0 1 13 6",
    "ghost": "M5 21 V10 A7 7 0 0 1 19 10 V21 L16.5 19 L14 21 L12 19 L10 21 L7.5 19 Z "
             "M9 10 h.01 M15 10 h.01",
    "character": "M12 3 A4 4 0 1 1 11.9 3 Z M4 21 C4 15 8 13 12 13 C16 13 20 15 20 21 Z",
    "scroll": "M6 3 H18 V17 A3 3 0 0 1 15 20 H6 A3 3 0 0 1 6 14 H15 M9 7 H15 M9 10 H15",
    "area": "M3 19 L9 7 L13 14 L16 10 L21 19 Z",
    "shield": "M12 2 L20 5 V11 C20 16 16 20 12 22 C8 20 4 16 4 11 V5 Z",
    "eye": "M2 12 C6 5 18 5 22 12 C18 19 6 19 2 12 Z M12 9 A3 3 0 1 1 11.9 9 Z",
    "card": "M6 3 H18 V21 H6 Z M9 8 H15 M9 12 H15",
}


def icon(name: Any) -> Markup:
    """The type icon `name` (the plain card's if unknown) as an inline SVG."""
    path = escape(ICONS.get(name, ICONS["card"]))
    return Markup('<svg class="cface-icon" viewBox="0 0 24 24" aria-hidden="true" '
                  f'focusable="false"><path d="{path}"/></svg>')


def face(name: Any, icon_name: Any = "card", tone: Any = "", number: Any = None, pick: Any = "",
         card: Any = "", extra: Any = "", hint: Any = "", mark: Any = "",
         data: Mapping[Any, Any] | None = None, level: Any = 0, whole: Any = False,
         caller: Callable[[], Any] | None = None) -> Markup:
    """One card face: a colour bar (`tone-*` class, else the icon's), the type icon, an optional
    number, the name followed by `mark` (a heading of `level` if given), `data` as `data-<name>`
    attributes; a `caller` body goes below, and the pick then sits on the head only, so opening
    the body chooses nothing (unless `whole`: a body with nothing to open)."""
    args = (name, icon_name, tone, number, pick, card, extra, hint, mark, level,
            caller is not None and not whole)
    data_items, data_types = (tuple(data.items()), tuple(map(type, data.values()))) if data \
        else ((), ())
    closed = caller is None
    try:
        drawn = _memo_face(args, tuple(map(type, args)), data_items, data_types, closed)
    except TypeError:  # an argument that cannot be a cache key
        drawn = _drawn(args, data_items, closed)
    if caller is None:
        return drawn
    return Markup("".join((drawn, escape(caller()), "</div>")))


@lru_cache(maxsize=8192)
def _memo_face(args: tuple[Any, ...], _types: tuple[type, ...],
               data_items: tuple[tuple[Any, Any], ...], _data_types: tuple[type, ...],
               closed: bool) -> Markup:
    """`_drawn` memoised on its arguments and their types (`Markup("&")` is no `"&"`)."""
    return _drawn(args, data_items, closed)


def _drawn(args: tuple[Any, ...], data_items: tuple[tuple[Any, Any], ...],
           closed: bool) -> Markup:
    """A whole face if `closed`, else its markup up to where its body goes."""
    head = _head(args, data_items)
    return Markup(head + "</div>" if closed else head)


def _head(args: tuple[Any, ...], data: tuple[tuple[Any, Any], ...]) -> str:
    """A face's markup up to where its body (if any) goes."""
    name, icon_name, tone, number, pick, card, extra, hint, mark, level, head_picks = args
    attrs = f' data-card="{escape(card)}"' if card else ""
    attrs += "".join(f' data-{escape(k)}="{escape(v)}"' for k, v in data)
    if pick and not head_picks:
        attrs += f' data-pick="{escape(pick)}"'
    if hint:
        attrs += f' title="{escape(hint)}"'
    classes = f"cface tone-{escape(tone or icon_name)}" + (f" {escape(extra)}" if extra else "")
    head_pick = f' data-pick="{escape(pick)}"' if pick and head_picks else ""
    num = f'<b class="cface-num">{escape(number)}</b>' if number is not None else ""
    heading = f' role="heading" aria-level="{escape(level)}"' if level else ""
    return (f'<div class="{classes}"{attrs}>\n<span class="cface-bar" aria-hidden="true"></span>\n'
            f'<span class="cface-head"{head_pick}><span class="cface-corner">{icon(icon_name)}'
            f'{num}</span>\n<span class="cface-name"{heading}>{escape(name)}{escape(mark)}'
            "</span></span>")


def provenance(card_or_flag: Any, t: Callable[..., str]) -> Markup:
    """One discreet mark for a reconstructed card (a confidence, a flag, or a card with
    `reconstructed` / `confidence`): its explanation on hover (title) and on tap (focus)."""
    return _mark(t) if is_reconstructed(card_or_flag) else Markup("")


@lru_cache(maxsize=64)
def _mark(t: Callable[..., str]) -> Markup:
    """The provenance mark worded by `t` (one per language's translator)."""
    help_text, label = escape(t("prov.help")), escape(t("prov.label"))
    return Markup(f'<span class="prov" tabindex="0" role="note" title="{help_text}" '
                  f'aria-label="{label}"><span aria-hidden="true">†</span>'
                  f'<span class="prov-note">{help_text}</span></span>')


_ABSENT = object()


def is_reconstructed(card_or_flag: Any) -> bool:
    """A card mapping's `reconstructed` flag (else its confidence low or invented), a
    confidence or flag word low / invented / reconstructed, or any other value's truth."""
    if isinstance(card_or_flag, Mapping):
        flag = _field(card_or_flag, "reconstructed")
        if flag is not _ABSENT:
            return bool(flag)
        return _field(card_or_flag, "confidence") in ("low", "invented")
    if isinstance(card_or_flag, str):
        return card_or_flag in ("low", "invented", "reconstructed")
    return bool(card_or_flag)


def _field(card: Mapping[Any, Any], name: str) -> Any:
    """`card.name` as the templates read it: a plain dict's key, else attribute then item."""
    if type(card) is not dict:
        try:
            return getattr(card, name)
        except AttributeError:
            pass
    try:
        return card[name]
    except (TypeError, LookupError):
        return _ABSENT
