"""The Shadow Hunters heuristic bot: it beats random play and reads only its seat's view."""

from __future__ import annotations

import random

import pytest
from shkit import deal, new_game

from candlelit.bots.base import SeatObservation
from candlelit.games.shadow_hunters.bot import HeuristicBot

GAME = "shadow-hunters"
SIX = ("saint", "hane", "templar", "ranger", "zombie", "slime")


def play(players: int, seed: int, bot_seat: int) -> list[int]:
    """One game of a heuristic bot at `bot_seat` against random bots; the winners."""
    s = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    bot = HeuristicBot(GAME, bot_seat, seed)
    while not s.is_terminal():
        p = s.current_player()
        legal = s.legal_actions(p)
        s.apply_action(bot.act(SeatObservation(s, p), legal) if p == bot_seat
                       else rng.choice(legal), p)
    return s.winners()


def test_the_heuristic_bot_wins_clearly_more_often_than_random_seats():
    games, players = 60, 5
    bot_wins = random_wins = 0
    for g in range(games):
        won = play(players, 900 + g, g % players)
        bot_wins += g % players in won
        random_wins += sum(1 for w in won if w != g % players)
    bot_rate, random_rate = bot_wins / games, random_wins / (games * (players - 1))
    assert bot_rate >= 0.45 and bot_rate >= random_rate + 0.12, (bot_rate, random_rate)


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (6, 8), (8, 1)])
def test_the_bot_decides_the_same_in_every_world_its_seat_cannot_tell_apart(players, seed):
    s = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    bots = [HeuristicBot(GAME, p, 7) for p in range(players)]
    checked = step = 0
    while not s.is_terminal():
        seat = s.current_player()
        legal = s.legal_actions(seat)
        choice = bots[seat].act(SeatObservation(s, seat), legal)
        assert choice in legal
        if step % 2 == 0 and len(legal) > 1:
            for _ in range(2):
                world = s.resample(seat, random.Random(rng.getrandbits(32)))
                again = HeuristicBot(GAME, seat, 7).act(SeatObservation(world, seat),
                                                        world.legal_actions(seat))
                assert again == choice, f"seat {seat} reads hidden information at step {step}"
            checked += 1
        s.apply_action(choice, seat)
        step += 1
    assert checked > 10


def test_a_community_heal_tells_the_bot_who_shares_its_gate():
    s = deal(new_game(players=6, seed=4), *SIX, hidden=tuple(range(6)), roster=True)
    bot = HeuristicBot(GAME, 0, 0)
    bot._read(s.view(0))
    assert 0 < bot.friend(1) < 1
    s._emit("community", "shadow_hunters.log.community_heal", {"gate": "east", "seats": [0, 1]})
    bot._read(s.view(0))
    assert bot.friend(1) == 1.0 and all(bot.friend(k) == 0.0 for k in (2, 3, 4, 5))


def test_an_attack_on_the_bot_halves_its_trust_in_the_attacker():
    s = deal(new_game(players=6, seed=4), *SIX, hidden=tuple(range(6)), roster=True)
    bot = HeuristicBot(GAME, 0, 0)
    bot._read(s.view(0))
    before = bot.friend(1)
    s._emit("attack", "shadow_hunters.log.attack", {"seat": 1, "to": 0})
    bot._read(s.view(0))
    assert bot.friend(1) == before / 2
