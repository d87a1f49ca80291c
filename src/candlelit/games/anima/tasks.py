"""The agenda's tasks: what each task code does when the agenda reaches it.

A task for a party whose round is over (`out`: beaten, expelled, or slipped away) does
nothing, which is how "its turn ends at once" works. A task that needs a seat's choice
asks for it (see agenda.ask) and the agenda waits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.engine.flow import Tasks
from candlelit.games.anima import (
    agenda,
    areas,
    casualties,
    checks,
    combat,
    decks,
    exploration,
    missions,
    party,
    progress,
)
from candlelit.games.anima.agenda import ask, push
from candlelit.games.anima.constants import (
    INTERACTION,
    MOVEMENT,
    NUM_TASKS,
    O_EXPLORATION,
    O_MOVEMENT,
    OPS_EVENT,
    OVER,
    P_AMBUSH,
    P_DIE,
    P_DISCARD_RANDOM,
    P_EXPEL,
    P_INACTIVATE,
    P_NO_REWARD,
    P_TWO_REWARDS,
    RESET,
    S_CULL,
    S_DISCARD,
    S_EXPLORE,
    S_INACTIVATE,
    S_INTERACT,
    S_KEEP_CHARACTER,
    S_KEEP_ONE,
    S_LOSE_CHARACTER,
    S_MOVE,
    S_NONE,
    S_RESET,
    S_RETURN_ADVANTAGE,
    S_REVEALED,
    S_REWARD,
    S_SAVE_AREA,
    S_UNVEIL,
    T_CHECK,
    T_CRISIS,
    T_CRISIS_END,
    T_CULL,
    T_DIE,
    T_DISCARD,
    T_DRAW,
    T_ENCOUNTERS,
    T_END_TURN,
    T_ENTER,
    T_EXPEL,
    T_EXPLORE_CHOICE,
    T_EXPLORE_END,
    T_FACE,
    T_HOLD_EXTRA,
    T_INACTIVATE,
    T_LOSE_CHAR,
    T_MAIN,
    T_MEET,
    T_OPS,
    T_PLACE_AREA,
    T_RANDOM_DISCARD,
    T_RECRUIT,
    T_REFRESH,
    T_RESOLVE,
    T_REWARD,
    T_SAVE_ASK,
    T_SETUP_ADV,
    T_SETUP_CHAR,
    T_TURN,
    T_UNVEIL,
)
from candlelit.games.anima.vocabulary import Op

if TYPE_CHECKING:
    from candlelit.games.anima.agenda import Task
    from candlelit.games.anima.state import AnimaFields


# -- set-up ------------------------------------------------------------------------------
def _setup_char(s: AnimaFields, t: Task) -> None:
    ask(s, t[1], S_KEEP_CHARACTER)


def _setup_adv(s: AnimaFields, t: Task) -> None:
    ask(s, t[1], S_RETURN_ADVANTAGE)


# -- phase turns ---------------------------------------------------------------------------
def _turn(s: AnimaFields, t: Task) -> None:
    """A party's phase turn (the speed order hands one only to a party with something to do
    in the phase: see rounds.next_turn)."""
    seat = t[1]
    s.armed = [0, 0, 0]
    if s.phase == RESET:
        if s.exhausted[seat] or s.inactive[seat]:
            s._emit("reset", "anima.readied", {"seat": seat})
        s.exhausted[seat], s.inactive[seat] = [], []
        ask(s, seat, S_RESET)
    elif s.phase == MOVEMENT:
        ask(s, seat, S_MOVE)
    elif s.phase == INTERACTION:
        ask(s, seat, S_INTERACT)
    else:
        push(s, T_EXPLORE_END, seat)
        push(s, T_EXPLORE_CHOICE, seat)
        if s.monster[s.loc[seat]] >= 0:
            push(s, T_FACE, seat, s.loc[seat], O_EXPLORATION)


def _main(s: AnimaFields, t: Task) -> None:
    if not s.out[t[1]]:
        ask(s, t[1], agenda.main_step(s.phase))


def _unveil(s: AnimaFields, t: Task) -> None:
    """Ask whether to reveal the final mission, unless another seat already has."""
    if s.final < 0 and s.final_pile:
        ask(s, t[1], S_UNVEIL)


def _end_turn(s: AnimaFields, t: Task) -> None:
    s.armed = [0, 0, 0]


# -- encounters ----------------------------------------------------------------------------
def _face(s: AnimaFields, t: Task) -> None:
    """Face an area's standing creature, then (entering) its face-down encounter."""
    seat, slot, origin = t[1], t[2], t[3]
    if s.out[seat]:
        return
    if s.monster[slot] >= 0:
        push(s, T_FACE, seat, slot, origin)
        combat.start_creature(s, seat, s.monster[slot], slot, origin, 0, standing=True)
        return
    if origin == O_MOVEMENT and s.enc_down[slot] >= 0:
        enc = s.enc_down[slot]
        s.enc_down[slot] = -1
        areas.forget_peeks(s, slot)
        areas.reveal(s, seat, enc, slot, origin, 0, 0)


