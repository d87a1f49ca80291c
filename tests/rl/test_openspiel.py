"""The OpenSpiel registration: every game and player count passes OpenSpiel's own checks,
round-trips its serialisation, shows candlelit's tensor, and OpenSpiel's bots play through it."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import candlelit
from candlelit.engine.errors import IllegalAction
from candlelit.engine.registry import games, get
from candlelit.rl import openspiel as cos

CASES = [(spec.name, n) for spec in games() for n in spec.player_counts]
IDS = [f"{g}-{n}p" for g, n in CASES]
SMALLEST = [(spec.name, spec.min_players) for spec in games()]
SLOW = {"nevermore-6p", "shadow-hunters-8p", "fatal-frame-4p"}
"""random_sim_test cases that take several seconds even with the rounds cut short."""


def short(game: str) -> dict[str, int]:
    """Options that keep a long game's OpenSpiel checks to seconds: its first three rounds
    (`max_rounds`, where the game has it; OpenSpiel asks every seat's information-state
    string, the view with its whole log, at every step)."""
    return {"max_rounds": 3} if "max_rounds" in cos.plain_options(get(game)) else {}


def cases(slow: set[str] = frozenset()) -> list[object]:
    """Every game at every player count, ids in `slow` marked slow."""
    return [pytest.param(g, n, id=i, marks=[pytest.mark.slow] if i in slow else [])
            for (g, n), i in zip(CASES, IDS, strict=True)]


def deal(game: object, seed: int) -> object:
    """The game's state after the opening chance node chose deal `seed`."""
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(seed)
    return state


def random_play(state: object, rng: random.Random, steps: int | None = None) -> list[int]:
    """Play uniformly random legal actions (all of the game, or `steps`); the actions."""
    played = []
    while not state.is_terminal() and (steps is None or len(played) < steps):
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        played.append(action)
    return played


# -- registration ----------------------------------------------------------------------

def test_every_game_is_registered_under_its_short_name_with_the_expected_type():
    assert [cos.short_name(spec.name) for spec in games()] == cos.NAMES
    assert "candlelit_fatal_frame" in pyspiel.registered_names()
    game = pyspiel.load_game("candlelit_divinare", {"players": 3})
    kind = game.get_type()
    assert (kind.short_name, game.num_players()) == ("candlelit_divinare", 3)
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (kind.min_num_players, kind.max_num_players) == (2, 4)
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert game.max_chance_outcomes() == cos.DEALS
    assert game.num_distinct_actions() == get("divinare").state_class.num_distinct_actions()
    assert pyspiel.load_game("candlelit_divinare").num_players() == get("divinare").usual_players
    assert cos.load_game("shadow-hunters").num_players() == get("shadow-hunters").usual_players


def test_options_are_parameters_and_wrong_settings_are_refused():
    game = pyspiel.load_game("candlelit_divinare",
                             {"players": 2, "pass_direction": "left", "public_scores": True})
    world = deal(game, 5).world()
    assert world.options["pass_direction"] == "left" and world.options["public_scores"]
    with pytest.raises(ValueError, match="players must be 2 to 4"):
        pyspiel.load_game("candlelit_divinare", {"players": 5})
    with pytest.raises(candlelit.OptionError):
        pyspiel.load_game("candlelit_divinare", {"pass_direction": "up"})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("candlelit_divinare", {"boards": "x"})  # None by default: not offered


@pytest.mark.parametrize(("game", "players"), cases())
def test_chance_outcome_is_the_candlelit_seed_and_play_goes_through_unchanged(game, players):
    table = cos.load_game(game, players)
    rng = random.Random(3)
    state = deal(table, 17)
    twin = candlelit.load(game, players, seed=17)
    assert state.world() == twin
    assert state.chance_outcomes()[17] == (17, 1 / cos.DEALS)
    for action in random_play(state, rng, steps=60):
        twin.apply_action(action)
    assert state.world() == twin
    assert state.history() == [17, *[a for _, a in twin.history]]
    _, again = pyspiel.build_state_from_history_string(str(table), state.history_str())
    assert again.world() == twin  # OpenSpiel's history replays the game


@pytest.mark.parametrize(("game", "players"), cases())
def test_full_random_games_end_with_the_candlelit_outcome(game, players):
    table = cos.load_game(game, players)
    state = deal(table, 2)
    random_play(state, random.Random(8))
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == state.world().returns()
    assert sorted(p for p, r in enumerate(state.returns()) if r == 1.0) == state.world().winners()
    assert state.legal_actions() == []


def test_an_illegal_action_is_refused_and_changes_nothing():
    state = deal(cos.load_game("divinare", 2), 4)
    before = str(state)
    illegal = next(a for a in range(state.get_game().num_distinct_actions())
                   if a not in state.legal_actions())
    with pytest.raises(IllegalAction):
        state.apply_action(illegal)
    assert str(state) == before and state.history() == [4]


# -- OpenSpiel's own checks ----------------------------------------------------------------

@pytest.mark.parametrize(("game", "players"), cases(SLOW))
def test_openspiel_random_sim_test_passes(game, players):
    table = cos.load_game(game, players, **short(game))
    pyspiel.random_sim_test(table, num_sims=1, serialize=True, verbose=False)


def test_openspiel_random_sim_test_passes_twice_in_a_row_on_divinare():
    pyspiel.random_sim_test(cos.load_game("divinare", 2), num_sims=2, serialize=True,
                            verbose=False)


