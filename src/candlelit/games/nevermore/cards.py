"""Nevermore's magick cards and Specters characters, loaded from YAML that keeps provenance."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from pydantic import Field

from candlelit.engine.cardfile import Loc, Source, as_source, read_shipped
from candlelit.engine.cardmodel import CardModel, validated
from candlelit.engine.datafiles import CardData
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


class _Alt(CardModel):
    exists: bool | str = False
    effect: str | None = None
    effect_zh: str | None = None
    confidence: Confidence = "invented"


class _Magick(CardModel):
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
    faq_en: str | None = None
    """The seed's FAQ line in English (a translation of `faq`)."""
    faq_item: str | None = None
    counts_as_suit_card: SuitName | bool = False
    raven_alternate: _Alt = _Alt()
    source: list[str] = Field(default_factory=list)
    confidence: Confidence = "invented"
    name_en_confidence: Confidence | None = None
    name_zh_confidence: Confidence | None = None
    deck_confidence: Confidence | None = None
    copies_confidence: Confidence | None = None
    timing_confidence: Confidence | None = None
    """Provenance of single fields, shown by `candlelit cards nevermore`."""
    effect_source: str | None = None
    source_supports: str | None = None
    notes: str | None = None
    research_placeholder: dict[str, Any] | None = None
    """Notes for readers (what a source supports; an earlier reconstruction): not played."""


class _AbilityText(CardModel):
    timing: str
    effect: str
    effect_zh: str | None = None
    confidence: Confidence = "invented"


class _Character(CardModel):
    id: str
    name: str
    name_zh: str = ""
    name_confidence: Confidence = "invented"
    name_zh_confidence: Confidence | None = None
    engine: str | None = None
    human_ability: _AbilityText
    raven_ability: _AbilityText
    source: list[str] = Field(default_factory=list)
    confidence: Confidence = "invented"
    notes: str | None = None
    """A note for readers: not played."""


class _SourceRef(CardModel):
    id: str
    url: str
    used_for: str = ""


class _File(CardModel):
    light_magick: list[_Magick]
    shadow_magick: list[_Magick]
    characters: list[_Character] = Field(default_factory=list)
    sources: list[_SourceRef] = Field(default_factory=list)
    """The works cited: `candlelit cards nevermore` shows each card's sources by these ids."""
    meta: Any = None
    composition: Any = None
    main_deck: Any = None
    resolution_tokens: Any = None
    magick_system: Any = None
    magick_card_names_known: Any = None
    specters_character_rules: Any = None
    printing_differences: Any = None
    confidence_counts: Any = None
    """The research behind the data, for readers: candlelit plays only the cards above."""


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
    faq_en: str | None = None
    """The seed's FAQ line in English (a translation of `faq`), if the data gives one."""

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


def _magick(raw: _Magick, index: int, deck: int, builtin: CardSet | None, src: Source,
            loc: Loc) -> MagickCard:
    card = f"magick card {raw.id} ({raw.name_en})"
    suit = raw.counts_as_suit_card
    if suit is True:
        raise src.error((*loc, "counts_as_suit_card"), f"{card}: counts_as_suit_card names the "
                        f"suit the card counts as ({', '.join(SUITS)}), not true")
    joins_as = SUITS.index(suit) if isinstance(suit, str) else None
    engine = raw.engine
    if engine is None and joins_as is not None:
        engine = SUIT_CARD
    if engine is None and builtin is not None:
        twin = next((c for c in builtin.magick if c.text_en == raw.effect), None)
        if twin is not None:
            engine = twin.effect.id
    if engine is None:
        raise src.error(loc, f"{card} names no `engine` effect and its effect text is not a "
                        f"built-in card's, so candlelit cannot play it. Give it one of: "
                        f"{', '.join(sorted(EFFECTS))}")
    effect = EFFECTS.get(engine)
    if effect is None:
        raise src.error((*loc, "engine"), f"{card}: unknown engine effect {engine!r} "
                        f"(known: {', '.join(sorted(EFFECTS))})")
    if engine == SUIT_CARD and joins_as is None:
        raise src.error(loc, f"{card}: effect {SUIT_CARD!r} needs counts_as_suit_card "
                        f"({', '.join(SUITS)})")
    if raw.timing != TIMINGS[effect.timing]:
        raise src.error((*loc, "timing"), f"{card}: timing {raw.timing!r} does not match its "
                        f"effect {engine!r}, which is played {TIMINGS[effect.timing]!r}")
    alt = raw.raven_alternate
    return MagickCard(index, raw.id, raw.name_en, raw.name_zh, deck, raw.copies, effect,
                      raw.effect, raw.effect_zh or raw.effect,
                      alt.effect if alt.exists is True else None,
                      (alt.effect_zh or alt.effect) if alt.exists is True else None,
                      raw.effect_confidence, raw.confidence, raw.faq, raw.faq_item,
                      tuple(raw.source), joins_as, faq_en=raw.faq_en)


