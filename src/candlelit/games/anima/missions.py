"""Missions: secret basic missions, the final mission they reveal, and the Crisis.

A mission is shown as soon as work on it starts, and a started mission that is broken off
(its party expelled) starts again from its first step. The first basic mission anyone
completes reveals one of the three hidden final missions; only a player with a completed
basic mission may work on it, and completing it wins. With `end_game: crisis` the final
mission's timer starts when it is revealed; when it runs out, every player with a completed
basic mission fights its Crisis foe once, in speed order, and the first to win wins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.anima import agenda, combat
from candlelit.games.anima.cards import Mission, Step
from candlelit.games.anima.constants import (
    FINAL_SLOT,
    M_COUNT,
    M_DECLARED,
    M_HELD,
    M_MASK,
    M_SHOWN,
    M_STEP,
    O_CRISIS,
    O_MISSION,
    P_MISSION,
    T_CHECK,
    T_CRISIS,
    T_CRISIS_END,
    T_EXPLORE_CHOICE,
    T_HOLD_EXTRA,
    T_UNVEIL,
)

if TYPE_CHECKING:
    from candlelit.games.anima.rules import AnimaState


def mission_at(s: AnimaState, seat: int, slot: int) -> Mission | None:
    """The mission in `seat`'s slot that is still open to it (None: done or unavailable)."""
    if slot == FINAL_SLOT:
        if s.final < 0 or not s.done[seat]:
            return None
        return s.cards.finals[s.final]
    kind = s.missions[seat][slot]
    return None if kind in s.done[seat] else s.cards.basic[kind]


def current_step(s: AnimaState, seat: int, slot: int) -> Step | None:
    """The step `seat` is working on in that mission, or None."""
    mission = mission_at(s, seat, slot)
    if mission is None:
        return None
    index = s.mprog[seat][slot][M_STEP]
    return mission.steps[index] if index < len(mission.steps) else None


def here(s: AnimaState, seat: int) -> list[int]:
    """Mission slots with a step `seat` can start in its area now (a foe to fight, a Speed
    check to pass, an area to hold)."""
    slot = s.loc[seat]
    if slot < 0:
        return []
    area = s.area_at[slot]
    out = []
    for m in range(3):
        step = current_step(s, seat, m)
        if step is None or step.area != area:
            continue
        if step.kind in ("defeat_mission_foe", "speed_check") or (
                step.kind == "hold_area" and s.mprog[seat][m][M_DECLARED] != s.round):
            out.append(m)
    return out


def holding(s: AnimaState, seat: int) -> bool:
    """Whether the party declared this round that it holds its area for a mission."""
    return any(s.mprog[seat][m][M_DECLARED] == s.round
               and (step := current_step(s, seat, m)) is not None
               and step.kind == "hold_area" for m in range(3))


def show(s: AnimaState, seat: int, slot: int) -> None:
    """A mission being worked on is shown to everyone."""
    prog = s.mprog[seat][slot]
    if not prog[M_SHOWN]:
        prog[M_SHOWN] = 1
        mission = mission_at(s, seat, slot)
        assert mission is not None
        s._emit("mission", "anima.mission_shown", {"seat": seat, "card": mission.id})


def work(s: AnimaState, seat: int, slot: int) -> None:
    """Start the mission step that can be done here, in the Exploration phase."""
    step = current_step(s, seat, slot)
    assert step is not None
    show(s, seat, slot)
    if step.kind == "defeat_mission_foe":
        agenda.push(s, T_EXPLORE_CHOICE, seat)
        combat.start_foe(s, seat, step.foe_combat, step.foe_type, step.foe_name, slot,
                         O_MISSION)
    elif step.kind == "speed_check":
        agenda.push(s, T_CHECK, seat, step.target, P_MISSION, slot, s.loc[seat])
    elif step.kind == "hold_area":
        s.mprog[seat][slot][M_DECLARED] = s.round
        s._emit("mission", "anima.holding", {"seat": seat})
        agenda.push(s, T_EXPLORE_CHOICE, seat)
        if step.extra_level:
            agenda.push(s, T_HOLD_EXTRA, seat, s.loc[seat], step.extra_level)
    else:
        raise AssertionError(f"anima: step {step.kind} is never offered as a choice to start")


def end_exploration(s: AnimaState, seat: int) -> None:
    """Count a held round for every hold step declared this round and still standing."""
    for m in range(3):
        prog = s.mprog[seat][m]
        step = current_step(s, seat, m)
        if step is None or step.kind != "hold_area" or prog[M_DECLARED] != s.round:
            continue
        if s.out[seat] or s.loc[seat] < 0 or s.area_at[s.loc[seat]] != step.area:
            continue
        prog[M_COUNT] = prog[M_COUNT] + 1 if prog[M_HELD] == s.round - 1 else 1
        prog[M_HELD] = s.round
        s._emit("mission", "anima.held", {"seat": seat, "count": prog[M_COUNT],
                                          "rounds": step.rounds})
        if prog[M_COUNT] >= step.rounds:
            advance(s, seat, m)


