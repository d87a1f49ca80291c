"""The shape of an Anima view (what views.py builds) as TypedDicts, and the narrowing of an
engine view to it for the bot and the terminal table.

Card fields hold card ids; seats are seat indices (0-based); area slots index the map. The
TypedDicts are spelt with string keys: the keys are JSON names that the browser templates
read, where vulture cannot see them used (as class attributes it reports them as unused).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from candlelit.engine.events import LogLine
from candlelit.games.anima.constants import CombatKind, PhaseName

if TYPE_CHECKING:
    from candlelit.bots.base import SeatObservation


StandingView = TypedDict("StandingView", {  # noqa: UP013
    "card": str,
    "combat": int,
})
"""A creature left standing on an area, with the Combat it has grown to."""


AreaView = TypedDict("AreaView", {  # noqa: UP013
    "slot": int,
    "card": str,
    "trade": bool,  # trading is allowed there
    "danger": int,
    "encounter_face_down": bool,
    "standing": StandingView | None,
    "parties": list[int],
    "reconstructed": bool,
    "peeked": NotRequired[str],  # the face-down encounter, only to a seat that peeked at it
})
"""An area in play, its encounter and the parties standing on it."""


CharacterView = TypedDict("CharacterView", {  # noqa: UP013
    "card": str,
    "combat": int,
    "speed": int,
    "skills": list[str],
    "exhausted": bool,
    "inactive": bool,
    "reconstructed": bool,
})
"""A character in a party, with its printed numbers and its state."""


MissionView = TypedDict("MissionView", {  # noqa: UP013
    "slot": int,  # 1, 2: the basic missions; 3: the revealed final mission
    "card": str,
    "step": int,  # steps done so far
    "steps": int,
    "count": int,  # progress inside the current step
    "shown": bool,
    "done": bool,
    "reconstructed": bool,
})
"""A mission the viewer may see: its own, a shown or done basic one, the revealed final."""


BonusView = TypedDict("BonusView", {  # noqa: UP013
    "combat": int,
    "speed": int,
})
"""Combat and Speed a party earned by completed missions."""


SeatView = TypedDict("SeatView", {  # noqa: UP013
    "seat": int,
    "area": int | None,  # the area slot it stands on; None off the map
    "characters": list[CharacterView],
    "hand_size": int,
    "organization": str | None,
    "completed": list[str],  # basic missions completed
    "missions": list[MissionView],
    "mission_bonus": BonusView,
    "rest_bonus_round": int | None,  # the round its rest bonus applies to
    "round_over": bool,
    "speed": int,  # the party's Speed with every bonus
    "speed_change": int,  # Speed added or taken this round
})
"""A party as everyone sees it (its missions but the hidden ones of other seats)."""


CombatView = TypedDict("CombatView", {  # noqa: UP013
    "kind": CombatKind,
    "seat": int,
    "against": int | None,  # the other seat in a fight between parties
    "creature": str | None,  # the encounter card fought, if any
    "foe_combat": int,
    "bonus": list[int],
    "minus": list[int],
    "penalty": int,  # Combat taken from the party (an ambush)
    "dice": list[int] | None,  # once rolled
})
"""The fight under way; per-side lists are [`seat`'s side, the other side]."""


CheckView = TypedDict("CheckView", {  # noqa: UP013
    "seat": int,
    "target": int,
    "bonus": int,
})
"""The Speed check under way."""


PilesView = TypedDict("PilesView", {  # noqa: UP013
    "characters": int,
    "advantages": int,
    "areas": int,
    "encounters": int,
    "character_discard": list[str],
    "advantage_discard": list[str],
    "area_discard": list[str],
    "encounter_discard": list[str],
})
"""Sizes of the face-down decks and the face-up discard piles."""


TradeView = TypedDict("TradeView", {
    "from": int,
    "to": int,
    "gives": list[str] | None,  # the proposer's offer ("hidden" per unseen card); None until made
    "gets": list[str] | None,  # the partner's answer ("hidden" per unseen card); None until made
})
"""A trade under way: its cards only to the traders who have seen them."""


OfferView = TypedDict("OfferView", {  # noqa: UP013
    "characters": list[str],
    "advantages": list[str],
})
"""The viewer's set-up offer (empty lists once kept)."""


ResultView = TypedDict("ResultView", {  # noqa: UP013
    "winners": list[int],
    "reason": Literal["final", "omega", "rounds"],
    "completed": list[int],  # basic missions completed per seat
})
"""How the game ended and who won."""


AnimaView = TypedDict("AnimaView", {  # noqa: UP013
    "game": Literal["anima"],
    "players": int,
    "viewer": int | None,
    "round": int,
    "phase": PhaseName,
    "step": str,  # the decision awaited (constants.STEP_NAMES)
    "to_act": list[int],
    "order": list[int],  # seats in speed order
    "area_revealed_this_round": bool,
    "areas": list[AreaView],
    "seats": list[SeatView],
    "combat": CombatView | None,
    "check": CheckView | None,
    "exploration_roll": int | None,
    "second_roll": int | None,
    "final_mission": str | None,  # once revealed
    "hidden_finals": int,
    "crisis_rounds_left": int | None,  # only in the Crisis end game, once the final is out
    "piles": PilesView,
    "trade": TradeView | None,
    "reconstructed": list[str],  # ids of every card with placeholder content
    "log": list[LogLine],
    "hand": NotRequired[list[str]],  # a seat's own; the keys below never reach a spectator
    "offer": NotRequired[OfferView],
    "seen_finals": NotRequired[list[str]],  # once the seat looked at the hidden finals
    "choice": NotRequired[list[str]],  # cards the seat is choosing among, to that seat only
    "result": NotRequired[ResultView],  # once the game is over, to everyone
})
"""Everything a seat (or a spectator, viewer None) may see of an Anima game."""


def as_view(view: Mapping[str, Any]) -> AnimaView:
    """An engine view of an Anima game, read as the AnimaView views.py built."""
    return cast(AnimaView, view)


def seat_view(seat: SeatObservation) -> AnimaView:
    """The seat's view, read as the AnimaView views.py built."""
    return as_view(seat.view())
