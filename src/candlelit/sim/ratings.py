"""Ratings of bot kinds from a ladder's games (openskill's Plackett–Luce model).

A game is read as duels between the candidate seat and each seat of the field: where one of
the two won and the other did not, that is one decisive duel between their kinds; where both
won or both lost it says nothing about the two and is left out. At equal skill a candidate
wins each duel as often as it loses one (both happen with chance 1 / players per field seat),
so the ratings are not tilted by the field's numbers. Only decisive two-player results reach
the model (openskill 6.1.3 rates tied ranks wrongly: a draw moves both sides as a win would).
Duels are rated in the order given, which the ladder fixes, so the ratings are reproducible.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce


@dataclass(frozen=True)
class Rating:
    """A kind's skill estimate: mean `mu`, uncertainty `sigma`, and the duels it was rated on."""

    bot: str
    mu: float
    sigma: float
    duels: int

    @property
    def ordinal(self) -> float:
        """The conservative skill figure the ladder ranks by (mu − 3·sigma)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Outcome:
    """One finished game: the kind in each seat, the candidate's seat and the winning seats."""

    seats: tuple[str, ...]
    candidate: int
    winners: tuple[int, ...]

    def duels(self) -> list[tuple[str, str]]:
        """(winner's kind, loser's kind) of each decisive duel, field seats in seat order."""
        mine = self.candidate in self.winners
        return [(self.seats[self.candidate], kind) if mine else (kind, self.seats[self.candidate])
                for seat, kind in enumerate(self.seats)
                if seat != self.candidate and mine != (seat in self.winners)]


def rate(kinds: Sequence[str], outcomes: Iterable[Outcome]) -> list[Rating]:
    """Every kind's rating after the outcomes' duels in order, best ordinal first (ties by
    name); kinds start at the model's default rating."""
    model = PlackettLuce()
    current = {kind: (model.mu, model.sigma) for kind in kinds}
    duels = dict.fromkeys(kinds, 0)
    for outcome in outcomes:
        for winner, loser in outcome.duels():
            won, lost = model.rate([[model.rating(*current[winner])],
                                    [model.rating(*current[loser])]], ranks=[0.0, 1.0])
            current[winner] = (won[0].mu, won[0].sigma)
            current[loser] = (lost[0].mu, lost[0].sigma)
            duels[winner] += 1
            duels[loser] += 1
    ratings = [Rating(kind, mu, sigma, duels[kind]) for kind, (mu, sigma) in current.items()]
    return sorted(ratings, key=lambda r: (-r.ordinal, r.bot))
