"""What each seat of a Fatal Frame game may see: the one choke point for hidden information.

Hidden: hands (but one's own), the main, interior and boss piles' order and content,
face-down exteriors, and the interior cards of other players' paths. Everything played to
the table (ghosts, items, upgrades, albums, discards, dice) is public.
known.py holds the same content as a tuple for search keys: change both.
"""

from __future__ import annotations

from candlelit.games.fatal_frame.cards import EXTERIORS
from candlelit.games.fatal_frame.combat import final_boss_die, final_dice
from candlelit.games.fatal_frame.constants import (
    E_BOSS,
    E_FATAL,
    E_FUTILE,
    E_KIND,
    E_ZERO,
    PHASE_NAMES,
)
from candlelit.games.fatal_frame.state import FatalFrameFields
from candlelit.games.fatal_frame.table import album_points
from candlelit.games.fatal_frame.turn import winners
from candlelit.games.fatal_frame.view_types import (
    CellView,
    CombatView,
    FatalFrameView,
    GhostView,
    RoomView,
    SeatView,
)


def _ghosts(state: FatalFrameFields, stack: list[list[int]]) -> list[GhostView]:
    cards = state.cards
    out: list[GhostView] = []
    for e in stack:
        card = cards.bosses[e[E_KIND]] if e[E_BOSS] else cards.main[e[E_KIND]]
        out.append({"id": card.id, "boss": bool(e[E_BOSS]), "power": card.power,
                    "futile_odds": bool(e[E_FUTILE]), "zero_shot": bool(e[E_ZERO]),
                    "fatal_frame": bool(e[E_FATAL]), "reconstructed": card.reconstructed})
    return out


def _ids(state: FatalFrameFields, kinds: list[int]) -> list[str]:
    return [state.cards.main[k].id for k in kinds]


def view(state: FatalFrameFields, player: int | None) -> FatalFrameView:
    """The public table plus `player`'s own hand and path, with the log it may see."""
    cards = state.cards
    grid: list[CellView] = []
    for cell in range(EXTERIORS):
        face_up = bool(state.revealed[cell])
        grid.append({"cell": cell,
                     "place": cards.exteriors[state.grid[cell]].id if face_up else None,
                     "ghosts": _ghosts(state, state.cell_ghosts[cell])})
    seats: list[SeatView] = []
    for q in range(state.num_players):
        inside = state.room[q] >= 0
        rooms: list[RoomView] = [{"ghosts": _ghosts(state, st)} for st in state.room_ghosts[q]]
        seat: SeatView = {
            "seat": q,
            "cell": state.pos[q] if state.pos[q] >= 0 else None,
            "inside": inside,
            "room": state.room[q] + 1 if inside else None,
            "path_length": len(state.path[q]),
            "rooms": rooms,
            "hand_size": len(state.hands[q]),
            "album": _ids(state, state.album[q]),
            "items": _ids(state, state.items[q]),
            "film": cards.main[state.film[q]].id if state.film[q] >= 0 else None,
            "function": cards.main[state.function[q]].id if state.function[q] >= 0 else None,
            "spirit_orbs": len(state.orbs[q]),
            "album_points": album_points(state, q),
            "boss_lives": state.lives[q],
            "misses_next_turn": bool(state.skip_next[q]),
        }
        if q == player:
            for k, room in enumerate(rooms):
                room["place"] = cards.interiors[state.path[q][k]].id
        seats.append(seat)
    combat: CombatView | None = None
    if state.dice:
        combat = {"dice": state.dice[:], "boss_die": state.boss_die,
                  "chosen": state.chosen[:len(state.dice)], "boss_chosen": state.boss_chosen,
                  "final": final_dice(state), "final_boss_die": final_boss_die(state),
                  "marked": state.marks[:len(state.dice)]}
    out: FatalFrameView = {
        "game": "fatal-frame",
        "players": state.num_players,
        "viewer": player,
        "round": state.round + 1,
        "turn": state.turn,
        "phase": PHASE_NAMES[state.phase],
        "to_act": state.pending_players(),
        "beaten": bool(state.beaten),
        "plays": state.plays,
        "function_used": bool(state.func_used),
        "fighting": state.fight,
        "combat": combat,
        "holding": cards.main[state.holding].id if state.holding >= 0 else None,
        "shrine_points": state.shrine_points(),
        "map": grid,
        "seats": seats,
        "piles": {"main": len(state.main_deck), "interior": len(state.interior_deck),
                  "bosses": len(state.boss_pile),
                  "main_discard": _ids(state, state.main_discard),
                  "interior_discard": [cards.interiors[k].id
                                       for k in state.interior_discard]},
        "reconstructed": cards.reconstructed_ids(),
        "log": state.visible_log(player),
    }
    if player is not None:
        out["hand"] = _ids(state, state.hands[player])
    if state.is_terminal():
        out["result"] = {"winners": winners(state),
                         "reason": "boss" if state.winner >= 0 else "rounds",
                         "points": [album_points(state, q) for q in range(state.num_players)]}
    return out
