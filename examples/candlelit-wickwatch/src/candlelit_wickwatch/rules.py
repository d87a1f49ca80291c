"""Wickwatch's rules as pure transitions, in the order of a night.

A night: the top spirit joins the pile; every seat secretly sets one candle face down (a
hidden commitment, in any order); then all are turned up. Heights offered by more than one
seat gutter out. Of the rest the tallest candle takes the whole pile, or the shortest when
the pile is worth less than zero (option `restless`). The taking candle burns away and its
seat draws a fresh one from the box; every other candle goes back to its owner's hand, now
known to everyone. If every candle guttered, the pile lingers for the next night. After
the last night the seat with the most points wins (ties share).
"""

from __future__ import annotations

from candlelit.engine.flow import Step, Steps

from candlelit_wickwatch.fields import NO_OFFER, OFFER, OVER, WickwatchFields


def candles(state: WickwatchFields, seat: int) -> list[int]:
    """The heights (as height - 1) `seat` holds, shortest first."""
    return [h for h, n in enumerate(state.hands[seat]) if n]


def why_not_offer(state: WickwatchFields, seat: int, action: int) -> str:
    """Why a height is refused: the seat holds none."""
    return f"you hold no candle of height {action + 1}"


def offer(state: WickwatchFields, seat: int, action: int) -> None:
    """Set a candle of height `action` + 1 face down for `seat`."""
    state.hands[seat][action] -= 1
    state.offers[seat] = action + 1
    state._emit("offer", "wickwatch.offered", {"seat": seat, "candle": action + 1}, (seat,))
    state._emit("offer", "wickwatch.ready", {"seat": seat})


class NightRules(WickwatchFields):
    """The transitions of a night: offer, reveal, take or linger, and the end of the watch."""

    __slots__ = ()

    steps = Steps("wickwatch", (OFFER,), {
        OFFER: Step("offer", candles, offer, "wickwatch.phase.offer", why=why_not_offer),
    })

    # -- who acts ----------------------------------------------------------------------------
    def pending_players(self) -> list[int]:
        """Every seat that has not yet set a candle down tonight; [] once the watch is over."""
        if self.phase == OVER:
            return []
        return [seat for seat, offer in enumerate(self.offers) if offer == NO_OFFER]

    def is_terminal(self) -> bool:
        """Whether the last night has been resolved."""
        return self.phase == OVER

    # -- the one decision: set a candle down ------------------------------------------------
    def decision_kind(self) -> int:
        """Always OFFER while the watch goes on (the engine asks only then)."""
        return self.phase

    def advance(self) -> None:
        """Once every seat has set a candle down, turn them up (and go on to the next night)."""
        if self.phase != OVER and NO_OFFER not in self.offers:
            self._reveal()

    # -- a night -----------------------------------------------------------------------------
    def _begin_night(self) -> None:
        """Turn the top spirit up onto the pile; every seat is asked for a candle."""
        spirit = self.spirit_deck.pop()
        self.pile.append(spirit)
        self.night += 1
        self.offers = [NO_OFFER] * self.num_players
        self._emit("night", "wickwatch.night", {
            "night": self.night, "spirit": self.spirit_ids[spirit],
            "value": self.spirit_values[spirit], "pile_value": self.pile_value()})

    def _reveal(self) -> None:
        """Turn every candle up; twins gutter; the tallest (or shortest) single one takes."""
        offers = self.offers
        self._emit("reveal", "wickwatch.revealed", {"offers": offers[:]})
        twins = sorted({h for h in offers if offers.count(h) > 1})
        if twins:
            self._emit("reveal", "wickwatch.guttered", {"candles": twins})
        singles = [h for h in offers if h not in twins]
        taker = -1
        if singles:
            height = min(singles) if self.takes_shortest() else max(singles)
            taker = offers.index(height)
        for seat, height in enumerate(offers):
            if seat != taker:
                self._return(seat, height)
        if taker < 0:
            self._emit("reveal", "wickwatch.lingers", {"value": self.pile_value()})
        else:
            self._take(taker, offers[taker])
        if self.spirit_deck:
            self._begin_night()
        else:
            self._end_watch()

    def _return(self, seat: int, height: int) -> None:
        """An untaken candle goes back to its owner's hand, now known to every seat."""
        self.hands[seat][height - 1] += 1
        if not self.shown[seat][height - 1]:
            self.shown[seat][height - 1] = 1

    def _take(self, seat: int, height: int) -> None:
        """`seat` takes the pile; its candle burns to ash and it draws one from the box."""
        self._emit("take", "wickwatch.taken", {
            "seat": seat, "candle": height, "spirits": [self.spirit_ids[i] for i in self.pile],
            "value": self.pile_value()})
        self.taken[seat].extend(self.pile)
        self.pile = []
        self.ash[height - 1] += 1
        if self.shown[seat][height - 1]:
            self.shown[seat][height - 1] -= 1
        drawn = self.box.pop()  # the box outlasts the spirits (see WickwatchState.new)
        self.hands[seat][drawn - 1] += 1
        self._emit("take", "wickwatch.drew", {"seat": seat, "candle": drawn}, (seat,))

    def _end_watch(self) -> None:
        """No spirit is left: a lingering pile fades, and the most points win."""
        if self.pile:
            self._emit("end", "wickwatch.faded", {"value": self.pile_value()})
            self.pile = []
        self.phase = OVER
        self.offers = [NO_OFFER] * self.num_players
        self._emit("end", "wickwatch.game_over", {"seats": self.winners(),
                                                  "scores": self.scores()})

    # -- outcome -----------------------------------------------------------------------------
    def winners(self) -> list[int]:
        """The seats with the most points once the watch is over (ties share the win)."""
        if self.phase != OVER:
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def returns(self) -> list[float]:
        """1.0 for each winner, 0.0 for the others (all 0.0 before the end)."""
        won = self.winners()
        return [1.0 if seat in won else 0.0 for seat in range(self.num_players)]
