"""Set-up, speed order and the Reset phase."""

from __future__ import annotations

from anmkit import act, adv, char, hand, labels, logged, party, put_area, start, table

from candlelit.engine.registry import load
from candlelit.games.anima import rounds
from candlelit.games.anima.constants import (
    A_DISCARD,
    MOVEMENT,
    RESET,
    S_KEEP_CHARACTER,
    S_RESET,
    S_RETURN_ADVANTAGE,
)


def test_setup_deals_missions_offers_areas_and_three_hidden_finals():
    s = load("anima", players=3, seed=4)
    assert s.step == S_KEEP_CHARACTER and s.actor == 0
    assert all(len(m) == 2 for m in s.missions)
    assert len(s.final_pile) == 3 and s.final < 0
    assert sum(1 for a in s.area_at if a >= 0) == 3
    assert all(s.enc_down[i] >= 0 for i, a in enumerate(s.area_at) if a >= 0)
    seen = s.view(1)
    assert [m["card"] for m in seen["seats"][1]["missions"]] == \
        [s.cards.basic[k].id for k in s.missions[1]]
    assert seen["seats"][0]["missions"] == []
    assert all(not a.get("peeked") for a in seen["areas"])


def test_keep_one_of_two_characters_and_three_of_four_advantages():
    s = load("anima", players=2, seed=1)
    offered = s.offer[0][:2]
    s.apply_action(s.legal_actions()[1])
    assert len(s.party[0]) == 1 and s.party[0][0] in offered
    assert set(offered) - set(s.party[0]) <= set(s.char_deck)
    s.apply_action(s.legal_actions()[0])
    assert s.step == S_RETURN_ADVANTAGE and s.actor == 0
    four = s.offer[0][:]
    s.apply_action(A_DISCARD + four[2])
    assert sorted(s.hand[0]) == sorted(k for k in four if k != four[2])
    assert four[2] in s.adv_deck


def test_the_fastest_party_goes_first_in_every_phase():
    s = table(players=3)
    party(s, 0, "Warrior")  # speed 1
    party(s, 1, "Shadow")   # speed 4
    party(s, 2, "Ranger")   # speed 3
    rounds.begin_round(s)
    assert s.order == [1, 2, 0]
    assert s.phase == RESET and s.actor == 1


def test_speed_ties_are_broken_by_a_seeded_roll():
    orders = set()
    for seed in range(12):
        s = table(players=2, seed=seed)
        party(s, 0, "Wizard")
        party(s, 1, "Paladin")
        rounds.begin_round(s)
        orders.add(tuple(s.order))
    assert orders == {(0, 1), (1, 0)}


def test_the_speed_order_is_worked_out_again_at_each_phase():
    """Seed: 每個階段由隊伍總合速度最高的玩家先動作 — a party sped up in its Reset turn
    moves first (option `speed_order: per-round` keeps the round's order)."""
    for when, first in (("per-phase", 0), ("per-round", 1)):
        s = table(speed_order=when)
        party(s, 0, "Acrobatic Warrior")  # speed 3, its ability +2 this round
        party(s, 1, "Shadow")             # speed 4
        rounds.begin_round(s)
        rounds.run(s)
        assert s.order == [1, 0]
        act(s, "End your Reset")
        act(s, "Use the ability of Acrobatic Warrior")
        act(s, "End your Reset")
        assert s.phase == MOVEMENT and s.actor == first, when
        assert s.order == [first, 1 - first]
        assert bool(logged(s, "reordered")) == (when == "per-phase")


def test_a_character_dismissed_this_round_still_counts_in_the_speed_order():
    """Seed: 如此回合玩家棄掉一位角色~導致速度下降~但此回合仍以原本的總和速度計算."""
    s = table()
    party(s, 0, "Shadow", "Thief")           # speed 8
    party(s, 1, "Ranger", "Acrobatic Warrior")  # speed 6
    rounds.begin_round(s)
    rounds.run(s)
    assert s.order == [0, 1]
    act(s, "Dismiss Thief")  # speed 4 now, 8 for this round's order
    act(s, "End your Reset")
    act(s, "End your Reset")
    assert s.phase == MOVEMENT and s.order == [0, 1] and s.actor == 0
    rounds.begin_round(s)
    assert s.order == [1, 0]


def test_reset_readies_exhausted_and_inactive_characters():
    s = table()
    party(s, 0, "Wizard", "Warrior")
    party(s, 1, "Thief")
    s.exhausted[0] = [char(s, "Wizard")]
    s.inactive[0] = [char(s, "Warrior")]
    start(s, RESET)
    assert s.step == S_RESET and s.exhausted[0] == [] and s.inactive[0] == []


def test_cards_are_discarded_only_in_the_reset_phase():
    s = table()
    party(s, 0, "Wizard", "Warrior")
    party(s, 1, "Thief")
    hand(s, 0, "Battle Plan")
    start(s, RESET)
    act(s, "Discard Battle Plan")
    act(s, "Dismiss Warrior")
    assert s.hand[0] == [] and s.party[0] == [char(s, "Wizard")]
    assert "Dismiss Wizard" not in labels(s)  # never the last character
    hand(s, 0, "Ki Burst")
    put_area(s, 0, "Market Town")
    start(s, MOVEMENT)
    assert not any(label.startswith("Discard") for label in labels(s))


