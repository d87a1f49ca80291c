"""Combat, casualties, Speed checks and the limits on parties and hands."""

from __future__ import annotations

import pytest
from anmkit import act, adv, char, enc, halt, hand, labels, logged, party, put_area, start, table

from candlelit.games.anima import checks, combat, decks, rounds
from candlelit.games.anima.constants import (
    HAND_LIMIT,
    INTERACTION,
    O_EXPLORATION,
    P_NO_REWARD,
    S_AFTER_ROLL,
    S_DEATH,
    S_LOSE_CHARACTER,
    S_PREP,
)


def _fight(s, seat, creature, slot=0):
    """Start a fight of `seat` against a creature on area `slot` (the seat stands there)."""
    s.loc[seat] = slot
    s.enc_deck.remove(creature)
    combat.start_creature(s, seat, creature, slot, O_EXPLORATION, 0, standing=False)
    rounds.run(s)


def _arena(players=2, **options):
    s = table(players=players, **options)
    put_area(s, 0, "Haunted Ruins")
    s.round, s.phase = 1, 4
    halt(s)
    return s


def test_a_tie_against_a_creature_goes_to_the_party(dice):
    s = _arena()
    party(s, 0, "Freelancer")
    dice(3, 2)  # 2 + 3 against 3 + 2
    _fight(s, 0, s.cards.encounters.index(next(e for e in s.cards.encounters
                                               if e.name_en == "Wild Boar")))
    assert logged(s, "party_beat") and s.loc[0] == 0


@pytest.mark.parametrize(("margin_option", "growth", "dies"),
                         [(5, 0, False), (5, 1, True), (4, 0, True)])
def test_a_heavy_loss_kills_a_character_by_the_death_margin_option(dice, margin_option,
                                                                  growth, dies):
    s = _arena(death_margin=margin_option)
    party(s, 0, "Freelancer", "Thief")   # Combat 2 + 1, rolls 1: total 4
    boar = enc(s, "Wild Boar")
    s.enc_deck.remove(boar)
    s.monster[0], s.growth[0], s.loc[0] = boar, growth, 0
    dice(1, 6)  # the boar: 3 + growth + 6
    combat.start_creature(s, 0, boar, 0, O_EXPLORATION, 0, standing=True)
    rounds.run(s)
    assert logged(s, "party_lost")[0]["margin"] == 5 + growth
    assert (s.step == S_LOSE_CHARACTER) == dies
    assert s.loc[0] == -1 and s.monster[0] == boar  # expelled; the boar stays


def test_the_loser_chooses_which_character_dies(dice):
    s = _arena()
    party(s, 0, "Freelancer", "Thief")
    dice(1, 6)
    _fight(s, 0, next(e.index for e in s.cards.encounters if e.name_en == "Chimera"))
    assert s.step == S_LOSE_CHARACTER
    act(s, "Thief dies")
    assert s.party[0] == [char(s, "Freelancer")] and char(s, "Thief") in s.char_discard


def test_combat_cards_and_abilities_before_the_dice(dice):
    s = _arena()
    party(s, 0, "Wizard", "Warrior Summoner")
    hand(s, 0, "Fireball", "Smoke Bomb", "Banishment")
    dice(1, 1)
    _fight(s, 0, next(e.index for e in s.cards.encounters if e.name_en == "Troll"))
    assert s.step == S_PREP
    assert "Play Smoke Bomb" not in labels(s)  # Trickery: no Trickery character
    act(s, "Play Fireball")
    act(s, "Use the ability of Warrior Summoner")
    assert s.cb_bonus[0] == 5
    assert "Play Banishment" in labels(s)  # the Wizard is still ready to play Magic
    assert "Use the ability of Wizard" in labels(s)  # other abilities too
    act(s, "Use the ability of Wizard")
    assert "Play Banishment" not in labels(s)  # no ready Magic character is left
    act(s, "Roll the combat dice")
    a, b = logged(s, "combat_roll")[-1]["totals"]
    wizard = sum(o.amount for o in s.character(char(s, "Wizard")).does)
    assert (a, b) == (1 + 3 + 5 + wizard + 1, 8 + 1)


def test_with_option_party_an_ability_blocks_its_skills_cards_for_the_whole_party(dice):
    s = _arena(ability_block="party")
    party(s, 0, "Wizard", "Warrior Summoner")
    hand(s, 0, "Banishment")
    dice(1, 1)
    _fight(s, 0, next(e.index for e in s.cards.encounters if e.name_en == "Troll"))
    assert "Play Banishment" in labels(s)
    act(s, "Use the ability of Warrior Summoner")
    assert "Play Banishment" not in labels(s)  # Magic cards blocked by the summoner
    assert "Use the ability of Wizard" in labels(s)  # other abilities are not


