"""The agenda: small tasks that carry a phase turn, an encounter or a reward forward.

`run` pops tasks until one asks a seat to decide (it sets `step` and `actor`) or the game
ends. A task is `[code, seat, a, b, c, d]`; tasks for a party whose round is over (`out`:
beaten, expelled, or slipped away) do nothing, which is how "its turn ends at once" works.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.anima import combat, missions
from candlelit.games.anima.constants import (
    EXPLORATION,
    INTERACTION,
    MOVEMENT,
    O_EXPLORATION,
    O_MOVEMENT,
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
    T_CULL,
    T_DISCARD,
    T_DRAW,
    T_ENCOUNTERS,
    T_ENTER,
    T_EXPLORE_CHOICE,
    T_EXPLORE_END,
    T_FACE,
    T_INACTIVATE,
    T_MEET,
    T_OPS,
    T_PLACE_AREA,
    T_RECRUIT,
    T_REFRESH,
    T_RESOLVE,
    T_REWARD,
)
from candlelit.games.anima.vocabulary import Op

if TYPE_CHECKING:
    from collections.abc import Callable

    from candlelit.games.anima.rules import AnimaState

Task = list[int]
OPS_EVENT, OPS_SPECIAL = range(2)


def run(s: AnimaState) -> None:
    """Work through the agenda until a seat must decide or the game ends."""
    handlers = HANDLERS
    while s.phase != OVER and s.step == S_NONE:
        if not s.agenda:
            s._next_turn()
            continue
        task = s.agenda.pop()
        handlers[task[0]](s, task)


def push(s: AnimaState, code: int, seat: int, a: int = 0, b: int = 0, c: int = 0,
         d: int = 0) -> None:
    """Put a task on top of the agenda (it runs next)."""
    s.agenda.append([code, seat, a, b, c, d])


def ask(s: AnimaState, seat: int, step: int) -> None:
    """Wait for `seat`'s decision at `step`."""
    s.step, s.actor = step, seat


def main_step(phase: int) -> int:
    """The free-choice step of a phase turn."""
    return {RESET: S_RESET, MOVEMENT: S_MOVE, INTERACTION: S_INTERACT,
            EXPLORATION: S_EXPLORE}[phase]


def expel(s: AnimaState, seat: int) -> None:
    """The party leaves the map: its round is over and a mission under way restarts."""
    if s.loc[seat] >= 0:
        s._emit("expel", "anima.expelled", {"seat": seat,
                                           "area": s.cards.areas[s.area_at[s.loc[seat]]].id})
    s.loc[seat], s.out[seat] = -1, 1
    missions.interrupt(s, seat)


def parties_at(s: AnimaState, slot: int) -> list[int]:
    """Seats whose party stands on area `slot`, in this round's speed order."""
    return [q for q in s.order if s.loc[q] == slot]


# -- set-up ------------------------------------------------------------------------------
def _setup_char(s: AnimaState, t: Task) -> None:
    ask(s, t[1], S_KEEP_CHARACTER)


def _setup_adv(s: AnimaState, t: Task) -> None:
    ask(s, t[1], S_RETURN_ADVANTAGE)


# -- phase turns ---------------------------------------------------------------------------
def _turn(s: AnimaState, t: Task) -> None:
    """A party's phase turn (the speed order hands one only to a party with something to do
    in the phase: see `AnimaState._takes_turn`)."""
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


def may_interact(s: AnimaState, seat: int) -> bool:
    """Whether anything is possible (judged from public facts only)."""
    from candlelit.games.anima.decisions import attack_targets, trade_partners

    return bool(s.hand[seat] or attack_targets(s, seat) or trade_partners(s, seat)
                or combat.ready_with(s, seat, "steal_advantage"))


def _main(s: AnimaState, t: Task) -> None:
    if not s.out[t[1]]:
        ask(s, t[1], main_step(s.phase))


def _unveil(s: AnimaState, t: Task) -> None:
    """Ask whether to reveal the final mission, unless another seat already has."""
    if s.final < 0 and s.final_pile:
        ask(s, t[1], S_UNVEIL)


def _end_turn(s: AnimaState, t: Task) -> None:
    s.armed = [0, 0, 0]


# -- encounters ----------------------------------------------------------------------------
def _face(s: AnimaState, t: Task) -> None:
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
        forget_peeks(s, slot)
        reveal(s, seat, enc, slot, origin, 0, 0)