def test_only_the_one_poorest_party_may_take_from_a_discard_pile():
    s = table()
    party(s, 0, "Wizard")
    party(s, 1, "Thief", "Warrior")
    s.char_discard.append(s.char_deck.pop())
    taken = s.cards.characters[s.char_discard[0]].name_en
    start(s, RESET)
    rounds.find_poorest(s)
    assert f"Take {taken} from the discard pile" in labels(s)
    act(s, f"Take {taken} from the discard pile")
    assert len(s.party[0]) == 2
    assert not any(label.startswith("Take") for label in labels(s))
    tie = table()
    party(tie, 0, "Wizard")
    party(tie, 1, "Thief")
    tie.char_discard.append(tie.char_deck.pop())
    start(tie, RESET)
    rounds.find_poorest(tie)
    assert tie.poor_char == -1 and not any(x.startswith("Take") for x in labels(tie))


def test_joining_an_organization_replaces_the_old_one():
    s = table()
    party(s, 0, "Wizard")
    party(s, 1, "Thief")
    hand(s, 0, "Order of the Silver Lantern", "Merchants' Guild")
    start(s, RESET)
    act(s, "Play Order of the Silver Lantern")
    assert s.org[0] == adv(s, "Order of the Silver Lantern")
    act(s, "Play Merchants' Guild")
    assert s.org[0] == adv(s, "Merchants' Guild")
    assert adv(s, "Order of the Silver Lantern") in s.adv_discard
    assert logged(s, "joined")


def test_an_ability_exhausts_its_character_and_blocks_that_skills_cards():
    s = table()
    party(s, 0, "Wizard Mentalist")
    party(s, 1, "Thief")
    hand(s, 0, "Divination")
    put_area(s, 0, "Market Town", "Wolf Pack")
    start(s, RESET)
    assert "Play Divination" in labels(s)
    act(s, "Use the ability of Wizard Mentalist")
    assert char(s, "Wizard Mentalist") in s.exhausted[0]
    assert len(s.hand[0]) == 2  # it drew one advantage
    assert "Play Divination" not in labels(s)  # its one Magic character is exhausted


def test_an_ability_blocks_skill_cards_for_that_character_only():
    """Seed: 技能卡需由相對的攻擊類型角色且未被橫置使用 — another ready Magic character may
    still play Magic cards (option `ability_block: party` blocks them for the party)."""
    for block, playable in (("character", True), ("party", False)):
        s = table(ability_block=block)
        party(s, 0, "Wizard Mentalist", "Wizard")
        party(s, 1, "Thief")
        hand(s, 0, "Divination")
        put_area(s, 0, "Market Town", "Wolf Pack")
        start(s, RESET)
        act(s, "Use the ability of Wizard Mentalist")
        assert ("Play Divination" in labels(s)) is playable, block
        if playable:
            act(s, "Play Divination")
            assert logged(s, "played")[-1]["card"] == s.advantage(adv(s, "Divination")).id


def test_every_step_has_its_legal_actions_and_handler_and_every_task_its_handler():
    from candlelit.games.anima import constants, tasks
    from candlelit.games.anima.rules import AnimaState

    assert list(AnimaState.steps) == list(range(constants.S_NONE))
    assert AnimaState.steps.names() == list(constants.STEP_NAMES[:constants.S_NONE])
    assert len(tasks.TASKS.handlers) == constants.NUM_TASKS == constants.T_UNVEIL + 1


def test_refusals_name_the_reason_and_never_a_hidden_card():
    import pytest

    from candlelit.engine.errors import IllegalAction
    from candlelit.games.anima.constants import A_PLAY
    from candlelit.i18n import t

    s = table()
    party(s, 0, "Wizard")
    party(s, 1, "Thief")
    hand(s, 1, "Fireball")
    start(s, RESET)
    before = s.serialize()
    with pytest.raises(IllegalAction) as refused:
        s.apply_action(A_PLAY + adv(s, "Fireball"), 0)
    assert t("anima.prompt.reset") in refused.value.reason  # names the step
    assert "Fireball" not in refused.value.reason
    with pytest.raises(IllegalAction, match="seat 2 has nothing to decide now"):
        s.apply_action(A_PLAY + adv(s, "Fireball"), 1)
    assert s.serialize() == before


def test_a_seat_sees_its_own_hand_and_offers_only():
    s = load("anima", players=3, seed=9)
    import json

    mine, theirs, spectator = s.view(0), s.view(1), s.view(None)
    assert len(mine["offer"]["characters"]) == 2 and len(mine["offer"]["advantages"]) == 4
    offered = set(mine["offer"]["characters"]) | set(mine["offer"]["advantages"])
    assert offered.isdisjoint(theirs["offer"]["characters"] + theirs["offer"]["advantages"])
    assert "hand" not in spectator and "offer" not in spectator
    assert all(not seat["characters"] for seat in spectator["seats"])
    for other in (theirs, spectator):
        assert not any(card in json.dumps(other["log"]) for card in offered)
