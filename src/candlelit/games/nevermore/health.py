"""Health, points and winning (遊戲結束; 烏鴉玩家): hits, turning raven and back, the win check.

Damage lands on humans only; a human at 0 health turns raven and its source scores 1. A
lethal hit on a seat holding magick cards first asks it whether to save itself (Reprieve).
Points are kept by ravens too, but only a human wins with them.
"""

from __future__ import annotations

from candlelit.games.nevermore import abilities
from candlelit.games.nevermore.constants import (
    C_CONSPIRACY,
    C_REPENT,
    C_SWEEP,
    CAUSES,
    D_LETHAL,
    D_NONE,
    D_YESNO,
    P_IMP,
    SHADOW,
    ST_OVER,
    T_CHECK_WIN,
    T_DRAW,
    T_GAIN_VP,
    WIN_VP,
)
from candlelit.games.nevermore.state import CU_LENORE, NevermoreFields


def t_damage(state: NevermoreFields, task: list[int]) -> None:
    """[T_DAMAGE, source, target, amount, cause(, together)]: one hit on a human.

    `together` marks a hit dealt to several players at once (Conspiracy, the 4+ sweep,
    a peck of every human, Justice, Repentance, Spite): whoever wins by it is decided by
    the check scheduled after the last hit of the group, not after each one.
    """
    _, source, target, amount, cause = task[:5]
    together = task[5] if len(task) > 5 else 0
    if state.raven[target] or amount <= 0 or state.won:
        return
    if state.specters and cause in (C_CONSPIRACY, C_SWEEP) \
            and abilities.has(state, target, "prospero", False):
        state._emit("damage", "nevermore.immune", {"seat": target, "cause": CAUSES[cause]})
        return
    health = state.health[target]
    if 0 < health <= amount and any(state.magick[target]):
        state.ask(D_LETHAL, target, source, amount, cause, together)
        return
    apply_damage(state, source, target, amount, cause, together)


def apply_damage(state: NevermoreFields, source: int, target: int, amount: int, cause: int,
                 together: int = 0) -> None:
    """Take `amount` health from a human; at 0 it becomes a raven (the source scores 1)."""
    before = state.health[target]
    health = max(0, before - amount)
    state.health[target] = health
    if 0 <= source != target:
        state.damaged_by[target] |= 1 << source
    state._emit("damage", "nevermore.damaged", {"seat": target, "amount": amount,
                                                "health": health, "cause": CAUSES[cause]})
    if health or not before:
        return
    if state.specters and abilities.has(state, target, "lenore", False) \
            and not state.cused[target] & CU_LENORE:
        state.cused[target] |= CU_LENORE
        state.health[target] = 1
        state._emit("damage", "nevermore.lenore", {"seat": target})
        return
    seq: list[list[int]] = []
    if state.specters and abilities.has(state, target, "valdemar", False):
        state.turned_by[target] = source
        state._emit("damage", "nevermore.valdemar", {"seat": target})
    else:
        seq += transform(state, target, source)
    if cause == C_REPENT:
        seq += [[T_GAIN_VP, s, 1] for s in state.repent]
    elif source >= 0:
        seq.append([T_GAIN_VP, source, 1])
    if not together:
        seq.append([T_CHECK_WIN, source])
    state.push(*seq)


def transform(state: NevermoreFields, seat: int, source: int) -> list[list[int]]:
    """The Heart/Raven token flips: no health from now on (烏鴉玩家 1)."""
    state.raven[seat] = 1
    state.health[seat] = 0
    state.turned_by[seat] = source
    state._emit("damage", "nevermore.becomes_raven", {"seat": seat})
    if not state.specters:
        return []
    return [[T_DRAW, SHADOW, s, 1] for s in state.order
            if s != seat and abilities.has(state, s, "usher", True)]


def turn_human(state: NevermoreFields, seat: int) -> None:
    """The Heart/Raven token flips back: full health, points kept (人類玩家 2)."""
    extra = 1 if state.specters and abilities.has(state, seat, "ligeia", True) else 0
    state.raven[seat] = 0
    state.health[seat] = state.max_health + extra


def t_heal(state: NevermoreFields, task: list[int]) -> None:
    """[T_HEAL, seat, amount]: a human regains health, never above the maximum."""
    seat, amount = task[1], task[2]
    if state.raven[seat]:
        return
    health = min(state.max_health, state.health[seat] + amount)
    state._emit("heal", "nevermore.healed", {"seat": seat, "amount": amount,
                                             "health": health})
    state.health[seat] = max(health, state.health[seat])


def t_gain_vp(state: NevermoreFields, task: list[int]) -> None:
    """[T_GAIN_VP, seat, amount]: score, unless a raven Imp may first cut a human's gain."""
    seat, amount = task[1], task[2]
    if amount <= 0 or state.won:
        return
    if state.specters and not state.raven[seat]:
        imp = abilities.imp_for(state, seat)
        if imp >= 0:
            state.ask(D_YESNO, imp, P_IMP, seat, amount)
            return
    gain_vp(state, seat, amount)


def gain_vp(state: NevermoreFields, seat: int, amount: int) -> None:
    """Points are kept by ravens too, but only a human wins with them (烏鴉玩家 2.1)."""
    state.vp[seat] += amount
    state._emit("vp", "nevermore.scores", {"seat": seat, "amount": amount,
                                           "vp": state.vp[seat]})


def t_lose_vp(state: NevermoreFields, task: list[int]) -> None:
    """[T_LOSE_VP, seat, amount]: lose points, never below 0."""
    seat, amount = task[1], task[2]
    lost = min(amount, state.vp[seat])
    state.vp[seat] -= lost
    state._emit("vp", "nevermore.loses_vp", {"seat": seat, "amount": lost,
                                             "vp": state.vp[seat]})


def t_check_win(state: NevermoreFields, task: list[int]) -> None:
    """[T_CHECK_WIN, source]: see check_win."""
    check_win(state, task[1])


def check_win(state: NevermoreFields, source: int) -> None:
    """Curse broken, last human, or a human at 6+ (ties: points, health, play on)."""
    if state.won:
        return
    n = state.num_players
    humans = [s for s in range(n) if not state.raven[s]]
    if not humans:
        if source >= 0:
            turn_human(state, source)
            state._emit("end", "nevermore.curse_broken", {"seat": source,
                                                          "health": state.health[source]})
            finish(state, [source], "curse")
        else:
            most = max(state.vp)
            finish(state, [s for s in range(n) if state.vp[s] == most], "fallen")
        return
    if len(humans) == 1:
        finish(state, humans, "last_human")
        return
    rich = [s for s in humans if state.vp[s] >= WIN_VP]
    if rich:
        best = max((state.vp[s], state.health[s]) for s in rich)
        tops = [s for s in rich if (state.vp[s], state.health[s]) == best]
        if len(tops) == 1:
            finish(state, tops, "points")
        else:
            state._emit("end", "nevermore.tie_continues", {"seats": tops})


def finish(state: NevermoreFields, winners: list[int], reason: str) -> None:
    """End the game: `winners` won for `reason`; nothing is left to do."""
    state.won = sorted(winners)
    state.reason = reason
    state.stage = ST_OVER
    state.tasks.clear()
    state.pending = []
    state.decision = [D_NONE]
    state._emit("end", "nevermore.game_over", {"seats": state.won, "reason": reason,
                                               "vp": state.vp[:]})


