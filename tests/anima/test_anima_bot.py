"""The heuristic bot: it beats random bots and never reads hidden cards."""

from __future__ import annotations

import random

import pytest

from candlelit.bots.base import SeatObservation
from candlelit.bots.registry import make_bot
from candlelit.engine.state import TERMINAL
from candlelit.games.anima.bot import HeuristicBot
from candlelit.sim.runner import SimulationSpec, play_one
from candlelit.sim.stats import wilson

GAME = "anima"


@pytest.mark.slow
def test_heuristic_bot_beats_random_bots_clearly():
    games, players = 16, 4
    spec = SimulationSpec(GAME, players, ("heuristic",) + ("random",) * (players - 1), games,
                          seed=7)
    wins = sum(1 for i in range(games) if play_one(spec, i).winners == (0,))
    low, _high = wilson(wins, games)
    assert low > 1 / players, f"{wins}/{games} outright wins is not clearly above 1/{players}"


def test_heuristic_bot_is_registered_under_its_name():
    bot = make_bot("heuristic", GAME, 1, 0)
    assert isinstance(bot, HeuristicBot) and bot.name == "heuristic"


def test_heuristic_bot_decides_the_same_in_every_world_its_seat_cannot_tell_apart():
    from candlelit import load

    rng = random.Random(3)
    state = load(GAME, 3, seed=5)
    bots = [HeuristicBot(GAME, q, 0) for q in range(3)]
    checked = step = 0
    steps = set()
    while state.current_player() != TERMINAL and step < 5_000:
        seat = state.current_player()
        legal = state.legal_actions(seat)
        real = bots[seat].act(SeatObservation(state, seat), legal)
        assert real in legal
        if step % 4 == 0 and len(legal) > 1:
            world = state.resample(seat, random.Random(rng.getrandbits(32)))
            again = HeuristicBot(GAME, seat, 0).act(SeatObservation(world, seat), legal)
            assert again == real, f"seat {seat} reads hidden information"
            checked += 1
            steps.add(state.view(seat)["step"])
        state.apply_action(real, seat)
        step += 1
    assert state.is_terminal()
    assert checked > 20 and {"move", "reset", "prep"} <= steps


def test_heuristic_bot_reveals_the_final_mission_only_when_its_party_leads():
    from anmkit import give_missions, party, table, touched

    from candlelit.games.anima.constants import A_DONE, A_REVEAL, S_UNVEIL

    s = table(players=2, end_game="crisis", final_reveal="chosen")
    party(s, 0, "Warrior", "Paladin")
    party(s, 1, "Thief")
    give_missions(s, 0, "Chart the Wastes")
    give_missions(s, 1, "Escort the Pilgrim")
    for q in (0, 1):  # one completed basic mission each
        s.done[q].append(s.missions[q][0])
    s.agenda, s.step = [], S_UNVEIL
    for seat, expected in ((0, A_REVEAL), (1, A_DONE)):  # the stronger party starts the clock
        s.actor = seat
        touched(s)
        legal = s.legal_actions(seat)
        assert legal == [A_DONE, A_REVEAL]
        assert HeuristicBot(GAME, seat, 0).act(SeatObservation(s, seat), legal) == expected


def test_heuristic_bot_brings_back_a_needed_area_from_the_discard_and_clears_the_way():
    from anmkit import area, enc, give_missions, labels, party, put_area, start, table, touched

    from candlelit.games.anima.constants import MOVEMENT

    s = table(players=2)
    party(s, 0, "Warrior", "Paladin")
    party(s, 1, "Thief")
    give_missions(s, 0, "Chart the Wastes", "Escort the Pilgrim")  # Volcanic Wastes first
    for slot, name in enumerate(("Market Town", "Old Monastery")):
        put_area(s, slot, name)
    s.area_deck.remove(area(s, "Volcanic Wastes"))
    s.area_discard.append(area(s, "Volcanic Wastes"))
    start(s, MOVEMENT)
    bot = HeuristicBot(GAME, 0, 0)
    choice = bot.act(SeatObservation(s, 0), s.legal_actions(0))
    assert "Reveal Volcanic Wastes" in labels(s)
    assert s.action_to_string(0, choice) == "Reveal Volcanic Wastes"
    # with every slot holding an encounter nothing can be revealed: clear the safest one
    for slot, (name, foe) in enumerate((("Coastal Harbor", "Giant Spider"),
                                        ("Forest Road", "Restless Ghost"))):
        put_area(s, slot + 2, name, encounter=foe)
    s.enc_deck.remove(enc(s, "Highway Bandits"))
    s.enc_down[1] = enc(s, "Highway Bandits")
    s.loc[1] = 0  # seat 2 stands on Market Town, the one area without an encounter
    touched(s)
    assert not any(label.startswith("Reveal") for label in labels(s))
    choice = bot.act(SeatObservation(s, 0), s.legal_actions(0))
    assert s.action_to_string(0, choice) == "Go to Coastal Harbor"  # danger 1, face down
