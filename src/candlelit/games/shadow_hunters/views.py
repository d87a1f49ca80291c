"""What each seat of a 箱庭版暗影獵人 game may see: the one choke point for hidden information.

Public (D12): every seat's cell, damage taken, life, equipment and kept-card count; a
character (with its maximum HP and skills) once revealed or dead; the roster of characters
dealt; deck sizes; the turn, the phase and who decides. Private to a seat: its own
character, its kept cards' identities, its choices while deciding, and the log entries
addressed to it (its character at set-up, white-card texts it gave or received).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from candlelit.games.shadow_hunters.constants import COLOURS
from candlelit.games.shadow_hunters.view_types import (
    DecisionContext,
    OptionsView,
    Phase,
    SeatView,
    ShadowHuntersView,
)

if TYPE_CHECKING:
    from candlelit.games.shadow_hunters.state import ShadowHuntersFields

PHASES: tuple[Phase, ...] = ("start", "move", "action", "attack", "end")


def _seat(state: ShadowHuntersFields, seat: int, viewer: int | None) -> SeatView:
    shown = bool(state.revealed[seat]) or viewer == seat
    out: SeatView = {
        "cell": state.cell[seat],
        "damage": state.max_hp(seat) - state.hp[seat] if state.alive[seat] else None,
        "alive": bool(state.alive[seat]),
        "revealed": bool(state.revealed[seat]),
        "equipment": [state.cards[c].id for c in state.equip[seat]],
        "kept": len(state.held[seat]),
        "shelter": state.shelter[seat],
        "ward": state.ward[seat],
        "guard": state.guard[seat],
        "flags": state.flags[seat],
        "lodestone": state.lodestone[seat],
    }
    if shown:
        ch = state.character(seat)
        out["character"] = ch.id
        out["hp"] = state.hp[seat]
        out["max_hp"] = state.max_hp(seat)
        out["zombie"] = state.zombie_of[seat] >= 0
        out["used"] = state.used[seat]
    if viewer == seat:
        out["kept_cards"] = [state.cards[c].id for c in state.held[seat]]
    return out


def view(state: ShadowHuntersFields, viewer: int | None) -> ShadowHuntersView:
    """Exactly what `viewer` (None: a spectator) may see, JSON-able."""
    deciding = state.decision[1] if state.decision and not state.over else None
    out: ShadowHuntersView = {
        "game": "shadow-hunters",
        "viewer": viewer,
        # the registry resolved and validated every option against OPTIONS
        "options": cast(OptionsView, {k: v for k, v in state.options.items()}),
        "roster": [state.pool[k].id for k in state.roster],
        "order": list(state.order),
        "round": state.round,
        "active": state.active(),
        "phase": PHASES[state.phase],
        "seats": [_seat(state, s, viewer) for s in range(state.num_players)],
        "decks": {col: len(d) for col, d in zip(COLOURS, state.decks, strict=True)},
        "dropped": [[state.cards[c].id for c in pile] for pile in state.dropped],
        "removed": [state.cards[c].id for c in state.removed],
        "deciding": deciding,
        "to_act": [] if deciding is None else [deciding],
        "decision": state.decision[0] if deciding is not None else None,
        "over": bool(state.over),
        "winners": state.winners(),
        "reason": state.reason,
        "log": state.visible_log(viewer),
    }
    if viewer is not None and viewer == deciding:
        out["legal"] = state.legal_actions(viewer)
        out["context"] = _context(state)
    return out


def _context(state: ShadowHuntersFields) -> DecisionContext:
    """The decision's context for the deciding seat (cards in it are named by id)."""
    kind, _, *ctx = state.decision
    if kind in ("give", "keep", "guess") and ctx:
        return [state.cards[ctx[0]].id, *ctx[1:]]
    if kind == "swap":
        stage, tgt, card, given = ctx
        return [stage, tgt, state.cards[card].id,
                state.cards[given].id if given >= 0 else None]
    return list(ctx)
