"""Every decision step: its legal actions and what choosing one does (a trade's steps are
in interaction.py), and `STEPS`, the table of them all.

A step's legal builder lists the actions of the decision the state waits on; its handler
carries one out (the engine has checked it is legal) and leaves the agenda to go on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from candlelit.engine.flow import Step, Steps
from candlelit.games.anima import (
    agenda,
    areas,
    casualties,
    checks,
    combat,
    decks,
    exploration,
    interaction,
    missions,
    party,
    progress,
)
from candlelit.games.anima.constants import (
    A_ABILITY,
    A_ACCEPT,
    A_ATTACK,
    A_CHARACTER,
    A_CULL,
    A_DISCARD,
    A_DONE,
    A_EXPLORE,
    A_FIRST,
    A_MINUS,
    A_MISSION,
    A_OFFER_ADV,
    A_OFFER_CHAR,
    A_PEEK,
    A_PLAY,
    A_PLUS,
    A_REST,
    A_REVEAL,
    A_REVEAL_KIND,
    A_REWARD,
    A_ROLL,
    A_SALVAGE_ADV,
    A_SALVAGE_CHAR,
    A_SEAT,
    A_SECOND,
    A_STAY,
    A_TRADE,
    A_TRAVEL,
    ARM_REVEAL,
    HAND_LIMIT,
    O_MOVEMENT,
    PARTY_LIMIT,
    S_ADJUST,
    S_AFTER_ROLL,
    S_ATTACKED,
    S_CHECK,
    S_CULL,
    S_DEATH,
    S_DISCARD,
    S_EXPLORE,
    S_EXPLORE_ROLLED,
    S_GIVE,
    S_INACTIVATE,
    S_INTERACT,
    S_KEEP_CHARACTER,
    S_KEEP_ONE,
    S_LOSE_CHARACTER,
    S_MOVE,
    S_NONE,
    S_PEEK,
    S_PICK_AREA,
    S_PREP,
    S_REACT,
    S_REROLL_PICK,
    S_RESET,
    S_RETURN_ADVANTAGE,
    S_REVEALED,
    S_REWARD,
    S_SAVE_AREA,
    S_SNEAK,
    S_STEAL_CHARACTER,
    S_TARGET,
    S_TRADE_CONFIRM,
    S_TRADE_OFFER,
    S_TRADE_REPLY,
    S_UNVEIL,
    STEP_NAMES,
    T_CULL,
    T_DISCARD,
    T_ENTER,
    T_FACE,
    T_LOSE_CHAR,
    T_MAIN,
    T_SAVE_ASK,
)
from candlelit.games.anima.vocabulary import Op, window_of

if TYPE_CHECKING:
    from candlelit.games.anima.state import AnimaFields

ABILITY_TARGET = 100
"""`target_for` above this names a character ability (minus 100), below it a card."""


# -- shared judgements --------------------------------------------------------------------
def targets(s: AnimaFields, seat: int, op: str) -> list[int]:
    """Seats a targeted effect may be aimed at."""
    here = s.loc[seat]
    others = [q for q in range(s.num_players) if q != seat]
    if op == "steal_advantage":
        return [q for q in others if here >= 0 and s.loc[q] == here and s.hand[q]]
    if op == "steal_character":
        if len(s.party[seat]) >= PARTY_LIMIT:
            return []
        return [q for q in others if here >= 0 and s.loc[q] == here and len(s.party[q]) > 1]
    if op == "sabotage":
        return others
    raise AssertionError(f"anima: op {op} is never offered with targets")


def _first_op(s: AnimaFields, kind: int) -> str:
    does = s.advantage(kind).does
    return does[0].op if does else ""


def _usable_card(s: AnimaFields, seat: int, kind: int, phase_window: str) -> bool:
    """Whether an advantage can be played in a seat's own phase turn now."""
    card = s.cards.advantages[kind]
    window = card.window
    if window == "join":
        return phase_window == "reset" and s.org[seat] != kind
    if window not in (phase_window, "any"):
        return False
    if not party.has_skill_ready(s, seat, card.skill):
        return False
    op = card.does[0].op
    if window == "any" or op in ("steal_advantage", "steal_character"):
        return bool(targets(s, seat, op))
    if op == "peek_encounter":
        return bool(_peekable(s, seat))
    if op == "recruit":
        return len(s.party[seat]) < PARTY_LIMIT
    if op == "extra_reveal":
        return bool(s.revealed) and not s.armed[ARM_REVEAL] and _may_reveal_any(s, seat, True)
    if op == "scout_areas":
        return _may_reveal_any(s, seat, False) and bool(s.area_deck)
    if op == "sneak_in":
        return bool(_destinations(s, seat))
    return True


