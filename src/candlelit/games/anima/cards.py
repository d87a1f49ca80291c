"""Anima's 110 cards, loaded from YAML that keeps each card's source and confidence.

Five decks: characters, areas, encounters, advantages and missions (basic and final). In
the engine a card is its index within its deck's kind list; every Anima card is unique.
Effects are data in the vocabulary of vocabulary.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Annotated, Any, Literal

from pydantic import Field, StrictInt

from candlelit.engine.cardfile import Failure, Source, as_source, read_shipped
from candlelit.engine.cardmodel import CardModel, validated
from candlelit.engine.datafiles import CardData
from candlelit.games.anima.vocabulary import CREATURE_TYPES, SKILLS, Op, parse_ops, window_of

Confidence = Literal["high", "medium", "low", "invented"]
MAX_CHARACTERS = 32
MAX_AREAS = 24
MAX_ADVANTAGES = 48
MAX_ENCOUNTERS = 64
MAX_MISSIONS = 16
PASSIVE_ABILITY_OPS = frozenset({"combat", "death_guard"})
"""What an ability that never exhausts may do (always on while its character is active)."""
Skill = Literal["Trickery", "Magic", "Ki"]
CreatureType = Literal["Beast", "Darkness", "Spirit", "Human", "Construct"]


class _Provenance(CardModel):
    id: str
    name: str
    name_zh: str | None = None
    text_zh: str | None = None
    """The card's effect text in zh-TW (a translation of its English text)."""
    confidence: Confidence
    source: str | list[str]
    fields_invented: list[str] = Field(default_factory=list)
    note: str | None = None
    """A note for readers: not played."""


class _Ability(CardModel):
    timing: str = "none"
    exhaust: bool = False
    effect: str = ""
    does: Any = None


class _Character(_Provenance):
    combat: int = Field(ge=0, le=9)
    speed: int = Field(ge=0, le=9)
    gender: str = ""
    skills: list[Skill] = Field(default_factory=list)
    ability: _Ability = _Ability()
    organization: str | None = None
    """The organization printed on the character, for readers (parties join by advantage)."""


class _Roll(CardModel):
    roll: Annotated[tuple[StrictInt, StrictInt], Field(strict=False)]
    """Lowest and highest die face (a YAML list: strictness would want a tuple)."""
    result: Literal["reward", "encounters", "special"]
    count: int = Field(default=0, ge=0, le=4)


class _Area(_Provenance):
    trade: bool
    danger: int = Field(ge=1, le=3)
    exploration: list[_Roll]
    rewards: list[str]
    special: str | None = None
    special_does: Any = None


class _Foe(CardModel):
    name: str
    name_zh: str | None = None
    combat: int = Field(ge=0, le=40)
    creature_type: CreatureType
    level: int = Field(ge=1, le=3)


class _Step(CardModel):
    step: Literal["take_mission_reward", "take_mission_reward_any", "defeat_mission_foe",
                  "hold_area", "speed_check"]
    area: str | None = None
    foe: _Foe | None = None
    rounds: int = Field(default=0, ge=0, le=10)
    target: int = Field(default=0, ge=0, le=40)
    min_characters: int = Field(default=0, ge=0, le=4)
    requires_skill: Skill | None = None
    areas_of_danger: int = Field(default=0, ge=0, le=3)
    distinct: int = Field(default=0, ge=0, le=10)
    exclude: str | None = None
    extra_encounter_level: int = Field(default=0, ge=0, le=3)


class _Reward(CardModel):
    combat: int = Field(default=0, ge=0, le=9)
    speed: int = Field(default=0, ge=0, le=9)
    advantage_draw: int = Field(default=0, ge=0, le=5)
    win: bool = False


class _Crisis(CardModel):
    rounds: int = Field(ge=1, le=40)
    combat: int = Field(ge=0, le=40)


class _Mission(_Provenance):
    requirements: list[_Step] = Field(min_length=1, max_length=4)
    reward: _Reward
    crisis: _Crisis | None = None


class _Missions(CardModel):
    basic: list[_Mission]
    final: list[_Mission]


class _Encounter(_Provenance):
    kind: Literal["creature", "event"]
    level: int = Field(ge=1, le=3)
    combat: int = Field(default=0, ge=0, le=40)
    creature_type: CreatureType | None = None
    text: str = ""
    does: Any = None
    symbol: str | None = None
    """The printed symbol, for readers."""


class _Advantage(_Provenance):
    type: Literal["Plot", "Magic", "Trickery", "Ki", "Organization"]
    timing: Literal["Reset", "Movement", "Combat", "Interruption"]
    requires_skill: Skill | None = None
    effect: str = ""
    rival: str | None = None
    does: Any = None


