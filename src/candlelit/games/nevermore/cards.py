"""Nevermore's magick cards and Specters characters, loaded from YAML that keeps provenance."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from candlelit.engine.datafiles import built_once, shipped_yaml, user_yaml
from candlelit.engine.errors import DataError
from candlelit.games.nevermore.constants import (
    MAX_CHARACTERS,
    MAX_TYPES,
    SUITS,
    TIMINGS,
)
from candlelit.games.nevermore.vocabulary import ABILITIES, EFFECTS, SUIT_CARD, Ability, Effect

Confidence = Literal["high", "medium", "low", "invented"]
SuitName = Literal["attack", "healing", "radiance", "victory", "raven"]
MAX_COPIES = 40


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class _Alt(_Model):
    exists: bool | str = False
    effect: str | None = None
    effect_zh: str | None = None


class _Magick(_Model):
    id: str
    name_en: str
    name_zh: str = ""
    deck: Literal["light", "shadow"]
    copies: int = Field(ge=0, le=MAX_COPIES)
    timing: str
    effect: str
    effect_zh: str | None = None
    effect_confidence: Confidence = "invented"
    engine: str | None = None
    faq: str | None = None
    faq_item: str | None = None
    counts_as_suit_card: SuitName | bool = False
    raven_alternate: _Alt = _Alt()
    source: list[str] = Field(default_factory=list)
    confidence: Confidence = "invented"


class _AbilityText(_Model):
    timing: str
    effect: str
    effect_zh: str | None = None
    confidence: Confidence = "invented"


class _Character(_Model):
    id: str
    name: str
    name_zh: str = ""
    name_confidence: Confidence = "invented"
    engine: str | None = None
    human_ability: _AbilityText
    raven_ability: _AbilityText
    source: list[str] = Field(default_factory=list)
    confidence: Confidence = "invented"


class _File(_Model):
    light_magick: list[_Magick]
    shadow_magick: list[_Magick]
    characters: list[_Character] = Field(default_factory=list)


@dataclass(frozen=True)
class MagickCard:
    """One magick title: its deck, copies, effect and provenance."""

    index: int
    id: str
    name_en: str
    name_zh: str
    deck: int
    copies: int
    effect: Effect
    text_en: str
    text_zh: str
    raven_text_en: str | None
    raven_text_zh: str | None
    effect_confidence: str
    confidence: str
    faq: str | None
    faq_item: str | None
    source: tuple[str, ...]
    joins_as: int | None = None
    """The suit the card counts as once added to the hand (魔法牌 6), if its data declares one."""

    @property
    def sourced(self) -> bool:
        """Whether the seed's FAQ describes this card (kept by the sourced-only variant)."""
        return bool(self.faq)

    def name(self) -> dict[str, str]:
        """The card's name per language, as message arguments carry it."""
        return {"en": self.name_en, "zh-TW": self.name_zh or self.name_en}


@dataclass(frozen=True)
class Character:
    """One Specters character: its two abilities and provenance."""

    index: int
    id: str
    name_en: str
    name_zh: str
    ability: Ability
    human_en: str
    human_zh: str
    raven_en: str
    raven_zh: str
    name_confidence: str
    confidence: str
    source: tuple[str, ...]

    def name(self) -> dict[str, str]:
        """The character's name per language."""
        return {"en": self.name_en, "zh-TW": self.name_zh or self.name_en}


@dataclass(frozen=True)
class CardSet:
    """Every magick title and character of a card file."""

    magick: tuple[MagickCard, ...]
    characters: tuple[Character, ...]
    origin: str

    def deck_list(self, deck: int, sourced_only: bool) -> list[int]:
        """The titles of one deck, one entry per copy, in file order."""
        return [card.index for card in self.magick if card.deck == deck
                and (card.sourced or not sourced_only) for _ in range(card.copies)]