def _peekable(s: AnimaFields, seat: int) -> list[int]:
    return [i for i, e in enumerate(s.enc_down) if e >= 0 and i not in s.seen[seat]]


def _destinations(s: AnimaFields, seat: int) -> list[int]:
    here = s.loc[seat]
    return [i for i, a in enumerate(s.area_at) if a >= 0 and i != here]


def _may_reveal_any(s: AnimaFields, seat: int, armed: bool) -> bool:
    """Whether a new area may be revealed now (one per round unless armed; room at the cap)."""
    if s.revealed and not (armed or s.armed[ARM_REVEAL]):
        return False
    return -1 in s.area_at or bool(areas.removable(s))


def _ability_chars(s: AnimaFields, seat: int, window: str) -> list[int]:
    """Ready characters whose exhausting ability acts in `window` and can act now."""
    chars = s.cards.characters
    out = []
    for c in s.party[seat]:
        card = chars[c]
        if not card.exhaust or not card.does or not party.ready(s, seat, c):
            continue
        op = card.does[0]
        if window_of(op) != window:
            continue
        if op.op == "recruit" and len(s.party[seat]) >= PARTY_LIMIT:
            continue
        if op.op in ("steal_advantage", "steal_character", "sabotage") and \
                not targets(s, seat, op.op):
            continue
        out.append(c)
    return out


# -- legal actions -------------------------------------------------------------------------
def _keep_character(s: AnimaFields, seat: int) -> list[int]:
    return [A_CHARACTER + c for c in s.offer[seat][:2]]


def _return_advantage(s: AnimaFields, seat: int) -> list[int]:
    return [A_DISCARD + k for k in s.offer[seat]]


def _reset(s: AnimaFields, seat: int) -> list[int]:
    out = [A_DONE]
    out += [A_DISCARD + k for k in s.hand[seat]]
    if len(s.party[seat]) > 1:
        out += [A_CHARACTER + c for c in s.party[seat]]
    out += [A_PLAY + k for k in s.hand[seat] if _usable_card(s, seat, k, "reset")]
    out += [A_ABILITY + c for c in _ability_chars(s, seat, "reset")]
    if s.poor_char == seat and not s.salvaged_char and len(s.party[seat]) < PARTY_LIMIT:
        out += [A_SALVAGE_CHAR + c for c in set(s.char_discard)]
    if s.poor_adv == seat and not s.salvaged_adv and len(s.hand[seat]) < HAND_LIMIT:
        out += [A_SALVAGE_ADV + k for k in set(s.adv_discard)]
    return out


def _move(s: AnimaFields, seat: int) -> list[int]:
    out = [A_REST] + [A_TRAVEL + i for i in _destinations(s, seat)]
    if s.loc[seat] >= 0:
        out.append(A_STAY)
    if _may_reveal_any(s, seat, False):
        if s.area_deck:
            out.append(A_REVEAL)
        out += [A_REVEAL_KIND + k for k in set(s.area_discard)]
    out += [A_PLAY + k for k in s.hand[seat] if _usable_card(s, seat, k, "movement")]
    return out


def _cull(s: AnimaFields, seat: int) -> list[int]:
    return [A_CULL + i for i in areas.removable(s)]


def _save_area(s: AnimaFields, seat: int) -> list[int]:
    return [A_DONE] + [A_DISCARD + k for k in s.hand[seat]]


def _interact(s: AnimaFields, seat: int) -> list[int]:
    attackable = interaction.attack_targets(s, seat)
    forced = [q for q in attackable if interaction.rivals(s, seat, q)]  # rivals fight at once
    if forced:
        return [A_ATTACK + q for q in forced]
    out = [A_DONE] + [A_ATTACK + q for q in attackable]
    out += [A_TRADE + q for q in interaction.trade_partners(s, seat)]
    out += [A_PLAY + k for k in s.hand[seat] if _usable_card(s, seat, k, "interaction")]
    out += [A_ABILITY + c for c in _ability_chars(s, seat, "interaction")]
    return out


def _explore(s: AnimaFields, seat: int) -> list[int]:
    out = [A_EXPLORE] + [A_MISSION + m for m in missions.here(s, seat)]
    if missions.holding(s, seat):
        out.append(A_DONE)  # a party holding an area need not explore it
    return out