def _meet(s: AnimaFields, t: Task) -> None:
    """Avoid an encounter above the area's danger; else offer the revealed window."""
    seat, enc, slot, origin = t[1], t[2], t[3], t[4]
    penalty, cap = divmod(t[5], 10)
    card = s.cards.encounters[enc]
    if s.out[seat]:
        s.enc_discard.append(enc)
        return
    danger = cap or s.cards.areas[s.area_at[slot]].danger
    if card.level > danger:
        s.enc_discard.append(enc)
        s._emit("encounter", "anima.avoided", {"seat": seat, "card": card.id,
                                               "level": card.level, "danger": danger})
        return
    push(s, T_RESOLVE, seat, enc, slot, origin, penalty)
    if areas.revealed_options(s, seat, enc, origin):
        ask(s, seat, S_REVEALED)


def _resolve(s: AnimaFields, t: Task) -> None:
    seat, enc, slot, origin, penalty = t[1], t[2], t[3], t[4], t[5]
    if s.out[seat]:
        s.enc_discard.append(enc)
        return
    card = s.cards.encounters[enc]
    if card.creature:
        combat.start_creature(s, seat, enc, slot, origin, penalty, standing=False)
        return
    s.enc_discard.append(enc)
    s._emit("encounter", "anima.event", {"seat": seat, "card": card.id})
    push(s, T_OPS, seat, OPS_EVENT, enc, 0, slot)


def _enter(s: AnimaFields, t: Task) -> None:
    seat, slot = t[1], t[2]
    if s.out[seat]:
        return
    s.loc[seat] = slot
    s._emit("move", "anima.entered", {"seat": seat, "area": s.cards.areas[s.area_at[slot]].id})


def _encounters(s: AnimaFields, t: Task) -> None:
    """Exploration drew N encounters: reveal and meet them one at a time."""
    seat, slot, left = t[1], t[2], t[3]
    if s.out[seat] or left <= 0:
        return
    enc = decks.pop_encounter(s)
    if enc < 0:
        return
    push(s, T_ENCOUNTERS, seat, slot, left - 1)
    areas.reveal(s, seat, enc, slot, O_EXPLORATION, 0, 0)


def _hold_extra(s: AnimaFields, t: Task) -> None:
    seat, slot, cap = t[1], t[2], t[3]
    if s.out[seat]:
        return
    enc = decks.pop_encounter(s)
    if enc >= 0:
        areas.reveal(s, seat, enc, slot, O_EXPLORATION, 0, cap)


# -- effects of events and area specials ---------------------------------------------------
def _ops(s: AnimaFields, t: Task) -> None:
    seat, source, card, index, slot = t[1], t[2], t[3], t[4], t[5]
    if s.out[seat]:
        return
    ops = (s.cards.encounters[card].does if source == OPS_EVENT
           else s.cards.areas[card].special)
    if index >= len(ops):
        return
    push(s, T_OPS, seat, source, card, index + 1, slot)
    apply_op(s, seat, ops[index], slot)


