"""Mission progress and the end it decides: steps done, missions completed, the final
mission revealed and won.

A mission is shown as soon as work on it starts, and a started mission that is broken off
(its party expelled) starts again from its first step. The first basic mission anyone
completes reveals one of the three hidden final missions (by option: a player chooses when);
only a player with a completed basic mission may work on it, and completing it wins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.anima import decks, party
from candlelit.games.anima.cards import Mission, Step
from candlelit.games.anima.constants import (
    FINAL_SLOT,
    M_COUNT,
    M_DECLARED,
    M_HELD,
    M_MASK,
    M_SHOWN,
    M_STEP,
    OVER,
    S_NONE,
)

if TYPE_CHECKING:
    from candlelit.games.anima.state import AnimaFields


def mission_at(s: AnimaFields, seat: int, slot: int) -> Mission | None:
    """The mission in `seat`'s slot that is still open to it (None: done or unavailable)."""
    if slot == FINAL_SLOT:
        if s.final < 0 or not s.done[seat]:
            return None
        return s.cards.finals[s.final]
    kind = s.missions[seat][slot]
    return None if kind in s.done[seat] else s.cards.basic[kind]


def current_step(s: AnimaFields, seat: int, slot: int) -> Step | None:
    """The step `seat` is working on in that mission, or None."""
    mission = mission_at(s, seat, slot)
    if mission is None:
        return None
    index = s.mprog[seat][slot][M_STEP]
    return mission.steps[index] if index < len(mission.steps) else None


def show(s: AnimaFields, seat: int, slot: int) -> None:
    """A mission being worked on is shown to everyone."""
    prog = s.mprog[seat][slot]
    if not prog[M_SHOWN]:
        prog[M_SHOWN] = 1
        mission = mission_at(s, seat, slot)
        assert mission is not None
        s._emit("mission", "anima.mission_shown", {"seat": seat, "card": mission.id})


def advance(s: AnimaFields, seat: int, slot: int) -> None:
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


def complete(s: AnimaFields, seat: int, slot: int, mission: Mission) -> None:
    """Reveal the mission and take its reward; the first basic one reveals the final."""
    if mission.final:
        s._emit("mission", "anima.final_done", {"seat": seat, "card": mission.id})
        finish(s, seat)
        return
    s.done[seat].append(mission.index)
    s.bonus[seat][0] += mission.combat
    s.bonus[seat][1] += mission.speed
    s._emit("mission", "anima.mission_done", {"seat": seat, "card": mission.id,
                                              "combat": mission.combat,
                                              "speed": mission.speed})
    if mission.draw:
        decks.draw_advantages(s, seat, mission.draw)
    if s.options["final_reveal"] == "first-completion":
        reveal_final(s)


def reveal_final(s: AnimaFields, by: int | None = None) -> None:
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


def interrupt(s: AnimaFields, seat: int) -> None:
    """A broken-off mission starts again: progress of every started mission is lost."""
    for m in range(3):
        prog = s.mprog[seat][m]
        if prog[M_STEP] or prog[M_COUNT]:
            mission = mission_at(s, seat, m)
            if mission is None:
                continue
            prog[M_STEP], prog[M_COUNT], prog[M_MASK], prog[M_HELD] = 0, 0, 0, -1
            s._emit("mission", "anima.interrupted", {"seat": seat, "card": mission.id})


def reward_mission(s: AnimaFields, seat: int, slot: int) -> None:
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
                                               for c in party.active(s, seat)):
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


def end_exploration(s: AnimaFields, seat: int) -> None:
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


# -- the end ----------------------------------------------------------------------------------
def finish(s: AnimaFields, seat: int) -> None:
    """`seat` completed the final mission: the game is over."""
    s.winner, s.phase, s.step, s.agenda = seat, OVER, S_NONE, []
    s._emit("end", "anima.victory", {"seat": seat})


def winners(s: AnimaFields) -> list[int]:
    """The seat that completed the final mission; at the round limit the most completed
    basic missions (ties share); after a lost Crisis nobody."""
    if s.phase != OVER:
        return []
    if s.winner >= 0:
        return [s.winner]
    if s.omega_won:
        return []
    counts = [len(s.done[q]) for q in range(s.num_players)]
    best = max(counts)
    return [q for q in range(s.num_players) if counts[q] == best]
