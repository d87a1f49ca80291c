"""Fatal Frame's observation tensor: chosen slices on tables laid out by hand."""

from __future__ import annotations

import random

import numpy as np
from ffkit import give, haunt, place, place_inside, roll_as, start_fight, table

from candlelit.games.fatal_frame import SPEC
from candlelit.games.fatal_frame.cards import builtin_data
from candlelit.games.fatal_frame.constants import E_FUTILE, FIGHT_ROLLED, PHASE_NAMES
from candlelit.games.fatal_frame.rules import FatalFrameState
from candlelit.games.fatal_frame.tensor import declare


def part(s: FatalFrameState, viewer: int, name: str) -> list[float]:
    """Part `name` of `viewer`'s tensor."""
    return s.observation_tensor(viewer)[s.observation_layout().span(name)].tolist()


def ghost_code(s: FatalFrameState, card_id: str) -> int:
    """A ghost's entry in a one-hot over the file's ghost kinds."""
    ghosts = [c.id for c in s.cards.main if c.type == "ghost"]
    return ghosts.index(card_id)


def test_the_own_hand_and_path_show_the_others_only_as_counts():
    s = table(2)
    give(s, 0, "seeker", "spirit_orb", "spirit_orb")
    give(s, 1, "folklorist")
    rooms = s.interior_deck[-3:]
    place_inside(s, 1, 0, rooms, at=1)
    hand = part(s, 0, "hand")
    assert hand[s.cards.main_id("seeker")] == 1 and hand[s.cards.main_id("spirit_orb")] == 2
    assert sum(hand) == 3
    assert part(s, 0, "hand_size") == [3, 1]
    assert part(s, 0, "path_length") == [0, 3]
    assert part(s, 0, "seat_room") == [0, 0, 0, 0, 0, 1, 0, 0]
    assert sum(part(s, 0, "path")) == 0, "seat 1's rooms are hidden from seat 0"
    path = np.array(part(s, 1, "path")).reshape(4, -1)
    assert [int(np.argmax(row)) for row in path[:3]] == rooms and path[3].sum() == 0
    assert part(s, 1, "hand_size") == [1, 3], "seats are listed from the viewer on"


def test_a_stack_keeps_its_order_and_the_cards_on_each_ghost():
    s = table(2)
    place(s, 0, 4)
    haunt(s, 0, "seeker", "folklorist")
    s.cell_ghosts[4][1][E_FUTILE] = s.cards.main_id("futile_odds") + 1
    width = len(part(s, 0, "fighting")) + len(part(s, 0, "fighting_cards"))
    cells = np.array(part(s, 0, "cell_ghosts")).reshape(9, -1, width)
    first, second = cells[4, 0], cells[4, 1]
    assert np.flatnonzero(first).tolist() == [ghost_code(s, "seeker")]
    assert np.flatnonzero(second).tolist() == [ghost_code(s, "folklorist"), width - 3]
    assert cells.sum() == 3 and part(s, 0, "cell_ghost_count")[4] == 2
    assert np.flatnonzero(part(s, 1, "seat_cell")).tolist() == [9, 10 + 4]


def test_a_roll_shows_its_dice_and_the_ghost_fought():
    s = table(2)
    place(s, 0, 4)
    haunt(s, 0, "seeker")
    start_fight(s)
    roll_as(s, 2, 5)
    assert part(s, 1, "phase")[FIGHT_ROLLED] == 1 and sum(part(s, 1, "phase")) == 1
    dice = np.array(part(s, 1, "dice")).reshape(-1, 6)
    assert [int(np.argmax(d)) + 1 for d in dice[:2]] == [2, 5] and dice[2:].sum() == 0
    assert np.flatnonzero(part(s, 1, "fighting")).tolist() == [ghost_code(s, "seeker")]
    assert part(s, 1, "to_act") == [0, 1]


def test_the_layout_follows_the_card_file_and_the_player_count():
    data = builtin_data()
    extra = dict(next(c for c in data["cards"] if c["id"] == "seeker"), id="extra_ghost")
    options = {o.name: o.default for o in SPEC.options}
    builtin = declare(3, options)
    options["cards"] = SPEC.options[-1].check({**data, "cards": [*data["cards"], extra]})
    grown = declare(3, options)
    size = {p.name: p.size for p in builtin.parts}
    assert {p.name: p.size for p in grown.parts}["album"] == size["album"] + 3
    # one more ghost kind: fighting, holding, every stack entry, 3 albums, discard, hand
    assert grown.size - builtin.size == 1 + 1 + 9 * 8 + 3 * 4 * 8 + 3 + 1 + 1
    assert len(PHASE_NAMES) == size["phase"]
    s = SPEC.new_state(3, 0, options)
    assert s.observation_tensor(0).shape == (grown.size,)
    assert declare(4, {**options, "cards": None}).size > builtin.size


def test_a_resampled_world_gives_the_seat_the_same_tensor():
    s = table(3)
    give(s, 1, "seeker", "folklorist")
    place_inside(s, 2, 0, s.interior_deck[-2:])
    mine = s.observation_tensor(0)
    world = s.resample(0, random.Random(4))
    assert world.hands[1] != s.hands[1] or world.path[2] != s.path[2]
    assert np.array_equal(world.observation_tensor(0), mine)