def reveal(s: AnimaState, seat: int, enc: int, slot: int, origin: int, penalty: int,
           cap: int) -> None:
    """Turn an encounter face up against `seat`'s party and meet it."""
    s._emit("encounter", "anima.revealed", {"seat": seat, "card": s.cards.encounters[enc].id,
                                            "area": s.cards.areas[s.area_at[slot]].id})
    push(s, T_MEET, seat, enc, slot, origin, penalty * 10 + cap)


def forget_peeks(s: AnimaState, slot: int) -> None:
    """A face-down encounter left its area: nobody's peek at it means anything now."""
    for seen in s.seen:
        if slot in seen:
            seen.remove(slot)


def _meet(s: AnimaState, t: Task) -> None:
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
    if combat.revealed_options(s, seat, enc, origin):
        ask(s, seat, S_REVEALED)


def _resolve(s: AnimaState, t: Task) -> None:
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


def _enter(s: AnimaState, t: Task) -> None:
    seat, slot = t[1], t[2]
    if s.out[seat]:
        return
    s.loc[seat] = slot
    s._emit("move", "anima.entered", {"seat": seat, "area": s.cards.areas[s.area_at[slot]].id})


def _encounters(s: AnimaState, t: Task) -> None:
    """Exploration drew N encounters: reveal and meet them one at a time."""
    seat, slot, left = t[1], t[2], t[3]
    if s.out[seat] or left <= 0:
        return
    enc = s._pop_encounter()
    if enc < 0:
        return
    push(s, T_ENCOUNTERS, seat, slot, left - 1)
    reveal(s, seat, enc, slot, O_EXPLORATION, 0, 0)


def _hold_extra(s: AnimaState, t: Task) -> None:
    seat, slot, cap = t[1], t[2], t[3]
    if s.out[seat]:
        return
    enc = s._pop_encounter()
    if enc >= 0:
        reveal(s, seat, enc, slot, O_EXPLORATION, 0, cap)


# -- effects of events and area specials ---------------------------------------------------
def _ops(s: AnimaState, t: Task) -> None:
    seat, source, card, index, slot = t[1], t[2], t[3], t[4], t[5]
    if s.out[seat]:
        return
    ops = (s.cards.encounters[card].does if source == OPS_EVENT
           else s.cards.areas[card].special)
    if index >= len(ops):
        return
    push(s, T_OPS, seat, source, card, index + 1, slot)
    apply_op(s, seat, ops[index], slot)


def apply_op(s: AnimaState, seat: int, op: Op, slot: int) -> None:
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
        for q in reversed(parties_at(s, slot) or [seat]):
            push(s, T_CHECK, q, op.target, purpose, 0, slot)
    elif name == "expel_all":
        for q in parties_at(s, slot):
            expel(s, q)
        if s.loc[seat] < 0 or s.out[seat]:
            s.out[seat] = 1
    elif name == "stranger":
        s.pool = []
        for _ in range(op.count):
            if not s.adv_deck and s.adv_discard:
                s.adv_deck, s.adv_discard = s.adv_discard, []
                s._shuffle(s.adv_deck)
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


def _check(s: AnimaState, t: Task) -> None:
    combat.begin_check(s, t[1], t[2], t[3], t[4], t[5])


def _die(s: AnimaState, t: Task) -> None:
    combat.begin_death(s, t[1])


def _lose_char(s: AnimaState, t: Task) -> None:
    seat = t[1]
    if len(s.party[seat]) == 1:
        combat.lose_character(s, seat, s.party[seat][0])
    elif s.party[seat]:
        ask(s, seat, S_LOSE_CHARACTER)


def _inactivate(s: AnimaState, t: Task) -> None:
    seat = t[1]
    act = s.active(seat)
    if len(act) == 1:
        combat.inactivate(s, seat, act[0])
    elif act:
        ask(s, seat, S_INACTIVATE)


def _discard(s: AnimaState, t: Task) -> None:
    seat = t[1]
    if t[2] > 0 and s.hand[seat]:
        s.count_left = t[2]
        ask(s, seat, S_DISCARD)


def _draw(s: AnimaState, t: Task) -> None:
    s.draw_advantages(t[1], t[2])


def _recruit(s: AnimaState, t: Task) -> None:
    s.recruit(t[1])


def _refresh(s: AnimaState, t: Task) -> None:
    if s.inactive[t[1]]:
        s._emit("effect", "anima.refreshed", {"seat": t[1]})
    s.inactive[t[1]] = []


def _expel(s: AnimaState, t: Task) -> None:
    expel(s, t[1])


