"""Every decision Fatal Frame asks for, one step per phase in the rulebook's order: its
legal actions, its handler, its prompt and (where cheap) a one-action legality test."""

from __future__ import annotations

from collections.abc import Callable

from candlelit.engine.flow import Step, Steps
from candlelit.games.fatal_frame.combat import (
    combat_decision,
    fight_decision,
    legal_fight,
    legal_fight_rolled,
    legal_reroll,
    reroll_decision,
)
from candlelit.games.fatal_frame.constants import (
    A_DISCARD,
    A_FUNC,
    A_PASS,
    A_PLAY,
    A_RESOLVE,
    A_ROLL,
    DISCARD_DOWN,
    EFFECT_DISCARD,
    EXTRA_MOVE,
    FIGHT_PRE,
    FIGHT_ROLLED,
    LOSE_UPGRADE,
    MOVE,
    OVER,
    PAY_COST,
    PHASE_NAMES,
    PLAY,
    REACT,
    REACT_MOVE,
    RELEASE,
    REROLL,
    SEARCH,
    TARGET_GHOST,
    TARGET_SEAT,
    TARGET_SEAT_DIR,
    TARGET_STEAL,
)
from candlelit.games.fatal_frame.effects import (
    cost_decision,
    discard_down_decision,
    effect_discard_decision,
    legal_discard,
    legal_lose,
    legal_release,
    lose_decision,
    release_decision,
)
from candlelit.games.fatal_frame.functions import function_offered
from candlelit.games.fatal_frame.move import (
    extra_move_decision,
    legal_extra_move,
    legal_move,
    move_decision,
)
from candlelit.games.fatal_frame.play import (
    haunt_decision,
    legal_play,
    legal_search,
    legal_target_ghost,
    legal_target_seat,
    on_ghost_decision,
    play_decision,
    playable,
    push_decision,
    pushes,
    search_decision,
    steal_decision,
    steals,
)
from candlelit.games.fatal_frame.quick_escape import (
    legal_react,
    legal_react_move,
    react_decision,
    react_move_decision,
)
from candlelit.games.fatal_frame.state import FatalFrameFields
from candlelit.games.fatal_frame.turn import may_play_more

F = FatalFrameFields


def _allows_fight(s: F, seat: int, action: int) -> bool:
    """Taking the picture is always open before the roll."""
    return action == A_ROLL or action in legal_fight(s, seat)


def _allows_rolled(s: F, seat: int, action: int) -> bool:
    """Keeping the dice is always open once they are rolled."""
    return action == A_RESOLVE or action in legal_fight_rolled(s, seat)


def _allows_play(s: F, seat: int, action: int) -> bool:
    """Passing, the Function when offered, or one playable card of the hand."""
    if action == A_PASS:
        return True
    if action == A_FUNC:
        return function_offered(s, seat)
    kind = action - A_PLAY
    return (0 <= kind < len(s.cards.main) and kind in s.hands[seat]
            and may_play_more(s) and playable(s, seat, kind))


def _allows_discard(s: F, seat: int, action: int) -> bool:
    """Any card kind of the hand."""
    kind = action - A_DISCARD
    return 0 <= kind < len(s.cards.main) and kind in s.hands[seat]


def _step(phase: int, legal: Callable[[F, int], list[int]], apply: Callable[[F, int, int], None],
          allows: Callable[[F, int, int], bool] | None = None) -> Step[F]:
    """The step of `phase`, named as views name the phase, with its prompt key."""
    name = PHASE_NAMES[phase]
    return Step(name, legal, apply, f"fatal_frame.prompt.{name}", allows)


DECISIONS = range(OVER)
"""Every phase that awaits a decision (all but OVER)."""

STEPS: Steps[F] = Steps("fatal-frame", DECISIONS, {
    FIGHT_PRE: _step(FIGHT_PRE, legal_fight, fight_decision, _allows_fight),
    FIGHT_ROLLED: _step(FIGHT_ROLLED, legal_fight_rolled, combat_decision, _allows_rolled),
    REROLL: _step(REROLL, legal_reroll, reroll_decision),
    MOVE: _step(MOVE, legal_move, move_decision),
    PLAY: _step(PLAY, legal_play, play_decision, _allows_play),
    DISCARD_DOWN: _step(DISCARD_DOWN, legal_discard, discard_down_decision, _allows_discard),
    EFFECT_DISCARD: _step(EFFECT_DISCARD, legal_discard, effect_discard_decision,
                          _allows_discard),
    LOSE_UPGRADE: _step(LOSE_UPGRADE, legal_lose, lose_decision),
    RELEASE: _step(RELEASE, legal_release, release_decision),
    TARGET_SEAT: _step(TARGET_SEAT, legal_target_seat, haunt_decision),
    TARGET_GHOST: _step(TARGET_GHOST, legal_target_ghost, on_ghost_decision),
    TARGET_SEAT_DIR: _step(TARGET_SEAT_DIR, pushes, push_decision),
    TARGET_STEAL: _step(TARGET_STEAL, steals, steal_decision),
    SEARCH: _step(SEARCH, legal_search, search_decision),
    EXTRA_MOVE: _step(EXTRA_MOVE, legal_extra_move, extra_move_decision),
    PAY_COST: _step(PAY_COST, legal_discard, cost_decision, _allows_discard),
    REACT: _step(REACT, legal_react, react_decision),
    REACT_MOVE: _step(REACT_MOVE, legal_react_move, react_move_decision),
})
"""Fatal Frame's decisions, keyed by phase (constants.py)."""
