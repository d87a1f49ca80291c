"""Errors raised by the engine; every message is safe to show to the seat that caused it."""

from __future__ import annotations


class CandlelitError(Exception):
    """Base class of every error the engine raises on purpose."""


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
