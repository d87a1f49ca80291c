"""Anima's observation tensor: the table one seat sees, from the fields (never the log).

Seats are listed from the viewer on (`seats_from`: entry 0 is the viewer); area slots keep
their numbers (0 .. 2 * players - 1). Cards are indexed as in the game's card set (option
`cards`), one entry per kind (every kind is a single card), so the layout's size follows
the card set and the player count. Another seat's hand shows as its size, its basic
missions once shown or completed, the cards it put into a trade only to the traders who
have seen them; the cards a seat is choosing among show only to that seat.
"""

from __future__ import annotations

from typing import Any

from candlelit.engine.tensors import Layout, Part, Tensor
from candlelit.games.anima.cards import CardSet, cards_for
from candlelit.games.anima.constants import (
    A_OFFER_ADV,
    A_OFFER_CHAR,
    ARM_REVEAL,
    CB_NAMES,
    M_COUNT,
    M_DECLARED,
    M_SHOWN,
    M_STEP,
    MAX_REWARDS,
    MISSION_SLOTS,
    OVER,
    PHASE_NAMES,
    S_ATTACKED,
    S_GIVE,
    S_KEEP_ONE,
    S_PICK_AREA,
    S_REVEALED,
    S_STEAL_CHARACTER,
    S_TARGET,
    S_TRADE_CONFIRM,
    S_TRADE_OFFER,
    S_TRADE_REPLY,
    STEP_NAMES,
)
from candlelit.games.anima.decisions import ABILITY_TARGET
from candlelit.games.anima.state import AnimaFields
from candlelit.games.anima.views import trade_seen
from candlelit.games.anima.vocabulary import SKILLS, Op

ORIGINS = ("movement", "exploration", "mission", "crisis", "interaction")
"""Where an encounter is met (constants O_*), in the order of `revealed_origin`."""
TARGET_OPS = ("steal_advantage", "steal_character", "sabotage")
"""What a chosen seat is for (decisions.targets), in the order of `target_op`."""
ROLL = 6
_TRADING = frozenset((S_TRADE_OFFER, S_TRADE_REPLY, S_TRADE_CONFIRM))
_CHOOSING = frozenset((S_KEEP_ONE, S_GIVE))


def organizations(cards: CardSet) -> dict[int, int]:
    """Advantage kind -> its place among the card set's Organizations."""
    kinds = [card.index for card in cards.advantages if card.type == "Organization"]
    return {kind: i for i, kind in enumerate(kinds)}


