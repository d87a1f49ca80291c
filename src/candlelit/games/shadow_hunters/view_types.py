"""The shape of a 箱庭版暗影獵人 view as TypedDicts: what views.py builds, what the bot and the
terminal table read (a misspelt key or a wrong type there is a mypy error).

The functional `TypedDict(...)` form keeps the keys strings: they are JSON names the browser
templates read, which vulture would report as unused class variables.
"""
# ruff: noqa: UP013

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from candlelit.engine.events import LogLine

if TYPE_CHECKING:
    from candlelit.bots.base import SeatObservation

Phase = Literal["start", "move", "action", "attack", "end"]
"""The steps of a turn (步驟 5) as a view names them."""

DecisionKind = Literal[
    "start", "move", "fly", "act", "attack", "target", "give", "keep", "guess", "deck",
    "double", "lance", "cell", "equip", "value", "swap", "brace", "press", "element",
    "shield", "cheer", "lodestone", "wings",
]
"""What a pending decision asks: a step name of steps.py (the bot plans one handler each)."""

DecisionContext = list[int | str | None]
"""A decision's context after its kind and seat: seats, cells, rolls, purposes, card ids."""


OptionsView = TypedDict("OptionsView", {
    "characters": dict[str, Any] | None,  # character data in the file format; None: the samples
    "cards": dict[str, Any] | None,   # card data in the file format; None: the seed's 65 cards
    "identities": Literal["hidden", "revealed"],
    "zones": Literal["compass", "location", "pairs"],
    "dead_equipment": Literal["discard", "left-on-location", "killer-takes-one"],
    "community_win": Literal["community", "individual"],
    "last_side_standing": bool,
    "white_heal_at_full": Literal["damage", "nothing"],
    "attack_element": Literal["skills", "equipment"],
    "max_rounds": int,
})
"""The game's resolved options (public; the registry fills every default)."""


SeatView = TypedDict("SeatView", {
    "cell": int,  # the keypad cell it stands on
    "damage": int | None,  # damage taken (public); None once dead
    "alive": bool,
    "revealed": bool,  # its character is face up for everyone
    "equipment": list[str],  # card ids in front of it
    "kept": int,  # how many cards it keeps for later (their identities stay hidden)
    "shelter": int,  # 聖堂之庇護 reductions until its next turn
    "ward": int,  # 聖堂之結界 reductions of its own attacks until its next turn
    "guard": int,  # 1 while 聖堂武士的守護 protects the south
    "flags": int,  # F_* bits of effects that last a while
    "lodestone": int,  # 迷失的磁場 re-rolls it may force this turn
    # the next five: present when the seat is revealed or the viewer is the seat itself
    "character": NotRequired[str],  # the character id it plays now (a zombie's once revived)
    "hp": NotRequired[int],  # HP left
    "max_hp": NotRequired[int],
    "zombie": NotRequired[bool],  # revived by 病毒感染
    "used": NotRequired[int],  # skill-use bits (state.py's `used`)
    "kept_cards": NotRequired[list[str]],  # only the seat itself: the ids of its kept cards
})
"""One seat as a viewer sees it: the public table, its character once shown to the viewer,
its kept cards' identities only for itself."""


ShadowHuntersView = TypedDict("ShadowHuntersView", {
    "game": Literal["shadow-hunters"],
    "viewer": int | None,  # the seat looking; None for a spectator
    "options": OptionsView,
    "roster": list[str],  # the character ids dealt, sorted (not who plays which)
    "order": list[int],  # the turn order of the seats
    "round": int,  # from 1
    "active": int,  # the seat whose turn it is
    "phase": Phase,
    "seats": list[SeatView],  # by seat number
    "decks": dict[str, int],  # colour (constants.COLOURS) -> cards left in that deck
    "dropped": list[list[str]],  # by index in constants.CELLS: card ids the dead left there
    "removed": list[str],  # card ids out of the game
    "deciding": int | None,  # the seat asked now; None once over or when nobody is
    "to_act": list[int],  # [deciding], or []
    "decision": DecisionKind | None,  # what `deciding` is asked; None with it
    "over": bool,
    "winners": list[int],
    "reason": str,  # why the game ended ('' before)
    "log": list[LogLine],  # the entries this viewer may see
    "legal": NotRequired[list[int]],  # only the deciding seat: its legal actions
    "context": NotRequired[DecisionContext],  # only the deciding seat: its decision's context
})
"""Exactly what one seat (or a spectator, viewer None) may see of a game."""


def seat_view(seat: SeatObservation) -> ShadowHuntersView:
    """The seat's view, narrowed to this game's type (the game's `view` builds exactly it)."""
    return cast(ShadowHuntersView, seat.view())
