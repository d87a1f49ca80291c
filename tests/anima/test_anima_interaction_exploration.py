"""The Interaction and Exploration phases."""

from __future__ import annotations

from anmkit import (
    act,
    adv,
    area,
    char,
    enc,
    hand,
    labels,
    logged,
    next_encounters,
    party,
    put_area,
    start,
    table,
)

from candlelit.games.anima.constants import (
    A_ACCEPT,
    A_OFFER_ADV,
    EXPLORATION,
    INTERACTION,
    S_REWARD,
)


def _together(s, *names_per_seat, where="Old Monastery"):
    put_area(s, 0, where)
    for seat, names in enumerate(names_per_seat):
        party(s, seat, *names)
        s.loc[seat] = 0


def test_attacks_need_party_sizes_within_one():
    s = table(players=3)
    _together(s, ["Freelancer"], ["Thief", "Tao"], ["Wizard", "Ranger",
                                                      "Shadow"])
    start(s, INTERACTION)
    assert "Attack Seat 2" in labels(s) and "Attack Seat 3" not in labels(s)


def test_rival_organizations_fight_at_once(dice):
    s = table()
    _together(s, ["Freelancer"], ["Thief", "Tao", "Ranger"])
    s.org[0] = adv(s, "Order of the Silver Lantern")
    s.org[1] = adv(s, "Black Sun Covenant")
    s.adv_deck.remove(s.org[0])
    s.adv_deck.remove(s.org[1])
    start(s, INTERACTION)
    assert labels(s) == ["Attack Seat 2"]  # sizes differ by 2, yet they must fight


def test_the_loser_is_expelled_and_the_winner_takes_one_of_its_advantages(dice):
    s = table()
    _together(s, ["Warrior"], ["Thief"])
    hand(s, 1, "Battle Plan")
    start(s, INTERACTION)
    dice(6, 1)
    act(s, "Attack Seat 2")
    act(s, "Accept the fight")
    if "Roll the combat dice" in labels(s):
        act(s, "Roll the combat dice")
    if "Keep the dice" in labels(s):
        act(s, "Keep the dice")
    assert s.loc[1] == -1 and s.out[1]
    assert s.hand[0] == [adv(s, "Battle Plan")] and s.hand[1] == []
    assert logged(s, "took_card")[0]["card"] == "adv_03"
    public = [e["key"] for e in s.view(None)["log"]]
    assert "anima.took" in public and "anima.took_card" not in public


def test_bribe_calls_off_an_attack():
    s = table()
    _together(s, ["Warrior"], ["Thief"])
    hand(s, 1, "Bribe")
    start(s, INTERACTION)
    act(s, "Attack Seat 2")
    act(s, "Play Bribe")
    assert logged(s, "attack_cancelled") and s.loc[1] == 0
    assert "Attack Seat 2" not in labels(s)


def test_trading_one_for_one_between_parties_on_trade_areas():
    s = table(trade="one-for-one")
    put_area(s, 0, "Market Town")
    put_area(s, 1, "Capital City")
    party(s, 0, "Warrior", "Wizard")
    party(s, 1, "Thief")
    s.loc[0], s.loc[1] = 0, 1  # different areas, both with the trade symbol
    hand(s, 0, "Battle Plan")
    hand(s, 1, "Fireball")
    start(s, INTERACTION)
    act(s, "Trade with Seat 2")
    act(s, "Offer Battle Plan")
    assert s.actor == 1
    assert s.view(None)["trade"]["gives"] == ["hidden"]
    assert s.view(1)["trade"]["gives"] == ["adv_03"]
    act(s, "Offer Fireball")
    act(s, "Accept")
    assert s.hand[0] == [adv(s, "Fireball")] and s.hand[1] == [adv(s, "Battle Plan")]
    assert "Trade with Seat 2" not in labels(s)


def _market(**options):
    """Three parties on trade areas; seat 1 (Warrior, Wizard; Battle Plan, Bribe) trades."""
    s = table(players=3, **options)
    put_area(s, 0, "Market Town")
    put_area(s, 1, "Capital City")
    party(s, 0, "Warrior", "Wizard")
    party(s, 1, "Thief")
    party(s, 2, "Tao")
    s.loc[0], s.loc[1], s.loc[2] = 0, 1, 0
    hand(s, 0, "Battle Plan", "Bribe")
    hand(s, 1, "Fireball")
    hand(s, 2, "Ki Burst")
    start(s, INTERACTION)
    return s