def _prep(s: AnimaFields, seat: int) -> list[int]:
    return ([A_ROLL] + [A_PLAY + k for k in combat.prep_cards(s, seat)]
            + [A_ABILITY + c for c in combat.prep_abilities(s, seat)])


def _after_roll(s: AnimaFields, seat: int) -> list[int]:
    return [A_DONE] + [A_ABILITY + c for c in party.ready_with(s, seat, "combat_reroll")]


def _check(s: AnimaFields, seat: int) -> list[int]:
    return ([A_ROLL] + [A_PLAY + k for k in party.cards_for_window(s, seat, "check")]
            + [A_ABILITY + c for c in party.ready_with(s, seat, "check_bonus")])


def _explore_rolled(s: AnimaFields, seat: int) -> list[int]:
    return ([A_ACCEPT] + [A_PLAY + k for k in party.cards_for_window(s, seat, "explore")]
            + [A_ABILITY + c for c in party.ready_with(s, seat, "explore_reroll")])


def _adjust(s: AnimaFields, seat: int) -> list[int]:
    return ([A_PLUS] if s.roll < 6 else []) + ([A_MINUS] if s.roll > 1 else [])


def _reroll_pick(s: AnimaFields, seat: int) -> list[int]:
    return [A_FIRST, A_SECOND]


def _reward(s: AnimaFields, seat: int) -> list[int]:
    rewards = s.cards.areas[s.area_at[s.loc[seat]]].rewards
    return [A_REWARD + i for i in range(len(rewards)) if i != s.reward_skip]


def _lose_character(s: AnimaFields, seat: int) -> list[int]:
    return [A_CHARACTER + c for c in s.party[seat]]


def _inactivate(s: AnimaFields, seat: int) -> list[int]:
    return [A_CHARACTER + c for c in party.active(s, seat)]


def _death(s: AnimaFields, seat: int) -> list[int]:
    return ([A_DONE] + [A_PLAY + k for k in party.cards_for_window(s, seat, "death")]
            + [A_ABILITY + c for c in party.ready_with(s, seat, "prevent_death")])


def _discard(s: AnimaFields, seat: int) -> list[int]:
    return [A_DISCARD + k for k in s.hand[seat]]


def _keep_one(s: AnimaFields, seat: int) -> list[int]:
    return [A_OFFER_ADV + k for k in s.pool]


def _give(s: AnimaFields, seat: int) -> list[int]:
    return [A_SEAT + q for q in range(s.num_players) if q != seat]


def _revealed(s: AnimaFields, seat: int) -> list[int]:
    task = s.agenda[-1]
    return [A_DONE] + [A_ABILITY + c for c in
                       areas.revealed_options(s, seat, task[2], task[4])]


def _attacked(s: AnimaFields, seat: int) -> list[int]:
    return [A_DONE] + [A_PLAY + k for k in party.cards_for_window(s, seat, "attacked")]


def _target(s: AnimaFields, seat: int) -> list[int]:
    return [A_SEAT + q for q in targets(s, seat, _target_op(s))]


def _target_op(s: AnimaFields) -> str:
    if s.target_for >= ABILITY_TARGET:
        return s.character(s.target_for - ABILITY_TARGET).does[0].op
    return _first_op(s, s.target_for)


def _pick_area(s: AnimaFields, seat: int) -> list[int]:
    return [A_REVEAL_KIND + k for k in s.pool]


def _steal_character(s: AnimaFields, seat: int) -> list[int]:
    return [A_CHARACTER + c for c in s.party[s.trade_with]]


def _peek(s: AnimaFields, seat: int) -> list[int]:
    return [A_PEEK + i for i in _peekable(s, seat)]


def _sneak(s: AnimaFields, seat: int) -> list[int]:
    return [A_TRAVEL + i for i in _destinations(s, seat)]


def _react(s: AnimaFields, seat: int) -> list[int]:
    return [A_DONE] + [A_PLAY + k for k in checks.reaction_cards(s, seat)]


def _unveil(s: AnimaFields, seat: int) -> list[int]:
    return [A_DONE, A_REVEAL]


# -- applying a decision ---------------------------------------------------------------------
def _a_keep_character(s: AnimaFields, seat: int, action: int) -> None:
    kind = action - A_CHARACTER
    chars = s.offer[seat][:2]
    chars.remove(kind)
    s.party[seat] = [kind]
    s.char_deck.extend(chars)
    s.shuffle(s.char_deck)
    s.offer[seat] = s.offer[seat][2:]
    s._emit("setup", "anima.kept_character", {"seat": seat, "card": s.character(kind).id})


