"""One scenario per effect of the card vocabulary (games/anima/vocabulary.py)."""

from __future__ import annotations

from anmkit import (
    act,
    adv,
    area,
    char,
    enc,
    halt,
    hand,
    labels,
    logged,
    next_encounters,
    party,
    put_area,
    start,
    table,
)

from candlelit.games.anima import casualties, checks, combat, rounds
from candlelit.games.anima.constants import (
    EXPLORATION,
    INTERACTION,
    MOVEMENT,
    O_EXPLORATION,
    O_MOVEMENT,
    RESET,
    S_CHECK,
    S_PREP,
    S_REACT,
)
from candlelit.games.anima.party import party_speed


def _fight(s, seat, name, slot=0, origin=O_EXPLORATION):
    e = enc(s, name)
    s.enc_deck.remove(e)
    s.loc[seat] = slot
    combat.start_creature(s, seat, e, slot, origin, 0, standing=False)
    rounds.run(s)
    return e


def _arena(where="Haunted Ruins", **options):
    s = table(**options)
    put_area(s, 0, where)
    s.round, s.phase = 1, EXPLORATION
    halt(s)
    return s


def _totals(s):
    s.cb_dice = [0, 0]
    return combat.totals(s)


# -- combat --------------------------------------------------------------------------------
def test_combat_per_character_and_opponent_minus():
    s = _arena()
    party(s, 0, "Freelancer", "Thief", "Tao")
    hand(s, 0, "Call to Arms", "Barrier")
    _fight(s, 0, "Troll")
    act(s, "Play Call to Arms")
    act(s, "Play Barrier")
    assert _totals(s) == (2 + 1 + 2 + 3, 8 - 3)


def test_escape_leaves_the_creature_standing(dice):
    s = _arena()
    party(s, 0, "Shadow")
    _fight(s, 0, "Troll")
    act(s, "Use the ability of Shadow")
    assert s.monster[0] == enc(s, "Troll") and s.loc[0] == 0 and s.out[0]
    assert logged(s, "escaped") and not logged(s, "party_lost")


def test_kill_on_win_against_a_party(dice):
    s = table()
    put_area(s, 0, "Forest Road")
    party(s, 0, "Assassin")
    party(s, 1, "Thief", "Tao")
    s.loc[0] = s.loc[1] = 0
    start(s, INTERACTION)
    dice(2, 1)  # 3 + 2 against 3 + 1: a win by 1 still kills
    act(s, "Attack Seat 2")
    act(s, "Use the ability of Assassin")
    act(s, "Roll the combat dice")
    act(s, "Let the character die")
    act(s, "Thief dies")
    assert logged(s, "died")[0]["card"] == "char_12"


def test_big_win_draw_and_draw_on_win(dice):
    s = _arena()
    party(s, 0, "Warrior Summoner", "Freelancer")
    hand(s, 0, "Counterstrike")
    s.org[0] = adv(s, "Black Sun Covenant")
    s.adv_deck.remove(s.org[0])
    dice(6, 1)
    _fight(s, 0, "Wild Boar")
    act(s, "Play Counterstrike")
    act(s, "Roll the combat dice")
    assert len(s.hand[0]) == 2  # Counterstrike's draw and the Covenant's draw


def test_paladin_and_the_silver_lantern_against_darkness():
    s = _arena()
    party(s, 0, "Paladin")
    hand(s, 0, "Bribe")
    s.org[0] = adv(s, "Order of the Silver Lantern")
    _fight(s, 0, "Ghoul")
    assert _totals(s)[0] == 3 + 4 + 1


def test_dark_paladin_counts_only_against_parties():
    s = _arena()
    party(s, 0, "Dark Paladin")
    hand(s, 0, "Bribe")
    _fight(s, 0, "Ghoul")
    assert _totals(s)[0] == 3


def test_only_skills_add_and_half_without():
    s = _arena()
    party(s, 0, "Warrior", "Wizard")  # Warrior has no skills
    hand(s, 0, "Bribe")
    _fight(s, 0, "Restless Ghost")
    assert _totals(s)[0] == 1
    s2 = _arena()
    party(s2, 0, "Warrior", "Wizard")
    hand(s2, 0, "Bribe")
    _fight(s2, 0, "Wraith")
    assert _totals(s2)[0] == 4 // 2 + 1


