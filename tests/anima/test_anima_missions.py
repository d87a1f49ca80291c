"""Basic missions, the final mission they reveal, the Crisis, and user card files."""

from __future__ import annotations

import copy

import pytest
import yaml
from anmkit import act, give_missions, labels, logged, party, put_area, start, table

from candlelit.engine.errors import DataError, OptionError
from candlelit.engine.registry import load
from candlelit.games.anima import areas, rounds
from candlelit.games.anima.cards import builtin_data, read_cards_file
from candlelit.games.anima.constants import (
    EXPLORATION,
    FINAL_SLOT,
    OVER,
    S_NONE,
    S_RESET,
    S_UNVEIL,
)


def _explorer(s, where, *names):
    put_area(s, 0, where)
    party(s, 0, *names)
    party(s, 1, "Thief")
    s.loc[0] = 0


def _take_mission_reward(s, dice, where, missions, roll):
    """Seat 1 explores `where` with a Freelancer and its `missions`, rolls `roll` and takes
    the mission reward."""
    _explorer(s, where, "Freelancer")
    give_missions(s, 0, *missions)
    start(s, EXPLORATION)
    dice(roll)
    act(s, "Roll the exploration die")
    act(s, "Take the mission reward")


def test_a_mission_reward_completes_a_basic_mission_and_reveals_the_final(dice):
    s = table()
    # 5-6: a reward
    _take_mission_reward(s, dice, "Volcanic Wastes", ("Chart the Wastes", "Escort the Pilgrim"), 5)
    assert s.done[0] == [s.missions[0][0]]
    assert s.bonus[0] == [1, 1]
    assert s.final >= 0 and len(s.final_pile) == 2
    assert logged(s, "final_revealed")
    shown = s.view(1)["seats"][0]["missions"]
    assert [m["card"] for m in shown] == ["mission_08"]  # the other one stays secret


def test_missions_are_shown_when_started_and_restart_if_broken_off(dice):
    s = table()
    _take_mission_reward(s, dice, "Old Monastery", ("Escort the Pilgrim", "Chart the Wastes"), 3)
    assert s.mprog[0][0][0] == 1 and s.view(1)["seats"][0]["missions"][0]["step"] == 1
    areas.expel(s, 0)
    assert s.mprog[0][0][0] == 0 and logged(s, "interrupted")


def test_a_mission_foe_is_fought_before_exploring(dice):
    s = table()
    _explorer(s, "Mountain Pass", "Freelancer", "Warrior", "Paladin")
    give_missions(s, 0, "The Beast of the Pass", "Chart the Wastes")
    start(s, EXPLORATION)
    assert "Work on mission 1 here" in labels(s)
    dice(6, 1)  # 2 + 4 + 3 + 6 = 15 against the wyrm 9 + 1
    act(s, "Work on mission 1 here")
    if "Keep the dice" in labels(s):
        act(s, "Keep the dice")
    assert logged(s, "mission_done") and s.bonus[0][0] == 1
    assert labels(s) == ["Roll the exploration die"]


def test_holding_an_area_counts_consecutive_rounds(dice):
    s = table()
    _explorer(s, "Old Monastery", "Freelancer")
    give_missions(s, 0, "Hold the Monastery", "Chart the Wastes")
    for expected in (1, 2):
        start(s, EXPLORATION)
        act(s, "Work on mission 1 here")
        dice(3)
        act(s, "Roll the exploration die")
        if labels(s) and labels(s)[0].startswith("Take"):
            act(s, labels(s)[0])
        assert logged(s, "held")[-1]["count"] == expected
    assert logged(s, "mission_done")


def test_the_final_mission_needs_a_completed_basic_mission_and_wins(dice):
    s = table()
    _explorer(s, "Tower at the End of the World", "Freelancer", "Warrior", "Paladin",
              "Weaponmaster")
    give_missions(s, 0, "Chart the Wastes", "Escort the Pilgrim")
    s.final = next(i for i, f in enumerate(s.cards.finals) if f.name_en == "Seal the Tower")
    s.final_pile.remove(s.final)
    start(s, EXPLORATION)
    assert "Work on mission 3 here" not in labels(s)
    s.done[0].append(s.missions[0][0])
    start(s, EXPLORATION)
    dice(6, 1)  # 2 + 4 + (3 + 4 against Darkness) + 4 + 6 = 23 against 18 + 1
    act(s, f"Work on mission {FINAL_SLOT + 1} here")
    if "Keep the dice" in labels(s):
        act(s, "Keep the dice")
    assert s.phase == OVER and s.winners() == [0]
    assert s.view(None)["result"]["reason"] == "final"


def test_the_crisis_gives_each_eligible_player_one_last_fight(dice):
    s = table(end_game="crisis")
    _explorer(s, "Market Town", "Freelancer")
    give_missions(s, 0, "Chart the Wastes", "Escort the Pilgrim")
    s.done[0].append(s.missions[0][0])
    s.final = s.final_pile.pop()
    s.crisis_left = 1
    s.round = 1
    s.phase, s.turn_idx, s.agenda = EXPLORATION, 1, []
    dice(1, 6)
    rounds.next_turn(s)
    rounds.run(s)
    assert logged(s, "crisis")[0]["seats"] == [0]
    assert s.phase == OVER and s.winners() == [] and s.omega_won


