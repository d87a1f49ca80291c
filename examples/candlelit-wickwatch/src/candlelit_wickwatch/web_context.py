"""Extra names for Wickwatch's board template, computed from the view alone."""

from __future__ import annotations

from typing import Any

from candlelit_wickwatch.deck import builtin_deck
from candlelit_wickwatch.messages import worth


def board_context(view: dict[str, Any]) -> dict[str, Any]:
    """`signed` (a value as '+3'), `named` (spirit ids with a catalog name), `leaders`."""
    scores = [seat["score"] for seat in view["seats"]]
    best = max(scores)
    return {
        "signed": worth,
        "named": frozenset(card.id for card in builtin_deck().spirits),
        "leaders": [seat for seat, score in enumerate(scores) if score == best and best],
    }
