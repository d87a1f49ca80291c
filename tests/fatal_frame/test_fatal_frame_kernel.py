"""Fatal Frame on the engine kernel: its step table, the bot's table over it, its Quick
Escape window and its declared fields."""

from __future__ import annotations

import random

from ffkit import give, haunt, place, place_inside, table

from candlelit import load
from candlelit.engine.state import State, stored_slots
from candlelit.games.fatal_frame import bot
from candlelit.games.fatal_frame.constants import OVER, PHASE_NAMES
from candlelit.games.fatal_frame.rules import FatalFrameState
from candlelit.i18n import LANGUAGES, t

GAMES = 20
"""Random games walked at most while looking for every decision kind."""


def test_the_steps_table_names_every_decision_kind_random_games_reach():
    steps = FatalFrameState.steps
    reached: set[int] = set()
    for seed in range(GAMES):
        s = load("fatal-frame", 2 + seed % 3, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            reached.add(s.decision_kind())
            seat = s.pending_players()[0]
            s.apply_action(rng.choice(s.legal_actions(seat)), seat)
        if reached == set(steps):
            break
    assert reached == set(steps) == set(range(OVER))
    assert steps.names() == list(PHASE_NAMES[:OVER]), "a step is named as views name its phase"


def test_every_step_prompt_is_translated_in_every_language():
    for step in FatalFrameState.steps.values():
        assert step.prompt == f"fatal_frame.prompt.{step.name}"
        texts = {t(step.prompt, lang) for lang in LANGUAGES}
        assert all(texts) and len(texts) == len(LANGUAGES), step.name


def test_the_heuristic_bot_has_one_choice_for_every_step():
    assert sorted(bot._CHOICE) == sorted(FatalFrameState.steps.names())


def test_the_game_uses_the_engine_template_and_no_memo_of_its_own():
    assert FatalFrameState.legal_actions is State.legal_actions
    assert FatalFrameState.apply_action is State.apply_action
    assert "legal_memo" not in FatalFrameState.__slots__
    assert "legal_memo" not in stored_slots(FatalFrameState)


def test_clone_copies_ghosts_on_cells_and_in_rooms_as_deep_as_their_entries():
    s = table()
    place(s, 0, 3)
    haunt(s, 0, "seeker")
    place_inside(s, 1, 2, [s.interior_deck[-1], s.interior_deck[-2]])
    haunt(s, 1, "sunken_woman")
    give(s, 0, "spirit_orb")
    s.queue.append([0, 1])
    before = s.serialize()
    c = s.clone()
    assert c == s
    c.cell_ghosts[3][0][2] = 9
    c.room_ghosts[1][0][0][3] = 9
    c.room_ghosts[1][1].append([0, 0, 0, 0, 0, 0])
    c.hands[0].append(0)
    c.queue[0][1] = 5
    assert s.serialize() == before and c.serialize() != before

