"""Translation of message keys (zh-TW and en) from YAML catalogs shipped with the package."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from typing import Any

import yaml

from candlelit.engine.plugins import game_folders, manifest_piece

LANGUAGES = ("en", "zh-TW")
DEFAULT_LANGUAGE = "en"
SEAT_ARGS = frozenset({"seat", "to", "from", "winner", "player", "first"})

ArgFormatter = Callable[[str, Any, str], str | None]
"""A game's formatter of its own message-argument kinds (its manifest's `formatter`)."""


def check_language(lang: str) -> str:
    """Return `lang` if supported, else raise ValueError listing the languages."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (choose one of {', '.join(LANGUAGES)})")
    return lang


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every message of `lang`: the shared catalog and each game's, flattened to dotted keys."""
    check_language(lang)
    merged: dict[str, str] = {}
    root = resources.files("candlelit")
    shared = root / "i18n"
    extras = sorted((p for p in shared.iterdir() if p.name.endswith(f".{lang}.yaml")),
                    key=lambda p: p.name)
    files = [shared / f"{lang}.yaml", *extras]
    for folder in game_folders():
        candidate = folder / "i18n" / f"{lang}.yaml"
        if candidate.is_file():
            files.append(candidate)
    for path in files:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        _flatten(data, "", merged)
    return merged


def _flatten(node: Any, prefix: str, out: dict[str, str]) -> None:
    for key, value in node.items():
        if isinstance(value, dict):
            _flatten(value, f"{prefix}{key}.", out)
        else:
            out[f"{prefix}{key}"] = str(value)


def seat_name(seat: int, lang: str, names: Sequence[str] | None = None) -> str:
    """How seat `seat` is called in `lang` (a given name if any)."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return t("seat.name", lang, n=seat + 1)


def list_sep(lang: str) -> str:
    """What separates the items of a list in running text ('、' in Chinese, ', ' in English)."""
    return "、" if lang == "zh-TW" else ", "


def colon(lang: str) -> str:
    """A label's colon, full width in Chinese."""
    return "：" if lang == "zh-TW" else ": "


def card_counts(game: str, suits: Sequence[str], counts: Sequence[int], lang: str) -> str:
    """Cards per suit in running text, e.g. '2 Attack, 1 Raven' (the game's n_cards and
    no_cards messages; `counts[i]` cards of `suits[i]`)."""
    parts = [t(f"{game}.n_cards", lang, n=c, suit=t(f"{game}.suit.{suits[k]}", lang))
             for k, c in enumerate(counts) if c]
    if not parts:
        return t(f"{game}.no_cards", lang)
    return list_sep(lang).join(parts)


def t(key: str, lang: str = DEFAULT_LANGUAGE, **args: Any) -> str:
    """The message `key` in `lang`, formatted with `args`; English if `lang` lacks it."""
    text = catalog(lang).get(key) or catalog(DEFAULT_LANGUAGE).get(key)
    if text is None:
        raise KeyError(f"no message {key!r}")
    return text.format(**args)


def t_or(key: str, lang: str, fallback: str) -> str:
    """The message `key` in `lang` (English if `lang` lacks it), or `fallback` if neither
    language has it."""
    text = catalog(lang).get(key) or catalog(DEFAULT_LANGUAGE).get(key)
    return fallback if text is None else text


def bot_title(bot: str | None, lang: str) -> str:
    """A bot's display name in `lang` (the `bot.<name>` message; the bare name if none)."""
    return t_or(f"bot.{bot}", lang, bot) if bot else ""


def bot_help(bot: str, lang: str) -> str:
    """A line on how a bot plays, in `lang` (the `bot_help.<name>` message; "" if none)."""
    return t_or(f"bot_help.{bot}", lang, "")


def has(key: str, lang: str = DEFAULT_LANGUAGE) -> bool:
    """Whether a message `key` exists."""
    return key in catalog(lang)


def format_arg(game: str, name: str, value: Any, lang: str,
               names: Sequence[str] | None = None) -> str:
    """One message argument rendered for people."""
    formatter: ArgFormatter | None = manifest_piece(game, "formatter")
    if formatter is not None:
        done = formatter(name, value, lang)
        if done is not None:
            return done
    if name in SEAT_ARGS and isinstance(value, int):
        return seat_name(value, lang, names)
    if name == "seats" and isinstance(value, list):
        return list_sep(lang).join(seat_name(s, lang, names) for s in value)
    if isinstance(value, str):
        key = f"{game}.{name}.{value}"
        if has(key, lang):
            return t(key, lang)
    return str(value)


def message(game: str, key: str, args: dict[str, Any], lang: str = DEFAULT_LANGUAGE,
            names: Sequence[str] | None = None) -> str:
    """A log event or action struct rendered as a sentence in `lang`."""
    shown = {name: format_arg(game, name, value, lang, names) for name, value in args.items()}
    return t(key, lang, **shown)


def action_label(game: str, struct: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> str:
    """The label of an action given by `action_to_struct`."""
    args = {k: v for k, v in struct.items() if k not in ("key", "kind")}
    return message(game, struct["key"], args, lang)