class _File(CardModel):
    characters: list[_Character]
    areas: list[_Area]
    missions: _Missions
    encounters: list[_Encounter]
    advantages: list[_Advantage]
    meta: Any = None
    unplaced_names: Any = None
    organizations: Any = None
    """The research behind the cards, for readers: the rules read the decks above."""


@dataclass(frozen=True)
class Card:
    """Provenance and names shared by every card."""

    index: int
    id: str
    name_en: str
    name_zh: str
    confidence: str
    invented_fields: tuple[str, ...]
    text: str
    text_zh: str
    source: tuple[str, ...]

    @property
    def reconstructed(self) -> bool:
        """Whether any part of this card is a placeholder (invented card or field)."""
        return self.confidence == "invented" or bool(self.invented_fields)


@dataclass(frozen=True)
class Character(Card):
    """A character: Combat, Speed, skills and an ability (exhausting or passive)."""

    combat: int
    speed: int
    skills: tuple[str, ...]
    exhaust: bool
    does: tuple[Op, ...]

    @cached_property
    def op_names(self) -> frozenset[str]:
        """The names of the ops its ability uses."""
        return frozenset(o.op for o in self.does)


@dataclass(frozen=True)
class Area(Card):
    """An area: trade icon, danger, exploration table (die face 1-6 → result), rewards."""

    trade: bool
    danger: int
    table: tuple[tuple[str, int], ...]
    rewards: tuple[str, ...]
    special: tuple[Op, ...]


@dataclass(frozen=True)
class Step:
    """One mission requirement; area names resolved to area indices (-1: none)."""

    kind: str
    area: int
    foe_name: str
    foe_name_zh: str
    foe_combat: int
    foe_type: str
    rounds: int
    target: int
    min_characters: int
    requires_skill: str
    danger: int
    distinct: int
    exclude: int
    extra_level: int


@dataclass(frozen=True)
class Mission(Card):
    """A basic or final mission: ordered steps and a reward."""

    final: bool
    steps: tuple[Step, ...]
    combat: int
    speed: int
    draw: int
    crisis_rounds: int
    crisis_combat: int


@dataclass(frozen=True)
class Encounter(Card):
    """A creature (level, Combat, type) or an event (level), with its effects."""

    creature: bool
    level: int
    combat: int
    creature_type: str
    does: tuple[Op, ...]


@dataclass(frozen=True)
class Advantage(Card):
    """An advantage: Plot, a skill card, or an Organization; its timing and effects."""

    type: str
    timing: str
    skill: str
    rival: int
    does: tuple[Op, ...]
    window: str
    """When it is played: the first op's window (see vocabulary.py), `join` for an
    Organization, or the printed timing for a peek (it works in Reset or Movement)."""

    @cached_property
    def op_names(self) -> frozenset[str]:
        """The names of the ops it uses."""
        return frozenset(o.op for o in self.does)


@dataclass(frozen=True)
class CardSet:
    """Every card of a card file, by deck."""

    characters: tuple[Character, ...]
    areas: tuple[Area, ...]
    basic: tuple[Mission, ...]
    finals: tuple[Mission, ...]
    encounters: tuple[Encounter, ...]
    advantages: tuple[Advantage, ...]
    origin: str

    def reconstructed_ids(self) -> list[str]:
        """Ids of every card with placeholder content, sorted."""
        return sorted(c.id for g in self.groups() for c in g if c.reconstructed)

    def groups(self) -> tuple[tuple[Card, ...], ...]:
        """Every deck, in a fixed order."""
        return (self.characters, self.areas, self.basic, self.finals, self.encounters,
                self.advantages)

    def by_id(self, card_id: str) -> Card:
        """The card with this id (KeyError if none)."""
        for group in self.groups():
            for card in group:
                if card.id == card_id:
                    return card
        raise KeyError(card_id)


def _base(raw: _Provenance, index: int, text: str) -> dict[str, Any]:
    return {"index": index, "id": raw.id, "name_en": raw.name,
            "name_zh": raw.name_zh or raw.name, "confidence": raw.confidence,
            "invented_fields": tuple(raw.fields_invented), "text": text,
            "text_zh": raw.text_zh or text,
            "source": (raw.source,) if isinstance(raw.source, str) else tuple(raw.source)}


