"""Refusals worded in the catalogs: one line in each reader's language."""

from __future__ import annotations

from typing import Any

from candlelit.engine.errors import CandlelitError
from candlelit.i18n import t


class Worded(CandlelitError):
    """A refusal whose words are the message `PREFIX + key` formatted with its fields;
    `says(lang)` is its one line in `lang` (str() is the English one)."""

    PREFIX = ""
    key: str

    def __init__(self, key: str, **args: Any) -> None:
        self.key, self.fields = self.PREFIX + key, args
        super().__init__(self.says("en"))

    def says(self, lang: str) -> str:
        """The refusal in `lang`."""
        return t(self.key, lang, **self.shown(lang))

    def shown(self, lang: str) -> dict[str, Any]:
        """The fields as the message shows them in `lang` (as they are, unless overridden)."""
        return dict(self.fields)
