"""Determinisation: an Anima world consistent with everything one seat knows."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from candlelit.engine.events import seen_by
from candlelit.games.anima.constants import (
    A_ABILITY,
    A_OFFER_ADV,
    M_SHOWN,
    S_GIVE,
    S_KEEP_ONE,
    S_PICK_AREA,
    S_TRADE_CONFIRM,
    S_TRADE_REPLY,
)

if TYPE_CHECKING:
    from candlelit.games.anima.rules import AnimaState


def resample(state: AnimaState, player: int, rng: random.Random) -> AnimaState:
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
    for kind in shown.values():
        pool.remove(kind)
    rng.shuffle(pool)
    for q in others:
        size = len(state.hand[q]) - (q in shown)
        world.hand[q] = sorted(pool[:size] + ([shown[q]] if q in shown else []))
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


def _shown_in_trade(state: AnimaState, player: int) -> dict[int, int]:
    """The advantage another seat has offered `player` in the trade under way, by seat: the
    player has seen it, so it stays in that seat's re-dealt hand."""
    if state.step not in (S_TRADE_REPLY, S_TRADE_CONFIRM):
        return {}
    proposer, partner = state.order[state.turn_idx], state.trade_with
    if player == partner:
        offerer, action = proposer, state.trade_give
    elif player == proposer and state.step == S_TRADE_CONFIRM:
        offerer, action = partner, state.trade_get
    else:
        return {}
    return {offerer: action - A_OFFER_ADV} if A_OFFER_ADV <= action < A_ABILITY else {}


def _redraw_offers(state: AnimaState, world: AnimaState, player: int,
                   rng: random.Random) -> None:
    """An advantage offered in a trade between two other seats is one of the offerer's
    re-dealt cards (the player saw only that a card was offered)."""
    if state.step not in (S_TRADE_REPLY, S_TRADE_CONFIRM):
        return
    proposer, partner = state.order[state.turn_idx], state.trade_with
    if player in (proposer, partner):
        return
    for who, field in ((proposer, "trade_give"), (partner, "trade_get")):
        action = getattr(state, field)
        if A_OFFER_ADV <= action < A_ABILITY and world.hand[who]:
            setattr(world, field, A_OFFER_ADV + rng.choice(world.hand[who]))
