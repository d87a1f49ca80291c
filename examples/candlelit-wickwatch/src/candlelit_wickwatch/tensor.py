"""Wickwatch's observation tensor: the table one seat sees, from the fields (never the log).

Seats are listed from the viewer on (`seats_from`: entry 0 is the viewer). Candles are
counts per height 1-10; a spirit is one entry of the spirit deck the `spirits` option
chooses. Another seat's hand and face-down candle are hidden: its candle count, the
candles known to be in its hand and whether it is ready show.
"""

from __future__ import annotations

from typing import Any

from candlelit.engine.tensors import Layout, Part, Tensor

from candlelit_wickwatch.deck import TALLEST, deck_for
from candlelit_wickwatch.fields import NO_OFFER, OVER, PHASE_NAMES, WickwatchFields


def declare(players: int, options: dict[str, Any]) -> Layout:
    """The parts for `players` seats and the spirit deck of the options."""
    n, spirits = players, len(deck_for(options["spirits"]).spirits)
    return Layout([
        Part("phase", len(PHASE_NAMES), "one-hot: offer, over"),
        Part("night", 1, "nights begun (the current night's number)"),
        Part("nights", 1, "nights the watch lasts"),
        Part("ready", n, "1 for each seat from the viewer that has set its candle down"),
        Part("hand", TALLEST, "the viewer's candles per height 1-10, in hand"),
        Part("offer", TALLEST, "one-hot by height: the viewer's face-down candle tonight"),
        Part("candles", n, "per seat from the viewer: candles held (its face-down one too)"),
        Part("known", n * TALLEST,
             "per seat from the viewer, per height: candles every seat has seen it hold"),
        Part("ash", TALLEST, "candles burnt away per height"),
        Part("box", 1, "candles left in the box"),
        Part("spirits_left", 1, "spirits still to come"),
        Part("pile", spirits, "1 for each spirit of the deck on the pile"),
        Part("pile_value", 1, "what the pile is worth"),
        Part("takes_shortest", 1, "1 when the shortest single candle takes tonight's pile"),
        Part("taken", n * spirits, "per seat from the viewer: 1 for each spirit it has taken"),
        Part("scores", n, "per seat from the viewer: its points"),
    ])


def encode(state: WickwatchFields, player: int, layout: Layout, out: Tensor) -> None:
    """Write `player`'s table into the zeroed `out`."""
    at = layout.at
    mv = out.data  # a memoryview: item writes cost less than numpy's
    n = state.num_players
    spirits = len(state.spirit_ids)
    over = state.phase == OVER
    mv[at["phase"] + state.phase] = 1
    mv[at["night"]] = state.night
    mv[at["nights"]] = state.nights
    hand = at["hand"]
    for height, count in enumerate(state.hands[player]):
        if count:
            mv[hand + height] = count
    own = state.offers[player]
    if own != NO_OFFER:
        mv[at["offer"] + own - 1] = 1
    ready, candles, known, taken, scores = (
        at["ready"], at["candles"], at["known"], at["taken"], at["scores"])
    values = state.spirit_values
    for k in range(n):
        seat = (player + k) % n
        offered = state.offers[seat] != NO_OFFER
        if offered and not over:
            mv[ready + k] = 1
        mv[candles + k] = sum(state.hands[seat]) + offered
        start = known + TALLEST * k
        for height, count in enumerate(state.shown[seat]):
            if count:
                mv[start + height] = count
        score = 0
        for spirit in state.taken[seat]:
            mv[taken + spirits * k + spirit] = 1
            score += values[spirit]
        mv[scores + k] = score
    ash = at["ash"]
    for height, count in enumerate(state.ash):
        if count:
            mv[ash + height] = count
    mv[at["box"]] = len(state.box)
    mv[at["spirits_left"]] = len(state.spirit_deck)
    pile = at["pile"]
    for spirit in state.pile:
        mv[pile + spirit] = 1
    mv[at["pile_value"]] = state.pile_value()
    if state.takes_shortest():
        mv[at["takes_shortest"]] = 1