def _magick(raw: _Magick, index: int, deck: int, builtin: CardSet | None,
            origin: str) -> MagickCard:
    suit = raw.counts_as_suit_card
    if suit is True:
        raise DataError(f"{origin}: magick card {raw.id} ({raw.name_en}): counts_as_suit_card "
                        f"names the suit the card counts as ({', '.join(SUITS)}), not true")
    joins_as = SUITS.index(suit) if isinstance(suit, str) else None
    engine = raw.engine
    if engine is None and joins_as is not None:
        engine = SUIT_CARD
    if engine is None and builtin is not None:
        twin = next((c for c in builtin.magick if c.text_en == raw.effect), None)
        if twin is not None:
            engine = twin.effect.id
    if engine is None:
        raise DataError(
            f"{origin}: magick card {raw.id} ({raw.name_en}) names no `engine` effect and its "
            f"effect text is not a built-in card's, so candlelit cannot play it. Give it one of: "
            f"{', '.join(sorted(EFFECTS))}")
    effect = EFFECTS.get(engine)
    if effect is None:
        raise DataError(f"{origin}: magick card {raw.id}: unknown engine effect {engine!r} "
                        f"(known: {', '.join(sorted(EFFECTS))})")
    if engine == SUIT_CARD and joins_as is None:
        raise DataError(f"{origin}: magick card {raw.id} ({raw.name_en}): effect {SUIT_CARD!r} "
                        f"needs counts_as_suit_card ({', '.join(SUITS)})")
    if raw.timing != TIMINGS[effect.timing]:
        raise DataError(f"{origin}: magick card {raw.id} ({raw.name_en}): timing {raw.timing!r} "
                        f"does not match its effect {engine!r}, which is played "
                        f"{TIMINGS[effect.timing]!r}")
    alt = raw.raven_alternate
    return MagickCard(index, raw.id, raw.name_en, raw.name_zh, deck, raw.copies, effect,
                      raw.effect, raw.effect_zh or raw.effect,
                      alt.effect if alt.exists is True else None,
                      (alt.effect_zh or alt.effect) if alt.exists is True else None,
                      raw.effect_confidence, raw.confidence, raw.faq, raw.faq_item,
                      tuple(raw.source), joins_as)


def _character(raw: _Character, index: int, builtin: CardSet | None,
               origin: str) -> Character:
    engine = raw.engine
    if engine is None and builtin is not None:
        twin = next((c for c in builtin.characters if c.human_en == raw.human_ability.effect
                     and c.raven_en == raw.raven_ability.effect), None)
        if twin is not None:
            engine = twin.ability.id
    ability = ABILITIES.get(engine or "")
    if ability is None:
        raise DataError(f"{origin}: character {raw.id} ({raw.name}) needs an `engine` ability "
                        f"(known: {', '.join(sorted(ABILITIES))})")
    for form, text, timing in (("human", raw.human_ability, ability.human),
                               ("raven", raw.raven_ability, ability.raven)):
        if text.timing != TIMINGS[timing]:
            raise DataError(f"{origin}: character {raw.id} ({raw.name}): {form} timing "
                            f"{text.timing!r} does not match {engine!r} ({TIMINGS[timing]!r})")
    return Character(index, raw.id, raw.name, raw.name_zh, ability, raw.human_ability.effect,
                     raw.human_ability.effect_zh or raw.human_ability.effect,
                     raw.raven_ability.effect,
                     raw.raven_ability.effect_zh or raw.raven_ability.effect,
                     raw.name_confidence, raw.confidence, tuple(raw.source))


def parse_cards(raw: Any, origin: str, builtin: CardSet | None = None) -> CardSet:
    """Validate card data in the shipped cards.yaml format; raise DataError on any problem."""
    try:
        data = _File.model_validate(raw)
    except ValidationError as exc:
        raise DataError(f"{origin}: {exc}") from exc
    magick: list[MagickCard] = []
    for deck, items in enumerate((data.light_magick, data.shadow_magick)):
        for item in items:
            magick.append(_magick(item, len(magick), deck, builtin, origin))
    if len(magick) > MAX_TYPES:
        raise DataError(f"{origin}: at most {MAX_TYPES} magick titles, not {len(magick)}")
    ids = [c.id for c in magick]
    if len(set(ids)) != len(ids):
        raise DataError(f"{origin}: a magick card id is used twice")
    chars = [_character(c, i, builtin, origin) for i, c in enumerate(data.characters)]
    if len(chars) > MAX_CHARACTERS:
        raise DataError(f"{origin}: at most {MAX_CHARACTERS} characters, not {len(chars)}")
    if len({c.id for c in chars}) != len(chars):
        raise DataError(f"{origin}: a character id is used twice")
    return CardSet(tuple(magick), tuple(chars), origin)


def builtin_data() -> dict[str, Any]:
    """The shipped cards.yaml as parsed YAML (meta, sources and provenance included)."""
    return shipped_yaml("candlelit.games.nevermore", "cards.yaml")


@cache
def builtin_cards() -> CardSet:
    """The card set shipped with candlelit."""
    return parse_cards(builtin_data(), "built-in cards.yaml")


def read_cards_file(path: str | Path) -> dict[str, Any]:
    """Read a user's card file; validate it and return its data for the `boards` option."""
    raw = user_yaml(path, "card file")
    parse_cards(raw, str(path), builtin_cards())
    return raw


def cards_for(option: Any) -> CardSet:
    """The card set chosen by the `boards` option (None: built-in; a mapping: user data)."""
    if option is None:
        return builtin_cards()
    return built_once("nevermore.cards", option,
                      lambda data: parse_cards(data, "card data option", builtin_cards()))


def check_cards_option(value: Any) -> Any:
    """Validator of the `boards` option: None or card data in the shipped format."""
    if value is not None:
        if not isinstance(value, dict):
            raise DataError("the boards option takes card data (a mapping), or None")
        cards_for(value)
    return value
