"""Display names players choose for their seats: plain text, 1-24 characters after trimming."""

from __future__ import annotations

import unicodedata

from candlelit.server.worded import Worded

LONGEST = 24
"""The most characters a name may have (after trimming)."""
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories refused in names: control, format (e.g. direction overrides),
surrogate, private-use, unassigned code points, and line or paragraph separators."""


class Refused(Worded):
    """A refused name or rematch request (`people.refuse.<key>`)."""

    PREFIX = "people.refuse."


def clean_name(raw: str) -> str:
    """`raw` trimmed: "" when blank (no name chosen); Refused when it is longer
    than LONGEST characters or holds a control or invisible formatting character."""
    name = raw.strip()
    if any(unicodedata.category(ch) in _HIDDEN for ch in name):
        raise Refused("control")
    if len(name) > LONGEST:
        raise Refused("long", most=LONGEST)
    return name
