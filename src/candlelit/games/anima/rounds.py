"""The round: the speed order, the four phases taken by every party in that order, and the
end of a round; `run` works the agenda and hands the turn on when it is empty.

Rounds of four phases — Reset, Movement, Interaction, Exploration — each taken by every
party in speed order before the next begins. The round limit ends the game; with
`end_game: crisis` the Crisis timer counts down at each round's end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.anima import interaction, missions, party, progress
from candlelit.games.anima.constants import (
    EXPLORATION,
    MOVEMENT,
    OVER,
    PHASE_NAMES,
    RESET,
    S_NONE,
    SETUP,
    T_END_TURN,
    T_TURN,
)
from candlelit.games.anima.state import ROUND_MARKS
from candlelit.games.anima.tasks import TASKS

if TYPE_CHECKING:
    from candlelit.games.anima.state import AnimaFields


def run(s: AnimaFields) -> None:
    """Work through the agenda until a seat must decide or the game ends, handing the turn
    on whenever the agenda runs empty."""
    handlers = TASKS.handlers  # the hot loop: one lookup per task, no call per test
    while s.phase != OVER and s.step == S_NONE:
        if not s.agenda:
            next_turn(s)
            continue
        task = s.agenda.pop()
        handlers[task[0]](s, task)


def next_turn(s: AnimaFields) -> None:
    """Hand the phase to the next party in speed order that has something to do (a
    party off the map has no Interaction or Exploration turn), or start the next phase."""
    if s.phase == SETUP:
        begin_round(s)
        return
    n = s.num_players
    while True:
        s.turn_idx += 1
        if s.turn_idx >= n:
            if s.phase == EXPLORATION:
                _end_round(s)
            else:
                _begin_phase(s, s.phase + 1)
            return
        seat = s.order[s.turn_idx]
        if _takes_turn(s, seat):
            s.agenda.append([T_END_TURN, seat, 0, 0, 0, 0])
            s.agenda.append([T_TURN, seat, 0, 0, 0, 0])
            return


def _takes_turn(s: AnimaFields, seat: int) -> bool:
    """Whether `seat` has a turn in the current phase (judged from public facts)."""
    phase = s.phase
    if phase == RESET:
        return True
    if s.out[seat]:
        return False
    if phase == MOVEMENT:
        return True
    if s.loc[seat] < 0:
        return False
    return phase == EXPLORATION or interaction.may_interact(s, seat)


def begin_round(s: AnimaFields) -> None:
    """Work out the speed order and clear last round's marks."""
    s.round += 1
    n = s.num_players
    for name in ROUND_MARKS:
        setattr(s, name, [0] * n)
    s.revealed = 0
    s.order_speeds, s.tie_rank = [], []
    speeds = _order_by_speed(s)
    s._emit("round", "anima.round", {"round": s.round, "order": s.order[:],
                                     "speeds": speeds})
    _begin_phase(s, RESET)
    missions.offer_reveal(s)


def _order_by_speed(s: AnimaFields) -> list[int]:
    """Set `order`: fastest party first (characters discarded this round still count),
    ties by a roll made the first time the round has one; return the speeds."""
    n = s.num_players
    gone = s.gone_speed
    speeds = [party.party_speed(s, q) + gone[q] for q in range(n)]
    if speeds != s.order_speeds:
        s.order_speeds = speeds
        rank = s.tie_rank
        if not rank:
            if len(set(speeds)) == n:
                s.order = sorted(range(n), key=lambda q: -speeds[q])
                return speeds
            rank = s.tie_rank = [s.below(1 << 30) for _ in range(n)]
        s.order = sorted(range(n), key=lambda q: (-speeds[q], rank[q]))
    return speeds


def _begin_phase(s: AnimaFields, phase: int) -> None:
    s.phase, s.turn_idx = phase, 0
    s._emit("phase", "anima.phase", {"phase": PHASE_NAMES[phase]})
    if phase != RESET and s.options["speed_order"] == "per-phase":
        before = s.order
        speeds = _order_by_speed(s)
        if s.order != before:
            s._emit("round", "anima.reordered", {"order": s.order[:], "speeds": speeds})
    if phase == RESET:
        find_poorest(s)
    s.turn_idx = -1
    next_turn(s)


def find_poorest(s: AnimaFields) -> None:
    """The one party with fewest characters (and the one with fewest advantages) may
    take one from the discards this Reset phase; a tie gives nobody the privilege."""
    n = s.num_players
    s.salvaged_char = s.salvaged_adv = 0
    for field, counts in (("poor_char", [len(s.party[q]) for q in range(n)]),
                          ("poor_adv", [len(s.hand[q]) for q in range(n)])):
        low = min(counts)
        setattr(s, field, counts.index(low) if counts.count(low) == 1 else -1)


def _end_round(s: AnimaFields) -> None:
    if s.options["end_game"] == "crisis" and s.final >= 0:
        s.crisis_left -= 1
        s._emit("round", "anima.crisis_counter", {"left": s.crisis_left})
        if s.crisis_left <= 0:
            missions.begin_crisis(s)
            return
    if s.round >= s.options["max_rounds"]:
        s.phase, s.step = OVER, S_NONE
        s._emit("end", "anima.out_of_time", {"seats": progress.winners(s)})
        return
    begin_round(s)