def test_ties_between_parties_are_rerolled(dice):
    s = table()
    put_area(s, 0, "Market Town")
    party(s, 0, "Freelancer")
    party(s, 1, "Technician")
    s.loc[0] = s.loc[1] = 0
    start(s, INTERACTION)
    dice(3, 3, 5, 2)
    act(s, "Attack Seat 2")
    if s.step == S_PREP:
        act(s, "Roll the combat dice")
    assert logged(s, "tie_reroll")
    assert logged(s, "party_won")[0]["seat"] == 0
    assert s.loc[1] == -1 and s.out[1] == 1


def test_a_warrior_may_reroll_its_die(dice):
    s = _arena()
    party(s, 0, "Warrior")
    dice(1, 6, 6)
    _fight(s, 0, next(e.index for e in s.cards.encounters if e.name_en == "Wolf Pack"))
    assert s.step == S_AFTER_ROLL
    act(s, "Use the ability of Warrior")
    assert logged(s, "party_beat")


def test_a_death_can_be_prevented(dice):
    s = _arena()
    party(s, 0, "Freelancer", "Tao")
    hand(s, 0, "Second Wind")
    dice(1, 6)
    _fight(s, 0, next(e.index for e in s.cards.encounters if e.name_en == "Chimera"))
    if s.step == S_PREP:
        act(s, "Roll the combat dice")
    assert s.step == S_DEATH
    act(s, "Use the ability of Tao")
    assert len(s.party[0]) == 2 and logged(s, "saved")


def test_a_speed_check_passes_on_equal(dice):
    s = _arena()
    party(s, 0, "Thief")  # Speed 4
    s.loc[0] = 0
    dice(2)
    checks.begin_check(s, 0, 6, P_NO_REWARD, 0, 0)
    assert logged(s, "check_roll")[0]["passed"] and not s.no_reward[0]
    dice(1)
    checks.begin_check(s, 0, 6, P_NO_REWARD, 0, 0)
    assert not logged(s, "check_roll")[1]["passed"] and s.no_reward[0]


def test_no_drawing_past_five_advantages_and_no_recruit_past_four_characters():
    s = _arena()
    party(s, 0, "Thief", "Warrior", "Wizard", "Tao")
    hand(s, 0, "Battle Plan", "Ki Burst", "Fireball", "Barrier")
    assert decks.draw_advantages(s, 0, 3) == 1 and len(s.hand[0]) == HAND_LIMIT
    assert logged(s, "hand_full")
    assert not decks.recruit(s, 0) and len(s.party[0]) == 4


def test_the_titan_golem_ignores_combat_cards(dice):
    s = _arena()
    party(s, 0, "Freelancer")
    hand(s, 0, "Battle Plan")
    put_area(s, 1, "Abyssal Rift")
    s.loc[0] = 1
    dice(6, 1)
    titan = next(e.index for e in s.cards.encounters if e.name_en == "Titan Golem")
    s.enc_deck.remove(titan)
    combat.start_creature(s, 0, titan, 1, O_EXPLORATION, 0, standing=False)
    rounds.run(s)
    act(s, "Play Battle Plan")
    assert s.cb_bonus[0] == 0 and logged(s, "no_effect")
    assert adv(s, "Battle Plan") in s.adv_discard


def test_the_defender_prepares_after_the_attacker_before_the_dice(dice):
    s = table()
    put_area(s, 0, "Forest Road")
    party(s, 0, "Warrior", "Technician")
    party(s, 1, "Wizard")
    s.loc[0] = s.loc[1] = 0
    hand(s, 0, "Battle Plan")
    hand(s, 1, "Barrier", "Fireball")
    start(s, INTERACTION)
    act(s, "Attack Seat 2")
    act(s, "Accept the fight")
    assert s.step == S_PREP and s.actor == 0
    act(s, "Play Battle Plan")
    act(s, "Roll the combat dice")
    assert s.step == S_PREP and s.actor == 1
    act(s, "Play Barrier")
    act(s, "Play Fireball")
    dice(1, 6)
    act(s, "Roll the combat dice")
    if "Keep the dice" in labels(s):
        act(s, "Keep the dice")
    a, b = logged(s, "combat_roll")[0]["totals"]
    assert (a, b) == (4 + 2 + 2 + 1 - 3, 1 + 3 + 6)
    assert logged(s, "party_won")[0]["seat"] == 1 and s.loc[0] == -1


def test_at_the_round_limit_the_most_completed_missions_win():
    s = table(max_rounds=1)
    party(s, 0, "Thief")
    party(s, 1, "Warrior")
    s.done[1] = [0]
    s.round, s.phase, s.turn_idx, s.agenda = 1, 4, 1, []
    rounds.next_turn(s)
    assert s.is_terminal() and s.winners() == [1]
    assert s.view(None)["result"]["reason"] == "rounds"
