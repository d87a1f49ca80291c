"""The effects candlelit can play: every magick card and character names one of these.

A card file (the shipped one or a user's) ties each card to an `engine` effect below; the
effect fixes the card's timing and what it does, including its raven-symbol effect. A card
whose effect is not here cannot be played, and the file is refused (see cards.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from candlelit.games.nevermore.constants import (
    AFTER_RESOLUTION,
    ANYTIME,
    ATTACK,
    BEFORE_DRAFT,
    BEFORE_RESOLUTION,
    CHARACTER_TIMINGS,
    DURING_STEP,
    END_PHASE,
    HEAL,
    PASSIVE,
    WHEN_LIGHT_DRAWN,
)


@dataclass(frozen=True)
class Effect:
    """A magick effect: when it is played and how it behaves for a raven player.

    `step`: for during-step effects, the only suit step it may be played at (None: any).
    `raven`: "same" (the raven symbol repeats the effect), "none" (no raven symbol: a raven
    plays the normal effect, whose health changes for the raven are void) or the id of the
    raven-symbol effect a raven must use instead.
    `neighbours`: the effect concerns upstream/downstream players, so it does nothing in a
    round without drafting (seed FAQ 魔法牌 15).
    """

    id: str
    timing: int
    raven: str
    step: int | None = None
    neighbours: bool = False


EFFECTS: dict[str, Effect] = {e.id: e for e in (
    Effect("prophecy", BEFORE_RESOLUTION, "same"),
    Effect("repentance", BEFORE_RESOLUTION, "none"),
    Effect("justice", BEFORE_DRAFT, "none", neighbours=True),
    Effect("punishment", BEFORE_RESOLUTION, "same"),
    Effect("freeze", BEFORE_DRAFT, "same"),
    Effect("harvest", BEFORE_DRAFT, "same", neighbours=True),
    Effect("requisition", WHEN_LIGHT_DRAWN, "same"),
    Effect("reprieve", ANYTIME, "none"),
    Effect("betrayal", BEFORE_RESOLUTION, "betrayal_raven"),
    Effect("bloodletting", BEFORE_RESOLUTION, "bloodletting_raven"),
    Effect("darkness", BEFORE_RESOLUTION, "same"),
    Effect("rage", DURING_STEP, "rage_raven", step=ATTACK),
    Effect("dominate", DURING_STEP, "none"),
    Effect("drain", DURING_STEP, "drain_raven", step=HEAL),
    Effect("deceive", BEFORE_RESOLUTION, "none", neighbours=True),
    Effect("wither", AFTER_RESOLUTION, "same"),
    Effect("spite", AFTER_RESOLUTION, "none"),
    Effect("exhaust", ANYTIME, "same"),
    Effect("nightmare", BEFORE_RESOLUTION, "same"),
    Effect("suit_card", BEFORE_RESOLUTION, "none"),
)}
"""Effect id -> effect. Raven-symbol variants (betrayal_raven, ...) are not cards of their own."""

SUIT_CARD = "suit_card"
"""The effect of a card that is only a suit card: it is never played, only added to the hand
as the suit its data names (`counts_as_suit_card`, seed 魔法牌 6)."""

PLAYED: tuple[str, ...] = tuple(
    played for e in EFFECTS.values() if e.id != SUIT_CARD
    for played in (e.id, e.raven) if played not in ("same", "none"))
"""Every effect a seat may play: each card effect but SUIT_CARD, then its raven-symbol one."""

@dataclass(frozen=True)
class Ability:
    """A Specters character: the timing of its human-form and raven-form abilities."""

    id: str
    human: int
    raven: int


ABILITIES: dict[str, Ability] = {a.id: a for a in (
    Ability("tarr_fether", BEFORE_RESOLUTION, PASSIVE),
    Ability("imp", BEFORE_DRAFT, ANYTIME),
    Ability("dupin", BEFORE_RESOLUTION, BEFORE_RESOLUTION),
    Ability("lenore", PASSIVE, END_PHASE),
    Ability("montresor", AFTER_RESOLUTION, PASSIVE),
    Ability("prospero", PASSIVE, PASSIVE),
    Ability("ligeia", PASSIVE, PASSIVE),
    Ability("wilson", BEFORE_RESOLUTION, BEFORE_RESOLUTION),
    Ability("hop_frog", PASSIVE, PASSIVE),
    Ability("usher", PASSIVE, PASSIVE),
    Ability("pym", BEFORE_DRAFT, BEFORE_DRAFT),
    Ability("valdemar", PASSIVE, PASSIVE),
)}

USED: tuple[str, ...] = tuple(a.id for a in ABILITIES.values()
                              if a.human in CHARACTER_TIMINGS or a.raven in CHARACTER_TIMINGS)
"""The abilities a seat uses in a character window (the others apply where they matter)."""