@pytest.mark.parametrize(("game", "players"), cases())
def test_serialisation_round_trips_and_play_continues_alike(game, players):
    table = cos.load_game(game, players, **short(game))
    state = table.new_initial_state()
    rng = random.Random(21)
    checked = 0
    while True:
        if len(state.history()) in (0, 1, 2, 8, 31) or state.is_terminal():
            again = table.deserialize_state(state.serialize())
            assert str(again) == str(state) and again.history() == state.history()
            assert (again.world() is None) == (state.world() is None)
            assert again.world() is None or again.world() == state.world()
            game2, again2 = pyspiel.deserialize_game_and_state(
                pyspiel.serialize_game_and_state(table, state))
            assert str(game2) == str(table) and str(again2) == str(state)
            tail = random_play(again, random.Random(checked), steps=10)
            for action in tail:
                again2.apply_action(action)
            assert str(again2) == str(again)
            checked += 1
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.randrange(table.max_chance_outcomes()))
        else:
            random_play(state, rng, steps=1)
    assert checked >= 2


# -- observations ----------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "players"), cases())
def test_observation_tensor_and_strings_are_candlelits(game, players):
    table = cos.load_game(game, players)
    layout = get(game).state_class.declare_observation(players, deal(table, 0).world().options)
    assert table.observation_tensor_shape() == [layout.size]
    observation = make_observation(table)
    assert list(observation.dict) == [part.name for part in layout.parts]
    state = table.new_initial_state()
    assert not any(state.observation_tensor(0)) and state.information_state_string(0) == ""
    state.apply_action(9)
    rng = random.Random(5)
    for _ in range(12):
        if state.is_terminal():
            break
        world = state.world()
        for seat in range(players):
            mine = world.observation_tensor(seat)
            assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), mine)
            observation.set_from(state, seat)
            assert np.array_equal(observation.tensor, mine)
            for part in layout.parts:
                assert np.array_equal(observation.dict[part.name], mine[layout.span(part.name)])
            assert state.information_state_string(seat) == world.information_state_string(seat)
            text = state.observation_string(seat)
            assert text.split(" ")[0].startswith(f"{layout.parts[0].name}=")
            assert text == observation.string_from(state, seat)
        random_play(state, rng, steps=1 + rng.randrange(8))


def test_observation_string_words_the_tensor():
    state = deal(cos.load_game("divinare", 2), 1)
    words = dict(item.split("=") for item in state.observation_string(0).split(" "))
    tensor = state.world().observation_tensor(0)
    layout = state.world().observation_layout()
    assert words["hand"] == ",".join(str(int(v)) for v in tensor[layout.span("hand")])
    assert set(words) == {part.name for part in layout.parts}


def test_perfect_recall_observer_is_a_string_only_and_other_kinds_are_refused():
    table = cos.load_game("divinare", 2)
    recall = make_observation(table, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor is None
    with pytest.raises(ValueError, match="one seat's view"):
        make_observation(table, pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


@pytest.mark.parametrize(("game", "players"), cases())
def test_resampled_states_keep_what_the_seat_knows(game, players):
    table = cos.load_game(game, players)
    state = deal(table, 6)
    rng = random.Random(13)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    hidden_changed = 0
    for _ in range(6):
        random_play(state, rng, steps=1 + rng.randrange(12))
        if state.is_terminal():
            break
        seat = state.current_player()
        world = state.resample_from_infostate(seat, sampler)
        assert world.current_player() == seat
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_tensor(seat) == state.observation_tensor(seat)
        assert world.legal_actions() == state.legal_actions()
        hidden_changed += any(world.observation_tensor(other) != state.observation_tensor(other)
                              for other in range(players) if other != seat)
        random_play(world, rng)  # the world plays on to an end of its own
        assert world.is_terminal()
    assert hidden_changed, "no resample re-dealt anything the seat cannot see"


# -- OpenSpiel's bots --------------------------------------------------------------------------

def bot_game(game: str, bot: object, seat: int, seed: int) -> list[float]:
    """One game of `game` at its smallest count (rounds cut short) with `bot` in `seat` and
    uniformly random seats elsewhere; every action checked legal before it is played."""
    table = cos.load_game(game, get(game).min_players, **short(game))
    state = deal(table, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        action = int(bot.step(state)) if state.current_player() == seat else rng.choice(legal)
        assert action in legal
        state.apply_action(action)
    return state.returns()


@pytest.mark.parametrize(("game", "players"), SMALLEST, ids=[g for g, _ in SMALLEST])
def test_openspiel_python_ismcts_finishes_games_with_legal_moves(game, players):
    table = cos.load_game(game, players, **short(game))
    noise = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, noise)
    bot = ismcts.ISMCTSBot(table, evaluator, 2.0, 4, random_state=noise)
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    bot.set_resampler(lambda state, seat: state.resample_from_infostate(seat, sampler))
    returns = bot_game(game, bot, 0, 3)
    assert len(returns) == players and set(returns) <= {0.0, 1.0}


@pytest.mark.parametrize(("game", "players"), SMALLEST, ids=[g for g, _ in SMALLEST])
def test_openspiel_mcts_with_random_rollouts_finishes_games_with_legal_moves(game, players):
    table = cos.load_game(game, players, **short(game))
    noise = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(1, noise)
    bot = mcts.MCTSBot(table, 2.0, 4, evaluator, solve=False, random_state=noise)
    returns = bot_game(game, bot, 1, 4)
    assert len(returns) == players and set(returns) <= {0.0, 1.0}