def _a_return_advantage(s: AnimaFields, seat: int, action: int) -> None:
    kind = action - A_DISCARD
    kept = [k for k in s.offer[seat] if k != kind]
    s.hand[seat] = sorted(kept)
    s.adv_deck.append(kind)
    s.shuffle(s.adv_deck)
    s.offer[seat] = []
    s._emit("setup", "anima.kept_advantages", {"seat": seat, "count": len(kept)})


def _a_reset(s: AnimaFields, seat: int, action: int) -> None:
    if action == A_DONE:
        s._emit("reset", "anima.reset_done", {"seat": seat})
        return
    agenda.push(s, T_MAIN, seat)
    if A_DISCARD <= action < A_SALVAGE_ADV:
        kind = action - A_DISCARD
        s.hand[seat].remove(kind)
        s.adv_discard.append(kind)
        s._emit("discard", "anima.discarded", {"seat": seat, "card": s.advantage(kind).id})
    elif A_CHARACTER <= action < A_SALVAGE_CHAR:
        kind = action - A_CHARACTER
        party.discard_character(s, seat, kind)
        s._emit("reset", "anima.dismissed", {"seat": seat, "card": s.character(kind).id})
    elif A_SALVAGE_CHAR <= action < A_OFFER_CHAR:
        kind = action - A_SALVAGE_CHAR
        s.char_discard.remove(kind)
        s.party[seat].append(kind)
        s.salvaged_char = 1
        s._emit("reset", "anima.salvaged", {"seat": seat, "card": s.character(kind).id})
    elif A_SALVAGE_ADV <= action < A_OFFER_ADV:
        kind = action - A_SALVAGE_ADV
        s.adv_discard.remove(kind)
        decks.to_hand(s, seat, kind)
        s.salvaged_adv = 1
        s._emit("reset", "anima.salvaged", {"seat": seat, "card": s.advantage(kind).id})
    elif A_ABILITY <= action < A_CHARACTER:
        _use_phase_ability(s, seat, action - A_ABILITY)
    else:
        _play_phase_card(s, seat, action - A_PLAY)


def _play_phase_card(s: AnimaFields, seat: int, kind: int) -> None:
    """Play an advantage in a seat's own Reset, Movement or Interaction turn."""
    card = s.advantage(kind)
    if card.type == "Organization":
        s.hand[seat].remove(kind)
        if s.org[seat] >= 0:
            s.adv_discard.append(s.org[seat])
        s.org[seat] = kind
        s._emit("reset", "anima.joined", {"seat": seat, "card": card.id})
        return
    party.spend_card(s, seat, kind)
    _phase_ops(s, seat, kind, card.does)


def _use_phase_ability(s: AnimaFields, seat: int, kind: int) -> None:
    party.use_ability(s, seat, kind)
    _phase_ops(s, seat, ABILITY_TARGET + kind, s.character(kind).does)


def _phase_ops(s: AnimaFields, seat: int, source: int, ops: tuple[Op, ...]) -> None:
    for op in ops:
        name = op.op
        if name == "speed_round":
            s.speed_mod[seat] += op.amount
        elif name == "refresh_inactive":
            s.inactive[seat] = []
        elif name == "recruit":
            decks.recruit(s, seat)
        elif name == "draw":
            decks.draw_advantages(s, seat, op.count)
        elif name == "extra_reveal":
            s.armed[ARM_REVEAL] = 1
        elif name == "scout_areas":
            s.pool = s.area_deck[-op.count:][::-1]
            s.step, s.actor = S_PICK_AREA, seat
            if s.agenda and s.agenda[-1][0] == T_MAIN:
                s.agenda.pop()
        elif name == "sneak_in":
            s.step, s.actor = S_SNEAK, seat
            if s.agenda and s.agenda[-1][0] == T_MAIN:
                s.agenda.pop()
        elif name == "peek_encounter":
            s.step, s.actor = S_PEEK, seat
            if not s.agenda or s.agenda[-1][0] != T_MAIN:
                agenda.push(s, T_MAIN, seat)
        elif name in ("steal_advantage", "steal_character", "sabotage"):
            s.target_for = source
            s.step, s.actor = S_TARGET, seat
        else:
            raise AssertionError(f"anima: op {name} is never offered in a phase turn")


