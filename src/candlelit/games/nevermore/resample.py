"""Determinisation: a Nevermore world consistent with everything one seat can see.

Re-drawn: the other seats' suit cards (hands, cards chosen to pass, face-down commitments)
and the rest of the main deck; the other seats' magick cards (keeping how many Light and
Shadow cards each holds) and the order of both magick decks; face-down resolution tokens
the seat has not looked at; characters still being drafted; and the seed of future chance.
Kept: everything public and everything the seat holds or chose.

Pinned (`known_holdings`, read from the seat's log of this round): the suit cards it passed
stay with their receiver, the card it took with a Nightmare is gone from its victim, a hand
it looked at (Dupin) is that hand, magick cards seen joining a hand are there, and Raven
counts shown at a Conspiracy or while skulking stand — each until the holder is seen to give
cards up (a pass it did not see, a reveal, a discard, a Nightmare, a Deceive swaps them).

Known simplifications (they never change what the seat sees, only how likely a world is):
its own old hand is not pinned to the seat it Deceived (or that Deceived it), a Prophecy's
count is not pinned, and Ravens a seat attached to a commitment keep their number when the
commitment has no free shape.
"""

from __future__ import annotations

import random
from typing import TypeVar

from candlelit.engine.events import seen_by
from candlelit.engine.pins import Facts, add_fact, drop_fact
from candlelit.games.nevermore.constants import (
    A_CHAR,
    A_PASS,
    A_PLAY,
    D_CHAR_KEEP,
    D_CHAR_PICK,
    D_COMMIT,
    LIGHT,
    MAX_CHARACTERS,
    MIDDLE,
    RAVEN,
    SUITS,
)
from candlelit.games.nevermore.state import FX_DARK, FX_PUNISH, NevermoreFields

World = TypeVar("World", bound=NevermoreFields)
"""The state class a resample returns: the one it was given."""


def resample(state: World, player: int, rng: random.Random) -> World:
    """A full world drawn from what `player` knows."""
    world = state.clone()
    others = [s for s in range(state.num_players) if s != player]
    _suit_cards(state, world, player, others, rng)
    _magick(state, world, player, others, rng)
    if not state.tkknown >> player & 1 and state.shown < 4:
        hidden = world.mids[state.shown:]
        rng.shuffle(hidden)
        world.mids[state.shown:] = hidden
        world.tkknown = 0
    _characters(state, world, player, others, rng)
    world.seed = rng.getrandbits(62)
    world.log = [e for e in state.log if seen_by(e, player)]
    world.history = [(p, a) for p, a in state.history if p == player or not (
        A_PASS <= a < A_PLAY or A_CHAR <= a < A_CHAR + MAX_CHARACTERS)]
    return world


def _suit_cards(state: NevermoreFields, world: NevermoreFields, player: int,
                others: list[int], rng: random.Random) -> None:
    """Re-deal every suit card `player` cannot see, seat by seat, respecting public facts
    and keeping the cards its log pins to a seat with that seat.

    Public facts kept: each seat's hand size, how many cards it has chosen to pass, the size
    of its face-down commitment, and that nobody holds a suit whose step was resolved this
    round (every such card was committed). A commitment is re-split at random into suit
    cards + Ravens or a bluff, unless a rule fixes its shape (mandatory cancelling,
    Darkness Falls, Punishment, a wild Raven); a seat pinned to hold the step's suit did
    not bluff.
    """
    pinned = _pinned_by_seat(state, player, others)
    pool = [0] * 5
    for seat in others:
        for k in range(5):
            pool[k] += state.hand[seat][k] + state.held[seat][k] - pinned[seat][k]
    for suit in state.mdeck:
        pool[suit] += 1
    committing = state.decision[0] == D_COMMIT
    step = state.step
    if committing:
        for seat in others:
            k, r, _, w = state.commit[seat]
            pool[step] += k
            pool[RAVEN] += r + w
    done = [s for s in MIDDLE if state.netlog[s][0] != -1]
    free_shape = state.options["raven_cancel"] != "mandatory" and not state.fx[FX_DARK]
    order = others[:]
    rng.shuffle(order)
    order.sort(key=lambda seat: not any(pinned[seat]))
    sizes = {seat: sum(state.hand[seat]) for seat in others}
    if committing:
        for seat in order:
            if seat in state.pending:
                continue
            k, r, b, w = state.commit[seat]
            shown = sizes[seat] - b
            mine = pinned[seat]
            shape = None
            if not (w or not free_shape or state.fx[FX_PUNISH] >> seat & 1):
                shape = _shape(k + r + b, pool, step, mine, shown, rng)
            k2, r2, b2 = (k, r, b) if shape is None else shape
            own_ravens = min(r2 + w, mine[RAVEN])
            pool[step] -= k2 - mine[step]
            pool[RAVEN] -= r2 + w - own_ravens
            mine[step] = 0
            mine[RAVEN] -= own_ravens
            world.commit[seat] = [k2, r2, b2, w]
            sizes[seat] = shown + b2
    for seat in order:
        banned = set(done)
        if committing and seat not in state.pending:
            banned.add(step)
        held_size = sum(state.held[seat])
        kept = [k for k in range(5) for _ in range(pinned[seat][k])]
        cards = _draw(pool, sizes[seat] + held_size - len(kept), banned, rng)
        if kept:
            cards += kept
            rng.shuffle(cards)
        world.held[seat] = _count(cards[:held_size])
        world.hand[seat] = _count(cards[held_size:])
    deck = [k for k in range(5) for _ in range(pool[k])]
    rng.shuffle(deck)
    world.mdeck = deck


