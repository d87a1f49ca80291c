"""The data of Wickwatch's cards page: the candle box and the spirit deck, with provenance."""

from __future__ import annotations

from typing import Any

from candlelit_wickwatch.deck import BOX_SIZE, COPIES, TALLEST, builtin_data, builtin_deck


def catalogue() -> dict[str, Any]:
    """{"box": {...}, "spirits": [...kindly first, by value...], "sources": {key: text}}."""
    sources = builtin_data().get("meta", {}).get("sources", {})
    spirits = sorted(builtin_deck().spirits, key=lambda c: -c.value)
    return {
        "box": {"tallest": TALLEST, "copies": COPIES, "size": BOX_SIZE},
        "spirits": [{"id": c.id, "value": c.value, "kindly": c.value > 0,
                     "confidence": c.confidence, "source": list(c.source)} for c in spirits],
        "sources": {str(k): str(v) for k, v in sources.items()},
    }