def declare(players: int, options: dict[str, Any]) -> Layout:
    """The parts for `players` seats and the card set of option `cards`."""
    cards = cards_for(options["cards"])
    n, slots = players, 2 * players
    chars, advs, areas = len(cards.characters), len(cards.advantages), len(cards.areas)
    encs, basic, finals = len(cards.encounters), len(cards.basic), len(cards.finals)
    orgs = max(1, len(organizations(cards)))
    return Layout([
        # the round and the pending decision
        Part("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES)),
        Part("step", len(STEP_NAMES), "one-hot, the decision awaited: "
             + ", ".join(STEP_NAMES)),
        Part("to_act", n, "1 for the seat from the viewer whose decision is awaited"),
        Part("round", 1, "the round number (0 during set-up)"),
        Part("order", n * n, "per seat from the viewer, one-hot: its place in the speed "
             "order"),
        Part("area_revealed", 1, "1 once a new area was revealed this round"),
        Part("reveal_armed", 1, "1 while an extra area reveal is armed this turn"),
        # the map, by area slot
        Part("area", slots * areas, "per area slot, one-hot by area card: the area in it"),
        Part("encounter_down", slots, "1 for each area slot with a face-down encounter"),
        Part("standing", slots * encs, "per area slot, one-hot by encounter card: the "
             "creature left standing there"),
        Part("growth", slots, "per area slot: Combat its standing creature has grown"),
        Part("peeked", slots * encs, "per area slot, one-hot by encounter card: the "
             "face-down encounter the viewer peeked at"),
        Part("saved", slots, "1 for each area slot saved from leaving play"),
        # every party as the table sees it
        Part("location", n * (slots + 1), "per seat from the viewer, one-hot: the area slot "
             "its party stands on, then off the map"),
        Part("party", n * chars, "per seat from the viewer, 1 for each character card in "
             "its party"),
        Part("exhausted", n * chars, "per seat from the viewer, 1 for each of its "
             "exhausted characters"),
        Part("inactive", n * chars, "per seat from the viewer, 1 for each of its inactive "
             "characters"),
        Part("hand_size", n, "per seat from the viewer: advantages in hand"),
        Part("organization", n * orgs, "per seat from the viewer, one-hot by Organization "
             "card: the organization it joined"),
        Part("completed", n * basic, "per seat from the viewer, 1 for each basic mission "
             "card it completed"),
        Part("missions", n * 2 * basic, "per seat from the viewer, per basic mission slot, "
             "one-hot by mission card: the mission, when the viewer may see it"),
        Part("mission_progress", n * MISSION_SLOTS * 2, "per seat from the viewer, per "
             "mission slot (two basic, the final): steps done and progress inside the "
             "current step, when the viewer may see the mission"),
        Part("mission_shown", n * MISSION_SLOTS, "per seat from the viewer, 1 for each "
             "mission slot shown to everyone"),
        Part("holding", n * MISSION_SLOTS, "per seat from the viewer, 1 for each mission "
             "slot whose area it declared it holds this round"),
        Part("mission_bonus", n * 2, "per seat from the viewer: Combat and Speed earned by "
             "completed missions"),
        Part("rest_bonus", n * 2, "per seat from the viewer: 1 when its rest bonus applies "
             "this round, 1 when it applies next round"),
        Part("round_over", n, "1 for each seat from the viewer whose round is over"),
        Part("speed_change", n, "per seat from the viewer: Speed added or taken this round"),
        Part("attacked", n, "1 for each seat from the viewer that attacked this round"),
        Part("salvage_character", n, "one-hot by seat from the viewer: who may still "
             "recruit a character from the discard pile"),
        Part("salvage_advantage", n, "one-hot by seat from the viewer: who may still take "
             "an advantage from the discard pile"),
        # combat and Speed checks
        Part("combat", len(CB_NAMES), "one-hot, the combat under way: "
             + ", ".join(CB_NAMES)),
        Part("combat_seat", n, "one-hot by seat from the viewer: the fighting party"),
        Part("combat_against", n, "one-hot by seat from the viewer: the party it fights"),
        Part("combat_foe", encs, "one-hot by encounter card: the creature fought"),
        Part("foe_combat", 1, "the foe's Combat"),
        Part("combat_bonus", 2, "card bonuses: the fighting party's, the other side's"),
        Part("combat_minus", 2, "minuses to the other side: the fighting party's, the "
             "other side's"),
        Part("combat_penalty", 1, "Combat taken from the fighting party (an ambush)"),
        Part("dice", 2, "the combat dice once rolled: the fighting party's, the other "
             "side's"),
        Part("check_seat", n, "one-hot by seat from the viewer: who makes the Speed check"),
        Part("check_target", 1, "the Speed check's target"),
        Part("check_bonus", 1, "the Speed check's bonuses so far"),
        Part("roll", ROLL, "one-hot by face: the exploration die"),
        Part("second_roll", ROLL, "one-hot by face: a second exploration roll"),
        Part("reward_taken", MAX_REWARDS, "one-hot by the area's reward: the one already "
             "taken"),
        Part("target_op", len(TARGET_OPS), "one-hot, what the seat being chosen is for: "
             + ", ".join(TARGET_OPS)),
        Part("revealed_encounter", encs, "one-hot by encounter card: the encounter just "
             "revealed, that an ability may answer"),
        Part("revealed_origin", len(ORIGINS), "one-hot, where it is met: "
             + ", ".join(ORIGINS)),
        Part("other_side", n, "one-hot by seat from the viewer: the attacker being "
             "answered, the party stolen from, or the trade's partner"),
        # missions, decks and piles
        Part("final", finals, "one-hot by final mission card: the revealed final mission"),
        Part("hidden_finals", 1, "final missions still hidden"),
        Part("crisis_left", 1, "rounds left before the Crisis (Crisis end game, once the "
             "final mission is revealed)"),
        Part("decks", 4, "cards left in the character, advantage, area and encounter "
             "decks"),
        Part("character_discard", chars, "1 for each character card in the discard pile"),
        Part("advantage_discard", advs, "1 for each advantage card in the discard pile"),
        Part("area_discard", areas, "1 for each area card in the discard pile"),
        Part("encounter_discard", encs, "1 for each encounter card in the discard pile"),
        # a trade under way
        Part("trade_from", n, "one-hot by seat from the viewer: who proposed the trade"),
        Part("trade_gives", advs + chars, "1 for each advantage, then character card in "
             "the proposer's offer, if the viewer has seen it"),
        Part("trade_gives_count", 1, "cards in the proposer's offer, once made or seen"),
        Part("trade_gets", advs + chars, "1 for each advantage, then character card in "
             "the partner's answer, if the viewer has seen it"),
        Part("trade_gets_count", 1, "cards in the partner's answer, once made or seen"),
        Part("winners", n, "1 for each winning seat from the viewer (once over)"),
        Part("omega_won", 1, "1 when Omega won the Crisis"),
        # the viewer's own
        Part("hand", advs, "1 for each advantage card in the viewer's hand"),
        Part("offer_characters", chars, "1 for each character card of the viewer's set-up "
             "offer"),
        Part("offer_advantages", advs, "1 for each advantage card of the viewer's set-up "
             "offer"),
        Part("seen_finals", finals, "1 for each hidden final mission card, once the viewer "
             "looked at them"),
        Part("choice_areas", areas, "1 for each area card the viewer is choosing among"),
        Part("choice_advantages", advs, "1 for each advantage card the viewer is choosing "
             "among"),
        Part("blocked", len(SKILLS), "1 for each skill (" + ", ".join(SKILLS) + ") whose "
             "cards the viewer's party may not play this round"),
        Part("proposed_to", n, "1 for each seat from the viewer the viewer proposed a "
             "trade to this turn"),
    ])


PARTS = (
    "phase", "step", "to_act", "round", "order", "area_revealed", "reveal_armed", "area",
    "encounter_down", "standing", "growth", "peeked", "saved", "location", "party",
    "exhausted", "inactive", "hand_size", "organization", "completed", "missions",
    "mission_progress", "mission_shown", "holding", "mission_bonus", "rest_bonus",
    "round_over", "speed_change", "attacked", "salvage_character", "salvage_advantage",
    "combat", "combat_seat", "combat_against", "combat_foe", "foe_combat", "combat_bonus",
    "combat_minus", "combat_penalty", "dice", "check_seat", "check_target", "check_bonus",
    "roll", "second_roll", "reward_taken", "target_op", "revealed_encounter",
    "revealed_origin", "other_side", "final", "hidden_finals", "crisis_left", "decks",
    "character_discard", "advantage_discard", "area_discard", "encounter_discard",
    "trade_from", "trade_gives", "trade_gives_count", "trade_gets", "trade_gets_count",
    "winners", "omega_won", "hand", "offer_characters", "offer_advantages",
    "seen_finals", "choice_areas", "choice_advantages", "blocked", "proposed_to")
"""The parts in the order `declare` lists them (and `encode` unpacks their offsets)."""
_LAST: list[Any] = [None, (), {}, (), ()]
"""The last layout encoded, its offsets in PARTS order, and its card set's Organization
index, the sizes of its card kinds and the op of each targeting card (one setting at a time
in a run)."""


def _target_op(does: tuple[Op, ...]) -> int:
    """The place in TARGET_OPS of a card's first op (-1: it chooses no seat)."""
    return TARGET_OPS.index(does[0].op) if does and does[0].op in TARGET_OPS else -1


def _tables(layout: Layout, cards: CardSet) -> list[Any]:
    """The offsets and card tables of `layout` (kept for the last layout asked)."""
    if _LAST[0] is not layout:
        if tuple(part.name for part in layout.parts) != PARTS:
            raise ValueError("not an Anima observation layout")
        ops = tuple(_target_op(c.does) for c in cards.advantages) \
            + tuple(_target_op(c.does) for c in cards.characters)
        _LAST[:] = [layout, tuple(layout.at[name] for name in PARTS), organizations(cards),
                    (len(cards.characters), len(cards.advantages), len(cards.encounters),
                     len(cards.basic), len(cards.areas), max(1, len(organizations(cards)))),
                    ops]
    return _LAST


def encode(state: AnimaFields, player: int, layout: Layout, out: Tensor) -> None:
    """Write `player`'s table into the zeroed `out`."""
    tables = _tables(layout, state.cards)
    (phase, step_, to_act, round_, order, area_revealed, reveal_armed, area, encounter_down,
     standing, growth, peeked, saved, location, party, exhausted, inactive, hand_size,
     organization, completed, missions, mission_progress, mission_shown, holding,
     mission_bonus, rest_bonus, round_over, speed_change, attacked, salvage_character,
     salvage_advantage, combat, combat_seat, combat_against, combat_foe, foe_combat,
     combat_bonus, combat_minus, combat_penalty, dice, check_seat, check_target, check_bonus,
     roll, second_roll, reward_taken, target_op, revealed_encounter, revealed_origin,
     other_side, final, hidden_finals, crisis_left, decks, character_discard,
     advantage_discard, area_discard, encounter_discard, trade_from, trade_gives,
     trade_gives_count, trade_gets, trade_gets_count, winners, omega_won, hand,
     offer_characters, offer_advantages, seen_finals, choice_areas,
     choice_advantages, blocked, proposed_to) = tables[1]
    orgs_at: dict[int, int] = tables[2]
    chars, advs, encs, basic, areas, orgs = tables[3]
    o = out.data
    n = state.num_players
    slots = 2 * n
    step = state.step
    over = state.phase == OVER
    rnd = state.round
    actor = state.actor
    # the round and the pending decision
    o[phase + state.phase] = 1
    o[step_ + step] = 1
    if not over and actor >= 0:
        o[to_act + (actor - player) % n] = 1
    o[round_] = rnd
    for place, seat in enumerate(state.order):
        o[order + (seat - player) % n * n + place] = 1
    if state.revealed:
        o[area_revealed] = 1
    if state.armed[ARM_REVEAL]:
        o[reveal_armed] = 1
    # the map
    enc_down, monster, peeks = state.enc_down, state.monster, state.seen[player]
    for slot, kind in enumerate(state.area_at):
        if kind < 0:
            continue
        o[area + slot * areas + kind] = 1
        if enc_down[slot] >= 0:
            o[encounter_down + slot] = 1
        if monster[slot] >= 0:
            o[standing + slot * encs + monster[slot]] = 1
            o[growth + slot] = state.growth[slot]
    for slot in peeks:
        o[peeked + slot * encs + enc_down[slot]] = 1
    for slot in state.saved:
        o[saved + slot] = 1
    # every party, from the viewer on
    done, mprog, kinds = state.done, state.mprog, state.missions
    loc, parties, tired, idle = state.loc, state.party, state.exhausted, state.inactive
    hands, org, bonuses, rests = state.hand, state.org, state.bonus, state.rest_round
    outs, mods, attacks, shown_final = state.out, state.speed_mod, state.attacked, \
        state.final >= 0
    for k in range(n):
        seat = (player + k) % n
        where = loc[seat]
        o[location + k * (slots + 1) + (where if where >= 0 else slots)] = 1
        base = k * chars
        for c in parties[seat]:
            o[party + base + c] = 1
        for c in tired[seat]:
            o[exhausted + base + c] = 1
        for c in idle[seat]:
            o[inactive + base + c] = 1
        o[hand_size + k] = len(hands[seat])
        if org[seat] >= 0:
            o[organization + k * orgs + orgs_at[org[seat]]] = 1
        completed_ = done[seat]
        for kind in completed_:
            o[completed + k * basic + kind] = 1
        progress = mprog[seat]
        for slot in range(MISSION_SLOTS):
            prog = progress[slot]
            if slot < 2:
                kind = kinds[seat][slot]
                if seat != player and not prog[M_SHOWN] and kind not in completed_:
                    continue
                o[missions + (k * 2 + slot) * basic + kind] = 1
            elif not shown_final or not prog[M_SHOWN]:
                continue
            if prog[M_STEP] or prog[M_COUNT]:
                at = mission_progress + (k * MISSION_SLOTS + slot) * 2
                o[at] = prog[M_STEP]
                o[at + 1] = prog[M_COUNT]
            if prog[M_SHOWN]:
                o[mission_shown + k * MISSION_SLOTS + slot] = 1
            if prog[M_DECLARED] == rnd:
                o[holding + k * MISSION_SLOTS + slot] = 1
        bonus = bonuses[seat]
        if bonus[0] or bonus[1]:
            o[mission_bonus + 2 * k] = bonus[0]
            o[mission_bonus + 2 * k + 1] = bonus[1]
        rest = rests[seat]
        if rest == rnd:
            o[rest_bonus + 2 * k] = 1
        elif rest == rnd + 1:
            o[rest_bonus + 2 * k + 1] = 1
        if outs[seat]:
            o[round_over + k] = 1
        if mods[seat]:
            o[speed_change + k] = mods[seat]
        if attacks[seat]:
            o[attacked + k] = 1
    if state.poor_char >= 0 and not state.salvaged_char:
        o[salvage_character + (state.poor_char - player) % n] = 1
    if state.poor_adv >= 0 and not state.salvaged_adv:
        o[salvage_advantage + (state.poor_adv - player) % n] = 1
    # combat and Speed checks
    if state.cb_kind:
        o[combat + state.cb_kind] = 1
        o[combat_seat + (state.cb_a - player) % n] = 1
        if state.cb_b >= 0:
            o[combat_against + (state.cb_b - player) % n] = 1
        if state.cb_foe >= 0:
            o[combat_foe + state.cb_foe] = 1
        o[foe_combat] = state.cb_foe_combat
        o[combat_bonus], o[combat_bonus + 1] = state.cb_bonus
        o[combat_minus], o[combat_minus + 1] = state.cb_minus
        o[combat_penalty] = state.cb_penalty
        if state.cb_prep >= 2:
            o[dice], o[dice + 1] = state.cb_dice
    if state.ck_seat >= 0:
        o[check_seat + (state.ck_seat - player) % n] = 1
        o[check_target] = state.ck_target
        o[check_bonus] = state.ck_bonus
    if state.roll >= 1:
        o[roll + state.roll - 1] = 1
    if state.roll2 >= 1:
        o[second_roll + state.roll2 - 1] = 1
    if state.reward_skip >= 0:
        o[reward_taken + state.reward_skip] = 1
    if step == S_TARGET:
        source = state.target_for
        op = tables[4][advs + source - ABILITY_TARGET if source >= ABILITY_TARGET else source]
        if op >= 0:
            o[target_op + op] = 1
    elif step == S_REVEALED:
        task = state.agenda[-1]
        o[revealed_encounter + task[2]] = 1
        o[revealed_origin + task[4]] = 1
    if step == S_ATTACKED or step in _TRADING or (step == S_STEAL_CHARACTER
                                                   and actor == player):
        o[other_side + (state.trade_with - player) % n] = 1
    # missions, decks and piles
    if state.final >= 0:
        o[final + state.final] = 1
        if state.options["end_game"] == "crisis":
            o[crisis_left] = state.crisis_left
    o[hidden_finals] = len(state.final_pile)
    o[decks] = len(state.char_deck)
    o[decks + 1] = len(state.adv_deck)
    o[decks + 2] = len(state.area_deck)
    o[decks + 3] = len(state.enc_deck)
    for kind in state.char_discard:
        o[character_discard + kind] = 1
    for kind in state.adv_discard:
        o[advantage_discard + kind] = 1
    for kind in state.area_discard:
        o[area_discard + kind] = 1
    for kind in state.enc_discard:
        o[encounter_discard + kind] = 1
    if step in _TRADING:
        _trade(state, player, o, trade_from, trade_gives, trade_gives_count, trade_gets,
               trade_gets_count, advs)
    if over:
        if state.winner >= 0:
            o[winners + (state.winner - player) % n] = 1
        elif state.omega_won:
            o[omega_won] = 1
        else:
            best = max(map(len, done))
            for k in range(n):
                if len(done[(player + k) % n]) == best:
                    o[winners + k] = 1
    # the viewer's own
    for kind in state.hand[player]:
        o[hand + kind] = 1
    offer = state.offer[player]
    if len(offer) == 6:
        o[offer_characters + offer[0]] = 1
        o[offer_characters + offer[1]] = 1
    if len(offer) >= 4:
        for kind in offer[-4:]:
            o[offer_advantages + kind] = 1
    if state.saw_finals[player]:
        for kind in state.final_pile:
            o[seen_finals + kind] = 1
    if actor == player:
        if step == S_PICK_AREA:
            for kind in state.pool:
                o[choice_areas + kind] = 1
        elif step in _CHOOSING:
            for kind in state.pool:
                o[choice_advantages + kind] = 1
    bits = state.blocked[player]
    if bits:
        for i in range(len(SKILLS)):
            if bits >> i & 1:
                o[blocked + i] = 1
    traded = state.traded[player]
    if traded:
        for k in range(n):
            if traded >> (player + k) % n & 1:
                o[proposed_to + k] = 1


def _trade(state: AnimaFields, player: int, o: memoryview, trade_from: int, gives: int,
           gives_count: int, gets: int, gets_count: int, advs: int) -> None:
    """The trade under way: its sides, and each side's cards if the viewer saw them, else
    how many once made (views.trade_seen)."""
    n = state.num_players
    o[trade_from + (state.order[state.turn_idx] - player) % n] = 1
    see_gives, see_gets, offered, answered = trade_seen(state, player)
    for base, count, actions, seen, made in (
            (gives, gives_count, state.trade_gives, see_gives, offered),
            (gets, gets_count, state.trade_gets, see_gets, answered)):
        if seen:
            for action in actions:
                o[base + (advs + action - A_OFFER_CHAR if action >= A_OFFER_CHAR
                          else action - A_OFFER_ADV)] = 1
        if seen or made:
            o[count] = len(actions)
