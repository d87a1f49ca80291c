"""The cards page's data: Divinare's deck, boards and pass schedules with their provenance."""

from __future__ import annotations

from typing import Any

from candlelit.games.divinare.boards import CARDS_PER_SUIT, SUITS, builtin_layout
from candlelit.games.divinare.view_types import BoardView


def catalogue() -> dict[str, Any]:
    """Divinare's deck, boards and pass schedules with their provenance."""
    layout = builtin_layout()
    return {
        "deck": list(zip(SUITS, CARDS_PER_SUIT, strict=True)),
        "boards": [{"suit": SUITS[b.suit], "spaces": b.spaces, "bonus": b.bonus,
                    "spaces_confidence": b.spaces_confidence,
                    "bonus_confidence": b.bonus_confidence, "source": b.source}
                   for b in layout.boards],
        "schedules": [{"players": n, "steps": layout.schedules[n],
                       "confidence": layout.schedule_confidence[n]} for n in (4, 3, 2)],
    }


def spaces(board: BoardView) -> list[tuple[int, int, list[int]]]:
    """A board view's numbered spaces as (number, bonus, seats with a token there)."""
    bonus = board["bonus"]
    tokens = board["tokens"]
    return [(v, bonus.get(str(v), 0), [s for s, at in enumerate(tokens) if at == v])
            for v in board["spaces"]]


def board_context(view: dict[str, Any]) -> dict[str, Any]:
    """Names the browser's board template reads: `spaces(board)`."""
    return {"spaces": spaces}