def test_parties_trade_freely_any_cards_each_way_and_with_each_other_party():
    """Seed: 玩家可以自由交換優勢卡跟角色 — several cards either way, more than one trade."""
    s = _market()
    act(s, "Trade with Seat 2")
    act(s, "Offer Battle Plan")
    act(s, "Offer Bribe")
    act(s, "Offer Warrior")
    assert s.actor == 0 and "Make this offer" in labels(s)
    act(s, "Make this offer")
    assert s.actor == 1
    assert "Answer with these cards" not in labels(s)  # an exchange: no gifts
    act(s, "Offer Fireball")
    act(s, "Answer with these cards")
    act(s, "Accept")
    assert s.hand[0] == [adv(s, "Fireball")]
    assert s.hand[1] == sorted([adv(s, "Battle Plan"), adv(s, "Bribe")])
    assert s.party[0] == [char(s, "Wizard")]
    assert s.party[1] == [char(s, "Thief"), char(s, "Warrior")]
    assert "Trade with Seat 2" not in labels(s)  # once with each party in a turn
    act(s, "Trade with Seat 3")
    act(s, "Offer Fireball")
    act(s, "Make this offer")
    act(s, "Offer Ki Burst")
    act(s, "Answer with these cards")
    act(s, "Accept")
    assert s.hand[0] == [adv(s, "Ki Burst")] and s.hand[2] == [adv(s, "Fireball")]
    assert "Trade with Seat 3" not in labels(s) and labels(s)[0] == "End your Interaction"


def test_only_the_two_traders_see_the_cards_of_a_trade():
    s = _market()
    act(s, "Trade with Seat 2")
    act(s, "Offer Battle Plan")
    act(s, "Offer Warrior")
    assert s.view(0)["trade"]["gives"] == ["adv_03", s.character(char(s, "Warrior")).id]
    assert s.view(1)["trade"]["gives"] is None and s.view(2)["trade"]["gives"] is None
    act(s, "Make this offer")
    assert s.view(1)["trade"]["gives"] == s.view(0)["trade"]["gives"]
    assert s.view(2)["trade"]["gives"] == ["hidden", "hidden"]
    assert s.view(None)["trade"]["gives"] == ["hidden", "hidden"]
    act(s, "Offer Fireball")
    assert s.view(0)["trade"]["gets"] is None and s.view(2)["trade"]["gets"] is None
    act(s, "Answer with these cards")
    assert s.view(0)["trade"]["gets"] == [s.advantage(adv(s, "Fireball")).id]
    assert s.view(2)["trade"]["gets"] == ["hidden"]
    outside = s.view(2)["log"]
    assert [e["args"]["count"] for e in outside if e["key"] == "anima.offers_cards"] == [2, 1]
    assert not any(e["key"] == "anima.offers" for e in outside)
    inside = [e["args"]["card"] for e in s.view(1)["log"] if e["key"] == "anima.offers"]
    assert inside == ["adv_03", s.character(char(s, "Warrior")).id,
                      s.advantage(adv(s, "Fireball")).id]


def test_a_trade_keeps_both_parties_within_their_limits():
    s = _market()
    hand(s, 1, "Smoke Bomb", "Sabotage", "Barrier", "Teleport")
    assert len(s.hand[1]) == 5
    act(s, "Trade with Seat 2")
    act(s, "Offer Battle Plan")
    act(s, "Offer Bribe")
    act(s, "Make this offer")
    act(s, "Offer Fireball")
    assert "Answer with these cards" not in labels(s)  # its hand would hold 6
    act(s, "Offer Barrier")
    assert "Answer with these cards" in labels(s)
    act(s, "Decline")
    assert s.actor == 0 and len(s.hand[1]) == 5 and s.trade_gives == []
    lone = _market()
    lone.party[0].remove(char(lone, "Wizard"))
    lone.char_deck.append(char(lone, "Wizard"))
    act(lone, "Trade with Seat 2")
    act(lone, "Offer Warrior")  # its only character: it must get one back
    act(lone, "Make this offer")
    act(lone, "Offer Fireball")
    assert "Answer with these cards" not in labels(lone)
    act(lone, "Offer Thief")
    act(lone, "Answer with these cards")
    act(lone, "Accept")
    assert lone.party[0] == [char(lone, "Thief")] and lone.party[1] == [char(lone, "Warrior")]