def _a_move(s: AnimaFields, seat: int, action: int) -> None:
    if action == A_REST:
        s.loc[seat], s.rest_round[seat] = -1, s.round + 1
        s._emit("move", "anima.rested", {"seat": seat})
    elif action == A_STAY:
        s._emit("move", "anima.stayed", {"seat": seat})
    elif action == A_REVEAL or A_REVEAL_KIND <= action < A_PLAY:
        if action == A_REVEAL:
            kind = s.area_deck.pop()
        else:
            kind = action - A_REVEAL_KIND
            s.area_discard.remove(kind)
        _count_reveal(s)
        areas.reveal_area(s, seat, kind)
    elif A_TRAVEL <= action < A_CULL:
        slot = action - A_TRAVEL
        s._emit("move", "anima.travels", {"seat": seat,
                                          "area": s.cards.areas[s.area_at[slot]].id})
        agenda.push(s, T_ENTER, seat, slot)
        agenda.push(s, T_FACE, seat, slot, O_MOVEMENT)
    else:
        agenda.push(s, T_MAIN, seat)
        _play_phase_card(s, seat, action - A_PLAY)


def _count_reveal(s: AnimaFields) -> None:
    if s.revealed:
        s.armed[ARM_REVEAL] = 0
    s.revealed = 1


def _a_cull(s: AnimaFields, seat: int, action: int) -> None:
    slot = action - A_CULL
    s.count_left = slot
    s._emit("move", "anima.cull_chosen", {"seat": seat,
                                          "area": s.cards.areas[s.area_at[slot]].id})
    if len(areas.removable(s)) > 1:
        s.asked = [q for q in s.order if q != seat]
    else:
        s.asked = []
    agenda.push(s, T_SAVE_ASK, seat, s.target_for)


def _a_save_area(s: AnimaFields, seat: int, action: int) -> None:
    if action == A_DONE:
        return
    task = s.agenda.pop()
    kind = action - A_DISCARD
    s.hand[seat].remove(kind)
    s.adv_discard.append(kind)
    slot = s.count_left
    s.saved.append(slot)
    s.asked = []
    s._emit("move", "anima.area_saved", {"seat": seat, "card": s.advantage(kind).id,
                                         "area": s.cards.areas[s.area_at[slot]].id})
    agenda.push(s, T_CULL, task[1], task[2])


def _a_interact(s: AnimaFields, seat: int, action: int) -> None:
    if action == A_DONE:
        return
    agenda.push(s, T_MAIN, seat)
    if A_ATTACK <= action < A_TRADE:
        q = action - A_ATTACK
        s.attacked[seat] = 1
        s._emit("attack", "anima.attacks", {"seat": seat, "to": q})
        if s.hand[q]:
            s.trade_with = seat
            s.step, s.actor = S_ATTACKED, q
        else:
            combat.start_party(s, seat, q)
    elif A_TRADE <= action < A_SEAT:
        q = action - A_TRADE
        s.traded[seat] |= 1 << q
        s.trade_with = q
        s.trade_gives, s.trade_gets = [], []
        s._emit("trade", "anima.trade_proposed", {"seat": seat, "to": q})
        s.step, s.actor = S_TRADE_OFFER, seat
    elif A_ABILITY <= action < A_CHARACTER:
        _use_phase_ability(s, seat, action - A_ABILITY)
    else:
        _play_phase_card(s, seat, action - A_PLAY)


def _a_attacked(s: AnimaFields, seat: int, action: int) -> None:
    attacker = s.trade_with
    if action == A_DONE:
        combat.start_party(s, attacker, seat)
        return
    party.spend_card(s, seat, action - A_PLAY)
    s._emit("attack", "anima.attack_cancelled", {"seat": seat, "to": attacker})


def _a_explore(s: AnimaFields, seat: int, action: int) -> None:
    if action == A_DONE:
        s._emit("explore", "anima.held_only", {"seat": seat})
        return
    if action != A_EXPLORE:
        missions.work(s, seat, action - A_MISSION)
        return
    s.roll = s.d6()
    s._emit("explore", "anima.explore_roll", {"seat": seat, "roll": s.roll})
    if s.hand[seat] or party.ready_with(s, seat, "explore_reroll"):
        s.step, s.actor = S_EXPLORE_ROLLED, seat
    else:
        exploration.explore_result(s, seat, s.roll)


