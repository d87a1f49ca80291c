"""Display names players choose for their seats: plain text, 1-24 characters after trimming."""

from __future__ import annotations

import unicodedata
from typing import Any

from candlelit.engine.errors import CandlelitError
from candlelit.i18n import t

LONGEST = 24
"""The most characters a name may have (after trimming)."""
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories refused in names: control, format (e.g. direction overrides),
surrogate, private-use, unassigned code points, and line or paragraph separators."""


class Refused(CandlelitError):
    """A refused name or rematch request; `says(lang)` is its one line in `lang`."""

    def __init__(self, key: str, **args: Any) -> None:
        self.key, self.fields = key, args
        super().__init__(self.says("en"))

    def says(self, lang: str) -> str:
        """The refusal in `lang`."""
        return t(f"people.refuse.{self.key}", lang, **self.fields)


def clean_name(raw: str) -> str:
    """`raw` trimmed: "" when blank (no name chosen); Refused when it is longer
    than LONGEST characters or holds a control or invisible formatting character."""
    name = raw.strip()
    if any(unicodedata.category(ch) in _HIDDEN for ch in name):
        raise Refused("control")
    if len(name) > LONGEST:
        raise Refused("long", most=LONGEST)
    return name
