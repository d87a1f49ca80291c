"""Determinisation: a Nevermore world consistent with everything one seat can see.

Re-drawn: the other seats' suit cards (hands, cards chosen to pass, face-down commitments)
and the rest of the main deck; the other seats' magick cards (keeping how many Light and
Shadow cards each holds) and the order of both magick decks; face-down resolution tokens
the seat has not looked at; characters still being drafted; and the seed of future chance.
Kept: everything public and everything the seat holds or chose.

Known simplifications (they never change what the seat sees, only how likely a world is):
cards the seat passed, took or looked at, and magick cards it saw join a hand as suit cards,
are not pinned to their holder, and Ravens a seat attached to a commitment keep their number
when the commitment has no free shape.
"""

from __future__ import annotations

import random
from typing import TypeVar

from candlelit.engine.events import seen_by
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
    """Re-deal every suit card `player` cannot see, seat by seat, respecting public facts.

    Public facts kept: each seat's hand size, how many cards it has chosen to pass, the size
    of its face-down commitment, and that nobody holds a suit whose step was resolved this
    round (every such card was committed). A commitment is re-split at random into suit
    cards + Ravens or a bluff, unless a rule fixes its shape (mandatory cancelling,
    Darkness Falls, Punishment, a wild Raven).
    """
    pool = [0] * 5
    for seat in others:
        for k in range(5):
            pool[k] += state.hand[seat][k] + state.held[seat][k]
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
    sizes = {seat: sum(state.hand[seat]) for seat in others}
    if committing:
        for seat in order:
            if seat in state.pending:
                continue
            k, r, b, w = state.commit[seat]
            shown = sizes[seat] - b
            if w or not free_shape or state.fx[FX_PUNISH] >> seat & 1:
                k2, r2, b2 = k, r, b
            else:
                k2, r2, b2 = _shape(k + r + b, pool, step, rng)
            pool[step] -= k2
            pool[RAVEN] -= r2 + w
            world.commit[seat] = [k2, r2, b2, w]
            sizes[seat] = shown + b2
    for seat in order:
        banned = set(done)
        if committing and seat not in state.pending:
            banned.add(step)
        held_size = sum(state.held[seat])
        cards = _draw(pool, sizes[seat] + held_size, banned, rng)
        world.held[seat] = _count(cards[:held_size])
        world.hand[seat] = _count(cards[held_size:])
    deck = [k for k in range(5) for _ in range(pool[k])]
    rng.shuffle(deck)
    world.mdeck = deck


def _shape(size: int, pool: list[int], step: int,
           rng: random.Random) -> tuple[int, int, int]:
    """A random split of a face-down commitment: suit cards + Ravens, or a bluff."""
    shapes: list[tuple[int, int, int]] = [(0, 0, size)]
    for k in range((size + 1) // 2, size + 1):
        r = size - k
        if k and k <= pool[step] and r <= pool[RAVEN]:
            shapes.append((k, r, 0))
    return rng.choice(shapes)


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