def _pinned_by_seat(state: NevermoreFields, player: int,
                    others: list[int]) -> dict[int, list[int]]:
    """Per other seat, the suit cards `player`'s log pins to it, counted by suit."""
    out = {seat: [0] * 5 for seat in others}
    for (seat, suit), count in known_holdings(state, player).items():
        out[seat][SUITS.index(str(suit))] = count
    return out


def _shape(size: int, pool: list[int], step: int, mine: list[int], shown: int,
           rng: random.Random) -> tuple[int, int, int] | None:
    """A random split of a face-down commitment: suit cards + Ravens, or a bluff (not when
    the seat is pinned to hold the step's suit). `mine` are its pinned cards (not in
    `pool`), `shown` its hand's size besides a bluff; the pinned cards left for the hand
    must fit in it. None if no split fits (the true one is kept)."""
    others = sum(mine) - mine[step] - mine[RAVEN]
    shapes: list[tuple[int, int, int]] = []
    if not mine[step] and others + mine[RAVEN] <= shown + size:
        shapes.append((0, 0, size))
    for k in range(max((size + 1) // 2, mine[step]), size + 1):
        r = size - k
        if k and k - mine[step] <= pool[step] and r <= pool[RAVEN] + mine[RAVEN] \
                and others + max(0, mine[RAVEN] - r) <= shown:
            shapes.append((k, r, 0))
    return rng.choice(shapes) if shapes else None


def _draw(pool: list[int], count: int, banned: set[int], rng: random.Random) -> list[int]:
    """`count` cards from `pool` avoiding `banned` suits (falls back to any if it must)."""
    allowed = [k for k in range(5) if k not in banned for _ in range(pool[k])]
    if len(allowed) < count:
        allowed = [k for k in range(5) for _ in range(pool[k])]
    picked = rng.sample(allowed, count)
    for k in picked:
        pool[k] -= 1
    rng.shuffle(picked)
    return picked


def known_holdings(state: NevermoreFields, player: int) -> Facts:
    """The suit cards (by suit name) `player`'s log of this round pins to other seats, each
    a least count: see the module's docstring."""
    facts: Facts = {}
    start = 0
    for index in range(len(state.log) - 1, -1, -1):
        if state.log[index][1] == "nevermore.round_start":
            start = index
            break
    extra = max(state.harvest)
    passing: dict[int, list[int]] = {}
    upstream = -1
    for entry in state.log[start:]:
        if not seen_by(entry, player):
            continue
        key, args = entry[1], entry[2]
        if key == "nevermore.passed":
            if args["seat"] == player:
                passing[args["to"]] = args["cards"]
            else:
                upstream = args["seat"]
                for k, suit in enumerate(SUITS):
                    drop_fact(facts, upstream, suit, args["cards"][k])
        elif key == "nevermore.passes_done":
            for seat in {s for s, _ in facts} - {upstream}:
                for suit in SUITS:
                    drop_fact(facts, seat, suit, args["count"] + extra)
            for to, cards in passing.items():
                for k, suit in enumerate(SUITS):
                    add_fact(facts, to, suit, cards[k])
            passing, upstream = {}, -1
        else:
            _read_event(facts, player, key, args)
    return facts


def _read_event(facts: Facts, player: int, key: str, args: dict[str, object]) -> None:
    """Update `facts` on one log entry `player` sees (passes aside)."""
    seat = args.get("seat")
    if key == "nevermore.adds_to_hand" and seat != player:
        add_fact(facts, _int(seat), args["suit"])
    elif key in ("nevermore.fx.discards", "nevermore.fx.cancels_taken"):
        drop_fact(facts, _int(seat), args["suit"] if key.endswith("discards") else "raven")
    elif key in ("nevermore.revealed", "nevermore.revealed_wild"):
        drop_fact(facts, _int(seat), args["suit"], 99)
        drop_fact(facts, _int(seat), "raven",
                  _int(args["ravens"]) + (key == "nevermore.revealed_wild"))
    elif key == "nevermore.fx.nightmare" and player not in (seat, args["to"]):
        for suit in SUITS:
            drop_fact(facts, _int(args["to"]), suit)
    elif key == "nevermore.fx.nightmare_card":
        if seat == player:
            drop_fact(facts, _int(args["to"]), args["suit"])
        else:
            add_fact(facts, _int(seat), args["suit"])
    elif key == "nevermore.fx.deceive":
        swap = {_int(seat): _int(args["to"]), _int(args["to"]): _int(seat)}
        moved = {(swap.get(s, s), c): n for (s, c), n in facts.items()}
        facts.clear()
        facts.update({(s, c): n for (s, c), n in moved.items() if s != player})
    elif key == "nevermore.dupin_hand" and seat == player:
        for k, suit in enumerate(SUITS):
            drop_fact(facts, _int(args["to"]), suit, 99)
            add_fact(facts, _int(args["to"]), suit, _ints(args["cards"])[k])
    elif key == "nevermore.conspiracy" and seat != player:
        _at_least(facts, _int(seat), "raven", _int(args["ravens"]))
    elif key == "nevermore.skulking":
        for other, count in enumerate(_ints(args["ravens"])):
            if other != player:
                _at_least(facts, other, "raven", count)


def _at_least(facts: Facts, seat: int, suit: str, count: int) -> None:
    """Raise the pinned count of `suit` held by `seat` to at least `count`."""
    add_fact(facts, seat, suit, count - facts.get((seat, suit), 0))


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def _ints(value: object) -> list[int]:
    assert isinstance(value, list)
    return value


def holdings(state: NevermoreFields, seat: int) -> dict[str, int]:
    """The suit cards `seat` holds now, by suit name: its hand, the cards it chose to pass
    and, while commitments are face down, its commitment."""
    counts = [state.hand[seat][k] + state.held[seat][k] for k in range(5)]
    if state.decision[0] == D_COMMIT:
        k, r, _, w = state.commit[seat]
        counts[state.step] += k
        counts[RAVEN] += r + w
    return {suit: counts[k] for k, suit in enumerate(SUITS) if counts[k]}


def _count(cards: list[int]) -> list[int]:
    out = [0] * 5
    for k in cards:
        out[k] += 1
    return out


def _magick(state: NevermoreFields, world: NevermoreFields, player: int,
            others: list[int], rng: random.Random) -> None:
    """Re-deal the other seats' magick cards deck by deck and reshuffle both decks."""
    cards = state.cards
    for deck, pile in ((LIGHT, "ldeck"), (1 - LIGHT, "sdeck")):
        mine = [c.index for c in cards.magick if c.deck == deck]
        pool = list(getattr(state, pile))
        sizes = {}
        for seat in others:
            held = state.magick[seat]
            sizes[seat] = sum(held[t] for t in mine)
            pool += [t for t in mine for _ in range(held[t])]
        rng.shuffle(pool)
        for seat in others:
            got = pool[:sizes[seat]]
            del pool[:sizes[seat]]
            counts = world.magick[seat]
            for t in mine:
                counts[t] = 0
            for t in got:
                counts[t] += 1
        setattr(world, pile, pool)
    if state.drawer >= 0 and state.drawer != player and state.drawn:
        held = world.magick[state.drawer]
        light = [t for c in cards.magick if c.deck == LIGHT for t in [c.index] * held[c.index]]
        world.drawn = rng.sample(light, min(len(state.drawn), len(light)))


def _characters(state: NevermoreFields, world: NevermoreFields, player: int,
                others: list[int], rng: random.Random) -> None:
    """Characters still being drafted are re-dealt among the seats that cannot be seen."""
    kind = state.decision[0]
    if kind not in (D_CHAR_KEEP, D_CHAR_PICK):
        return
    known = set(state.cdeal[player]) | {state.ckeep[player], state.char[player]}
    pool = [c for c in range(len(state.cards.characters)) if c not in known]
    rng.shuffle(pool)
    for seat in others:
        if kind == D_CHAR_KEEP:
            if seat in state.pending:
                world.cdeal[seat] = sorted([pool.pop(), pool.pop()])
            else:
                world.ckeep[seat] = pool.pop()
                world.cdeal[seat] = [pool.pop()]
        elif seat in state.pending:
            world.cdeal[seat] = sorted([pool.pop(), pool.pop()])
        else:
            world.char[seat] = pool.pop()
