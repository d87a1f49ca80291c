"""Determinisation: a Fatal Frame world consistent with everything one seat knows.

Pinned: a card another seat took openly into its hand (Recollection) stays in that hand
until the seat is seen to play or discard a card of its kind (`known_holdings`).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TypeVar, cast

from candlelit.engine.events import seen_by
from candlelit.engine.pins import Facts, add_fact, by_holder, drop_fact
from candlelit.games.fatal_frame.state import FatalFrameFields

World = TypeVar("World", bound=FatalFrameFields)

LEAVES_HAND = ("fatal_frame.played", "fatal_frame.discarded")
"""Log keys of a card (args seat, card) leaving its seat's hand in the open."""


def resample(state: World, player: int, rng: random.Random) -> World:
    """Re-deal what `player` has not seen: others' hands with the main deck (cards it saw
    them take stay theirs), others' paths with the interior deck, the face-down exteriors
    and the boss pile's order."""
    world = state.clone()
    others = [q for q in range(state.num_players) if q != player]
    pinned = by_holder(known_holdings(state, player))
    kept = {q: [cast(int, k) for k, c in pinned.get(q, {}).items() for _ in range(c)]
            for q in others}
    pool = list(state.main_deck)
    for q in others:
        pool.extend(state.hands[q])
        for kind in kept[q]:
            pool.remove(kind)
    rng.shuffle(pool)
    for q in others:
        size = len(state.hands[q]) - len(kept[q])
        world.hands[q] = sorted(pool[:size] + kept[q])
        del pool[:size]
    world.main_deck = pool
    rooms = list(state.interior_deck)
    for q in others:
        rooms.extend(state.path[q])
    rng.shuffle(rooms)
    for q in others:
        size = len(state.path[q])
        world.path[q] = rooms[:size]
        del rooms[:size]
    world.interior_deck = rooms
    hidden = [c for c in range(len(state.grid)) if not state.revealed[c]]
    places = [state.grid[c] for c in hidden]
    rng.shuffle(places)
    for c, place in zip(hidden, places, strict=True):
        world.grid[c] = place
    rng.shuffle(world.boss_pile)
    world.seed = rng.getrandbits(62)
    world.log = [e for e in state.log if seen_by(e, player)]
    return world


def known_holdings(state: FatalFrameFields, player: int) -> Facts:
    """Cards (main kinds) other seats took openly into their hands and have not been seen
    to give up since: a play, a discard, or a card put on a ghost that was not just played
    (a step-4 play announces its card, then where it goes)."""
    facts: Facts = {}
    holders: set[int] = set()
    main_id = state.cards.main_id
    last_played: tuple[int, str] | None = None
    for entry in state.log:
        if not seen_by(entry, player):
            continue
        key, args = entry[1], entry[2]
        if key == "fatal_frame.searched" and args["seat"] != player:
            add_fact(facts, args["seat"], main_id(args["card"]))
            holders.add(args["seat"])
        elif args.get("seat") in holders and (key in LEAVES_HAND or (
                key == "fatal_frame.on_ghost" and last_played != (args["seat"], args["card"]))):
            drop_fact(facts, args["seat"], main_id(args["card"]))
        last_played = (args["seat"], args["card"]) if key == "fatal_frame.played" else None
    return facts


def holdings(state: FatalFrameFields, seat: int) -> Counter[int]:
    """The main kinds in `seat`'s hand, counted."""
    return Counter(state.hands[seat])
