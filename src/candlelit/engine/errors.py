"""Errors raised by the engine; every message is safe to show to the seat that caused it."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Self


class CandlelitError(Exception):
    """Base class of every error the engine raises on purpose.

    A keyed one (made by `worded`) carries a catalog message `key` and its `fields`:
    str() is its English line, `says(lang)` the same in the reader's language.
    """

    key: str | None = None
    fields: Mapping[str, Any] = MappingProxyType({})

    @classmethod
    def worded(cls, key: str, **fields: Any) -> Self:
        """The error saying catalog message `key` with `fields` (i18n/said.py)."""
        from candlelit.i18n.said import words

        error = cls(words(key, fields, "en"))
        error.key, error.fields = key, fields
        return error

    def says(self, lang: str) -> str:
        """This error in `lang` (its English line when it is not keyed)."""
        if self.key is None:
            return str(self)
        from candlelit.i18n.said import words

        return words(self.key, self.fields, lang)


class IllegalAction(CandlelitError, ValueError):
    """An action that the rules do not allow now; the state is unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnknownGame(CandlelitError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class OptionError(CandlelitError, ValueError):
    """An unknown option, a bad option value, an unknown variant or a bad player count."""


class DataError(CandlelitError, ValueError):
    """A card or board data file that does not validate."""


class RecordError(CandlelitError, ValueError):
    """A game record that is malformed or does not replay to what it claims."""