def test_one_for_one_trades_once_a_turn():
    s = _market(trade="one-for-one")
    act(s, "Trade with Seat 2")
    assert "Offer Warrior" in labels(s)
    act(s, "Offer Bribe")
    assert s.actor == 1 and "Answer with these cards" not in labels(s)
    act(s, "Decline")
    assert s.actor == 0 and not any(x.startswith("Trade with") for x in labels(s))


def test_a_traded_character_keeps_its_exhausted_mark():
    s = _market()
    s.exhausted[0] = [char(s, "Wizard")]
    act(s, "Trade with Seat 2")
    act(s, "Offer Wizard")
    act(s, "Make this offer")
    act(s, "Offer Fireball")
    act(s, "Answer with these cards")
    act(s, "Accept")
    assert s.exhausted[1] == [char(s, "Wizard")] and s.exhausted[0] == []


def test_no_trading_without_the_trade_symbol():
    s = table()
    _together(s, ["Warrior"], ["Thief"], where="Forest Road")
    hand(s, 0, "Battle Plan")
    start(s, INTERACTION)
    assert "Trade with Seat 2" not in labels(s)


def test_exploring_a_reward_result_takes_one_listed_reward(dice):
    s = table()
    _together(s, ["Freelancer"], ["Thief"], where="Market Town")
    s.loc[1] = -1
    start(s, EXPLORATION)
    dice(2)
    act(s, "Roll the exploration die")
    assert s.step == S_REWARD
    act(s, "Take recruit a character")
    assert len(s.party[0]) == 2


def test_exploring_into_encounters_must_beat_them_for_the_reward(dice):
    s = table()
    _together(s, ["Freelancer"], ["Thief"], where="Old Monastery")
    s.loc[1] = -1
    next_encounters(s, "Wild Boar", "Wolf Pack")
    start(s, EXPLORATION)
    dice(6, 6, 1, 1, 6)  # 2 encounters; boar beaten (8 vs 4), wolves win (3 vs 10)
    act(s, "Roll the exploration die")
    assert [e["card"] for e in logged(s, "revealed")] == ["enc_07", "enc_01"]
    assert s.loc[0] == -1 and not logged(s, "reward")
    assert s.monster[0] == enc(s, "Wolf Pack")


def test_a_standing_creature_is_fought_before_exploring(dice):
    s = table()
    _together(s, ["Freelancer"], ["Thief"], where="Market Town")
    s.loc[1] = -1
    s.monster[0] = enc(s, "Wild Boar")
    s.enc_deck.remove(s.monster[0])
    dice(6, 1)
    start(s, EXPLORATION)
    assert logged(s, "fight_creature") and logged(s, "party_beat")
    assert s.monster[0] == -1 and labels(s) == ["Roll the exploration die"]


def test_the_special_event_of_an_area(dice):
    s = table()
    _together(s, ["Freelancer"], ["Thief"], where="Village of Cornes")
    s.loc[1] = -1
    start(s, EXPLORATION)
    dice(6)
    act(s, "Roll the exploration die")
    assert len(s.party[0]) == 2 and not logged(s, "reward")


def test_an_area_text_speed_check_can_expel(dice):
    s = table()
    _together(s, ["Freelancer"], ["Thief"], where="Mountain Pass")
    s.loc[1] = -1
    start(s, EXPLORATION)
    dice(6, 1)  # special; Speed 2 + 1 < 8
    act(s, "Roll the exploration die")
    assert s.loc[0] == -1 and logged(s, "expelled")


def test_local_guide_shifts_the_exploration_die(dice):
    s = table()
    _together(s, ["Freelancer"], ["Thief"], where="Forest Road")
    s.loc[1] = -1
    hand(s, 0, "Local Guide")
    start(s, EXPLORATION)
    dice(2)
    act(s, "Roll the exploration die")
    act(s, "Play Local Guide")
    act(s, "Add 1")
    act(s, "Accept")
    assert logged(s, "explored")[0]["roll"] == 3 and logged(s, "reward")


