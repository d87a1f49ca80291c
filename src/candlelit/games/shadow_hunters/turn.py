"""The edges of a 箱庭版暗影獵人 turn: its start (步驟 5-1: until-next-turn effects end,
start-of-turn skills and equipment, reveal, kept cards), passing it on (D5, D24c), and the
choices that wait in `queue` until the current one is made."""

from __future__ import annotations

from typing import Any

from candlelit.games.shadow_hunters.constants import A_CARD, A_NO, A_REVEAL, A_SKILL
from candlelit.games.shadow_hunters.damage import heal, hit_many
from candlelit.games.shadow_hunters.effects import play
from candlelit.games.shadow_hunters.skills import start_skills, use_skill
from candlelit.games.shadow_hunters.state import (
    ACTION,
    DONE,
    F_NO_ATTACK,
    F_SKIP_TURN,
    MOVE,
    START,
    UNTIL_NEXT_TURN,
    ShadowHuntersFields,
)
from candlelit.games.shadow_hunters.table import ask, auto_reveal, reveal
from candlelit.games.shadow_hunters.victory import end


def ask_queued(state: ShadowHuntersFields, item: list[Any]) -> None:
    """Ask a waiting decision if its seat and its choices still exist."""
    kind, seat, options, *context = item
    if not state.alive[seat]:
        return
    if kind == "equip":
        options = [a for a in options if a - A_CARD in state.equip[context[1]]]
    if options:
        ask(state, kind, seat, options, *context)


def next_turn(state: ShadowHuntersFields) -> None:
    """Pass the turn to the next living seat in order; count rounds (D5, D24c)."""
    for _ in range(state.num_players):
        state.turn += 1
        if state.turn == state.num_players:
            state.turn = 0
            state.round += 1
            if state.round > state.options["max_rounds"]:
                end(state, "rounds")
                return
        if state.alive[state.active()]:
            break
    state.phase = START
    state.chosen = []


def turn_start(state: ShadowHuntersFields, seat: int) -> None:
    """Run the start of the seat's turn once, then ask what it does before moving."""
    if not state.chosen:
        state.chosen = [1]
        state._emit("turn", "shadow_hunters.log.turn", {"seat": seat, "round": state.round})
        state.shelter[seat] = state.ward[seat] = state.guard[seat] = 0
        state.flags[seat] &= ~UNTIL_NEXT_TURN
        state.used[seat] &= 0xFF
        state.lodestone[seat] = 0
        # skills before equipment (＊ note): 投影存在 strikes before 湖之祭衣 heals
        for b in state.blocks(seat, "turn_start_damage", automatic=True):
            auto_reveal(state, seat)
            hit_many(state, [(seat, b["amount"])], (), seat, "skill")
        if not state.over and state.alive[seat] and state.has_card(seat, "lake_vestment"):
            heal(state, seat, 1, (), seat)
        if state.over or not state.alive[seat] or state.decision:
            if not state.alive[seat]:
                state.phase = DONE
            return
        if state.flags[seat] & F_SKIP_TURN:
            state.flags[seat] &= ~F_SKIP_TURN
            state._emit("rest", "shadow_hunters.log.rest", {"seat": seat})
            state.phase = DONE
            return
    opts = [A_NO] + ([A_REVEAL] if not state.revealed[seat] else [])
    opts += [A_SKILL + k for k in start_skills(state, seat)]
    opts += [A_CARD + c for c in state.held[seat]]
    ask(state, "start", seat, opts)


def decide_start(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """At the start of the turn: go on to move, reveal, use a kept card, or use a skill."""
    if a == A_NO:
        state.phase = MOVE if not state.flags[seat] & F_NO_ATTACK else ACTION
    elif a == A_REVEAL:
        reveal(state, seat)
    elif a >= A_CARD and a < A_SKILL:
        state.held[seat].remove(a - A_CARD)
        state._emit("use", "shadow_hunters.log.use_kept",
                    {"seat": seat, "card": state.cards[a - A_CARD].id})
        play(state, seat, a - A_CARD)
    else:
        use_skill(state, seat, a - A_SKILL)