def test_bonus_vs_skill_and_immune_card_types():
    s = _arena()
    party(s, 0, "Wizard", "Ranger")
    hand(s, 0, "Bribe")
    _fight(s, 0, "Witch Hunters")
    assert _totals(s)[1] == 7 + 3
    s2 = _arena()
    party(s2, 0, "Technician")
    hand(s2, 0, "Ki Burst")
    _fight(s2, 0, "Stone Golem")
    act(s2, "Play Ki Burst")
    assert s2.cb_bonus[0] == 0


def test_death_margin_of_a_creature(dice):
    s = _arena(where="Abyssal Rift")
    party(s, 0, "Freelancer", "Thief")
    dice(1, 1)  # 3 + 1 = 4 against the dragon 14 + 1: lost by 11 anyway
    _fight(s, 0, "Dragon")
    assert s.cb_kind == 0 and logged(s, "party_lost")
    s2 = _arena(where="Abyssal Rift")
    party(s2, 0, "Freelancer", "Warrior")
    hand(s2, 0, "Bribe")
    s2.enc_deck.remove(enc(s2, "Dragon"))
    combat.start_creature(s2, 0, enc(s2, "Dragon"), 0, O_EXPLORATION, 0, standing=False)
    assert s2.cb_death_margin == 3


def test_win_grow_and_win_steal_advantage(dice):
    s = _arena()
    party(s, 0, "Freelancer")
    dice(1, 1)
    _fight(s, 0, "Vampire Spawn")
    assert s.monster[0] == enc(s, "Vampire Spawn") and s.growth[0] == 1
    s2 = _arena()
    party(s2, 0, "Freelancer")
    s2.enc_deck.remove(enc(s2, "Highway Bandits"))
    hand(s2, 0, "Battle Plan")
    s2.loc[0] = 0
    dice(1, 6)
    combat.start_creature(s2, 0, enc(s2, "Highway Bandits"), 0, O_EXPLORATION, 0, False)
    rounds.run(s2)
    act(s2, "Roll the combat dice")
    act(s2, "Let the character die")
    assert s2.hand[0] == [] and logged(s2, "lost_card")


def test_win_inactivate_and_win_discard_advantage(dice):
    s = _arena()
    party(s, 0, "Freelancer", "Thief")
    dice(1, 3)  # 4 against the imp 3 + 3: lost by 2
    _fight(s, 0, "Imp")
    act(s, "Thief becomes inactive")
    assert s.inactive[0] == [char(s, "Thief")]
    s2 = _arena(where="Abyssal Rift")
    party(s2, 0, "Freelancer")
    hand(s2, 0, "Battle Plan", "Bribe")
    dice(1, 1)
    _fight(s2, 0, "Elder Vampire")
    act(s2, "Roll the combat dice")
    act(s2, "Let the character die") if "Let the character die" in labels(s2) else None
    act(s2, "Discard Bribe")
    assert adv(s2, "Bribe") in s2.adv_discard


def test_defeat_recruit_draw_and_see_finals(dice):
    s = _arena()
    party(s, 0, "Freelancer", "Paladin")
    dice(6, 1, 6, 1)
    _fight(s, 0, "Wandering Swordsman")
    assert len(s.party[0]) == 3
    _fight(s, 0, "Mercenary Band")
    assert len(s.hand[0]) == 1
    s2 = _arena(where="Abyssal Rift")
    party(s2, 0, "Freelancer", "Paladin", "Weaponmaster", "Dark Paladin")
    dice(6, 1)
    _fight(s2, 0, "Herald of Omega")
    assert s2.saw_finals[0]
    assert sorted(s2.view(0)["seen_finals"]) == ["final_01", "final_02", "final_03"]
    assert "seen_finals" not in s2.view(1)