def apply_op(s: AnimaFields, seat: int, op: Op, slot: int) -> None:
    """Carry out one event or special op for `seat`'s party on area `slot`."""
    name = op.op
    area = s.cards.areas[s.area_at[slot]]
    if name == "recruit" or name == "recruit_as_reward":
        push(s, T_RECRUIT, seat)
    elif name == "draw":
        push(s, T_DRAW, seat, op.trade_count if area.trade and op.trade_count else op.count)
    elif name == "refresh_inactive":
        push(s, T_REFRESH, seat)
    elif name == "speed_check":
        purpose = {"no_reward": P_NO_REWARD, "ambush": P_AMBUSH,
                   "inactivate": P_INACTIVATE}[op.fail]
        push(s, T_CHECK, seat, op.target, purpose, op.amount, slot)
    elif name == "all_check":
        purpose = P_DIE if op.fail == "die" else P_DISCARD_RANDOM
        for q in reversed(areas.parties_at(s, slot) or [seat]):
            push(s, T_CHECK, q, op.target, purpose, 0, slot)
    elif name == "expel_all":
        for q in areas.parties_at(s, slot):
            areas.expel(s, q)
        if s.loc[seat] < 0 or s.out[seat]:
            s.out[seat] = 1
    elif name == "stranger":
        s.pool = []
        for _ in range(op.count):
            if not s.adv_deck and s.adv_discard:
                s.adv_deck, s.adv_discard = s.adv_discard, []
                s.shuffle(s.adv_deck)
            if s.adv_deck:
                s.pool.append(s.adv_deck.pop())
        if s.pool:
            ask(s, seat, S_KEEP_ONE)
    elif name == "draw_keep":
        push(s, T_DISCARD, seat, op.discard)
        push(s, T_DRAW, seat, op.count)
    elif name == "take_reward":
        push(s, T_REWARD, seat, slot, 1, -1)
    elif name == "check_or_expel":
        push(s, T_CHECK, seat, op.target, P_EXPEL, 0, slot)
    elif name == "inactivate_one":
        push(s, T_INACTIVATE, seat)
    elif name == "check_two_rewards":
        push(s, T_CHECK, seat, op.target, P_TWO_REWARDS, 0, slot)
    else:
        raise AssertionError(f"anima: op {name!r} is not an event op (ops have fixed windows)")


def _check(s: AnimaFields, t: Task) -> None:
    checks.begin_check(s, t[1], t[2], t[3], t[4], t[5])


def _die(s: AnimaFields, t: Task) -> None:
    casualties.begin_death(s, t[1])


def _lose_char(s: AnimaFields, t: Task) -> None:
    seat = t[1]
    if len(s.party[seat]) == 1:
        casualties.lose_character(s, seat, s.party[seat][0])
    elif s.party[seat]:
        ask(s, seat, S_LOSE_CHARACTER)


def _inactivate(s: AnimaFields, t: Task) -> None:
    seat = t[1]
    act = party.active(s, seat)
    if len(act) == 1:
        casualties.inactivate(s, seat, act[0])
    elif act:
        ask(s, seat, S_INACTIVATE)


def _discard(s: AnimaFields, t: Task) -> None:
    seat = t[1]
    if t[2] > 0 and s.hand[seat]:
        s.count_left = t[2]
        ask(s, seat, S_DISCARD)


def _draw(s: AnimaFields, t: Task) -> None:
    decks.draw_advantages(s, t[1], t[2])


def _recruit(s: AnimaFields, t: Task) -> None:
    decks.recruit(s, t[1])


def _refresh(s: AnimaFields, t: Task) -> None:
    if s.inactive[t[1]]:
        s._emit("effect", "anima.refreshed", {"seat": t[1]})
    s.inactive[t[1]] = []


def _expel(s: AnimaFields, t: Task) -> None:
    areas.expel(s, t[1])


def _random_discard(s: AnimaFields, t: Task) -> None:
    seat = t[1]
    if s.hand[seat]:
        kind = s.hand[seat][s.below(len(s.hand[seat]))]
        s.hand[seat].remove(kind)
        s.adv_discard.append(kind)
        s._emit("discard", "anima.lost_card", {"seat": seat, "card": s.advantage(kind).id})


