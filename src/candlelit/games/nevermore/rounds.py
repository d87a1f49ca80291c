"""A round (規則 2): the deal and the round's plan, the end phase and clean-up.

Deal 5; before-drafting window; three passes; before-resolution windows (characters,
then magick); resolution; after-resolution window; end phase (ravens may turn human
again, 人類玩家 1-2); clean-up (規則 2.5: the main deck is reshuffled whole, the start
player moves clockwise, the marker flips). A round limit (option max_rounds) ends the
game with the human with most points, then health.
"""

from __future__ import annotations

from candlelit.games.nevermore import abilities, health
from candlelit.games.nevermore.constants import (
    AFTER_RESOLUTION,
    BEFORE_DRAFT,
    BEFORE_RESOLUTION,
    CHAR_WINDOW,
    DEAL,
    LEFT,
    LIGHT,
    MIDDLE,
    PER_SUIT,
    ST_BEFORE_DRAFT,
    ST_END,
    T_CHECK_WIN,
    T_CLEANUP,
    T_CONSPIRACY,
    T_DRAFT,
    T_END_PHASE,
    T_PROPHECIES,
    T_ROUND,
    T_SKULK,
    T_STEP,
    T_WINDOW,
)
from candlelit.games.nevermore.state import (
    ROUND_BITS,
    NevermoreFields,
)


def t_round(state: NevermoreFields, task: list[int]) -> None:
    """[T_ROUND]: priority order, the deal, the middle tokens, then the round's plan."""
    n = state.num_players
    state.order = state.priority()
    state.stage = ST_BEFORE_DRAFT
    state._emit("round", "nevermore.round_start", {
        "round": state.round, "first": state.start,
        "direction": "left" if state.direction == LEFT else "right"})
    deck = [suit for suit in range(5) for _ in range(PER_SUIT)]
    state.shuffle(deck)
    for seat in range(n):
        hand = state.hand[seat]
        for suit in deck[-DEAL:]:
            hand[suit] += 1
        del deck[-DEAL:]
        state._emit("deal", "nevermore.dealt", {"seat": seat, "cards": hand[:]}, (seat,))
    state.mdeck = deck
    if state.round == 1:
        state.mids, state.shown = list(MIDDLE), 4
    else:
        state.mids = list(MIDDLE)
        state.shuffle(state.mids)
        state.shown = 0
        state._emit("tokens", "nevermore.tokens_hidden", {})
    state.tkknown = 0
    state.push(*round_plan(state))


def round_plan(state: NevermoreFields) -> list[list[int]]:
    """The round's tasks after the deal, in the seed's order (規則 2.1-2.5)."""
    seq: list[list[int]] = []
    if state.specters:
        seq.append([T_WINDOW, CHAR_WINDOW + BEFORE_DRAFT, -1, 0, 0])
    seq += [[T_WINDOW, BEFORE_DRAFT, -1, 0, 0], [T_DRAFT, 0], [T_DRAFT, 1], [T_DRAFT, 2]]
    if state.specters:
        seq.append([T_WINDOW, CHAR_WINDOW + BEFORE_RESOLUTION, -1, 0, 0])
    seq += [[T_WINDOW, BEFORE_RESOLUTION, -1, 0, 0], [T_CONSPIRACY]]
    seq += [[T_STEP, i] for i in range(4)]
    seq += [[T_SKULK], [T_PROPHECIES]]
    if state.specters:
        seq.append([T_WINDOW, CHAR_WINDOW + AFTER_RESOLUTION, -1, 0, 0])
    seq += [[T_WINDOW, AFTER_RESOLUTION, -1, 0, 0], [T_END_PHASE], [T_CLEANUP]]
    return seq


def t_end_phase(state: NevermoreFields, task: list[int]) -> None:
    """[T_END_PHASE]: Valdemar's delayed turns happen; ravens with the cards turn human."""
    state.stage = ST_END
    n = state.num_players
    seq: list[list[int]] = []
    if state.specters:
        for s in range(n):
            if not state.raven[s] and state.health[s] == 0:
                seq += health.transform(state, s, state.turned_by[s])
                seq.append([T_CHECK_WIN, state.turned_by[s]])
    for s in range(n):
        if state.raven[s] and returns_to_human(state, s):
            health.turn_human(state, s)
            state._emit("end", "nevermore.returns", {"seat": s, "health": state.health[s]})
    seq.append([T_CHECK_WIN, -1])
    state.push(*seq)


def returns_to_human(state: NevermoreFields, seat: int) -> bool:
    """5 of one suit or 5 different suits in hand, played cards and discards included."""
    counts = [state.hand[seat][k] + state.front[seat][k] for k in range(5)]
    need = 4 if state.specters and abilities.has(state, seat, "lenore", True) else 5
    return max(counts) >= need or sum(1 for c in counts if c) >= need


def t_cleanup(state: NevermoreFields, task: list[int]) -> None:
    """[T_CLEANUP]: put the round away, move the start player, flip the marker; maybe stop."""
    n = state.num_players
    for title in state.adrift:
        (state.ldisc if state.cards.magick[title].deck == LIGHT else state.sdisc).append(title)
    state.adrift = []
    state.hand = [[0] * 5 for _ in range(n)]
    state.front = [[0] * 5 for _ in range(n)]
    state.held = [[0] * 5 for _ in range(n)]
    state.mdeck = []
    state.clear_round()
    state.cused = [c & ~ROUND_BITS for c in state.cused]
    state.copied = [-1] * n
    state.start = (state.start + 1) % n
    state.direction = -state.direction
    state._emit("round", "nevermore.round_end", {"round": state.round})
    if state.round >= state.options["max_rounds"]:
        humans = [s for s in range(n) if not state.raven[s]]
        pool = humans or list(range(n))
        best = max((state.vp[s], state.health[s]) for s in pool)
        health.finish(state, [s for s in pool if (state.vp[s], state.health[s]) == best], "rounds")
        return
    state.round += 1
    state.tasks.append([T_ROUND])