# -- checks, death, exploration --------------------------------------------------------------
def test_check_bonus_from_a_card_and_an_ability(dice):
    s = _arena()
    party(s, 0, "Warrior Mentalist", "Tao")  # Speed 2 + 2
    hand(s, 0, "Flash Step")
    checks.begin_check(s, 0, 12, 0, 0, 0)
    act(s, "Play Flash Step")
    act(s, "Use the ability of Warrior Mentalist")
    dice(2)
    act(s, "Roll the Speed check")
    assert logged(s, "check_roll")[0]["total"] == 2 + 4 + 6


def test_death_guard_once_per_round(dice):
    s = _arena()
    party(s, 0, "Weaponmaster", "Thief")
    casualties.begin_death(s, 0)
    assert logged(s, "guarded") and len(s.party[0]) == 2
    casualties.begin_death(s, 0)
    rounds.run(s)
    assert s.actor == 0 and "Thief dies" in labels(s)


def test_explore_reroll_choose_either_or_the_new_one_stands(dice):
    s = table()
    put_area(s, 0, "Forest Road")
    party(s, 0, "Ranger")
    party(s, 1, "Thief")
    s.loc[0] = 0
    hand(s, 0, "Sleight of Hand")
    start(s, EXPLORATION)
    dice(1, 2, 5)
    act(s, "Roll the exploration die")
    act(s, "Play Sleight of Hand")
    assert s.roll == 2
    act(s, "Use the ability of Ranger")
    act(s, "Keep the second roll")
    assert s.roll == 5


# -- phase turns -----------------------------------------------------------------------------
def test_speed_round_refresh_and_recruit_in_reset():
    s = table()
    party(s, 0, "Acrobatic Warrior", "Thief")
    party(s, 1, "Tao")
    hand(s, 0, "Supplies", "Reinforcements")
    start(s, RESET)
    speed = party_speed(s, 0)
    act(s, "Use the ability of Acrobatic Warrior")
    s.inactive[0] = [char(s, "Thief")]
    act(s, "Play Supplies")
    assert s.inactive[0] == [] and party_speed(s, 0) == speed + 3
    act(s, "Play Reinforcements")
    assert len(s.party[0]) == 3


def test_peek_shows_the_encounter_to_that_seat_only():
    s = table()
    party(s, 0, "Ki" and "Technician")
    party(s, 1, "Thief")
    put_area(s, 0, "Market Town", "Wolf Pack")
    hand(s, 0, "Presence Detection")
    start(s, MOVEMENT)
    act(s, "Play Presence Detection")
    act(s, "Look at the encounter in Market Town")
    assert s.view(0)["areas"][0]["peeked"] == "enc_01"
    assert "peeked" not in s.view(1)["areas"][0]
    assert "Go to Market Town" in labels(s)


def test_scout_areas_picks_among_the_top_three():
    s = table()
    party(s, 0, "Thief")
    party(s, 1, "Tao")
    put_area(s, 0, "Market Town")
    hand(s, 0, "Old Map")
    s.enc_deck.append(enc(s, "The Inn"))
    top = s.area_deck[-3:]
    start(s, MOVEMENT)
    act(s, "Play Old Map")
    assert sorted(s.view(0)["choice"]) == sorted(s.cards.areas[k].id for k in top)
    assert "choice" not in s.view(1)
    name = s.cards.areas[top[0]].name_en
    act(s, f"Reveal {name}")
    assert s.area_at[1] == top[0] and s.revealed


def test_sneak_in_leaves_the_encounter_face_down():
    s = table()
    party(s, 0, "Thief")
    party(s, 1, "Tao")
    put_area(s, 0, "Market Town", "Troll")
    hand(s, 0, "Disguise")
    start(s, MOVEMENT)
    act(s, "Play Disguise")
    act(s, "Slip into Market Town")
    assert s.loc[0] == 0 and s.enc_down[0] == enc(s, "Troll")


def test_swap_encounter_and_cancel_event(dice):
    s = table()
    party(s, 0, "Illusionist", "Mentalist")
    party(s, 1, "Tao")
    put_area(s, 0, "Market Town", "Wolf Pack")
    next_encounters(s, "Storm")
    start(s, MOVEMENT)
    act(s, "Go to Market Town")
    act(s, "Use the ability of Illusionist")
    assert logged(s, "revealed")[-1]["card"] == "enc_11"
    act(s, "Use the ability of Mentalist")
    assert logged(s, "cancelled") and s.loc[0] == 0