def _table(raw: _Area, fail: Failure) -> tuple[tuple[str, int], ...]:
    faces: list[tuple[str, int] | None] = [None] * 6
    for k, row in enumerate(raw.exploration):
        lo, hi = row.roll
        if not 1 <= lo <= hi <= 6:
            raise fail(f"exploration roll {row.roll} is not a range within 1-6",
                       "exploration", k)
        if row.result == "encounters" and row.count < 1:
            raise fail("an encounters result needs a count of 1 or more", "exploration", k)
        for face in range(lo, hi + 1):
            if faces[face - 1] is not None:
                raise fail(f"exploration face {face} is listed twice", "exploration", k)
            faces[face - 1] = (row.result, row.count)
    missing = [i + 1 for i, f in enumerate(faces) if f is None]
    if missing:
        raise fail(f"exploration table does not cover {missing}", "exploration")
    if any(f is not None and f[0] == "special" for f in faces) and not raw.special_does:
        raise fail("a special result needs `special_does`", "exploration")
    return tuple(f for f in faces if f is not None)


def _rewards(raw: _Area, fail: Failure) -> tuple[str, ...]:
    out = []
    for k, r in enumerate(raw.rewards):
        counted = r.startswith("advantage:") and r[10:].isdigit() and 1 <= int(r[10:]) <= 5
        if r in ("recruit", "mission") or counted:
            out.append(r)
        else:
            raise fail(f"unknown reward {r!r} (advantage:N, recruit, mission)", "rewards", k)
    if not out or len(out) > 4:
        raise fail("an area lists 1 to 4 rewards", "rewards")
    return tuple(out)


def _steps(raw: _Mission, areas: dict[str, int], fail: Failure) -> tuple[Step, ...]:
    out = []
    for k, s in enumerate(raw.requirements):
        def area_of(name: str | None, need: bool, s: _Step = s, k: int = k) -> int:
            if name is None:
                if need:
                    raise fail(f"step {s.step} names no area", "requirements", k)
                return -1
            if name not in areas:
                raise fail(f"step {s.step} names unknown area {name!r}", "requirements", k)
            return areas[name]
        need_area = s.step != "take_mission_reward_any"
        problem = ("defeat_mission_foe needs a foe"
                   if s.step == "defeat_mission_foe" and s.foe is None else
                   "hold_area needs rounds >= 1" if s.step == "hold_area" and s.rounds < 1 else
                   "speed_check needs a target" if s.step == "speed_check" and s.target < 1 else
                   "take_mission_reward_any needs areas_of_danger and distinct"
                   if s.step == "take_mission_reward_any"
                   and (s.areas_of_danger < 1 or s.distinct < 1) else None)
        if problem:
            raise fail(problem, "requirements", k)
        foe = s.foe
        out.append(Step(kind=s.step, area=area_of(s.area, need_area),
                        foe_name=foe.name if foe else "",
                        foe_name_zh=(foe.name_zh or foe.name) if foe else "",
                        foe_combat=foe.combat if foe else 0,
                        foe_type=foe.creature_type if foe else "", rounds=s.rounds,
                        target=s.target, min_characters=s.min_characters,
                        requires_skill=s.requires_skill or "", danger=s.areas_of_danger,
                        distinct=s.distinct, exclude=area_of(s.exclude, False),
                        extra_level=s.extra_encounter_level))
    return tuple(out)


def _ops(raw: Any, place: str, fail: Failure, key: str) -> tuple[Op, ...]:
    """`raw` as a `does` list for a card `place`; its problems are the card's errors."""
    try:
        return parse_ops(raw, place, "does")
    except ValueError as exc:
        raise fail(str(exc).removeprefix("does: "), key) from None