def _random_discard(s: AnimaState, t: Task) -> None:
    seat = t[1]
    if s.hand[seat]:
        kind = s.hand[seat][s.below(len(s.hand[seat]))]
        s.hand[seat].remove(kind)
        s.adv_discard.append(kind)
        s._emit("discard", "anima.lost_card", {"seat": seat, "card": s.advantage(kind).id})


# -- exploration -----------------------------------------------------------------------------
def _explore_choice(s: AnimaState, t: Task) -> None:
    seat = t[1]
    if not s.out[seat] and s.loc[seat] >= 0:
        ask(s, seat, S_EXPLORE)


def _explore_end(s: AnimaState, t: Task) -> None:
    missions.end_exploration(s, t[1])


def explore_result(s: AnimaState, seat: int, face: int) -> None:
    """Look the die up on the area's exploration table."""
    slot = s.loc[seat]
    area = s.cards.areas[s.area_at[slot]]
    result, count = area.table[face - 1]
    s._emit("explore", "anima.explored", {"seat": seat, "roll": face, "result": result,
                                          "count": count})
    if result == "reward":
        push(s, T_REWARD, seat, slot, 1, -1)
    elif result == "encounters":
        push(s, T_REWARD, seat, slot, 1, -1)
        push(s, T_ENCOUNTERS, seat, slot, count)
    else:
        push(s, T_OPS, seat, OPS_SPECIAL, s.area_at[slot], 0, slot)


def _reward(s: AnimaState, t: Task) -> None:
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
        take_reward(s, seat, options[0])
    elif options:
        ask(s, seat, S_REWARD)


def take_reward(s: AnimaState, seat: int, index: int) -> None:
    """Take reward `index` of the party's area: advantages, a recruit, or mission progress."""
    slot = s.loc[seat]
    reward = s.cards.areas[s.area_at[slot]].rewards[index]
    s.reward_skip = index
    s._emit("reward", "anima.reward", {"seat": seat, "reward": reward})
    if reward == "recruit":
        s.recruit(seat)
    elif reward == "mission":
        missions.reward_mission(s, seat, slot)
    else:
        s.draw_advantages(seat, int(reward.split(":")[1]))


# -- new areas ---------------------------------------------------------------------------------
def reveal_area(s: AnimaState, seat: int, kind: int) -> None:
    """Put a new area in play (culling one at the cap), then enter it through its encounter."""
    s._emit("move", "anima.new_area", {"seat": seat, "area": s.cards.areas[kind].id})
    free = [i for i, a in enumerate(s.area_at) if a < 0]
    if free:
        push(s, T_PLACE_AREA, seat, kind, free[0])
    else:
        s.saved = []
        push(s, T_CULL, seat, kind)


def removable(s: AnimaState) -> list[int]:
    """Area slots that may leave play: no encounter on them and no party in them."""
    enc_down, monster, loc, saved = s.enc_down, s.monster, s.loc, s.saved
    return [i for i, a in enumerate(s.area_at)
            if a >= 0 and enc_down[i] < 0 and monster[i] < 0 and i not in loc
            and i not in saved]


def _cull(s: AnimaState, t: Task) -> None:
    s.target_for = t[2]
    ask(s, t[1], S_CULL)


def _save_ask(s: AnimaState, t: Task) -> None:
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


def _place_area(s: AnimaState, t: Task) -> None:
    seat, kind, slot = t[1], t[2], t[3]
    s.area_at[slot], s.monster[slot], s.growth[slot] = kind, -1, 0
    s.enc_down[slot] = s._pop_encounter()
    push(s, T_ENTER, seat, slot)
    push(s, T_FACE, seat, slot, O_MOVEMENT)


# -- the Crisis (revised edition) ----------------------------------------------------------------
def _crisis(s: AnimaState, t: Task) -> None:
    missions.crisis_fight(s, t[1])


def _crisis_end(s: AnimaState, t: Task) -> None:
    s.phase, s.step, s.omega_won = OVER, S_NONE, 1
    s._emit("end", "anima.omega_wins", {})


HANDLERS: tuple[Callable[[AnimaState, Task], None], ...] = (
    _setup_char, _setup_adv, _turn, _end_turn, _face, _meet, _resolve, _enter,
    _explore_choice, _explore_end, _reward, _check, _die, _lose_char, _inactivate,
    _discard, _draw, _recruit, _ops, _encounters, _crisis, _refresh,
    _expel, _random_discard, _cull, _save_ask, _place_area, _hold_extra, _main, _crisis_end,
    _unveil,
)
"""Each task's handler, indexed by task code (see constants.py)."""