def _round_ends(s):
    """Skip to the end of the current round and run to the next question."""
    s.phase, s.turn_idx, s.agenda, s.step = EXPLORATION, s.num_players, [], S_NONE
    rounds.next_turn(s)
    rounds.run(s)


def test_with_a_chosen_reveal_a_player_with_a_mission_decides_when_the_final_turns_up(dice):
    s = table(end_game="crisis", final_reveal="chosen")
    _take_mission_reward(s, dice, "Volcanic Wastes", ("Chart the Wastes", "Escort the Pilgrim"), 5)
    assert s.done[0] and s.final < 0 and not logged(s, "final_revealed")
    assert s.round == 2 and s.step == S_UNVEIL  # the next round opens with the question
    assert s.actor == 0 and labels(s) == ["Keep the final mission hidden for now",
                                          "Reveal the final mission (its Crisis timer starts)"]
    round_asked = s.round
    act(s, "Keep the final mission hidden for now")
    assert s.final < 0 and len(s.final_pile) == 3
    assert s.step == S_RESET  # seat 2 has no completed mission: never asked
    _round_ends(s)
    assert s.round == round_asked + 1 and s.step == S_UNVEIL and s.actor == 0
    act(s, "Reveal the final mission (its Crisis timer starts)")
    final = s.cards.finals[s.final]
    assert len(s.final_pile) == 2 and s.crisis_left == final.crisis_rounds
    assert logged(s, "final_revealed_by") == [{"seat": 0, "card": final.id}]
    _round_ends(s)
    assert s.step != S_UNVEIL and s.crisis_left == final.crisis_rounds - 1


def test_the_revised_variant_lets_players_choose_the_reveal_and_the_first_edition_does_not():
    revised = load("anima", 3, seed=1, variant="revised")
    assert revised.options["end_game"] == "crisis"
    assert revised.options["final_reveal"] == "chosen"
    first = load("anima", 3, seed=1)
    assert first.options["final_reveal"] == "first-completion"
    with pytest.raises(OptionError, match="final_reveal"):
        load("anima", 3, seed=1, options={"final_reveal": "never"})


def _edited(card_id: str, **fields):
    data = copy.deepcopy(builtin_data())
    for group in ("characters", "encounters", "advantages", "areas"):
        for card in data[group]:
            if card["id"] == card_id:
                card.update(fields)
    return data


def test_an_owners_card_file_changes_the_game(tmp_path, dice):
    data = _edited("enc_07", name="Wild Boar", combat=12,
                   confidence="high", source="printed card", fields_invented=[])
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    option = read_cards_file(path)
    outcomes = []
    for cards in (None, option):
        s = table(cards=cards)
        _explorer(s, "Market Town", "Freelancer")
        s.loc[0] = -1
        s.enc_deck.remove(next(e.index for e in s.cards.encounters if e.id == "enc_07"))
        s.enc_down[0] = next(e.index for e in s.cards.encounters if e.id == "enc_07")
        start(s, 2)
        dice(4, 3)  # 2 + 4 against the boar's Combat + 3
        act(s, "Go to Market Town")
        outcomes.append(s.loc[0])
    assert outcomes == [0, -1]  # the printed boar (Combat 12) wins where the placeholder lost
    assert "enc_07" not in load("anima", 2, 0, options={"cards": option}).view(0)[
        "reconstructed"]


def test_a_bad_card_file_is_refused_with_a_clear_error(tmp_path):
    bad = _edited("adv_03", does=[{"op": "teleport_home"}])
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(bad), encoding="utf-8")
    with pytest.raises(DataError, match="unknown op 'teleport_home'"):
        read_cards_file(path)
    with pytest.raises(OptionError):
        load("anima", 2, 0, options={"cards": "not a mapping"})


def test_a_party_holding_an_area_need_not_explore_it():
    s = table()
    _explorer(s, "Old Monastery", "Freelancer")
    give_missions(s, 0, "Hold the Monastery", "Chart the Wastes")
    start(s, EXPLORATION)
    assert "Hold the area without exploring" not in labels(s)
    act(s, "Work on mission 1 here")
    act(s, "Hold the area without exploring")
    assert logged(s, "held")[0]["count"] == 1 and not logged(s, "explore_roll")


def test_a_card_whose_ops_act_in_different_windows_is_refused(tmp_path):
    mixed = _edited("adv_03", does=[{"op": "combat", "amount": 2}, {"op": "draw", "count": 1}])
    path = tmp_path / "mixed.yaml"
    path.write_text(yaml.safe_dump(mixed), encoding="utf-8")
    with pytest.raises(DataError, match="one window"):
        read_cards_file(path)
