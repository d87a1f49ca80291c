"""Invariants along random games: every card is in exactly one place, limits hold."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from candlelit.engine.registry import load
from candlelit.games.anima.constants import HAND_LIMIT, PARTY_LIMIT, SETUP


def _places(s):
    chars = Counter(s.char_deck + s.char_discard + [c for p in s.party for c in p])
    advs = Counter(s.adv_deck + s.adv_discard + [k for h in s.hand for k in h]
                   + [k for k in s.org if k >= 0] + list(s.pool if s.step in (22, 23) else []))
    areas = Counter(s.area_deck + s.area_discard + [a for a in s.area_at if a >= 0])
    if s.step in (4, 5):  # a new area in the revealer's hands while one leaves play
        areas[s.target_for] += 1
    encs = Counter(s.enc_deck + s.enc_discard + [e for e in s.enc_down if e >= 0]
                   + [e for e in s.monster if e >= 0])
    for q in range(s.num_players):
        if s.phase == SETUP:
            chars.update(s.offer[q][:-4] if len(s.offer[q]) >= 4 else [])
            advs.update(s.offer[q][-4:] if len(s.offer[q]) >= 4 else [])
    return chars, advs, areas, encs


def _check(s):
    chars, advs, areas, encs = _places(s)
    cards = s.cards
    assert chars == Counter(range(len(cards.characters))), "a character is lost or doubled"
    assert advs == Counter(range(len(cards.advantages))), "an advantage is lost or doubled"
    assert areas == Counter(range(len(cards.areas))), "an area is lost or doubled"
    pending = {t[2] for t in s.agenda if t[0] in (5, 6)}  # encounters being met
    if s.cb_foe >= 0:
        pending.add(s.cb_foe)
    assert set(encs) | pending == set(range(len(cards.encounters))), "an encounter is lost"
    assert all(v == 1 for v in encs.values()), "an encounter is doubled"
    for q in range(s.num_players):
        assert len(s.hand[q]) <= HAND_LIMIT and len(s.party[q]) <= PARTY_LIMIT
        if s.phase != SETUP:
            assert s.party[q], f"seat {q} has no character"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_cards_are_conserved_and_limits_hold_along_random_games(players):
    for seed in range(6):
        s = load("anima", players, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            _check(s)
            p = s.current_player()
            s.apply_action(rng.choice(s.legal_actions(p)), p)
        _check(s)


@pytest.mark.parametrize("players", [2, 3, pytest.param(4, marks=pytest.mark.slow),
                                     pytest.param(5, marks=pytest.mark.slow)])
def test_the_revised_variant_passes_the_conformance_checks_along_bot_games(players):
    from candlelit.bots.base import SeatObservation
    from candlelit.engine import conformance as c
    from candlelit.games.anima.bot import HeuristicBot
    from candlelit.games.anima.constants import S_UNVEIL

    asked = games = 0
    for seed in range(10):  # until two games have asked the question
        if games == 2:
            break
        s = load("anima", players, seed, variant="revised")
        bots = [HeuristicBot("anima", q, seed) for q in range(players)]
        rng = random.Random(seed)
        steps = 0
        before = asked
        while not s.is_terminal():
            asked += s.step == S_UNVEIL
            if steps % 60 == 0 or s.step == S_UNVEIL:
                _check(s)
                c.check_actions(s)
                c.check_illegal(s, rng)
                c.check_copies(s, rng)
                c.check_no_leak(s, rng, worlds=2)
            p = s.current_player()
            s.apply_action(bots[p].act(SeatObservation(s, p), s.legal_actions(p)), p)
            steps += 1
            assert steps <= s.max_game_length()
        if s.omega_won:  # nobody won the Crisis
            assert s.winners() == [] and s.returns() == [0.0] * players
        else:
            c.check_outcome(s)
        games += asked > before
    assert games == 2, "too few games asked a player to reveal the final mission"
