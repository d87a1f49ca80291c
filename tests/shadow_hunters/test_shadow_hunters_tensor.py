"""The observation tensor of 箱庭版暗影獵人: chosen slices on tables laid out by hand."""

from __future__ import annotations

import random

import numpy as np
from shkit import card_no, new_game, seated

from candlelit.games.shadow_hunters import SPEC
from candlelit.games.shadow_hunters.constants import A_SEAT, CELLS
from candlelit.games.shadow_hunters.rules import ShadowHuntersState
from candlelit.games.shadow_hunters.table import ask
from candlelit.games.shadow_hunters.tensor import KINDS, PURPOSES, declare


def part(s: ShadowHuntersState, viewer: int, name: str) -> list[float]:
    """Part `name` of `viewer`'s tensor."""
    return s.observation_tensor(viewer)[s.observation_layout().span(name)].tolist()


def shown(s: ShadowHuntersState, viewer: int) -> list[int | None]:
    """Per seat from the viewer: the pool index of the character its tensor shows, or None."""
    rows = np.array(part(s, viewer, "character")).reshape(s.num_players, -1)
    return [int(np.argmax(row)) if row.any() else None for row in rows]


def test_a_hidden_character_shows_only_to_its_own_seat_and_its_damage_to_all():
    s = seated("hane", "zombie", "slime", "saint", cells=[1, 2, 3, 4], hidden=(1, 2))
    pool = [c.id for c in s.pool]
    s.hp[2] -= 3
    assert shown(s, 0) == [pool.index("hane"), None, None, pool.index("saint")]
    assert shown(s, 2) == [pool.index("slime"), pool.index("saint"), pool.index("hane"), None]
    assert part(s, 0, "damage") == [0, 0, 3, 0]
    assert part(s, 0, "hp")[2] == 0 and part(s, 2, "hp")[0] == s.hp[2]
    assert part(s, 1, "revealed") == [0, 0, 1, 1]
    cells = np.array(part(s, 3, "cell")).reshape(4, -1)
    assert [CELLS[int(np.argmax(row))] for row in cells] == [4, 1, 2, 3]


def test_only_the_deciding_seat_sees_its_choices_and_what_the_decision_names():
    s = seated("hane", "zombie", "slime", "saint", cells=[1, 2, 3, 4])
    card = card_no(s, s.cards[0].id)
    ask(s, "target", 0, [A_SEAT + 1, A_SEAT + 2], "split_second", card, 2)
    s.legal_memo = None
    for viewer in range(4):
        assert part(s, viewer, "deciding")[(0 - viewer) % 4] == 1
        assert part(s, viewer, "decision")[KINDS.index("target")] == 1
    assert np.flatnonzero(part(s, 0, "choices")).tolist() == s.legal_actions(0)
    assert np.flatnonzero(part(s, 0, "purpose")).tolist() == [PURPOSES.index("split_second")]
    assert np.flatnonzero(part(s, 0, "context_cards")).tolist() == [card]
    assert np.flatnonzero(part(s, 0, "context_seats")).tolist() == [2]
    for name in ("choices", "purpose", "context_cards", "context_seats"):
        assert not any(part(s, 1, name)), f"seat 1 sees seat 0's {name}"


def test_kept_cards_are_a_count_for_the_others_and_cards_for_the_holder():
    s = seated("hane", "zombie", "slime", "saint", cells=[1, 2, 3, 4])
    s.held[1] = [card_no(s, s.cards[3].id)]
    assert part(s, 0, "kept") == [0, 1, 0, 0] and not any(part(s, 0, "kept_cards"))
    assert np.flatnonzero(part(s, 1, "kept_cards")).tolist() == [3]


def test_the_layout_follows_the_options_and_a_resampled_world_keeps_the_tensor():
    options = {o.name: o.default for o in SPEC.options}
    table = declare(6, options)
    tournament = declare(6, {**options, "dead_equipment": "left-on-location"})
    assert "dropped" not in table.at
    assert tournament.size - table.size == len(CELLS) * 65
    s = new_game(6, seed=3)
    mine = s.observation_tensor(2)
    world = s.resample(2, random.Random(1))
    assert world.char != s.char and world.char[2] == s.char[2]
    assert np.array_equal(world.observation_tensor(2), mine)
