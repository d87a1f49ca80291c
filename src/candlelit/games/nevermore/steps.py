"""Nevermore's decisions, each declared once: its legal actions, its answer, its prompt.

A decision is `decision` = [D_* kind, seat or -1, arguments...] answered by the seats in
`pending`; the engine's `legal_actions` / `apply_action` look its step up here
(engine/flow.py). Simultaneous decisions (the character draft, passing, committing) are
hidden commitments of every pending seat; the others are single-seat decisions.
"""

from __future__ import annotations

from collections.abc import Callable

from candlelit.engine.flow import Step, Steps, check_complete
from candlelit.games.nevermore import (
    attacks,
    character_draft,
    commitments,
    drafting,
    effects,
    playable,
    specters,
    windows,
)
from candlelit.games.nevermore.constants import (
    A_CHAR,
    A_DONE,
    A_DROP,
    A_KIND,
    A_PASS,
    A_PLAY,
    A_POS,
    A_SWEEP,
    A_TARGET,
    A_YES,
    D_ATTACK,
    D_CHAR_KEEP,
    D_CHAR_PICK,
    D_COMMIT,
    D_DROP,
    D_KIND,
    D_LETHAL,
    D_NONE,
    D_PASS,
    D_POS,
    D_TARGET,
    D_WINDOW,
    D_YESNO,
    DECISIONS,
    P_ATTACK,
    P_BETRAY_HEAL,
    P_BLOODLET,
    P_BLOODLET_RAVEN,
    P_CANCEL_TAKEN,
    P_DOMINATE,
    P_DRAIN,
    P_DRAIN_RAVEN,
    P_DUPIN,
    P_EXHAUST,
    P_HOPFROG,
    P_IMP,
    P_MONTRESOR,
    P_NIGHTMARE,
    P_NIGHTMARE_DISCARD,
    P_PECK,
    P_PROPHECY_SUIT,
    P_PROPHECY_WHO,
    P_PUNISH,
    P_PYM,
    P_RAGE,
    P_WILSON,
    P_WITHER,
    RAVEN,
    SWEEP_AT,
    purposes_of,
)
from candlelit.games.nevermore.state import NevermoreFields

Legal = Callable[[NevermoreFields, int], list[int]]
Apply = Callable[[NevermoreFields, int, int], None]
Allows = Callable[[NevermoreFields, int, int], bool]


def _bits(mask: int, base: int) -> list[int]:
    """`base + i` for every bit i set in `mask`, ascending."""
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(base + i)
        mask >>= 1
        i += 1
    return out


def _close(state: NevermoreFields) -> list[int]:
    """The answered single-seat decision, no longer pending."""
    decision = state.decision
    state.decision, state.pending = [D_NONE], []
    return decision


# -- the character draft (Specters) ---------------------------------------------------------
def _characters(state: NevermoreFields, seat: int) -> list[int]:
    return sorted(A_CHAR + c for c in state.cdeal[seat])


def _draft(state: NevermoreFields, seat: int, action: int) -> None:
    character_draft.answer_draft(state, seat, action - A_CHAR)


# -- windows, passing, committing --------------------------------------------------------
def _window(state: NevermoreFields, seat: int) -> list[int]:
    decision = state.decision
    return windows.window_actions(state, seat, decision[2], decision[3])


def _window_allows(state: NevermoreFields, seat: int, action: int) -> bool:
    return action == A_DONE or action in _window(state, seat)


def _passes(state: NevermoreFields, seat: int) -> list[int]:
    hand = state.hand[seat]
    return [A_PASS + k for k in range(5) if hand[k]]


def _pass_allows(state: NevermoreFields, seat: int, action: int) -> bool:
    return A_PASS <= action < A_PASS + 5 and state.hand[seat][action - A_PASS] > 0


# -- attacks and the choices magick and abilities ask for --------------------------------
def _attacks(state: NevermoreFields, seat: int) -> list[int]:
    actions = _bits(state.decision[3], A_TARGET)
    if state.decision[2] >= SWEEP_AT:
        actions.append(A_SWEEP)
    return actions


def _targets(state: NevermoreFields, seat: int) -> list[int]:
    return _bits(state.decision[3], A_TARGET)


def _target(state: NevermoreFields, seat: int, action: int) -> None:
    decision = _close(state)
    TARGETS[decision[2]](state, seat, action - A_TARGET, decision[-1])


def _kinds(state: NevermoreFields, seat: int) -> list[int]:
    return _bits(state.decision[3], A_KIND)


def _kind(state: NevermoreFields, seat: int, action: int) -> None:
    decision = _close(state)
    KINDS[decision[2]](state, seat, action - A_KIND, decision[-1])


def _positions(state: NevermoreFields, seat: int) -> list[int]:
    return _bits(state.decision[3], A_POS)


def _position(state: NevermoreFields, seat: int, action: int) -> None:
    decision = _close(state)
    specters.on_position(state, seat, action - A_POS, decision)


