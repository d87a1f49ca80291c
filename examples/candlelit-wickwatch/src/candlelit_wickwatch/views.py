"""What each seat of a Wickwatch game may see: the one choke point for hidden information.

Public: the spirits (pile, taken, how many are left), every seat's candle count, the
candles a seat is known to hold (turned up and handed back), the ash, the box's size, who
has chosen tonight. Private: a seat's own hand, its own face-down candle and its draws.
"""

from __future__ import annotations

from typing import Any

from candlelit_wickwatch.fields import NO_OFFER, OVER, PHASE_NAMES, WickwatchFields, heights


def view(state: WickwatchFields, player: int | None) -> dict[str, Any]:
    """The public table and log, plus `player`'s own hand and face-down candle."""
    ids, values = state.spirit_ids, state.spirit_values
    scores = state.scores()
    over = state.phase == OVER
    seats = [{
        "seat": seat,
        "candles": state.candles_held(seat),
        "known": heights(state.shown[seat]),
        "ready": not over and state.offers[seat] != NO_OFFER,
        "spirits": [{"id": ids[i], "value": values[i]} for i in state.taken[seat]],
        "score": scores[seat],
    } for seat in range(state.num_players)]
    out: dict[str, Any] = {
        "game": "wickwatch",
        "players": state.num_players,
        "viewer": player,
        "round": state.night,
        "rounds": state.nights,
        "phase": PHASE_NAMES[state.phase],
        "to_act": state.pending_players(),
        "pile": [{"id": ids[i], "value": values[i]} for i in state.pile],
        "pile_value": state.pile_value(),
        "takes": "shortest" if state.takes_shortest() else "tallest",
        "spirits_left": len(state.spirit_deck),
        "box": len(state.box),
        "ash": heights(state.ash),
        "seats": seats,
        "log": state.visible_log(player),
    }
    if player is not None:
        out["hand"] = heights(state.hands[player])
        offer = state.offers[player]
        out["offer"] = None if over or offer == NO_OFFER else offer
    if over:
        out["result"] = {"scores": scores, "winners": state.winners()}
    return out
