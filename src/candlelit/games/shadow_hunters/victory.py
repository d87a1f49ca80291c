"""The end of a 箱庭版暗影獵人 game (D6, D23-D24): when it ends, and who wins."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from candlelit.engine.flow import check_complete
from candlelit.games.shadow_hunters.state import (
    WATCH_FIRST_DEATH,
    WATCH_ZOMBIES,
    ShadowHuntersFields,
)
from candlelit.games.shadow_hunters.vocabulary import END_STATE_MISSIONS

ORB_COLOURS = 4
"""Orbs of this many colours in front of one seat win the game for it."""


def check_end(state: ShadowHuntersFields) -> None:
    """End the game as soon as a trigger mission, the orbs or a last side decides it."""
    if state.over:
        return
    alive, equip = state.alive, state.equip
    living = [s for s in range(state.num_players) if alive[s]]
    for s in living:
        if len(equip[s]) >= ORB_COLOURS and _holds_every_orb(state, s):
            end(state, "orbs", [s])
            return
    if state.watch & WATCH_ZOMBIES:
        _check_zombie_majority(state, living)
    if state.deaths and state.watch & WATCH_FIRST_DEATH:
        _check_first_death(state)
        state.watch &= ~WATCH_FIRST_DEATH  # who fell first never changes again
    if state.trig:
        end(state, "mission")
    elif not living:
        end(state, "everyone_dead")
    elif state.options["last_side_standing"] and (
            len(living) == 1 or _one_gate_left(state, living)):
        end(state, "last_side")


def _holds_every_orb(state: ShadowHuntersFields, seat: int) -> bool:
    cards = state.cards
    return len({cards[c].colour for c in state.equip[seat]
                if cards[c].kind == "orb"}) >= ORB_COLOURS


def _one_gate_left(state: ShadowHuntersFields, living: list[int]) -> bool:
    """Whether every living character belongs to one and the same gate."""
    gate = state.gate
    first = gate(living[0])
    return first != "none" and all(gate(s) == first for s in living)


def _check_zombie_majority(state: ShadowHuntersFields, living: list[int]) -> None:
    """殭屍's mission: living zombies outnumber half of the living."""
    zombies = sum(1 for s in living if "zombify_kills" in state.character(s).by_block)
    if zombies and zombies * 2 > len(living):
        for s in range(state.num_players):
            ch = state.character(s)
            if ch.blocks("zombify_kills") and "zombie_majority" in ch.mission_kinds:
                state.trig.append(s)


def _check_first_death(state: ShadowHuntersFields) -> None:
    """Missions on who fell first (伊夫利特's: 片翼天使 falls first)."""
    first = [s for s in range(state.num_players) if state.death_rank[s] == 1]
    for s in range(state.num_players):
        ch = state.character(s)
        if "first_death" not in ch.mission_kinds:
            continue
        for m in ch.missions:
            if m["mission"] == "first_death" and any(
                    state.character(d).id == m["character"] for d in first):
                state.trig.append(s)


def end(state: ShadowHuntersFields, reason: str, winners: list[int] | None = None) -> None:
    """End the game for `reason`; `winners` when already known, else by the missions."""
    state.over, state.reason = 1, reason
    state.decision, state.choices, state.queue = [], [], []
    state.won = winners if winners is not None else _winners(state, reason)
    state._emit("end", "shadow_hunters.log.end", {"reason": reason, "seats": state.won})


def _winners(state: ShadowHuntersFields, reason: str) -> list[int]:
    """Who wins when the game ends (D23-D24; the fallback is documented in the rules notes)."""
    n = state.num_players
    won = set(state.trig)
    living = state.living()
    if reason == "last_side":
        g = state.gate(living[0])
        won |= {s for s in range(n) if state.gate(s) == g} if g != "none" else {living[0]}
    own = set(won)
    for s in range(n):
        if _end_mission(state, s, won, final=False):
            own.add(s)
    for s in range(n):
        if _end_mission(state, s, own, final=True):
            own.add(s)
    won = set(own)
    if state.options["community_win"] == "community":
        gates = {state.gate(s) for s in own} - {"none"}
        won |= {s for s in range(n) if state.gate(s) in gates}
    gates = {state.gate(s) for s in won} - {"none"}
    for s in range(n):
        join = state.character(s).otherwise_join
        if join and s not in own and join in gates:
            won.add(s)
    if not won:
        won = set(_stalemate(state))
    return sorted(won)


def _end_mission(state: ShadowHuntersFields, seat: int, winners: set[int], final: bool) -> bool:
    """Whether an end-state mission of `seat` holds (`final`: the ones that read winners)."""
    for m in state.character(seat).missions:
        kind = m["mission"]
        holds = END_MISSIONS.get(kind)
        if holds is None or final != (kind == "hold_card_winners_exclude"):
            continue  # a trigger mission decided when it was met (D24)
        if holds(state, seat, m, winners):
            return True
    return False


def _stalemate(state: ShadowHuntersFields) -> list[int]:
    """Nobody's mission holds: the sides with most living members win (the last to die
    if nobody lives)."""
    living = state.living()
    if not living:
        last = max(state.death_rank)
        return [s for s in range(state.num_players) if state.death_rank[s] == last]
    sides: dict[str, list[int]] = {}
    for s in living:
        g = state.gate(s)
        sides.setdefault(g if g != "none" else f"seat{s}", []).append(s)
    best = max(len(v) for v in sides.values())
    keep = {k for k, v in sides.items() if len(v) == best}
    return [s for s in range(state.num_players)
            if (state.gate(s) if state.gate(s) != "none" else f"seat{s}") in keep]


# == the end-state missions, in vocabulary.MISSIONS' order ==================================
Mission = dict[str, Any]
"""One mission block, as the character file gives it."""


def _survive(state: ShadowHuntersFields, seat: int, m: Mission, winners: set[int]) -> bool:
    """Alive at the end."""
    return bool(state.alive[seat])


def _hold_card_winners_exclude(state: ShadowHuntersFields, seat: int, m: Mission,
                               winners: set[int]) -> bool:
    """Holds the named card, and no winner belongs to the named gates."""
    return any(state.cards[c].id == m["card"] for c in state.equip[seat]) and not any(
        state.gate(s) in m["gates"] for s in winners)


def _stand_at(state: ShadowHuntersFields, seat: int, m: Mission, winners: set[int]) -> bool:
    """Alive on the named keypad cell."""
    return bool(state.alive[seat]) and state.cell[seat] == m["cell"]


def _survive_without(state: ShadowHuntersFields, seat: int, m: Mission,
                     winners: set[int]) -> bool:
    """Alive, and no member of the named gates is."""
    return bool(state.alive[seat]) and not any(
        state.gate(s) in m["gates"] for s in state.living())


def _survivors_at_least_half(state: ShadowHuntersFields, seat: int, m: Mission,
                             winners: set[int]) -> bool:
    """At least half of the starting characters are alive."""
    return 2 * len(state.living()) >= state.num_players


END_MISSIONS: dict[str, Callable[[ShadowHuntersFields, int, Mission, set[int]], bool]] = {
    "survive": _survive,
    "hold_card_winners_exclude": _hold_card_winners_exclude,
    "stand_at": _stand_at,
    "survive_without": _survive_without,
    "survivors_at_least_half": _survivors_at_least_half,
}
"""End-state mission -> whether it holds (state, seat, the mission block, the winners so far)."""
check_complete("shadow-hunters: end-state mission", END_STATE_MISSIONS, END_MISSIONS)