def test_the_areas_trade_symbol_and_danger_come_from_the_card():
    s = table()
    assert s.cards.areas[area(s, "Market Town")].trade
    assert s.cards.areas[area(s, "Tower at the End of the World")].danger == 3
    assert char(s, "Paladin") >= 0


def _offered(hands: tuple[tuple[str, ...], ...]):
    """Seats 1 and 2 share a trade area; seat 1 has offered Battle Plan to seat 2."""
    s = table(players=3)
    put_area(s, 0, "Market Town")
    party(s, 0, "Warrior")
    party(s, 1, "Thief")
    party(s, 2, "Tao")
    s.loc[0] = s.loc[1] = 0
    for seat, names in enumerate(hands):
        hand(s, seat, *names)
    start(s, INTERACTION)
    act(s, "Trade with Seat 2")
    act(s, "Offer Battle Plan")
    act(s, "Make this offer")
    return s


def test_a_trade_offer_resamples_consistently_for_a_third_seat():
    import random

    s = _offered((("Battle Plan", "Bribe"), ("Fireball",), ("Ki Burst",)))
    act(s, "Offer Fireball")
    act(s, "Answer with these cards")
    for seed in range(8):
        world = s.resample(2, random.Random(seed))
        assert world.view(2) == s.view(2)
        world.apply_action(world.legal_actions()[-1], world.actor)  # accept
        assert sorted(len(h) for h in world.hand) == [1, 1, 2]


def test_an_offer_being_built_resamples_consistently_for_the_others():
    import random

    from candlelit.games.anima.constants import A_OFFER_CHAR

    s = table(players=3)
    put_area(s, 0, "Market Town")
    party(s, 0, "Warrior", "Wizard", "Thief")
    party(s, 1, "Tao")
    party(s, 2, "Ranger")
    s.loc[0] = s.loc[1] = 0
    hand(s, 0, "Battle Plan", "Bribe", "Barrier")
    start(s, INTERACTION)
    act(s, "Trade with Seat 2")
    act(s, "Offer Bribe")
    act(s, "Offer Wizard")
    for seat in (1, 2):
        for seed in range(8):
            world = s.resample(seat, random.Random(seed))
            assert world.view(seat) == s.view(seat)
            gives = world.trade_gives
            assert len(gives) == 2 and gives[0] - A_OFFER_ADV in world.hand[0]
            assert gives[1] - A_OFFER_CHAR in world.party[0]
            world.apply_action(A_ACCEPT, 0)  # make the offer
            assert len(world.view(seat)["trade"]["gives"]) == 2


def test_a_trade_offer_stays_in_the_offerers_hand_in_the_partners_and_proposers_worlds():
    import random

    s = _offered((("Battle Plan", "Bribe"), ("Fireball", "Ki Burst"), ("Smoke Bomb",)))
    for seed in range(12):  # the partner saw Battle Plan offered: every world keeps it there
        world = s.resample(1, random.Random(seed))
        assert adv(s, "Battle Plan") in world.hand[0] and len(world.hand[0]) == 2
        assert world.view(1) == s.view(1)
        world.apply_action(A_OFFER_ADV + adv(s, "Fireball"), 1)
        world.apply_action(A_ACCEPT, 1)
        world.apply_action(A_ACCEPT, 0)
        assert adv(s, "Battle Plan") in world.hand[1]
    act(s, "Offer Ki Burst")
    for seed in range(12):  # the proposer has not yet seen the answer being built
        world = s.resample(0, random.Random(seed))
        assert world.view(0) == s.view(0) and len(world.trade_gets) == 1
        assert world.trade_gets[0] - A_OFFER_ADV in world.hand[1]
    act(s, "Answer with these cards")
    for seed in range(12):  # the proposer saw Ki Burst offered back
        world = s.resample(0, random.Random(seed))
        assert adv(s, "Ki Burst") in world.hand[1] and len(world.hand[1]) == 2
        assert world.view(0) == s.view(0)
        world.apply_action(A_ACCEPT, 0)
        assert adv(s, "Ki Burst") in world.hand[0]
