"""When a magick card may be played or join the hand, and whom its effect may choose.

A window offers a title by its timing (and the step's suit); a title is offered only when
its effect can do something now (PLAYABLE), so no card is played into the void. The masks
here (bits of seats) are both what makes a card playable and whom its effect may choose.
"""

from __future__ import annotations

from collections.abc import Callable

from candlelit.engine.flow import check_complete
from candlelit.games.nevermore.cards import CardSet
from candlelit.games.nevermore.choices import humans_mask
from candlelit.games.nevermore.constants import (
    A_JOIN,
    A_PLAY,
    AFTER_RESOLUTION,
    ANYTIME,
    BEFORE_DRAFT,
    BEFORE_RESOLUTION,
    DURING_STEP,
    MIDDLE,
    RAVEN,
    SHADOW,
    WHEN_LIGHT_DRAWN,
)
from candlelit.games.nevermore.state import NevermoreFields
from candlelit.games.nevermore.vocabulary import PLAYED, SUIT_CARD

_TITLES: dict[int, tuple[CardSet, dict[tuple[int, int], tuple[int, ...]]]] = {}

SHADOW_KEY = (-2, -2)
"""The window_titles key of the Shadow titles without a declared suit (they join as Ravens)."""
DECLARED_KEY = (-3, -3)
"""The window_titles key of the titles whose data names the suit they count as."""


def window_titles(cards: CardSet) -> dict[tuple[int, int], tuple[int, ...]]:
    """(window timing, step suit or -1) -> titles that may be played there, ascending."""
    found = _TITLES.get(id(cards))
    if found is not None and found[0] is cards:
        return found[1]
    table: dict[tuple[int, int], tuple[int, ...]] = {}
    for timing in (BEFORE_DRAFT, BEFORE_RESOLUTION, AFTER_RESOLUTION, ANYTIME):
        table[(timing, -1)] = tuple(c.index for c in cards.magick
                                    if c.effect.timing in (timing, ANYTIME))
    for suit in MIDDLE:
        table[(DURING_STEP, suit)] = tuple(
            c.index for c in cards.magick if c.effect.timing == ANYTIME or (
                c.effect.timing == DURING_STEP and c.effect.step in (None, suit)))
    light = tuple(c.index for c in cards.magick if c.effect.timing in (WHEN_LIGHT_DRAWN, ANYTIME))
    for seat in range(-1, 6):
        table[(WHEN_LIGHT_DRAWN, seat)] = light
    table[(-1, -1)] = tuple(c.index for c in cards.magick if c.effect.id == "reprieve")
    table[SHADOW_KEY] = tuple(c.index for c in cards.magick
                              if c.deck == SHADOW and c.joins_as is None)
    table[DECLARED_KEY] = tuple(c.index for c in cards.magick if c.joins_as is not None)
    _TITLES[id(cards)] = (cards, table)
    return table


def effect_of(state: NevermoreFields, seat: int, title: int) -> str:
    """The effect `seat` plays with `title`: the raven-symbol one when it is a raven."""
    effect = state.cards.magick[title].effect
    if state.raven[seat] and effect.raven not in ("same", "none"):
        return effect.raven
    return effect.id


def others(state: NevermoreFields, seat: int) -> int:
    """Every seat but `seat`."""
    return ((1 << state.num_players) - 1) & ~(1 << seat)


def victims(state: NevermoreFields, seat: int) -> int:
    """Other seats with an uncancelled card in the step being resolved."""
    mask = 0
    for s, count in enumerate(state.net):
        if s != seat and count:
            mask |= 1 << s
    return mask


def healthiest(state: NevermoreFields) -> int:
    """The humans with the most health (0: no human left)."""
    humans = [s for s in range(state.num_players) if not state.raven[s]]
    if not humans:
        return 0
    top = max(state.health[s] for s in humans)
    mask = 0
    for s in humans:
        if state.health[s] == top:
            mask |= 1 << s
    return mask


def with_vp(state: NevermoreFields, seat: int) -> int:
    """Other seats with points."""
    mask = 0
    for s in range(state.num_players):
        if s != seat and state.vp[s]:
            mask |= 1 << s
    return mask


def spite_targets(state: NevermoreFields, seat: int) -> int:
    """The humans who damaged `seat` this round."""
    return state.damaged_by[seat] & humans_mask(state, seat)