def _a_explore_rolled(s: AnimaFields, seat: int, action: int) -> None:
    if action == A_ACCEPT:
        exploration.explore_result(s, seat, s.roll)
        return
    if A_ABILITY <= action < A_CHARACTER:
        party.use_ability(s, seat, action - A_ABILITY)
        s.roll2 = s.d6()
        s._emit("explore", "anima.second_roll", {"seat": seat, "roll": s.roll2})
        s.step, s.actor = S_REROLL_PICK, seat
        return
    kind = action - A_PLAY
    party.spend_card(s, seat, kind)
    op = s.advantage(kind).does[0]
    if op.op == "explore_adjust":
        s.count_left = op.amount
        s.step, s.actor = S_ADJUST, seat
    elif op.choose:
        s.roll2 = s.d6()
        s.step, s.actor = S_REROLL_PICK, seat
    else:
        s.roll = s.d6()
        s._emit("explore", "anima.explore_roll", {"seat": seat, "roll": s.roll})
        s.step, s.actor = S_EXPLORE_ROLLED, seat


def _a_adjust(s: AnimaFields, seat: int, action: int) -> None:
    amount = s.count_left if action == A_PLUS else -s.count_left
    s.roll = max(1, min(6, s.roll + amount))
    s._emit("explore", "anima.explore_roll", {"seat": seat, "roll": s.roll})
    s.step, s.actor = S_EXPLORE_ROLLED, seat


def _a_reroll_pick(s: AnimaFields, seat: int, action: int) -> None:
    if action == A_SECOND:
        s.roll = s.roll2
    s.roll2 = -1
    s._emit("explore", "anima.explore_roll", {"seat": seat, "roll": s.roll})
    s.step, s.actor = S_EXPLORE_ROLLED, seat


def _a_prep(s: AnimaFields, seat: int, action: int) -> None:
    if action == A_ROLL:
        s.cb_prep += 1
        combat.next_prep(s)
        return
    if A_ABILITY <= action < A_CHARACTER:
        kind = action - A_ABILITY
        party.use_ability(s, seat, kind)
        combat.apply_combat_ops(s, seat, s.character(kind).does, from_card=False)
    else:
        kind = action - A_PLAY
        card = s.advantage(kind)
        party.spend_card(s, seat, kind)
        combat.apply_combat_ops(s, seat, card.does, from_card=True, card_type=card.type)
    if s.cb_kind != 0:
        s.step, s.actor = S_PREP, seat


def _a_after_roll(s: AnimaFields, seat: int, action: int) -> None:
    if action != A_DONE:
        combat.reroll_own(s, seat, action - A_ABILITY)
    s.cb_prep += 1
    combat.after_roll(s)


def _a_check(s: AnimaFields, seat: int, action: int) -> None:
    if action == A_ROLL:
        checks.roll_check(s)
        return
    if A_ABILITY <= action < A_CHARACTER:
        kind = action - A_ABILITY
        party.use_ability(s, seat, kind)
        s.ck_bonus += sum(o.amount for o in s.character(kind).does if o.op == "check_bonus")
    else:
        kind = action - A_PLAY
        party.spend_card(s, seat, kind)
        s.ck_bonus += sum(o.amount for o in s.advantage(kind).does if o.op == "check_bonus")
    s.step, s.actor = S_CHECK, seat


def _a_reward(s: AnimaFields, seat: int, action: int) -> None:
    exploration.take_reward(s, seat, action - A_REWARD)


def _a_lose_character(s: AnimaFields, seat: int, action: int) -> None:
    casualties.lose_character(s, seat, action - A_CHARACTER)


def _a_inactivate(s: AnimaFields, seat: int, action: int) -> None:
    casualties.inactivate(s, seat, action - A_CHARACTER)


def _a_death(s: AnimaFields, seat: int, action: int) -> None:
    if action == A_DONE:
        agenda.push(s, T_LOSE_CHAR, seat)
        return
    if A_ABILITY <= action < A_CHARACTER:
        party.use_ability(s, seat, action - A_ABILITY)
    else:
        party.spend_card(s, seat, action - A_PLAY)
    s._emit("death", "anima.saved", {"seat": seat})


def _a_discard(s: AnimaFields, seat: int, action: int) -> None:
    kind = action - A_DISCARD
    s.hand[seat].remove(kind)
    s.adv_discard.append(kind)
    s._emit("discard", "anima.discarded", {"seat": seat, "card": s.advantage(kind).id})
    if s.count_left > 1:
        agenda.push(s, T_DISCARD, seat, s.count_left - 1)


