"""What a Wickwatch game remembers, and the facts every other module reads from it.

Hands, shown candles and ash are counts per height (index h is height h + 1), so a copy is
a handful of short lists. `offers[seat]` is the height a seat has set face down this night
(NO_OFFER while it is still choosing). The spirit deck and the candle box are drawn from
their ends.
"""

from __future__ import annotations

from typing import ClassVar

from candlelit.engine.fields import state_fields
from candlelit.engine.state import State

from candlelit_wickwatch.deck import TALLEST, deck_for

OFFER, OVER = range(2)
PHASE_NAMES = ("offer", "over")
NO_OFFER = 0
"""`offers[seat]` of a seat that has not set a candle down yet (heights start at 1)."""
NUM_ACTIONS = TALLEST
"""Action a sets down a candle of height a + 1."""

@state_fields
class WickwatchFields(State):
    """The stored fields of a Wickwatch game and read-only questions about them; the
    annotations are the declaration (slots, stored order and the generated clone)."""

    derived_slots: ClassVar[tuple[str, ...]] = ("spirit_ids", "spirit_values")

    spirit_ids: tuple[str, ...]        # the spirits' ids (derived from option `spirits`)
    spirit_values: tuple[int, ...]     # their points, in the same order (derived)
    nights: int                        # how many nights this watch lasts
    night: int                         # nights begun so far (1 during the first night)
    phase: int                         # OFFER or OVER
    hands: list[list[int]]             # per seat, candles held per height
    offers: list[int]                  # per seat, tonight's face-down height or NO_OFFER
    shown: list[list[int]]             # per seat, per height, candles every seat has seen
    ash: list[int]                     # per height, candles burnt away (public)
    box: list[int]                     # the candle box, drawn from its end (unseen)
    spirit_deck: list[int]             # spirits still to come, drawn from the end (unseen)
    pile: list[int]                    # spirits gathered on the table, not yet taken
    taken: list[list[int]]             # per seat, the spirits it has taken

    def restore_derived(self) -> None:
        """Rebuild the spirit ids and values from the `spirits` option."""
        deck = deck_for(self.options["spirits"])
        self.spirit_ids = tuple(s.id for s in deck.spirits)
        self.spirit_values = tuple(s.value for s in deck.spirits)

    # -- questions every module asks ---------------------------------------------------------
    def pile_value(self) -> int:
        """What the gathered spirits are worth together."""
        values = self.spirit_values
        return sum(values[i] for i in self.pile)

    def takes_shortest(self) -> bool:
        """Whether tonight's pile goes to the shortest unique candle (restless and the rule)."""
        return self.options["restless"] == "shortest" and self.pile_value() < 0

    def scores(self) -> list[int]:
        """Each seat's points: the values of the spirits it has taken."""
        values = self.spirit_values
        return [sum(values[i] for i in won) for won in self.taken]

    def candles_held(self, seat: int) -> int:
        """How many candles `seat` holds, counting one set face down tonight."""
        return sum(self.hands[seat]) + (self.offers[seat] != NO_OFFER)


def heights(counts: list[int]) -> list[int]:
    """Counts per height as the list of heights, shortest first (e.g. [0, 2, 1] → [2, 2, 3])."""
    return [h + 1 for h, n in enumerate(counts) for _ in range(n)]