def _yes_no_actions(state: NevermoreFields, seat: int) -> list[int]:
    if state.decision[2] == P_CANCEL_TAKEN and not state.hand[seat][RAVEN]:
        return [A_DONE]
    return [A_YES, A_DONE]


def _yes_no(state: NevermoreFields, seat: int, action: int) -> None:
    decision = _close(state)
    YES_NO[decision[2]](state, seat, action == A_YES, decision)


def _reprieves(state: NevermoreFields, seat: int) -> list[int]:
    return [A_PLAY + t for t in playable.reprieves(state, seat)] + [A_DONE]


def _drops(state: NevermoreFields, seat: int) -> list[int]:
    held = state.magick[seat]
    return [A_DROP + t for t in range(len(held)) if held[t]]


def _drop(state: NevermoreFields, seat: int, action: int) -> None:
    _close(state)
    specters.on_drop(state, seat, action - A_DROP)


# -- what each purpose's answer does, by the decision that asks it ---------------------------
Chosen = Callable[[NevermoreFields, int, int, int], None]
"""A target or kind answer: (state, seat, chosen seat or kind, the decision's extra)."""
YesNo = Callable[[NevermoreFields, int, bool, list[int]], None]
"""A yes / no answer: (state, seat, yes, the answered decision)."""

TARGETS: dict[int, Chosen] = {
    # the Attack step: a winner's victim, a Betrayal-turned heal, a raven's peck
    P_ATTACK: attacks.hit, P_BETRAY_HEAL: attacks.answer_betray_heal,
    P_PECK: attacks.peck_hit, P_HOPFROG: attacks.answer_hop_frog,
    # magick cards
    P_BLOODLET: effects.answer_bloodletting, P_BLOODLET_RAVEN: effects.answer_raven_damage,
    P_PROPHECY_WHO: effects.answer_prophecy_player, P_PUNISH: effects.answer_punishment,
    P_RAGE: effects.answer_rage, P_DOMINATE: effects.answer_dominate,
    P_DRAIN: effects.answer_drain, P_DRAIN_RAVEN: effects.answer_raven_damage,
    P_WITHER: effects.answer_wither, P_EXHAUST: effects.answer_exhaust,
    P_NIGHTMARE: effects.answer_nightmare,
    # character abilities (Specters)
    P_DUPIN: specters.answer_dupin, P_WILSON: specters.answer_wilson,
    P_MONTRESOR: specters.answer_montresor,
}
"""Target purpose -> what the chosen seat is for (also when chosen at once, choices.py)."""
check_complete("nevermore: target purpose", purposes_of(D_TARGET), TARGETS)

KINDS: dict[int, Chosen] = {
    P_PROPHECY_SUIT: effects.answer_prophecy_suit,
    P_NIGHTMARE_DISCARD: effects.answer_nightmare_discard,
    P_PYM: specters.answer_pym,
}
"""Kind purpose -> what the chosen suit / card kind is for."""
check_complete("nevermore: kind purpose", purposes_of(D_KIND), KINDS)

YES_NO: dict[int, YesNo] = {
    P_CANCEL_TAKEN: effects.answer_cancel_taken, P_IMP: specters.answer_imp,
}
"""Yes / no purpose -> what the answer does."""
check_complete("nevermore: yes / no purpose", purposes_of(D_YESNO), YES_NO)


def _step(kind: int, legal: Legal, apply: Apply,
          allows: Allows | None = None) -> Step[NevermoreFields]:
    """The step of decision `kind`, named as the view names it, prompted by its name."""
    name = DECISIONS[kind]
    return Step(name, legal, apply, f"nevermore.prompt.{name}", allows)


STEPS: Steps[NevermoreFields] = Steps("nevermore", range(D_PASS, len(DECISIONS)), {
    # set-up: the character draft (Specters)
    D_CHAR_KEEP: _step(D_CHAR_KEEP, _characters, _draft),
    D_CHAR_PICK: _step(D_CHAR_PICK, _characters, _draft),
    # a round: windows, the draft, committing to each step
    D_WINDOW: _step(D_WINDOW, _window, windows.answer_window, _window_allows),
    D_PASS: _step(D_PASS, _passes, drafting.answer_pass, _pass_allows),
    D_COMMIT: _step(D_COMMIT, commitments.commit_actions, commitments.answer_commit),
    # resolution: attacks, and the choices of magick cards and abilities
    D_ATTACK: _step(D_ATTACK, _attacks, attacks.answer_attack),
    D_TARGET: _step(D_TARGET, _targets, _target),
    D_KIND: _step(D_KIND, _kinds, _kind),
    D_POS: _step(D_POS, _positions, _position),
    D_YESNO: _step(D_YESNO, _yes_no_actions, _yes_no),
    D_LETHAL: _step(D_LETHAL, _reprieves, effects.answer_lethal),
    D_DROP: _step(D_DROP, _drops, _drop),
})
"""Decision kind -> its step; every kind but D_NONE (nothing pending)."""