def _a_keep_one(s: AnimaFields, seat: int, action: int) -> None:
    kind = action - A_OFFER_ADV
    s.pool.remove(kind)
    if len(s.hand[seat]) < HAND_LIMIT:
        decks.to_hand(s, seat, kind)
        s._emit("draw", "anima.drew_card", {"seat": seat, "card": s.advantage(kind).id},
                (seat,))
    else:
        s.adv_discard.append(kind)
        s._emit("draw", "anima.hand_full", {"seat": seat})
    if s.pool:
        s.step, s.actor = S_GIVE, seat


def _a_give(s: AnimaFields, seat: int, action: int) -> None:
    q = action - A_SEAT
    kind = s.pool.pop(0)
    if len(s.hand[q]) < HAND_LIMIT:
        decks.to_hand(s, q, kind)
        s._emit("draw", "anima.gave_card", {"seat": seat, "to": q,
                                            "card": s.advantage(kind).id}, (seat, q))
        s._emit("draw", "anima.gave", {"seat": seat, "to": q})
    else:
        s.adv_discard.append(kind)
        s._emit("draw", "anima.hand_full", {"seat": q})
    if s.pool:
        s.step, s.actor = S_GIVE, seat


def _a_revealed(s: AnimaFields, seat: int, action: int) -> None:
    if action == A_DONE:
        return
    kind = action - A_ABILITY
    party.use_ability(s, seat, kind)
    task = s.agenda.pop()
    enc, slot, origin = task[2], task[3], task[4]
    s.enc_discard.append(enc)
    if any(o.op == "swap_encounter" for o in s.character(kind).does):
        nxt = decks.pop_encounter(s)
        if nxt >= 0:
            areas.reveal(s, seat, nxt, slot, origin, task[5], 0)
    else:
        s._emit("encounter", "anima.cancelled", {"seat": seat})


def _a_target(s: AnimaFields, seat: int, action: int) -> None:
    q = action - A_SEAT
    op = _target_op(s)
    if op == "sabotage":
        amount = _op_amount(s, "sabotage")
        s.speed_mod[q] -= amount
        s._emit("effect", "anima.sabotaged", {"seat": seat, "to": q, "amount": amount})
    elif op == "steal_advantage":
        kind = s.hand[q][s.below(len(s.hand[q]))]
        s.hand[q].remove(kind)
        if len(s.hand[seat]) < HAND_LIMIT:
            decks.to_hand(s, seat, kind)
        else:
            s.adv_discard.append(kind)
        s._emit("steal", "anima.took_card", {"seat": seat, "from": q,
                                             "card": s.advantage(kind).id}, (seat, q))
        s._emit("steal", "anima.took", {"seat": seat, "from": q})
    else:
        s.trade_with = q
        s.step, s.actor = S_STEAL_CHARACTER, seat
        return
    s.target_for = -1


def _op_amount(s: AnimaFields, name: str) -> int:
    ops = (s.character(s.target_for - ABILITY_TARGET).does if s.target_for >= ABILITY_TARGET
           else s.advantage(s.target_for).does)
    return sum(o.amount for o in ops if o.op == name)


def _a_steal_character(s: AnimaFields, seat: int, action: int) -> None:
    kind = action - A_CHARACTER
    q = s.trade_with
    party.move_character(s, q, seat, kind)
    s._emit("steal", "anima.took_character", {"seat": seat, "from": q,
                                              "card": s.character(kind).id})
    s.target_for = -1


def _a_pick_area(s: AnimaFields, seat: int, action: int) -> None:
    kind = action - A_REVEAL_KIND
    for k in s.pool:
        s.area_deck.remove(k)
    rest = [k for k in s.pool if k != kind]
    s.area_deck[:0] = rest
    s.pool = []
    _count_reveal(s)
    areas.reveal_area(s, seat, kind)


def _a_peek(s: AnimaFields, seat: int, action: int) -> None:
    slot = action - A_PEEK
    s.seen[seat].append(slot)
    s._emit("effect", "anima.peeked", {"seat": seat,
                                       "area": s.cards.areas[s.area_at[slot]].id})
    s._emit("effect", "anima.peek_card", {"card": s.cards.encounters[s.enc_down[slot]].id},
            (seat,))


def _a_sneak(s: AnimaFields, seat: int, action: int) -> None:
    slot = action - A_TRAVEL
    s.loc[seat] = slot
    s._emit("move", "anima.sneaked", {"seat": seat,
                                      "area": s.cards.areas[s.area_at[slot]].id})


