"""Fatal Frame's cards, loaded from YAML that keeps each card's source and confidence.

Cards are grouped by the pile they start in: the main playdeck (ghosts, items, actions,
upgrades), the 9 exteriors, the interior deck and the boss pile. Inside the engine a card
is the index of its kind within its group; copies share a kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, Literal

from pydantic import Field

from candlelit.engine.cardfile import Failure, Source, as_source, read_shipped
from candlelit.engine.cardmodel import CardModel, validated
from candlelit.engine.datafiles import CardData

Confidence = Literal["high", "medium", "low", "invented"]
MAX_MAIN_KINDS = 64
"""Main-deck kinds the action space can name (play, discard, lose, release, search)."""
MAX_BUILDING = 4
"""Largest building: the action space addresses at most 4 interior cards per path."""
EXTERIORS = 9
SHRINE = "kureha_shrine"

GHOST_ENGINES = ("vanilla", "lose_upgrade_on_even", "discard_when_beaten",
                 "skip_turn_when_beaten", "protect_items", "plus_one_each_die",
                 "draw_on_even", "no_discards")
"""What a ghost's effect does; `vanilla` for none."""
ACTION_ENGINES = ("futile_odds", "zero_shot", "fatal_frame", "quick_escape",
                  "the_repentance", "recollection", "hidden_hand", "shutter_chance",
                  "purification", "lost_in_the_mist")
FUNCTION_ENGINES = ("blast", "save", "track", "sense")
_BUILTIN_GHOST_ENGINE = {
    "woman_in_box": "lose_upgrade_on_even",
    "weeping_spirit_placeholder": "discard_when_beaten",
    "limbo_woman": "skip_turn_when_beaten",
    "folklorist": "protect_items",
    "the_remaining_twin": "plus_one_each_die",
    "crimson_butterfly": "draw_on_even",
    "trapped_boy": "no_discards",
}
_BUILTIN_FUNCTION_ENGINE = {"function_blast": "blast", "function_save": "save",
                            "function_track": "track", "function_sense": "sense"}


class _Weakness(CardModel):
    album_ghost: str
    bonus: int = Field(ge=0, le=6)
    applies_to: Literal["each_attack_die"] = "each_attack_die"


class _Card(CardModel):
    id: str
    name: str
    name_zh: str | None = None
    type: Literal["camera", "ghost", "item", "action", "upgrade-film", "upgrade-orb",
                  "upgrade-function", "exterior", "interior", "boss"]
    count: int = Field(ge=0, le=40)
    effect: str = ""
    effect_zh: str | None = None
    """The effect in zh-TW (a translation of `effect`)."""
    source: str
    confidence: Confidence
    invented_fields: list[str] = Field(default_factory=list)
    engine: str | None = None
    power: int | None = Field(default=None, ge=1, le=6)
    album_value: int | None = Field(default=None, ge=0, le=9)
    realm: Literal["interior", "exterior", "both"] | None = None
    movement: Literal["bound", "chase"] | None = None
    filament: Literal["red", "blue", "white"] | None = None
    effect_timing: Literal["none", "combat", "album"] | None = None
    points: int | None = Field(default=None, ge=0, le=9)
    found_in: list[str] = Field(default_factory=list)
    dice: int | None = Field(default=None, ge=1, le=3)
    base_dice: int = Field(default=1, ge=1, le=3)
    building: bool = False
    building_size: int | None = Field(default=None, ge=1, le=MAX_BUILDING)
    connected_to: str | None = None
    on_enter: Literal["draw_card"] | None = None
    lives: int | None = Field(default=None, ge=1, le=9)
    weakness: _Weakness | None = None
    aliases: list[str] = Field(default_factory=list)
    deck: str | None = None
    film_slots: int | None = None
    function_slots: int | None = None
    spirit_orb_slots: int | None = None
    max_equipped: int | None = None
    pip_bonus: int | None = None
    modifier_kind: str | None = None
    stays_in_play: str | None = None
    timing: str | None = None
    notes: str | None = None
    """Other names, printed numbers the rules build in, and notes: kept for readers."""


class _File(CardModel):
    cards: list[_Card]
    meta: Any = None
    """The research behind the cards and the rules numbers, for readers."""


