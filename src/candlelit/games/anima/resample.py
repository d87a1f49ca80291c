"""Determinisation: an Anima world consistent with everything one seat knows."""

from __future__ import annotations

import random
from typing import TypeVar

from candlelit.engine.events import seen_by
from candlelit.games.anima.constants import (
    A_ABILITY,
    A_OFFER_ADV,
    A_OFFER_CHAR,
    M_SHOWN,
    S_GIVE,
    S_KEEP_ONE,
    S_PICK_AREA,
    S_TRADE_CONFIRM,
    S_TRADE_OFFER,
    S_TRADE_REPLY,
)
from candlelit.games.anima.state import AnimaFields
from candlelit.games.anima.views import trade_seen

World = TypeVar("World", bound=AnimaFields)


def resample(state: World, player: int, rng: random.Random) -> World:
    """Re-deal what `player` has not seen: others' hands, set-up offers and unshown
    missions, face-down encounters it has not peeked at, every deck's order, the hidden
    final missions' order, and choices only another seat is looking at."""
    world = state.clone()
    others = [q for q in range(state.num_players) if q != player]
    # advantages: the deck, others' hands, others' set-up offers, another's stranger cards
    stranger = state.step in (S_KEEP_ONE, S_GIVE) and state.actor != player
    shown = _shown_in_trade(state, player)
    pool = list(state.adv_deck)
    for q in others:
        pool += state.hand[q] + state.offer[q][-4:] if len(state.offer[q]) >= 4 \
            else state.hand[q]
    if stranger:
        pool += state.pool
    for kinds in shown.values():
        for kind in kinds:
            pool.remove(kind)
    rng.shuffle(pool)
    for q in others:
        seen = shown.get(q, [])
        size = len(state.hand[q]) - len(seen)
        world.hand[q] = sorted(pool[:size] + seen)
        del pool[:size]
        if len(state.offer[q]) >= 4:
            chars = state.offer[q][:-4]
            world.offer[q] = chars + pool[:4]
            del pool[:4]
    if stranger:
        world.pool = pool[:len(state.pool)]
        del pool[:len(state.pool)]
    world.adv_deck = pool
    _redraw_offers(state, world, player, rng)
    # characters: the deck and others' set-up offers
    chars = list(state.char_deck)
    for q in others:
        if len(state.offer[q]) == 6:
            chars += state.offer[q][:2]
    rng.shuffle(chars)
    for q in others:
        if len(state.offer[q]) == 6:
            world.offer[q] = chars[:2] + world.offer[q][2:]
            del chars[:2]
    world.char_deck = chars
    # basic missions nobody has been shown
    hidden = [(q, m) for q in others for m in range(2)
              if not state.mprog[q][m][M_SHOWN]
              and state.missions[q][m] not in state.done[q]]
    missions = list(state.mission_deck) + [state.missions[q][m] for q, m in hidden]
    rng.shuffle(missions)
    for q, m in hidden:
        world.missions[q][m] = missions.pop()
    world.mission_deck = missions
    # encounters: the deck and face-down encounters the player has not peeked at
    down = [i for i, e in enumerate(state.enc_down) if e >= 0 and i not in state.seen[player]]
    encounters = list(state.enc_deck) + [state.enc_down[i] for i in down]
    rng.shuffle(encounters)
    for i in down:
        world.enc_down[i] = encounters.pop()
    world.enc_deck = encounters
    # areas: an Old Map's choice is known only to the seat choosing
    if state.step == S_PICK_AREA and state.actor == player:
        rest = [k for k in state.area_deck if k not in state.pool]
        rng.shuffle(rest)
        world.area_deck = rest + [k for k in state.area_deck if k in state.pool]
    else:
        rng.shuffle(world.area_deck)
        if state.step == S_PICK_AREA:
            world.pool = world.area_deck[-len(state.pool):][::-1]
    rng.shuffle(world.final_pile)
    world.seed = rng.getrandbits(62)
    world.log = [e for e in state.log if seen_by(e, player)]
    return world


def _trade_sides(state: AnimaFields, player: int) -> list[tuple[int, str, bool]]:
    """The trade under way, side by side: (owner, field of its cards, whether `player`
    has seen them), for the sides that are not `player`'s own."""
    if state.step not in (S_TRADE_OFFER, S_TRADE_REPLY, S_TRADE_CONFIRM):
        return []
    see_gives, see_gets, _, _ = trade_seen(state, player)
    sides = ((state.order[state.turn_idx], "trade_gives", see_gives),
             (state.trade_with, "trade_gets", see_gets))
    return [side for side in sides if side[0] != player]


def _shown_in_trade(state: AnimaFields, player: int) -> dict[int, list[int]]:
    """The advantages other seats have put into the trade under way that `player` has
    seen, by seat: they stay in that seat's re-dealt hand."""
    return {owner: [a - A_OFFER_ADV for a in getattr(state, field) if a < A_ABILITY]
            for owner, field, seen in _trade_sides(state, player) if seen}


def _redraw_offers(state: World, world: World, player: int,
                   rng: random.Random) -> None:
    """Cards put into a trade that `player` has not seen are other cards of the same kinds
    from their owner's re-dealt hand and (public) party."""
    for owner, field, seen in _trade_sides(state, player):
        actions = getattr(state, field)
        if seen or not actions:
            continue
        chars = sum(1 for a in actions if a >= A_OFFER_CHAR)
        advs = len(actions) - chars
        setattr(world, field,
                [A_OFFER_ADV + k for k in rng.sample(world.hand[owner], advs)]
                + [A_OFFER_CHAR + c for c in rng.sample(world.party[owner], chars)])