def test_steal_advantage_steal_character_and_sabotage():
    s = table()
    put_area(s, 0, "Forest Road")
    party(s, 0, "Thief")
    party(s, 1, "Tao", "Ranger")
    s.loc[0] = s.loc[1] = 0
    hand(s, 0, "Betrayal", "Sabotage")
    hand(s, 1, "Battle Plan")
    start(s, INTERACTION)
    speed = party_speed(s, 1)
    act(s, "Play Sabotage")
    act(s, "Aim at Seat 2")
    assert party_speed(s, 1) == speed - 2
    act(s, "Use the ability of Thief")
    act(s, "Aim at Seat 2")
    assert adv(s, "Battle Plan") in s.hand[0]
    act(s, "Play Betrayal")
    act(s, "Aim at Seat 2")
    act(s, "Take Ranger")
    assert char(s, "Ranger") in s.party[0] and s.party[1] == [char(s, "Tao")]


def test_organization_speed_and_draw_on_trade():
    s = table()
    put_area(s, 0, "Market Town")
    party(s, 0, "Thief", "Tao")
    party(s, 1, "Ranger")
    s.loc[0] = s.loc[1] = 0
    speed = party_speed(s, 0)
    s.org[0] = adv(s, "Thieves' Brotherhood")
    assert party_speed(s, 0) == speed + 1
    s.org[0] = adv(s, "Order of the Silver Lantern")
    s.org[1] = adv(s, "Merchants' Guild")
    for k in s.org:
        s.adv_deck.remove(k)
    hand(s, 0, "Battle Plan")
    hand(s, 1, "Fireball")
    start(s, INTERACTION)
    act(s, "Trade with Seat 2")
    act(s, "Offer Battle Plan")
    act(s, "Make this offer")
    act(s, "Offer Fireball")
    act(s, "Answer with these cards")
    act(s, "Accept")
    assert len(s.hand[1]) == 2 and len(s.hand[0]) == 1


# -- events and area specials ---------------------------------------------------------------
def _explore_into(s, dice, where, encounter, *rolls, others=()):
    put_area(s, 0, where)
    s.loc[0] = 0
    for q in others:
        s.loc[q] = 0
    next_encounters(s, encounter)
    start(s, EXPLORATION)
    halt(s)
    dice(*rolls)
    act(s, "Roll the exploration die")


def test_event_recruit_draw_and_refresh(dice):
    s = table()
    party(s, 0, "Freelancer")
    party(s, 1, "Tao")
    _explore_into(s, dice, "Forest Road", "The Inn", 1)
    assert len(s.party[0]) == 2
    s2 = table()
    party(s2, 0, "Freelancer")
    party(s2, 1, "Tao")
    _explore_into(s2, dice, "Coastal Harbor", "Merchant Caravan", 4)
    assert len(s2.hand[0]) == 2  # 2 on a trade area
    act(s2, "Take draw 1 advantage(s)")
    assert len(s2.hand[0]) == 3


def test_event_speed_checks_no_reward_ambush_inactivate(dice):
    s = table()
    party(s, 0, "Freelancer")
    party(s, 1, "Tao")
    _explore_into(s, dice, "Forest Road", "Storm", 1, 1)
    assert s.no_reward[0] and logged(s, "no_reward")
    s2 = table()
    party(s2, 0, "Freelancer", "Thief")
    party(s2, 1, "Tao")
    put_area(s2, 0, "Old Monastery")
    s2.loc[0] = 0
    next_encounters(s2, "Ambush", "Wild Boar")
    start(s2, EXPLORATION)
    dice(1, 1, 5, 2)  # one encounter; check 1 + 6 < 9; the boar: 3 + 5 - 2 = 6 vs 5
    act(s2, "Roll the exploration die")
    assert logged(s2, "combat_roll")[0]["totals"] == [6, 5]
    s3 = table()
    party(s3, 0, "Freelancer", "Thief")
    party(s3, 1, "Tao")
    _explore_into(s3, dice, "Old Monastery", "Ancient Trap", 1, 1)
    act(s3, "Thief becomes inactive")
    assert s3.inactive[0] == [char(s3, "Thief")]