def reward_mission(s: AnimaState, seat: int, slot: int) -> None:
    """The area's mission reward: every mission step that asks for it here advances."""
    area = s.area_at[slot]
    card = s.cards.areas[area]
    chars = s.cards.characters
    advanced = False
    open_steps = [(m, current_step(s, seat, m)) for m in range(3)]
    for m, step in open_steps:
        if step is None:
            continue
        prog = s.mprog[seat][m]
        if step.kind == "take_mission_reward" and step.area == area:
            if len(s.party[seat]) < step.min_characters:
                continue
            if step.requires_skill and not any(step.requires_skill in chars[c].skills
                                               for c in s.active(seat)):
                continue
            show(s, seat, m)
            advance(s, seat, m)
            advanced = True
        elif step.kind == "take_mission_reward_any" and card.danger == step.danger \
                and area != step.exclude and not prog[M_MASK] >> area & 1:
            show(s, seat, m)
            prog[M_MASK] |= 1 << area
            prog[M_COUNT] += 1
            advanced = True
            if prog[M_COUNT] >= step.distinct:
                advance(s, seat, m)
        if s.winner >= 0:
            return
    if not advanced:
        s._emit("mission", "anima.mission_nothing", {"seat": seat})


def advance(s: AnimaState, seat: int, slot: int) -> None:
    """One step done; the last one completes the mission."""
    mission = mission_at(s, seat, slot)
    assert mission is not None
    prog = s.mprog[seat][slot]
    prog[M_STEP] += 1
    prog[M_COUNT], prog[M_MASK], prog[M_HELD] = 0, 0, -1
    s._emit("mission", "anima.step_done", {"seat": seat, "card": mission.id,
                                           "step": prog[M_STEP], "of": len(mission.steps)})
    if prog[M_STEP] >= len(mission.steps):
        complete(s, seat, slot, mission)


def complete(s: AnimaState, seat: int, slot: int, mission: Mission) -> None:
    """Reveal the mission and take its reward; the first basic one reveals the final."""
    if mission.final:
        s._emit("mission", "anima.final_done", {"seat": seat, "card": mission.id})
        s.finish(seat)
        return
    s.done[seat].append(mission.index)
    s.bonus[seat][0] += mission.combat
    s.bonus[seat][1] += mission.speed
    s._emit("mission", "anima.mission_done", {"seat": seat, "card": mission.id,
                                              "combat": mission.combat,
                                              "speed": mission.speed})
    if mission.draw:
        s.draw_advantages(seat, mission.draw)
    if s.options["final_reveal"] == "first-completion":
        reveal_final(s)


def reveal_final(s: AnimaState, by: int | None = None) -> None:
    """Turn up one hidden final mission (once a game) and start the Crisis timer; `by` is
    the seat that chose to, when the option lets players choose."""
    if s.final >= 0 or not s.final_pile:
        return
    s.final = s.final_pile.pop()
    final = s.cards.finals[s.final]
    s.crisis_left = final.crisis_rounds
    if by is None:
        s._emit("mission", "anima.final_revealed", {"card": final.id})
    else:
        s._emit("mission", "anima.final_revealed_by", {"seat": by, "card": final.id})


def offer_reveal(s: AnimaState) -> None:
    """At a round's start, with `final_reveal: chosen`, ask each player with a completed
    basic mission in speed order whether to reveal the final mission (asked first = on top)."""
    if s.options["final_reveal"] != "chosen" or s.final >= 0 or not s.final_pile:
        return
    for q in reversed(s.order):
        if s.done[q]:
            s.agenda.append([T_UNVEIL, q, 0, 0, 0, 0])


def interrupt(s: AnimaState, seat: int) -> None:
    """A broken-off mission starts again: progress of every started mission is lost."""
    for m in range(3):
        prog = s.mprog[seat][m]
        if prog[M_STEP] or prog[M_COUNT]:
            mission = mission_at(s, seat, m)
            if mission is None:
                continue
            prog[M_STEP], prog[M_COUNT], prog[M_MASK], prog[M_HELD] = 0, 0, 0, -1
            s._emit("mission", "anima.interrupted", {"seat": seat, "card": mission.id})


def begin_crisis(s: AnimaState) -> None:
    """The timer ran out: each player with a completed basic mission fights once."""
    final = s.cards.finals[s.final]
    eligible = [q for q in s.order if s.done[q]]
    s._emit("end", "anima.crisis", {"card": final.id, "seats": eligible})
    s.agenda = [[T_CRISIS_END, -1, 0, 0, 0, 0]]
    for q in reversed(eligible):
        s.agenda.append([T_CRISIS, q, 0, 0, 0, 0])


def crisis_fight(s: AnimaState, seat: int) -> None:
    """`seat`'s one attempt at the Crisis version of the final mission."""
    final = s.cards.finals[s.final]
    foe = next((st for st in final.steps if st.kind == "defeat_mission_foe"), None)
    s.out[seat] = 0
    combat.start_foe(s, seat, final.crisis_combat, foe.foe_type if foe else "Darkness",
                     foe.foe_name if foe else final.name_en, FINAL_SLOT, O_CRISIS)
