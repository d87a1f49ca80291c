"""Keyed errors and refusals in each reader's language: a message key and the fields it shows.

English shows each field as it was given: ids of games, bots, variants and timers are what
the terminal, URLs and forms take, so the English line is the one the terminal always
printed. Other languages show those ids by their catalog names. A `prompt` field is a
catalog key, shown as its message in the reader's language. A `value` field is
something a person typed or sent, shown as given (quoted) in every language. A field that
is itself an error (an inner reason) is worded in the same language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from candlelit.i18n import format_arg, list_sep, t, t_or

_NAMES = {"game": "{id}.title", "bot": "bot.{id}", "timer": "web.timer.{id}",
          "variant": "{game}.variant.{id}.name"}
"""Fields holding an id, and the catalog message that names it."""
_ITEMS = {"games": "game", "bots": "bot", "timers": "timer", "variants": "variant",
          "choices": "value", "options": "option"}
"""List fields whose items are of another kind (a list's items are otherwise shown as
fields of the list's own name), and that kind."""


def words(key: str, fields: Mapping[str, Any], lang: str) -> str:
    """The message `key` in `lang`, its fields shown as `lang` reads them."""
    return t(key, lang, **{name: shown(name, value, fields, lang)
                           for name, value in fields.items()})


def shown(name: str, value: Any, fields: Mapping[str, Any], lang: str) -> str:
    """Field `name` (of a message with `fields`) as `lang` shows it."""
    says = getattr(value, "says", None)
    if callable(says):
        return str(says(lang))
    if isinstance(value, list | tuple):
        item = _ITEMS.get(name, name)
        return list_sep(lang).join(shown(item, v, fields, lang) for v in value)
    if name == "value":
        return repr(value)
    if name == "prompt":
        return t(value, lang)
    if lang == "en" or not isinstance(value, str):
        return str(value)
    game = str(fields.get("game", ""))
    if name in _NAMES:
        return t_or(_NAMES[name].format(id=value, game=game), lang, value)
    return format_arg(game, name, value, lang) if game else value
