"""The Attack step's winners (FAQ 結算 4.1, 6, 8; 攻擊 1) and a raven winner's pecks.

A human winner hits one human for the step's value, or at 4+ may sweep every other human
for 1 and score 2; under Betrayal it heals a human instead. A raven winner pecks
(烏鴉玩家 2.2-2.3; FAQ 結算 5, 7; 攻擊 2): the human(s) with the second most cards of
the step, or every human when nobody played the suit.
"""

from __future__ import annotations

from candlelit.games.nevermore import abilities, choices
from candlelit.games.nevermore.constants import (
    A_SWEEP,
    A_TARGET,
    ATTACK,
    C_ATTACK,
    C_PECK,
    C_SWEEP,
    D_ATTACK,
    D_NONE,
    P_BETRAY_HEAL,
    P_HOPFROG,
    P_PECK,
    SUITS,
    SWEEP_AT,
    T_ATTACKER,
    T_CHECK_WIN,
    T_DAMAGE,
    T_GAIN_VP,
    T_HEAL,
    T_TARGET,
)
from candlelit.games.nevermore.state import (
    FX_BETRAY,
    FX_BETRAY_VOID,
    FX_RAGE_PECK,
    NevermoreFields,
)


def attack(state: NevermoreFields, winners: list[int], value: int) -> None:
    """In priority order (FAQ 結算 4.1, 6, 8; 攻擊 1)."""
    if state.fx[FX_BETRAY_VOID]:
        state._emit("card", "nevermore.step_void", {"suit": "attack"})
        return
    state.push(*[[T_ATTACKER, w, value] for w in winners])


def t_attacker(state: NevermoreFields, task: list[int]) -> None:
    """[T_ATTACKER, seat, value]: a winner of the Attack step attacks, heals (Betrayal) or pecks."""
    seat, value = task[1], task[2]
    if state.raven[seat]:
        peck(state, seat, ATTACK)
        return
    if state.fx[FX_BETRAY] >= 0:
        mask = choices.humans_mask(state, -1)
        choices.target(state, seat, P_BETRAY_HEAL, mask, value)
        return
    mask = choices.humans_mask(state, seat)
    if not mask:
        return
    if value < SWEEP_AT and mask & (mask - 1) == 0:
        hit(state, seat, mask.bit_length() - 1, value)
        return
    state.ask(D_ATTACK, seat, value, mask)


def hit(state: NevermoreFields, seat: int, target: int, value: int) -> None:
    """The attack winner's damage to one target (Hop-Frog adds 1 against a leader)."""
    if state.specters and abilities.has(state, seat, "hop_frog", False) \
            and state.vp[target] > state.vp[seat]:
        value += 1
    state._emit("attack", "nevermore.attacks", {"seat": seat, "to": target,
                                                "amount": value})
    state.tasks.append([T_DAMAGE, seat, target, value, C_ATTACK])


def answer_attack(state: NevermoreFields, seat: int, action: int) -> None:
    """The attacker's choice: one human to hit, or the 4+ sweep."""
    value = state.decision[2]
    state.decision, state.pending = [D_NONE], []
    if action == A_SWEEP:
        state._emit("attack", "nevermore.sweep", {"seat": seat})
        seq = [[T_DAMAGE, seat, s, 1, C_SWEEP, 1] for s in state.order
               if s != seat and not state.raven[s]]
        seq += [[T_GAIN_VP, seat, 2], [T_CHECK_WIN, seat]]
        state.push(*seq)
    else:
        hit(state, seat, action - A_TARGET, value)


def t_peck(state: NevermoreFields, task: list[int]) -> None:
    """[T_PECK, seat, suit]: a raven winner of the step pecks."""
    peck(state, task[1], task[2])


def peck(state: NevermoreFields, seat: int, suit: int) -> None:
    """A raven winner of `suit` pecks the human(s) with the second most, or every human."""
    humans = [s for s in state.order if not state.raven[s]]
    if not humans:
        return
    net = state.net
    if state.specters and suit == ATTACK and abilities.has(state, seat, "hop_frog", True):
        mask = choices.humans_mask(state, -1)
        if mask & (mask - 1) == 0:
            peck_hit(state, seat, mask.bit_length() - 1, suit)
        else:
            choices.target(state, seat, P_HOPFROG, mask, -1)
        return
    if all(net[h] == 0 for h in humans):
        state._emit("attack", "nevermore.peck_all", {"seat": seat, "suit": SUITS[suit]})
        state.tasks.append([T_CHECK_WIN, seat])
        for h in reversed(humans):
            peck_hit(state, seat, h, suit, announce=False, together=True)
        return
    top = max(net)
    second = max((c for c in net if c != top), default=0)
    if second == 0:
        state._emit("attack", "nevermore.peck_none", {"seat": seat, "suit": SUITS[suit]})
        return
    mask = 0
    for h in humans:
        if net[h] == second:
            mask |= 1 << h
    if not mask:
        state._emit("attack", "nevermore.peck_ravens", {"seat": seat, "suit": SUITS[suit]})
        return
    if mask & (mask - 1) == 0:
        peck_hit(state, seat, mask.bit_length() - 1, suit)
    else:
        choices.target(state, seat, P_PECK, mask, suit)


def peck_hit(state: NevermoreFields, seat: int, target: int, suit: int, announce: bool = True,
              together: bool = False) -> None:
    """One peck on `target` (Rage and the raven Montresor make it hurt more)."""
    amount = 1
    if suit == ATTACK and state.fx[FX_RAGE_PECK] >> seat & 1:
        amount = 2
    if state.specters and state.turned_by[seat] == target \
            and abilities.has(state, seat, "montresor", True):
        amount += 1
    if announce:
        state._emit("attack", "nevermore.pecks", {"seat": seat, "to": target,
                                                  "amount": amount})
    state.tasks.append([T_DAMAGE, seat, target, amount, C_PECK, int(together)])


def answer_betray_heal(state: NevermoreFields, seat: int, target: int, value: int) -> None:
    """Under Betrayal the attack winner heals its chosen human by the step's value."""
    state._emit("card", "nevermore.betrayed_attack", {"seat": seat, "to": target,
                                                      "amount": value})
    state.tasks.append([T_HEAL, target, value])


def answer_hop_frog(state: NevermoreFields, seat: int, target: int, first: int) -> None:
    """A raven Hop-Frog pecks its chosen human, then (after its first) chooses a second."""
    if first < 0 and choices.humans_mask(state, -1) & ~(1 << target):
        state.tasks.append([T_TARGET, seat, P_HOPFROG, target])
    peck_hit(state, seat, target, ATTACK)


def second_peck_targets(state: NevermoreFields, seat: int, first: int) -> int:
    """The humans a raven Hop-Frog may peck second: every human but the first pecked."""
    return choices.humans_mask(state, -1) & ~(1 << first)
