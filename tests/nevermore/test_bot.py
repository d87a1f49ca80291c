"""The Nevermore heuristic bot: it beats random play clearly and reads only its seat's view."""

from __future__ import annotations

import random

import pytest
from nvkit import suit_card_file, table, title

import candlelit
from candlelit.bots.base import SeatObservation
from candlelit.bots.registry import bot_names, make_bot
from candlelit.games.nevermore.constants import A_JOIN
from candlelit.sim.runner import SimulationSpec, run


def test_the_heuristic_bot_is_registered_for_nevermore():
    assert bot_names("nevermore") == ["easy", "hard", "heuristic", "ismcts", "normal", "random"]


@pytest.mark.slow
def test_the_heuristic_bot_wins_far_more_than_its_share_against_random_bots():
    spec = SimulationSpec("nevermore", 4, ("heuristic", "random", "random", "random"),
                          games=80, seed=11)
    summary = run(spec)
    wins = [row["wins"] for row in summary["seats"]]
    assert summary["unfinished"] == 0
    assert wins[0] / 80 >= 0.45
    assert wins[0] > 3 * max(wins[1:])


@pytest.mark.parametrize(("players", "variant", "seed"),
                         [(4, None, 2), (5, None, 9), (3, "specters", 4), (6, "specters", 1)])
def test_the_bot_decides_the_same_in_every_world_its_seat_cannot_tell_apart(players, variant,
                                                                            seed):
    state = candlelit.load("nevermore", players, seed, variant=variant)
    rng = random.Random(seed)
    bots = [make_bot("heuristic", "nevermore", p, 7) for p in range(players)]
    checked = 0
    step = 0
    while not state.is_terminal() and step < 1500:
        pending = state.pending_players()
        seat = pending[rng.randrange(len(pending))]
        legal = state.legal_actions(seat)
        choice = bots[seat].act(SeatObservation(state, seat), legal)
        assert choice in legal
        if step % 4 == 0 and len(legal) > 1:
            for _ in range(2):
                world = state.resample(seat, random.Random(rng.getrandbits(32)))
                again = make_bot("heuristic", "nevermore", seat, 7).act(
                    SeatObservation(world, seat), world.legal_actions(seat))
                assert again == choice, f"seat {seat} reads hidden information at {step}"
            checked += 1
        state.apply_action(choice, seat)
        step += 1
    assert checked > 20


def test_the_bot_adds_a_suit_card_to_its_hand_just_before_resolution(tmp_path):
    _, loaded = suit_card_file(tmp_path)
    s = table(4, ["A", "A", "", ""], phase="before_resolution", magick={0: ["U01"]},
              options={"cards": loaded})
    bot = make_bot("heuristic", "nevermore", 0, 7)
    blade = A_JOIN + title("U01", s.cards)
    assert bot.act(SeatObservation(s, 0), s.legal_actions(0)) == blade
