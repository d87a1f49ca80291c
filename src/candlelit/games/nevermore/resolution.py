"""Resolution (規則 2.3): the Conspiracy of Ravens, each suit step's outcome, Skulking Ravens.

A step is won by most minus second most (FAQ 結算 4), every tied seat winning with that
value; Healing and Victory winners' effects are simultaneous, and a raven winner pecks
instead. Prophecies whose step never came are checked on the hand at the end.
"""

from __future__ import annotations

from candlelit.games.nevermore import abilities, attacks
from candlelit.games.nevermore.constants import (
    ANYTIME,
    ATTACK,
    C_BETRAYAL,
    C_CONSPIRACY,
    C_REPENT,
    CONSPIRACY_RAVENS,
    HEAL,
    HEAL_BONUS_AT,
    LIGHT,
    RADIANCE,
    RADIANCE_FIVE,
    RAVEN,
    SHADOW,
    ST_RESOLUTION,
    SUITS,
    T_CHECK_WIN,
    T_CONSPIRE,
    T_DAMAGE,
    T_DRAW,
    T_END_RESOLUTION,
    T_GAIN_VP,
    T_HEAL,
    T_PECK,
    T_PROPHECIES,
    T_SKULK_DRAW,
    T_WINDOW,
    VICTORY,
)
from candlelit.games.nevermore.state import (
    FX_BETRAY,
    FX_BETRAY_VOID,
    FX_CONSPIRED,
    NevermoreFields,
)


def t_conspiracy(state: NevermoreFields, task: list[int]) -> None:
    """Whoever holds 5 or more Ravens (FAQ 結算 1) conspires; resolution then ends."""
    state.stage = ST_RESOLUTION
    plotters = [s for s in state.order if state.hand[s][RAVEN] >= CONSPIRACY_RAVENS]
    if not plotters:
        state._emit("step", "nevermore.no_conspiracy", {})
        return
    state.push(*[[T_CONSPIRE, s] for s in plotters], [T_WINDOW, ANYTIME, -1, 0, 0],
               [T_END_RESOLUTION])


def t_conspire(state: NevermoreFields, task: list[int]) -> None:
    """[T_CONSPIRE, seat]: a conspirator hurts every other human, draws Shadow Magick, scores 1."""
    seat = task[1]
    state._emit("step", "nevermore.conspiracy", {"seat": seat,
                                                 "ravens": state.hand[seat][RAVEN]})
    seq = [[T_DAMAGE, seat, s, 1, C_CONSPIRACY, 1] for s in state.order
           if s != seat and not state.raven[s]]
    seq.append([T_DRAW, SHADOW, seat, 1])
    if state.specters:
        seq += [[T_DRAW, SHADOW, s, 1] for s in state.order
                if s != seat and abilities.has(state, s, "prospero", True)]
    seq += [[T_GAIN_VP, seat, 1], [T_CHECK_WIN, seat]]
    state.push(*seq)


def t_end_resolution(state: NevermoreFields, task: list[int]) -> None:
    """立即結束結算階段: drop the remaining steps (Prophecy is still checked)."""
    tasks = state.tasks
    while tasks and tasks[-1][0] != T_PROPHECIES:
        tasks.pop()
    state.fx[FX_CONSPIRED] = 1
    state._emit("step", "nevermore.resolution_ends", {})


def t_compute(state: NevermoreFields, task: list[int]) -> None:
    """Most minus second most (FAQ 結算 4): every tied seat wins with that value."""
    suit = task[1]
    net = state.net
    state.netlog[suit] = net[:]
    top = max(net)
    if top == 0:
        state._emit("step", "nevermore.nobody", {"suit": SUITS[suit]})
        return
    winners = [s for s in state.order if net[s] == top]
    second = max((c for c in net if c != top), default=0)
    value = top - second
    state._emit("step", "nevermore.step_won", {"suit": SUITS[suit], "seats": winners,
                                               "most": top, "second": second,
                                               "value": value})
    if suit == ATTACK:
        attacks.attack(state, winners, value)
    elif suit == HEAL:
        healing(state, winners, value)
    elif suit == RADIANCE:
        radiance(state, winners, value)
    else:
        victory(state, winners, value)


def healing(state: NevermoreFields, winners: list[int], value: int) -> None:
    """Simultaneous (FAQ 結算 4.2; 治療 1); Betrayal turns it on the healer."""
    if state.fx[FX_BETRAY_VOID]:
        state._emit("card", "nevermore.step_void", {"suit": "healing"})
        return
    betray = state.fx[FX_BETRAY]
    if betray >= 0:
        for w in winners:
            if not state.raven[w]:
                state._emit("card", "nevermore.betrayed_heal", {"seat": w, "amount": value})
    groups: list[list[list[int]]] = []
    for w in winners:
        if state.raven[w]:
            groups.append([[T_PECK, w, HEAL]])
        elif betray >= 0:
            groups.append([[T_DAMAGE, betray, w, value, C_BETRAYAL]])
        else:
            full = state.health[w] >= state.max_health
            bonus = full and (value >= HEAL_BONUS_AT or (
                state.specters and abilities.has(state, w, "ligeia", False)))
            groups.append([[T_GAIN_VP, w, 1], [T_HEAL, w, value]] if bonus
                          else [[T_HEAL, w, value]])
    state.push(*_settle(groups, winners, state.raven))