def with_cards(state: NevermoreFields, seat: int) -> int:
    """Other seats with suit cards in hand."""
    mask = 0
    for s in range(state.num_players):
        if s != seat and any(state.hand[s]):
            mask |= 1 << s
    return mask


Check = Callable[["NevermoreFields", int, int], bool]


def _always(state: NevermoreFields, seat: int, ctx: int) -> bool:
    return True


PLAYABLE: dict[str, Check] = {
    "prophecy": _always,
    "repentance": _always,
    "justice": _always,
    "punishment": _always,
    "freeze": _always,
    "harvest": _always,
    "requisition": lambda s, seat, ctx: seat != s.drawer and bool(s.drawn),
    "reprieve": lambda s, seat, ctx: not s.raven[seat] and s.health[seat] < s.max_health,
    "betrayal": _always,
    "betrayal_raven": _always,
    "bloodletting": _always,
    "bloodletting_raven": lambda s, seat, ctx: bool(humans_mask(s, seat)),
    "darkness": _always,
    "rage": lambda s, seat, ctx: bool(victims(s, seat)),
    "rage_raven": _always,
    "dominate": lambda s, seat, ctx: bool(victims(s, seat)),
    "drain": lambda s, seat, ctx: bool(victims(s, seat)),
    "drain_raven": lambda s, seat, ctx: bool(humans_mask(s, seat)),
    "deceive": _always,
    "wither": lambda s, seat, ctx: bool(with_vp(s, seat)),
    "spite": lambda s, seat, ctx: bool(spite_targets(s, seat)),
    "exhaust": lambda s, seat, ctx: bool(healthiest(s)),
    "nightmare": lambda s, seat, ctx: bool(with_cards(s, seat)),
    "suit_card": lambda s, seat, ctx: False,
}
"""Effect id -> whether it can do anything now (a card that cannot is not offered)."""
check_complete("nevermore: playable effect", (*PLAYED, SUIT_CARD), PLAYABLE)


def _key(timing: int, ctx: int) -> tuple[int, int]:
    return (timing, ctx if timing in (DURING_STEP, WHEN_LIGHT_DRAWN) else -1)


def holds_magick(state: NevermoreFields, seat: int) -> bool:
    """Whether a magick window asks `seat`: it holds a magick card (a public count; whether
    it can play one now is its own secret, see engine/windows.py)."""
    return any(state.magick[seat])


def asked_after_draw(state: NevermoreFields, seat: int) -> bool:
    """Whether the window answering a Light Magick draw asks `seat`: a holder, not the drawer."""
    return seat != state.drawer and any(state.magick[seat])


def joins_allowed(state: NevermoreFields, timing: int) -> bool:
    """Whether magick cards may join the hand as suit cards in this window (option join_hand).

    The seed lets such cards join 「在結算階段之前」; its FAQ (魔法牌 3) has them passed like
    any card of the hand, which needs them to join before drafting: so by default both the
    before-drafting and the before-resolution windows ('before-resolution': only the latter).
    """
    if timing == BEFORE_RESOLUTION:
        return True
    return timing == BEFORE_DRAFT and state.options["join_hand"] == "also-before-draft"


def join_suit(state: NevermoreFields, title: int) -> int:
    """The suit `title` counts as in the hand: its declared suit, a Shadow card's Raven, or -1."""
    card = state.cards.magick[title]
    if card.joins_as is not None:
        return card.joins_as
    if card.deck == SHADOW and state.options["shadow_ravens"] == "any":
        return RAVEN
    return -1


def window_actions(state: NevermoreFields, seat: int, timing: int, ctx: int) -> list[int]:
    """Titles `seat` may play now, then titles it may add to its hand as suit cards."""
    held = state.magick[seat]
    table = window_titles(state.cards)
    actions = [A_PLAY + t for t in table[_key(timing, ctx)]
               if held[t] and PLAYABLE[effect_of(state, seat, t)](state, seat, ctx)]
    if joins_allowed(state, timing):
        joining = [A_JOIN + t for t in table[DECLARED_KEY] if held[t]]
        if state.options["shadow_ravens"] == "any":
            joining += [A_JOIN + t for t in table[SHADOW_KEY] if held[t]]
        actions += sorted(joining)
    return actions


def reprieves(state: NevermoreFields, seat: int) -> list[int]:
    """Any-time heals `seat` holds, to answer a lethal hit (only a human can be saved)."""
    if state.raven[seat]:
        return []
    held = state.magick[seat]
    return [t for t in window_titles(state.cards)[(-1, -1)] if held[t]]