@dataclass(frozen=True)
class Card:
    """One kind of card with its rules numbers, engine effect and provenance."""

    index: int
    id: str
    name_en: str
    name_zh: str
    type: str
    count: int
    engine: str
    power: int
    album_value: int
    realm: str
    chase: bool
    blue: bool
    points: int
    found_in: tuple[int, ...]
    dice: int
    building_size: int
    linked: int
    draws_on_enter: bool
    lives: int
    weakness_ghost: int
    weakness_bonus: int
    text: str
    text_zh: str
    source: str
    confidence: str
    invented_fields: tuple[str, ...]

    @property
    def reconstructed(self) -> bool:
        """Whether any part of this card is a placeholder (invented card or field)."""
        return self.confidence == "invented" or bool(self.invented_fields)

    def name(self) -> dict[str, str]:
        """The card's name per language (the seed keeps card names in English)."""
        return {"en": self.name_en, "zh-TW": self.name_zh}

    def effect(self) -> dict[str, str]:
        """The card's effect text per language."""
        return {"en": self.text, "zh-TW": self.text_zh}


@dataclass(frozen=True)
class CardSet:
    """Every card kind of a card file, grouped by starting pile."""

    main: tuple[Card, ...]
    exteriors: tuple[Card, ...]
    interiors: tuple[Card, ...]
    bosses: tuple[Card, ...]
    camera_dice: int
    origin: str

    def main_deck(self) -> list[int]:
        """The main playdeck, one entry per copy, in file order."""
        return [c.index for c in self.main for _ in range(c.count)]

    def main_kinds(self, engine: str) -> tuple[int, ...]:
        """The main-deck kinds whose engine is `engine`, ascending."""
        return self._kinds_by_engine.get(engine, ())

    @cached_property
    def _kinds_by_engine(self) -> dict[str, tuple[int, ...]]:
        kinds: dict[str, list[int]] = {}
        for card in self.main:
            kinds.setdefault(card.engine, []).append(card.index)
        return {engine: tuple(ks) for engine, ks in kinds.items()}

    def main_id(self, card_id: str) -> int:
        """The main-deck kind with this id (KeyError if none)."""
        for card in self.main:
            if card.id == card_id:
                return card.index
        raise KeyError(card_id)

    def reconstructed_ids(self) -> list[str]:
        """Ids of every card kind with placeholder content, sorted."""
        groups = (self.main, self.exteriors, self.interiors, self.bosses)
        return sorted(c.id for g in groups for c in g if c.reconstructed)


def _engine(raw: _Card, fail: Failure) -> str:
    if raw.type == "ghost":
        engine = raw.engine or _BUILTIN_GHOST_ENGINE.get(raw.id)
        if engine is None:
            if raw.effect_timing in (None, "none"):
                return "vanilla"
            raise fail(f"ghost {raw.id} has a {raw.effect_timing} effect but no `engine`; give "
                       f"one of {', '.join(GHOST_ENGINES)}")
        if engine not in GHOST_ENGINES:
            raise fail(f"ghost {raw.id}: unknown engine {engine!r} "
                       f"(known: {', '.join(GHOST_ENGINES)})")
        return engine
    if raw.type == "action":
        engine = raw.engine or raw.id.removesuffix("_placeholder")
        if engine not in ACTION_ENGINES:
            raise fail(f"action {raw.id} needs an `engine` candlelit can play "
                       f"(known: {', '.join(ACTION_ENGINES)})")
        return engine
    if raw.type == "upgrade-function":
        engine = raw.engine or _BUILTIN_FUNCTION_ENGINE.get(raw.id)
        if engine not in FUNCTION_ENGINES:
            raise fail(f"function {raw.id} needs an `engine` "
                       f"(known: {', '.join(FUNCTION_ENGINES)})")
        return engine
    return raw.type


def _need(raw: _Card, fail: Failure, *fields: str) -> None:
    missing = [f for f in fields if getattr(raw, f) is None]
    if missing:
        raise fail(f"{raw.type} card {raw.id} lacks {', '.join(missing)}")


