"""Working on missions: the steps a party may start where it stands, starting one, the
offer to reveal the final mission, and the Crisis.

With `end_game: crisis` the final mission's timer starts when it is revealed; when it runs
out, every player with a completed basic mission fights its Crisis foe once, in speed
order, and the first to win wins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.anima import agenda, combat
from candlelit.games.anima.constants import (
    FINAL_SLOT,
    M_DECLARED,
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
from candlelit.games.anima.progress import current_step, show

if TYPE_CHECKING:
    from candlelit.games.anima.state import AnimaFields


def here(s: AnimaFields, seat: int) -> list[int]:
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


def holding(s: AnimaFields, seat: int) -> bool:
    """Whether the party declared this round that it holds its area for a mission."""
    return any(s.mprog[seat][m][M_DECLARED] == s.round
               and (step := current_step(s, seat, m)) is not None
               and step.kind == "hold_area" for m in range(3))


def work(s: AnimaFields, seat: int, slot: int) -> None:
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


def offer_reveal(s: AnimaFields) -> None:
    """At a round's start, with `final_reveal: chosen`, ask each player with a completed
    basic mission in speed order whether to reveal the final mission (asked first = on top)."""
    if s.options["final_reveal"] != "chosen" or s.final >= 0 or not s.final_pile:
        return
    for q in reversed(s.order):
        if s.done[q]:
            s.agenda.append([T_UNVEIL, q, 0, 0, 0, 0])


def begin_crisis(s: AnimaFields) -> None:
    """The timer ran out: each player with a completed basic mission fights once."""
    final = s.cards.finals[s.final]
    eligible = [q for q in s.order if s.done[q]]
    s._emit("end", "anima.crisis", {"card": final.id, "seats": eligible})
    s.agenda = [[T_CRISIS_END, -1, 0, 0, 0, 0]]
    for q in reversed(eligible):
        s.agenda.append([T_CRISIS, q, 0, 0, 0, 0])


def crisis_fight(s: AnimaFields, seat: int) -> None:
    """`seat`'s one attempt at the Crisis version of the final mission."""
    final = s.cards.finals[s.final]
    foe = next((st for st in final.steps if st.kind == "defeat_mission_foe"), None)
    s.out[seat] = 0
    combat.start_foe(s, seat, final.crisis_combat, foe.foe_type if foe else "Darkness",
                     foe.foe_name if foe else final.name_en, FINAL_SLOT, O_CRISIS)