def _character(raw: _Character, index: int, builtin: CardSet | None, src: Source) -> Character:
    loc = ("characters", index)
    engine = raw.engine
    if engine is None and builtin is not None:
        twin = next((c for c in builtin.characters if c.human_en == raw.human_ability.effect
                     and c.raven_en == raw.raven_ability.effect), None)
        if twin is not None:
            engine = twin.ability.id
    ability = ABILITIES.get(engine or "")
    if ability is None:
        raise src.error((*loc, "engine"), f"character {raw.id} ({raw.name}) needs an `engine` "
                        f"ability (known: {', '.join(sorted(ABILITIES))})")
    for form, text, timing in (("human", raw.human_ability, ability.human),
                               ("raven", raw.raven_ability, ability.raven)):
        if text.timing != TIMINGS[timing]:
            raise src.error((*loc, f"{form}_ability", "timing"),
                            f"character {raw.id} ({raw.name}): {form} timing {text.timing!r} "
                            f"does not match {engine!r} ({TIMINGS[timing]!r})")
    return Character(index, raw.id, raw.name, raw.name_zh, ability, raw.human_ability.effect,
                     raw.human_ability.effect_zh or raw.human_ability.effect,
                     raw.raven_ability.effect,
                     raw.raven_ability.effect_zh or raw.raven_ability.effect,
                     raw.name_confidence, raw.confidence, tuple(raw.source))


def parse_cards(raw: Any, origin: str | Source, builtin: CardSet | None = None) -> CardSet:
    """Validate card data in the shipped cards.yaml format; raise DataError on any problem."""
    src = as_source(origin)
    data = validated(_File, raw, src)
    magick: list[MagickCard] = []
    for deck, (key, items) in enumerate((("light_magick", data.light_magick),
                                         ("shadow_magick", data.shadow_magick))):
        for i, item in enumerate(items):
            magick.append(_magick(item, len(magick), deck, builtin, src, (key, i)))
    if len(magick) > MAX_TYPES:
        raise src.error(("light_magick",), f"at most {MAX_TYPES} magick titles, "
                        f"not {len(magick)}")
    ids = [c.id for c in magick]
    if len(set(ids)) != len(ids):
        dup = sorted({i for i in ids if ids.count(i) > 1})
        raise src.error(("light_magick",), f"magick card ids used twice: {', '.join(dup)}")
    chars = [_character(c, i, builtin, src) for i, c in enumerate(data.characters)]
    if len(chars) > MAX_CHARACTERS:
        raise src.error(("characters",), f"at most {MAX_CHARACTERS} characters, "
                        f"not {len(chars)}")
    if len({c.id for c in chars}) != len(chars):
        raise src.error(("characters",), "a character id is used twice")
    return CardSet(tuple(magick), tuple(chars), src.name)


def builtin_data() -> dict[str, Any]:
    """The shipped cards.yaml as parsed YAML (meta, sources and provenance included)."""
    return read_shipped(__package__, "cards.yaml")[0]


@cache
def builtin_cards() -> CardSet:
    """The card set shipped with candlelit."""
    return parse_cards(*read_shipped(__package__, "cards.yaml"))


CARDS = CardData("nevermore.cards", "card file", "cards", builtin_cards,
                 lambda data, src: parse_cards(data, src, builtin_cards()))
read_cards_file = CARDS.read_file
cards_for = CARDS.chosen
check_cards_option = CARDS.check
