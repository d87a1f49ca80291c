"""A suit step's commitments (規則 2.3.3): everyone commits face down at once, then reveals.

A seat commits all its cards of the called suit with as many Ravens as it chooses to
cancel them (or must, under option raven_cancel, Darkness Falls or Punishment), or, with
none of the suit, a bluff of any size that goes back to its hand. Revealed Ravens cancel
the cards they came with; a raven Tarr and Fether may once a round count a Raven as one
card of the suit.
"""

from __future__ import annotations

from candlelit.games.nevermore import abilities
from candlelit.games.nevermore.constants import (
    A_COMMIT,
    A_WILD,
    ANYTIME,
    D_COMMIT,
    D_NONE,
    DURING_STEP,
    MAX_COUNT,
    RAVEN,
    ST_RESOLUTION,
    SUITS,
    T_CHECK_WIN,
    T_COMPUTE,
    T_GAIN_VP,
    T_REVEAL,
    T_WINDOW,
)
from candlelit.games.nevermore.state import (
    FX_DARK,
    FX_PUNISH,
    NevermoreFields,
)


def t_step(state: NevermoreFields, task: list[int]) -> None:
    """Call a suit: every seat with cards commits face down at once."""
    index = task[1]
    suit = state.mids[index]
    state.stage = ST_RESOLUTION
    if state.shown <= index:
        state.shown = index + 1
        state._emit("tokens", "nevermore.token_flipped", {"suit": SUITS[suit],
                                                         "position": index + 1})
    state.step = suit
    n = state.num_players
    state.commit = [[0, 0, 0, 0] for _ in range(n)]
    state.net = [0] * n
    state.raw = [0] * n
    state._emit("step", "nevermore.step_called", {"suit": SUITS[suit]})
    state.tasks.append([T_REVEAL, suit])
    pending = [s for s in range(n) if any(state.hand[s])]
    if pending:
        state.decision = [D_COMMIT, -1, suit]
        state.pending = pending


def commit_actions(state: NevermoreFields, seat: int) -> list[int]:
    """A seat's commit choices: ravens to attach to all its cards of the suit, else a bluff."""
    suit = state.step
    hand = state.hand[seat]
    k = hand[suit]
    ravens = hand[RAVEN]
    if k:
        lo, hi = attach_range(state, seat, ravens, k)
        actions = list(range(A_COMMIT + lo, A_COMMIT + hi + 1))
    else:
        actions = list(range(A_COMMIT, A_COMMIT + min(sum(hand), MAX_COUNT - 1) + 1))
    if ravens and state.specters and abilities.can_wild(state, seat):
        lo, hi = attach_range(state, seat, ravens - 1, k + 1)
        actions += range(A_WILD + lo, A_WILD + hi + 1)
    return actions


def attach_range(state: NevermoreFields, seat: int, ravens: int, cards: int) -> tuple[int, int]:
    """How many Ravens may go with `cards` suit cards (黑暗預兆; FAQ 魔法牌 8, 13)."""
    if state.fx[FX_DARK]:
        return 0, 0
    if state.fx[FX_PUNISH] >> seat & 1:
        forced = min(1, ravens)
        return forced, forced
    top = min(ravens, cards)
    if state.options["raven_cancel"] == "mandatory":
        return top, top
    return 0, top


def answer_commit(state: NevermoreFields, seat: int, action: int) -> None:
    """Record `seat`'s face-down commitment (A_COMMIT or A_WILD + Ravens attached)."""
    suit = state.step
    hand = state.hand[seat]
    k = hand[suit]
    if action >= A_WILD:
        n = action - A_WILD
        hand[suit] = 0
        hand[RAVEN] -= 1 + n
        state.commit[seat] = [k, n, 0, 1]
        abilities.mark_wild(state, seat)
    else:
        n = action - A_COMMIT
        if k:
            hand[suit] = 0
            hand[RAVEN] -= n
            state.commit[seat] = [k, n, 0, 0]
        else:
            state.commit[seat] = [0, 0, n, 0]
    state.pending.remove(seat)
    if not state.pending:
        state.decision = [D_NONE]


def t_reveal(state: NevermoreFields, task: list[int]) -> None:
    """All reveal together; ravens cancel; bluffs go back to hand (規則 2.3.3)."""
    suit = task[1]
    punished = state.fx[FX_PUNISH]
    for seat in range(state.num_players):
        k, r, b, w = state.commit[seat]
        net = 0 if punished >> seat & 1 and r else max(0, k + w - r)
        state.net[seat] = net
        state.raw[seat] = k
        front = state.front[seat]
        front[suit] += k
        front[RAVEN] += r + w
        if b:
            state._emit("reveal", "nevermore.bluff_back", {"seat": seat, "count": b,
                                                          "suit": SUITS[suit]})
        elif w:
            state._emit("reveal", "nevermore.revealed_wild", {
                "seat": seat, "suit": SUITS[suit], "count": k, "ravens": r, "net": net})
        elif k:
            state._emit("reveal", "nevermore.revealed", {
                "seat": seat, "suit": SUITS[suit], "count": k, "ravens": r, "net": net})
    state.netlog[suit] = state.net[:]
    seq: list[list[int]] = []
    for prophecy in state.prophecies:
        owner, target, named, done = prophecy
        if named == suit and not done:
            prophecy[3] = 1
            hit = state.net[target] >= 2
            state._emit("card", "nevermore.prophecy_checked", {
                "seat": owner, "to": target, "suit": SUITS[suit],
                "count": state.net[target], "hit": "yes" if hit else "no"})
            if hit:
                seq.append([T_GAIN_VP, owner, 1])
    if seq:
        seq.append([T_CHECK_WIN, -1])
    seq += [[T_WINDOW, DURING_STEP, suit, 0, 0], [T_COMPUTE, suit],
            [T_WINDOW, ANYTIME, -1, 0, 0]]
    state.push(*seq)
