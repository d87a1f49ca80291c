"""Divinare's observation tensor: the table one seat sees, from the fields (never the log).

Seats are listed from the viewer on (`seats_from`: entry 0 is the viewer). A token's place is
one-hot over the centre and the suit's spaces 0..cards-in-suit; counts are plain numbers.
"""

from __future__ import annotations

from typing import Any

from candlelit.engine.tensors import Layout, Part, Tensor, seats_from
from candlelit.games.divinare.boards import CARDS_PER_SUIT, SUITS
from candlelit.games.divinare.state import (
    CENTRE,
    DISCARD,
    MOVE,
    OVER,
    PASS,
    PHASE_NAMES,
    DivinareFields,
)

PLACES = tuple(cards + 2 for cards in CARDS_PER_SUIT)
"""A token's places per suit: the centre, then spaces 0..cards-in-suit."""
ALL_PLACES = sum(PLACES)


def declare(players: int, options: dict[str, Any]) -> Layout:
    """The parts for `players` seats (the boards option changes no size)."""
    suits = len(SUITS)
    places = ALL_PLACES
    return Layout([
        Part("phase", len(PHASE_NAMES), "one-hot: discard, pass, play, move, over"),
        Part("round", players, "one-hot: the round being played (the last once over)"),
        Part("first", players, "one-hot by seat from the viewer: holder of the action card"),
        Part("to_act", players, "1 for each seat from the viewer that may act now"),
        Part("moving", suits, "one-hot by suit (red, blue, green, yellow): the token to move"),
        Part("hand", suits, "the viewer's cards per suit, not chosen"),
        Part("choosing", suits, "the viewer's cards per suit chosen to pass or discard"),
        Part("to_choose", 1, "cards the viewer must still choose to pass or discard"),
        Part("discards", suits, "the viewer's face-down discards per suit (2 players)"),
        Part("cards", players, "cards in hand per seat from the viewer"),
        Part("face_down", players, "face-down discards per seat from the viewer"),
        Part("ready", players, "1 for each seat from the viewer done choosing its cards"),
        Part("played", suits, "cards beside each board this round, per suit"),
        Part("tokens", players * places,
             "per seat from the viewer, per suit, one-hot: centre, then spaces 0..cards in "
             "the suit (8, 10, 12, 14 entries)"),
        Part("score_tokens", players * 3,
             "per seat from the viewer: blue, yellow, red score tokens (others' 0 while "
             "scores are face down)"),
        Part("scores_shown", players, "1 for each seat from the viewer whose score tokens show"),
    ])


def encode(state: DivinareFields, player: int, layout: Layout, out: Tensor) -> None:
    """Write `player`'s table into the zeroed `out`."""
    at = layout.at
    mv = out.data  # a memoryview: item writes cost less than numpy's
    n = state.num_players
    phase = state.phase
    mv[at["phase"] + phase] = 1
    mv[at["round"] + (state.rounds - 1 if phase == OVER else state.round)] = 1
    mv[at["first"] + (state.first - player) % n] = 1
    for seat in state.pending_players():
        mv[at["to_act"] + (seat - player) % n] = 1
    if phase == MOVE:
        mv[at["moving"] + state.move_suit] = 1
    committing = phase in (DISCARD, PASS)
    for name, counts in (("hand", state.hands[player]), ("choosing", state.held[player]),
                         ("discards", state.discards[player]), ("played", state.played)):
        start = at[name]
        for suit, count in enumerate(counts):
            mv[start + suit] = count
    if committing:
        mv[at["to_choose"]] = state.to_commit[player]
    face_down = not state.options["public_scores"] and phase != OVER
    cards, down, ready = at["cards"], at["face_down"], at["ready"]
    tokens, bags, shown = at["tokens"], at["score_tokens"], at["scores_shown"]
    for k, seat in enumerate(seats_from(player, n)):
        mv[cards + k] = sum(state.hands[seat]) + sum(state.held[seat])
        mv[down + k] = sum(state.discards[seat])
        if committing and not state.to_commit[seat]:
            mv[ready + k] = 1
        offset = tokens + k * ALL_PLACES
        for suit, place in enumerate(state.tokens[seat]):
            mv[offset + (0 if place == CENTRE else place + 1)] = 1
            offset += PLACES[suit]
        if not face_down or seat == player:
            mv[shown + k] = 1
            bag = bags + 3 * k
            for colour, count in enumerate(state.tokens_won[seat]):
                mv[bag + colour] = count
