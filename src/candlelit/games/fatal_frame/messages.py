"""How Fatal Frame's actions are described and its message arguments read in each language."""

from __future__ import annotations

from typing import Any

from candlelit.engine.errors import IllegalAction
from candlelit.games.fatal_frame.cards import EXTERIORS, builtin_cards
from candlelit.games.fatal_frame.constants import (
    A_BLAST,
    A_CELL,
    A_DISCARD,
    A_ENTER,
    A_FORGO_MOVE,
    A_FUNC,
    A_GHOST,
    A_LEFT,
    A_LOSE,
    A_ORB,
    A_ORB_BOSS,
    A_PASS,
    A_PASSAGE,
    A_PLAY,
    A_RELEASE,
    A_REROLL,
    A_RESOLVE,
    A_RIGHT,
    A_ROLL,
    A_SEARCH,
    A_SEAT,
    A_SEAT_DIR,
    A_STAY,
    A_STEAL,
    DIRECTION_NAMES,
    E_BOSS,
    E_KIND,
    NUM_ACTIONS,
    REACT,
    REROLL,
    STACK_TARGETS,
)
from candlelit.games.fatal_frame.state import FatalFrameFields
from candlelit.games.fatal_frame.table import slot_stack
from candlelit.i18n import list_sep, seat_name, t

GAME = "fatal-frame"
_SIMPLE = {A_ROLL: "roll", A_RESOLVE: "resolve", A_FORGO_MOVE: "forgo_move", A_STAY: "stay",
           A_ENTER: "enter", A_LEFT: "left", A_RIGHT: "right", A_ORB_BOSS: "orb_boss"}
_RANGES = ((A_DISCARD, "discard"), (A_LOSE, "lose"), (A_RELEASE, "release"),
           (A_SEARCH, "search"))


def _main_id(state: FatalFrameFields, kind: int) -> str:
    main = state.cards.main
    return main[kind].id if 0 <= kind < len(main) else "unknown"


def action_struct(state: FatalFrameFields, action: int) -> dict[str, Any]:
    """{"kind", "key", ...args} for any action of the fixed action space."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise IllegalAction(f"{action!r} is not a Fatal Frame action")
    if action == A_PASS:
        name = {REROLL: "reroll_done", REACT: "let_pass"}.get(state.phase, "pass")
        return {"kind": name, "key": f"fatal_frame.action.{name}"}
    if action in _SIMPLE:
        name = _SIMPLE[action]
        return {"kind": name, "key": f"fatal_frame.action.{name}"}
    if action == A_PASSAGE:
        return {"kind": "passage", "key": "fatal_frame.action.passage",
                "place": _passage_to(state)}
    if action < A_ORB:
        return {"kind": "move", "key": "fatal_frame.action.move", "cell": action - A_CELL}
    if action < A_ORB_BOSS:
        return {"kind": "orb", "key": "fatal_frame.action.orb", "die": action - A_ORB + 1}
    if action < A_REROLL:
        return {"kind": "blast", "key": "fatal_frame.action.blast", "die": action - A_BLAST + 1}
    if action < A_FUNC:
        return {"kind": "reroll", "key": "fatal_frame.action.reroll",
                "die": action - A_REROLL + 1}
    if action == A_FUNC:
        kind = state.function[state.turn]
        return {"kind": "function", "key": "fatal_frame.action.function",
                "card": _main_id(state, kind)}
    if action < A_SEAT_DIR:
        return {"kind": "haunt", "key": "fatal_frame.action.haunt", "to": action - A_SEAT}
    if action < A_STEAL:
        q, d = divmod(action - A_SEAT_DIR, 4)
        return {"kind": "push", "key": "fatal_frame.action.push", "to": q,
                "direction": DIRECTION_NAMES[d]}
    if action < A_GHOST:
        q, which = divmod(action - A_STEAL, 2)
        return {"kind": "steal", "key": "fatal_frame.action.steal", "from": q,
                "what": ("film", "function")[which]}
    if action < A_PLAY:
        slot, i = divmod(action - A_GHOST, STACK_TARGETS)
        stack = slot_stack(state, slot) or []
        ghost = "unknown"
        if i < len(stack):
            entry = stack[i]
            group = state.cards.bosses if entry[E_BOSS] else state.cards.main
            ghost = group[entry[E_KIND]].id
        return {"kind": "target_ghost", "key": "fatal_frame.action.target_ghost",
                "ghost": ghost, "where": slot, "n": i + 1}
    for base, name in reversed(_RANGES):
        if action >= base:
            return {"kind": name, "key": f"fatal_frame.action.{name}",
                    "card": _main_id(state, action - base)}
    return {"kind": "play", "key": "fatal_frame.action.play",
            "card": _main_id(state, action - A_PLAY)}


def _passage_to(state: FatalFrameFields) -> str:
    """The house the secret passage leads to from the acting seat's building ("unknown"
    when it stands in no linked building)."""
    cell = state.entered[state.actor()]
    if cell < 0:
        return "unknown"
    linked = state.cards.exteriors[state.grid[cell]].linked
    return state.cards.exteriors[linked].id if linked >= 0 else "unknown"


def card_name(card_id: str, lang: str) -> str:
    """A card's name by id (built-in cards; other ids are shown as they are)."""
    cards = builtin_cards()
    for group in (cards.main, cards.exteriors, cards.interiors, cards.bosses):
        for card in group:
            if card.id == card_id:
                return card.name()[lang] if lang in ("en", "zh-TW") else card.name_en
    return t("fatal_frame.unknown_card", lang) if card_id == "unknown" else card_id


def cell_text(cell: int, lang: str) -> str:
    """An exterior square by row and column, counted from 1 at the top left."""
    r, c = divmod(cell, 3)
    return t("fatal_frame.cell", lang, row=r + 1, col=c + 1)


def format_arg(name: str, value: Any, lang: str) -> str | None:
    if name in ("card", "ghost", "place") and isinstance(value, str):
        return card_name(value, lang)
    if name in ("rooms", "ghosts") and isinstance(value, list):
        return list_sep(lang).join(card_name(v, lang) for v in value)
    if name == "cell" and isinstance(value, int):
        return cell_text(value, lang)
    if name == "where" and isinstance(value, int):
        if value < EXTERIORS:
            return cell_text(value, lang)
        seat, k = divmod(value - EXTERIORS, 4)
        return t("fatal_frame.room_of", lang, seat=seat_name(seat, lang), room=k + 1)
    if name in ("direction", "what", "pile") and isinstance(value, str):
        return t(f"fatal_frame.{name}.{value}", lang)
    if name == "dice" and isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if name == "boss_die" and value == -1:
        return t("fatal_frame.no_boss_die", lang)
    if name == "won" and isinstance(value, bool):
        return t(f"fatal_frame.won.{str(value).lower()}", lang)
    return None