def _a_react(s: AnimaFields, seat: int, action: int) -> None:
    if action != A_DONE:
        kind = action - A_PLAY
        party.spend_card(s, seat, kind)
        amount = sum(o.amount for o in s.advantage(kind).does if o.op == "sabotage")
        s.speed_mod[s.ck_seat] -= amount
        s._emit("effect", "anima.sabotaged", {"seat": seat, "to": s.ck_seat,
                                              "amount": amount})
    checks.after_interruption(s, seat)


def _a_unveil(s: AnimaFields, seat: int, action: int) -> None:
    if action == A_REVEAL:
        progress.reveal_final(s, seat)


# -- the step table --------------------------------------------------------------------------
Legal = Callable[["AnimaFields", int], list[int]]
Apply = Callable[["AnimaFields", int, int], None]


def _step(kind: int, legal: Legal, apply: Apply) -> Step[AnimaFields]:
    """Step `kind`, named as the view names it: its sorted legal actions, and its handler
    run once the awaited decision is cleared (a handler may ask for the next one)."""
    def sorted_legal(s: AnimaFields, seat: int) -> list[int]:
        return sorted(legal(s, seat))

    def answer(s: AnimaFields, seat: int, action: int) -> None:
        s.step = S_NONE
        apply(s, seat, action)

    name = STEP_NAMES[kind]
    return Step(name, sorted_legal, answer, f"anima.prompt.{name}")


STEPS: Steps[AnimaFields] = Steps("anima", range(S_NONE), {
    S_KEEP_CHARACTER: _step(S_KEEP_CHARACTER, _keep_character, _a_keep_character),
    S_RETURN_ADVANTAGE: _step(S_RETURN_ADVANTAGE, _return_advantage, _a_return_advantage),
    S_RESET: _step(S_RESET, _reset, _a_reset),
    S_MOVE: _step(S_MOVE, _move, _a_move),
    S_CULL: _step(S_CULL, _cull, _a_cull),
    S_SAVE_AREA: _step(S_SAVE_AREA, _save_area, _a_save_area),
    S_INTERACT: _step(S_INTERACT, _interact, _a_interact),
    S_TRADE_OFFER: _step(S_TRADE_OFFER, interaction.offer_actions, interaction.apply_offer),
    S_TRADE_REPLY: _step(S_TRADE_REPLY, interaction.reply_actions, interaction.apply_reply),
    S_TRADE_CONFIRM: _step(S_TRADE_CONFIRM, interaction.confirm_actions,
                           interaction.apply_confirm),
    S_EXPLORE: _step(S_EXPLORE, _explore, _a_explore),
    S_PREP: _step(S_PREP, _prep, _a_prep),
    S_AFTER_ROLL: _step(S_AFTER_ROLL, _after_roll, _a_after_roll),
    S_CHECK: _step(S_CHECK, _check, _a_check),
    S_EXPLORE_ROLLED: _step(S_EXPLORE_ROLLED, _explore_rolled, _a_explore_rolled),
    S_ADJUST: _step(S_ADJUST, _adjust, _a_adjust),
    S_REROLL_PICK: _step(S_REROLL_PICK, _reroll_pick, _a_reroll_pick),
    S_REWARD: _step(S_REWARD, _reward, _a_reward),
    S_LOSE_CHARACTER: _step(S_LOSE_CHARACTER, _lose_character, _a_lose_character),
    S_INACTIVATE: _step(S_INACTIVATE, _inactivate, _a_inactivate),
    S_DEATH: _step(S_DEATH, _death, _a_death),
    S_DISCARD: _step(S_DISCARD, _discard, _a_discard),
    S_KEEP_ONE: _step(S_KEEP_ONE, _keep_one, _a_keep_one),
    S_GIVE: _step(S_GIVE, _give, _a_give),
    S_REVEALED: _step(S_REVEALED, _revealed, _a_revealed),
    S_ATTACKED: _step(S_ATTACKED, _attacked, _a_attacked),
    S_TARGET: _step(S_TARGET, _target, _a_target),
    S_PICK_AREA: _step(S_PICK_AREA, _pick_area, _a_pick_area),
    S_STEAL_CHARACTER: _step(S_STEAL_CHARACTER, _steal_character, _a_steal_character),
    S_PEEK: _step(S_PEEK, _peek, _a_peek),
    S_SNEAK: _step(S_SNEAK, _sneak, _a_sneak),
    S_REACT: _step(S_REACT, _react, _a_react),
    S_UNVEIL: _step(S_UNVEIL, _unveil, _a_unveil),
})
"""Every decision a seat can be asked (S_NONE, no decision awaited, is none of them),
checked complete at import; the engine's legal_actions / apply_action dispatch on it."""