def radiance(state: NevermoreFields, winners: list[int], value: int) -> None:
    """Winners draw Light Magick; 5 Radiance played: 2 health, 1 VP, a card (光輝)."""
    seq = [[T_DRAW, LIGHT, w, value] for w in winners]
    bonus = False
    for s in state.order:
        if state.raw[s] >= RADIANCE_FIVE:
            bonus = True
            state._emit("step", "nevermore.radiance_five", {"seat": s})
            seq += [[T_HEAL, s, 2], [T_GAIN_VP, s, 1]]
            if state.options["radiance_five"] == "extra-card":
                seq.append([T_DRAW, LIGHT, s, 1])
    if bonus:
        seq.append([T_CHECK_WIN, -1])
    state.push(*seq)


def victory(state: NevermoreFields, winners: list[int], value: int) -> None:
    """Humans score together (FAQ 分數 1); raven winners peck instead."""
    groups = [[[T_PECK, w, VICTORY]] if state.raven[w] else [[T_GAIN_VP, w, value]]
              for w in winners]
    state.push(*_settle(groups, winners, state.raven))


def t_skulk(state: NevermoreFields, task: list[int]) -> None:
    """[T_SKULK]: the Ravens left in hand are counted (Repentance hurts the humans holding them)."""
    n = state.num_players
    counts = [state.hand[s][RAVEN] for s in range(n)]
    state._emit("step", "nevermore.skulking", {"ravens": counts})
    if state.specters:
        counts = [c * 2 if abilities.has(state, s, "valdemar", True) else c
                  for s, c in enumerate(counts)]
    state.net = counts
    state.step = RAVEN
    seq: list[list[int]] = []
    if state.repent:
        source = state.repent[0]
        seq = [[T_DAMAGE, source, s, state.hand[s][RAVEN], C_REPENT, 1] for s in state.order
               if not state.raven[s] and state.hand[s][RAVEN]]
        seq.append([T_CHECK_WIN, source])
    seq.append([T_SKULK_DRAW])
    state.push(*seq)


def t_skulk_draw(state: NevermoreFields, task: list[int]) -> None:
    """[T_SKULK_DRAW]: most minus second most Ravens: that many Shadow Magick cards."""
    net = state.net
    state.netlog[RAVEN] = net[:]
    top = max(net)
    if top == 0:
        state._emit("step", "nevermore.nobody", {"suit": "raven"})
        return
    winners = [s for s in state.order if net[s] == top]
    second = max((c for c in net if c != top), default=0)
    value = top - second
    state._emit("step", "nevermore.step_won", {"suit": "raven", "seats": winners,
                                               "most": top, "second": second,
                                               "value": value})
    state.push(*[[T_DRAW, SHADOW, w, value] for w in winners])


def t_prophecies(state: NevermoreFields, task: list[int]) -> None:
    """Prophecies whose step never came (a Conspiracy): checked on the hand (FAQ 11)."""
    seq: list[list[int]] = []
    for prophecy in state.prophecies:
        owner, target, suit, done = prophecy
        if done:
            continue
        prophecy[3] = 1
        count = state.hand[target][suit]
        hit = count >= 2
        state._emit("card", "nevermore.prophecy_checked", {
            "seat": owner, "to": target, "suit": SUITS[suit], "count": count,
            "hit": "yes" if hit else "no"})
        if hit:
            seq.append([T_GAIN_VP, owner, 1])
    if seq:
        seq.append([T_CHECK_WIN, -1])
        state.push(*seq)


def _settle(groups: list[list[list[int]]], winners: list[int],
            raven: list[int]) -> list[list[int]]:
    """Order the winners' effects of Healing or Victory (FAQ 結算 4.2, 6; 分數 1).

    `groups` holds each winner's tasks, in the winners' priority order. Human winners'
    effects are simultaneous: they all land, then one win check, then the ravens peck. When
    a raven ties with a human for most, every winner resolves in turn in priority order and
    each human's share is followed by its own win check.
    """
    humans = [g for g, w in zip(groups, winners, strict=True) if not raven[w]]
    if len(humans) in (0, len(groups)):
        out = [t for g in humans for t in g]
        if out:
            out.append([T_CHECK_WIN, -1])
        return out + [t for g, w in zip(groups, winners, strict=True) if raven[w] for t in g]
    out = []
    for group, w in zip(groups, winners, strict=True):
        out += group
        if not raven[w]:
            out.append([T_CHECK_WIN, -1])
    return out
