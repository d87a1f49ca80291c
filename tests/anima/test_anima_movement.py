"""The Movement phase: travel, new areas and their limit, resting."""

from __future__ import annotations

from anmkit import act, area, enc, hand, labels, logged, party, put_area, start, table

from candlelit.games.anima.constants import EXPLORATION, MOVEMENT, RESET, S_CULL, S_SAVE_AREA
from candlelit.games.anima.party import party_speed


def test_travel_reveals_the_face_down_encounter_and_a_win_enters(dice):
    s = table()
    party(s, 0, "Freelancer")
    party(s, 1, "Thief")
    put_area(s, 0, "Market Town", "Wild Boar")
    start(s, MOVEMENT)
    dice(4, 3)  # party 2 + 4 = 6 against the boar 3 + 3 = 6: a tie goes to the party
    act(s, "Go to Market Town")
    assert s.loc[0] == 0 and s.enc_down[0] == -1 and s.monster[0] == -1
    assert enc(s, "Wild Boar") in s.enc_discard


def test_losing_on_the_way_ends_the_turn_and_the_creature_stays(dice):
    s = table()
    party(s, 0, "Thief")
    party(s, 1, "Warrior")
    put_area(s, 0, "Market Town", "Giant Spider")
    start(s, MOVEMENT)
    dice(1, 6)  # 1 + 1 = 2 against 5 + 6 = 11: lost by 9, a character dies
    act(s, "Go to Market Town")
    assert s.loc[0] == -1 and s.out[0] == 1
    assert s.monster[0] == enc(s, "Giant Spider")
    assert logged(s, "died") and logged(s, "wiped_out")
    assert len(s.party[0]) == 1  # a wiped-out party starts again with a new character


def test_an_encounter_above_the_areas_danger_is_avoided():
    s = table()
    party(s, 0, "Thief")
    party(s, 1, "Warrior")
    put_area(s, 0, "Market Town", "Dragon")
    start(s, MOVEMENT)
    act(s, "Go to Market Town")
    assert s.loc[0] == 0
    assert logged(s, "avoided")[0]["level"] == 3


def test_only_one_new_area_per_round():
    s = table()
    party(s, 0, "Thief")
    party(s, 1, "Warrior")
    put_area(s, 0, "Market Town")
    s.enc_deck.append(enc(s, "The Inn"))
    start(s, MOVEMENT)
    assert "Reveal a new area" in labels(s)
    act(s, "Reveal a new area")
    assert s.revealed == 1 and s.actor == 1
    assert "Reveal a new area" not in labels(s)


def test_forced_march_allows_a_second_new_area():
    s = table()
    party(s, 0, "Thief")
    party(s, 1, "Warrior")
    put_area(s, 0, "Market Town")
    hand(s, 0, "Forced March")
    s.revealed = 1
    start(s, MOVEMENT)
    assert "Reveal a new area" not in labels(s)
    act(s, "Play Forced March")
    assert "Reveal a new area" in labels(s)


def _full_table(s):
    names = ["Market Town", "Forest Road", "Farmlands", "Coastal Harbor"]
    for slot, name in enumerate(names):
        put_area(s, slot, name)
    return names


def test_at_twice_the_players_the_revealer_removes_an_area_and_others_may_save_it():
    s = table()
    party(s, 0, "Thief")
    party(s, 1, "Warrior")
    _full_table(s)
    s.loc[1] = 1  # Forest Road has a party: it cannot leave
    hand(s, 1, "Battle Plan")
    s.area_deck.append(area(s, "Old Monastery"))
    s.enc_deck.append(enc(s, "The Inn"))
    start(s, MOVEMENT)
    act(s, "Reveal a new area")
    assert s.step == S_CULL
    assert "Remove Forest Road from play" not in labels(s)
    act(s, "Remove Market Town from play")
    assert s.step == S_SAVE_AREA and s.actor == 1
    act(s, "Discard Battle Plan to keep the area in play")
    assert s.step == S_CULL and s.actor == 0
    assert "Remove Market Town from play" not in labels(s)
    act(s, "Remove Farmlands from play")
    assert s.area_discard == [area(s, "Farmlands")]
    assert area(s, "Old Monastery") in s.area_at and s.loc[0] == s.area_at.index(
        area(s, "Old Monastery"))


def test_a_discarded_area_can_be_revealed_again_by_choice():
    s = table()
    party(s, 0, "Thief")
    party(s, 1, "Warrior")
    put_area(s, 0, "Market Town")
    k = area(s, "Farmlands")
    s.area_deck.remove(k)
    s.area_discard.append(k)
    s.enc_deck.append(enc(s, "The Inn"))
    start(s, MOVEMENT)
    act(s, "Reveal Farmlands")
    assert s.area_at[1] == k and s.loc[0] == 1


def test_resting_gives_two_speed_and_two_combat_next_round():
    s = table()
    party(s, 0, "Thief")
    party(s, 1, "Warrior")
    put_area(s, 0, "Market Town")
    s.loc[0] = 0
    start(s, MOVEMENT)
    before = party_speed(s, 0)
    act(s, "Rest (+2 Speed, +2 Combat next round)")
    assert s.loc[0] == -1
    assert party_speed(s, 0) == before
    s.round += 1
    assert party_speed(s, 0) == before + 2
    s.cb_kind, s.cb_a = 1, 0
    from candlelit.games.anima.combat import strength

    assert strength(s, 0) == s.cards.characters[s.party[0][0]].combat + 2


def test_a_party_off_the_map_cannot_stay_and_does_not_explore():
    s = table()
    party(s, 0, "Thief")
    party(s, 1, "Warrior")
    put_area(s, 0, "Market Town")
    start(s, MOVEMENT)
    assert "Stay here" not in labels(s)
    start(s, EXPLORATION)
    assert s.phase == RESET and s.round == 2 and not logged(s, "explore_roll")


def test_no_new_area_when_every_area_at_the_cap_holds_an_encounter_or_a_party():
    s = table()
    party(s, 0, "Thief")
    party(s, 1, "Warrior")
    names = ["Market Town", "Forest Road", "Farmlands", "Coastal Harbor"]
    encounters = ["Wolf Pack", "Giant Spider", "Ghoul", None]
    for slot, (name, encounter) in enumerate(zip(names, encounters, strict=True)):
        put_area(s, slot, name, encounter)
    s.loc[1] = 3
    start(s, MOVEMENT)
    assert "Reveal a new area" not in labels(s)