def parse_cards(raw: Any, origin: str | Source) -> CardSet:
    """Validate card data in the shipped cards.yaml format; raise DataError on any problem."""
    src = as_source(origin)
    data = validated(_File, raw, src)
    every = [*data.characters, *data.areas, *data.missions.basic, *data.missions.final,
             *data.encounters, *data.advantages]
    ids = [c.id for c in every]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise src.error((), f"card ids used twice: {', '.join(dup)}")
    limits = ((data.characters, 8, MAX_CHARACTERS, "characters", ("characters",)),
              (data.areas, 10, MAX_AREAS, "areas", ("areas",)),
              (data.missions.basic, 10, MAX_MISSIONS, "basic missions", ("missions", "basic")),
              (data.missions.final, 1, 8, "final missions", ("missions", "final")),
              (data.encounters, 10, MAX_ENCOUNTERS, "encounters", ("encounters",)),
              (data.advantages, 25, MAX_ADVANTAGES, "advantages", ("advantages",)))
    for group, low, high, what, loc in limits:
        if not low <= len(group) <= high:
            raise src.error(loc, f"{low} to {high} {what} are needed, not {len(group)}")
    characters = []
    for i, c in enumerate(data.characters):
        fail = src.entry(("characters", i), c.id)
        used = {str(o.get("op")) for o in (c.ability.does or []) if isinstance(o, dict)}
        if not c.ability.exhaust and used - PASSIVE_ABILITY_OPS:
            raise fail(f"an ability that does not exhaust can only be "
                       f"{', '.join(sorted(PASSIVE_ABILITY_OPS))}", "ability")
        if c.ability.exhaust and "death_guard" in used:
            raise fail("death_guard is a passive (exhaust: false)", "ability")
        characters.append(Character(
            **_base(c, i, c.ability.effect), combat=c.combat, speed=c.speed,
            skills=tuple(c.skills), exhaust=c.ability.exhaust,
            does=_ops(c.ability.does, "ability", src.entry(("characters", i, "ability"), c.id),
                      "does")))
    areas = []
    for i, area in enumerate(data.areas):
        fail = src.entry(("areas", i), area.id)
        areas.append(Area(**_base(area, i, area.special or ""), trade=area.trade,
                          danger=area.danger, table=_table(area, fail),
                          rewards=_rewards(area, fail),
                          special=_ops(area.special_does, "special", fail, "special_does")))
    area_ids = {a.name: i for i, a in enumerate(data.areas)}
    missions: list[tuple[Mission, ...]] = []
    for final, key, group in ((False, "basic", data.missions.basic),
                              (True, "final", data.missions.final)):
        built = []
        for i, m in enumerate(group):
            fail = src.entry(("missions", key, i), m.id)
            if m.reward.win != final:
                raise fail("final missions (and only they) reward a win", "reward")
            built.append(Mission(
                **_base(m, i, ""), final=final, steps=_steps(m, area_ids, fail),
                combat=m.reward.combat, speed=m.reward.speed, draw=m.reward.advantage_draw,
                crisis_rounds=m.crisis.rounds if m.crisis else 8,
                crisis_combat=m.crisis.combat if m.crisis else 18))
        missions.append(tuple(built))
    encounters = []
    for i, e in enumerate(data.encounters):
        fail = src.entry(("encounters", i), e.id)
        if e.kind == "creature" and e.creature_type is None:
            raise fail("a creature needs a creature_type")
        encounters.append(Encounter(
            **_base(e, i, e.text), creature=e.kind == "creature", level=e.level,
            combat=e.combat, creature_type=e.creature_type or "",
            does=_ops(e.does, "encounter", fail, "does")))
    names = {a.name: i for i, a in enumerate(data.advantages)}
    advantages = []
    for i, a in enumerate(data.advantages):
        fail = src.entry(("advantages", i), a.id)
        skill = a.type if a.type in SKILLS else ""
        if a.requires_skill not in (None, skill):
            raise fail(f"requires_skill must match the type {a.type}", "requires_skill")
        rival = -1
        if a.type == "Organization":
            if a.rival is None or a.rival not in names:
                raise fail("an Organization names its rival organization", "rival")
            rival = names[a.rival]
        does = _ops(a.does, "advantage", fail, "does")
        window = "join" if a.type == "Organization" else \
            window_of(does[0]) if does else "none"
        if does and does[0].op == "peek_encounter":
            window = a.timing.lower()
        advantages.append(Advantage(
            **_base(a, i, a.effect), type=a.type, timing=a.timing, skill=skill,
            rival=rival, does=does, window=window))
    assert all(t in CREATURE_TYPES for t in (e.creature_type for e in encounters if e.creature))
    return CardSet(tuple(characters), tuple(areas), missions[0], missions[1], tuple(encounters),
                   tuple(advantages), src.name)


def builtin_data() -> dict[str, Any]:
    """The shipped cards.yaml as parsed YAML (meta, sources and provenance included)."""
    return read_shipped(__package__, "cards.yaml")[0]


@cache
def builtin_cards() -> CardSet:
    """The card set shipped with candlelit."""
    return parse_cards(*read_shipped(__package__, "cards.yaml"))


CARDS = CardData("anima.cards", "card file", "cards", builtin_cards, parse_cards)
read_cards_file = CARDS.read_file
cards_for = CARDS.chosen
check_cards_option = CARDS.check


@cache
def card_table() -> dict[str, list[str]]:
    """Each built-in card's id → [name en, name zh-TW, deck, confidence], for pages that
    name cards by id."""
    cards = builtin_cards()
    decks = ("character", "area", "mission", "final", "encounter", "advantage")
    return {c.id: [c.name_en, c.name_zh, deck, c.confidence]
            for deck, group in zip(decks, cards.groups(), strict=True) for c in group}