# -- exploration -----------------------------------------------------------------------------
def _explore_choice(s: AnimaFields, t: Task) -> None:
    seat = t[1]
    if not s.out[seat] and s.loc[seat] >= 0:
        ask(s, seat, S_EXPLORE)


def _explore_end(s: AnimaFields, t: Task) -> None:
    progress.end_exploration(s, t[1])


def _reward(s: AnimaFields, t: Task) -> None:
    """Take one listed reward (a second, different one after `count` 2)."""
    seat, slot, count, skip = t[1], t[2], t[3], t[4]
    if s.out[seat] or s.loc[seat] != slot:
        return
    if s.no_reward[seat]:
        s._emit("reward", "anima.no_reward", {"seat": seat})
        return
    if count > 1:
        push(s, T_REWARD, seat, slot, count - 1, -2)
    s.reward_skip = s.reward_skip if skip == -2 else skip
    rewards = s.cards.areas[s.area_at[slot]].rewards
    options = [i for i in range(len(rewards)) if i != s.reward_skip]
    if len(options) == 1:
        exploration.take_reward(s, seat, options[0])
    elif options:
        ask(s, seat, S_REWARD)


# -- new areas ---------------------------------------------------------------------------------
def _cull(s: AnimaFields, t: Task) -> None:
    s.target_for = t[2]
    ask(s, t[1], S_CULL)


def _save_ask(s: AnimaFields, t: Task) -> None:
    """Offer the next seat the chance to save the chosen area with an advantage."""
    while s.asked:
        q = s.asked.pop(0)
        if s.hand[q]:
            s.agenda.append(t)
            ask(s, q, S_SAVE_AREA)
            return
    culled = s.count_left
    seat, kind = t[1], t[2]
    s._emit("move", "anima.area_left", {"area": s.cards.areas[s.area_at[culled]].id})
    s.area_discard.append(s.area_at[culled])
    s.area_at[culled], s.growth[culled] = -1, 0
    push(s, T_PLACE_AREA, seat, kind, culled)


def _place_area(s: AnimaFields, t: Task) -> None:
    seat, kind, slot = t[1], t[2], t[3]
    s.area_at[slot], s.monster[slot], s.growth[slot] = kind, -1, 0
    s.enc_down[slot] = decks.pop_encounter(s)
    push(s, T_ENTER, seat, slot)
    push(s, T_FACE, seat, slot, O_MOVEMENT)


# -- the Crisis (revised edition) ----------------------------------------------------------------
def _crisis(s: AnimaFields, t: Task) -> None:
    missions.crisis_fight(s, t[1])


def _crisis_end(s: AnimaFields, t: Task) -> None:
    s.phase, s.step, s.omega_won = OVER, S_NONE, 1
    s._emit("end", "anima.omega_wins", {})


TASKS: Tasks[AnimaFields] = Tasks("anima", NUM_TASKS, {
    T_SETUP_CHAR: _setup_char, T_SETUP_ADV: _setup_adv, T_TURN: _turn, T_END_TURN: _end_turn,
    T_FACE: _face, T_MEET: _meet, T_RESOLVE: _resolve, T_ENTER: _enter,
    T_EXPLORE_CHOICE: _explore_choice, T_EXPLORE_END: _explore_end, T_REWARD: _reward,
    T_CHECK: _check, T_DIE: _die, T_LOSE_CHAR: _lose_char, T_INACTIVATE: _inactivate,
    T_DISCARD: _discard, T_DRAW: _draw, T_RECRUIT: _recruit, T_OPS: _ops,
    T_ENCOUNTERS: _encounters, T_CRISIS: _crisis, T_REFRESH: _refresh, T_EXPEL: _expel,
    T_RANDOM_DISCARD: _random_discard, T_CULL: _cull, T_SAVE_ASK: _save_ask,
    T_PLACE_AREA: _place_area, T_HOLD_EXTRA: _hold_extra, T_MAIN: _main,
    T_CRISIS_END: _crisis_end, T_UNVEIL: _unveil,
})
"""Each task code's handler, checked complete at import (codes in constants.py)."""
