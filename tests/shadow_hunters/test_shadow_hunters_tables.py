"""Shadow Hunters' rule tables: each covers exactly the codes the game declares, and the
purposes random games ask are the declared ones."""

from __future__ import annotations

from typing import get_args

import pytest

from candlelit.engine import conformance as c
from candlelit.engine.errors import CandlelitError
from candlelit.engine.flow import check_complete
from candlelit.games.shadow_hunters import damage, effects, locations, skills, targets, victory
from candlelit.games.shadow_hunters.cards import Outcome, builtin
from candlelit.games.shadow_hunters.characters import START_BLOCKS
from candlelit.games.shadow_hunters.constants import LOCATIONS
from candlelit.games.shadow_hunters.purposes import (
    CELL_PURPOSES,
    EQUIP_PURPOSES,
    TARGET_PURPOSES,
)
from candlelit.games.shadow_hunters.vocabulary import (
    CARD_EFFECTS,
    END_STATE_MISSIONS,
    EQUIPMENT_EFFECTS,
    MISSIONS,
    SINGLE_USE_EFFECTS,
    TREASURE_EFFECTS,
    WHITE_EFFECTS,
)

GAME = "shadow-hunters"

TABLES = [
    (effects.USES, SINGLE_USE_EFFECTS),
    (targets.ON_TARGET, TARGET_PURPOSES),
    (targets.ON_EQUIPMENT, EQUIP_PURPOSES),
    (targets.ON_CELL, CELL_PURPOSES),
    (effects.OUTCOMES, get_args(Outcome)),
    (locations.ACTIONS, tuple(LOCATIONS.values())),
    (damage.TREASURES, TREASURE_EFFECTS),
    (skills.START_SKILLS, tuple(START_BLOCKS)),
    (victory.END_MISSIONS, END_STATE_MISSIONS),
]


@pytest.mark.parametrize(("table", "codes"), TABLES)
def test_each_table_handles_exactly_its_declared_codes(table, codes):
    assert sorted(table) == sorted(codes)
    assert len(set(codes)) == len(codes)


def test_a_table_missing_a_code_is_refused():
    short = dict(targets.ON_TARGET)
    del short["mortar"]
    with pytest.raises(CandlelitError, match="mortar"):
        check_complete("shadow-hunters: target purpose", TARGET_PURPOSES, short)


def test_the_card_effects_split_into_single_use_equipment_and_white():
    parts = SINGLE_USE_EFFECTS + EQUIPMENT_EFFECTS + WHITE_EFFECTS
    assert len(parts) == len(set(parts)) == len(CARD_EFFECTS)
    assert set(parts) == CARD_EFFECTS
    assert set(TREASURE_EFFECTS) == {e for e in EQUIPMENT_EFFECTS if e.endswith("_treasure")}


def test_every_seed_card_has_a_rule_for_its_kind():
    for card in builtin():
        if card.colour == "white":
            assert card.effect in WHITE_EFFECTS, card.id
        elif card.kind == "single":
            assert card.effect in effects.USES, card.id
        else:
            assert card.effect in EQUIPMENT_EFFECTS, card.id


def test_the_end_state_missions_are_the_missions_not_triggered():
    triggers = {n for n, b in MISSIONS.items() if b.contract.startswith("trigger:")}
    assert triggers | set(END_STATE_MISSIONS) == set(MISSIONS)
    assert not triggers & set(END_STATE_MISSIONS)


def test_random_games_ask_only_declared_purposes():
    declared = {"target": set(TARGET_PURPOSES), "equip": set(EQUIP_PURPOSES),
                "cell": set(CELL_PURPOSES)}
    asked: dict[str, set[str]] = {kind: set() for kind in declared}

    def visit(state, _step):
        kind = state.decision_kind()
        if kind in asked:
            asked[kind].add(state.decision[2])

    for players in c.player_counts(GAME):
        for seed in range(4):
            c.playout(GAME, players, seed, chooser=seed + 3, visit=visit)
    for kind, purposes in asked.items():
        assert purposes <= declared[kind], kind
    # every target and location purpose is reached: none is declared for nothing
    assert asked["target"] == declared["target"]
    assert asked["cell"] == declared["cell"]