def parse_cards(raw: Any, origin: str | Source) -> CardSet:
    """Validate card data in the shipped cards.yaml format; raise DataError on any problem."""
    src = as_source(origin)
    data = validated(_File, raw, src)
    ids = [c.id for c in data.cards]
    if len(set(ids)) != len(ids):
        dup = sorted({i for i in ids if ids.count(i) > 1})
        raise src.error(("cards",), f"card ids used twice: {', '.join(dup)}")
    position = {c.id: k for k, c in enumerate(data.cards)}
    groups: dict[str, list[_Card]] = {"main": [], "exterior": [], "interior": [], "boss": []}
    camera_dice = 1
    for c in data.cards:
        if c.type == "camera":
            camera_dice = c.base_dice
        elif c.type in ("exterior", "interior", "boss"):
            groups[c.type].append(c)
        else:
            groups["main"].append(c)
    interior_ids = {c.id: i for i, c in enumerate(groups["interior"])}
    main_ids = {c.id: i for i, c in enumerate(groups["main"])}
    exterior_ids = {c.id: i for i, c in enumerate(groups["exterior"])}
    if len(groups["main"]) > MAX_MAIN_KINDS:
        raise src.error(("cards",), f"at most {MAX_MAIN_KINDS} kinds of main-deck card")
    built: dict[str, list[Card]] = {k: [] for k in groups}
    for group, cards in groups.items():
        for index, c in enumerate(cards):
            fail = src.entry(("cards", position[c.id]))
            if c.type == "ghost":
                _need(c, fail, "power", "album_value", "realm", "movement", "filament")
                if c.power is not None and c.power > 4:
                    raise fail(f"ghost {c.id}: ordinary ghosts have power 1-4", "power")
            elif c.type == "item":
                _need(c, fail, "points")
                bad = [i for i in c.found_in if i not in interior_ids]
                if bad or not c.found_in:
                    raise fail(f"item {c.id}: found_in must list interior ids "
                               f"(unknown: {', '.join(bad) or 'none given'})", "found_in")
            elif c.type == "upgrade-film":
                _need(c, fail, "dice")
            elif c.type == "exterior" and c.building:
                _need(c, fail, "building_size")
            elif c.type == "boss":
                _need(c, fail, "power", "lives")
                if c.weakness is not None and c.weakness.album_ghost not in main_ids:
                    raise fail(f"boss {c.id}: weakness names unknown ghost "
                               f"{c.weakness.album_ghost!r}", "weakness", "album_ghost")
            if c.connected_to is not None and c.connected_to not in exterior_ids:
                raise fail(f"{c.id}: connected_to names no exterior", "connected_to")
            w = c.weakness
            built[group].append(Card(
                index=index, id=c.id, name_en=c.name, name_zh=c.name_zh or c.name,
                type=c.type, count=c.count, engine=_engine(c, fail),
                power=c.power or 0, album_value=c.album_value or 0, realm=c.realm or "",
                chase=c.movement == "chase", blue=c.filament == "blue",
                points=c.points or 0,
                found_in=tuple(interior_ids[i] for i in c.found_in), dice=c.dice or 0,
                building_size=c.building_size or 0 if c.building else 0,
                linked=exterior_ids[c.connected_to] if c.connected_to else -1,
                draws_on_enter=c.on_enter == "draw_card", lives=c.lives or 0,
                weakness_ghost=main_ids[w.album_ghost] if w else -1,
                weakness_bonus=w.bonus if w else 0, text=c.effect,
                text_zh=c.effect_zh or c.effect, source=c.source,
                confidence=c.confidence, invented_fields=tuple(c.invented_fields)))
    counts = {g: sum(c.count for c in built[g]) for g in built}
    whole = ("cards",)
    if counts["exterior"] != EXTERIORS:
        raise src.error(whole, f"the map needs exactly {EXTERIORS} exterior cards, "
                        f"not {counts['exterior']}")
    if sum(1 for c in built["exterior"] if c.id == SHRINE) != 1:
        raise src.error(whole, f"exactly one exterior must be {SHRINE}")
    if any(c.count != 1 for c in built["exterior"]):
        raise src.error(whole, "every exterior card is unique (count 1)")
    if counts["interior"] < 4 * MAX_BUILDING + 1:
        raise src.error(whole, f"at least {4 * MAX_BUILDING + 1} interior cards are needed")
    if counts["boss"] < 1:
        raise src.error(whole, "at least one boss is needed")
    if counts["main"] < 20:
        raise src.error(whole, "the main playdeck needs at least 20 cards")
    return CardSet(tuple(built["main"]), tuple(built["exterior"]), tuple(built["interior"]),
                   tuple(built["boss"]), camera_dice, src.name)


def builtin_data() -> dict[str, Any]:
    """The shipped cards.yaml as parsed YAML (meta, sources and provenance included)."""
    return read_shipped(__package__, "cards.yaml")[0]


@cache
def builtin_cards() -> CardSet:
    """The card set shipped with candlelit."""
    return parse_cards(*read_shipped(__package__, "cards.yaml"))


@cache
def card_table() -> dict[str, list[str]]:
    """Each built-in card's id → [name en, name zh-TW, type, confidence, realm, movement,
    filament] (the last three empty for cards other than ghosts), for boards drawn from ids."""
    cards = builtin_cards()
    table: dict[str, list[str]] = {}
    for card in (*cards.main, *cards.exteriors, *cards.interiors, *cards.bosses):
        ghost = card.type == "ghost"
        table[card.id] = [card.name_en, card.name_zh or card.name_en, card.type,
                          card.confidence, card.realm if ghost else "",
                          ("chase" if card.chase else "bound") if ghost else "",
                          ("blue" if card.blue else "red") if ghost else ""]
    return table


CARDS = CardData("fatal_frame.cards", "card file", "cards", builtin_cards, parse_cards)
read_cards_file = CARDS.read_file
cards_for = CARDS.chosen
check_cards_option = CARDS.check