def test_stranger_keeps_one_and_gives_the_other(dice):
    s = table()
    party(s, 0, "Freelancer")
    party(s, 1, "Tao")
    _explore_into(s, dice, "Old Monastery", "Mysterious Stranger", 1)
    offered = s.view(0)["choice"]
    assert len(offered) == 2 and "choice" not in s.view(1)
    act(s, labels(s)[0])
    act(s, "Give it to Seat 2")
    assert len(s.hand[1]) == 1


def test_all_check_and_expel_all(dice):
    s = table()
    party(s, 0, "Warrior Summoner", "Paladin", "Weaponmaster")
    party(s, 1, "Tao")
    hand(s, 1, "Battle Plan")
    _explore_into(s, dice, "Abyssal Rift", "Chains of Omega", 4, 1, 1, others=(1,))
    while s.step in (S_REACT, S_CHECK):
        act(s, labels(s)[0])  # let the check go ahead / roll it
    assert s.hand[1] == []
    s2 = table()
    party(s2, 0, "Freelancer")
    party(s2, 1, "Tao")
    _explore_into(s2, dice, "Abyssal Rift", "Rift in Reality", 4, others=(1,))
    assert s2.loc == [-1, -1]


def test_specials_draw_keep_take_reward_inactivate_and_two_rewards(dice):
    s = table()
    party(s, 0, "Freelancer")
    party(s, 1, "Tao")
    _explore_into(s, dice, "Coastal Harbor", "Wolf Pack", 6)
    act(s, labels(s)[0])  # discard one of the two drawn
    assert len(s.hand[0]) == 1
    s2 = table()
    party(s2, 0, "Freelancer")
    party(s2, 1, "Tao")
    _explore_into(s2, dice, "Capital City", "Wolf Pack", 6)
    assert len(s2.hand[0]) == 1 and labels(s2)[0].startswith("Take")
    s3 = table()
    party(s3, 0, "Freelancer", "Thief")
    party(s3, 1, "Tao")
    _explore_into(s3, dice, "Sunken Library", "Wolf Pack", 6)
    act(s3, "Thief becomes inactive")
    assert len(s3.hand[0]) == 2
    s4 = table()
    party(s4, 0, "Shadow", "Thief", "Acrobatic Warrior")
    party(s4, 1, "Tao")
    _explore_into(s4, dice, "Forgotten Shrine", "Wolf Pack", 6, 6)
    act(s4, "Take the mission reward")
    assert len(s4.party[0]) == 4  # the second, different reward: a recruit
    assert area(s4, "Forgotten Shrine") == s4.area_at[0]


def test_prep_is_offered_only_with_cards_or_abilities(dice):
    s = _arena()
    party(s, 0, "Freelancer")
    dice(6, 1)
    _fight(s, 0, "Wild Boar")
    assert s.step != S_PREP and logged(s, "party_beat")
    assert O_MOVEMENT != O_EXPLORATION


def test_other_seats_may_sabotage_a_speed_check_in_their_reaction_window(dice):
    s = table(players=3)
    party(s, 0, "Freelancer")          # Speed 2
    party(s, 1, "Thief")               # Trickery: may play Sabotage
    party(s, 2, "Tao")
    hand(s, 1, "Sabotage")
    hand(s, 2, "Battle Plan")
    s.round, s.phase = 1, EXPLORATION
    halt(s)
    checks.begin_check(s, 0, 6, 0, 0, 0)
    assert s.actor == 1 and labels(s) == ["Let the check go ahead", "Play Sabotage"]
    act(s, "Play Sabotage")
    assert s.actor == 2 and labels(s) == ["Let the check go ahead"]  # asked all the same
    dice(4)
    act(s, "Let the check go ahead")
    assert logged(s, "check_roll")[0]["total"] == 4 + 2 - 2
    assert not logged(s, "check_roll")[0]["passed"]
