"""Character files: load and validate them, and report them against the seed's 平衡準則.

A file holds `format: candlelit-shadow-hunters-characters/1` and a list `characters`;
each character mirrors the seed's template (名稱, HP, 技能, 任務, 共同體), see
data/characters.yaml and docs/rules/shadow-hunters.md. Every problem is reported as a
DataError naming the character and field.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from candlelit.engine.cardfile import Failure, Source, as_source, read_shipped
from candlelit.engine.cardmodel import CardModel, validated
from candlelit.engine.datafiles import CardData
from candlelit.games.shadow_hunters.constants import CELLS, ELEMENTS, GATES
from candlelit.games.shadow_hunters.hooks import HOOKS
from candlelit.games.shadow_hunters.vocabulary import (
    BLOCKS,
    ELEMENT_PARAMS,
    KINDS,
    MISSIONS,
    TIMINGS,
    check_block,
)

FORMAT = "candlelit-shadow-hunters-characters/1"
MAX_HP = 30
MAX_SKILLS = 3


NO_BLOCKS: list[dict[str, Any]] = []
"""The shared empty answer of `Character.blocks` (read it, never extend it)."""
START_BLOCKS = frozenset({"fly", "restore_to"})
"""Blocks that may offer a skill at the start of a turn (`start_skills`)."""


@dataclass(frozen=True)
class Skill:
    """One 技能: its name, timing, kind, text, blocks, optional hook and optional English."""

    name: str
    timing: str
    kind: str
    text: str
    blocks: tuple[dict[str, Any], ...]
    hook: str | None
    name_en: str | None = None
    text_en: str | None = None

    def name_in(self, lang: str) -> str:
        """The skill's name in `lang`: `name_en` for English when given, else the Chinese."""
        return self.name_en if lang == "en" and self.name_en else self.name

    def text_in(self, lang: str) -> str:
        """The skill's text in `lang`: `text_en` for English when given, else the Chinese."""
        return self.text_en if lang == "en" and self.text_en else self.text


@dataclass(frozen=True)
class Character:
    """One character card; `gate` is east/south/west/north or none (獨行俠)."""

    id: str
    name: str
    name_en: str
    hp: int
    community: str
    gate: str
    skills: tuple[Skill, ...]
    mission_text: str
    missions: tuple[dict[str, Any], ...]
    otherwise_join: str | None
    source: tuple[str, ...]
    confidence: str
    mission_text_en: str | None = None
    community_en: str | None = None
    mission_kinds: frozenset[str] = field(default=frozenset(), init=False, compare=False,
                                          repr=False)
    by_block: dict[str, list[dict[str, Any]]] = field(default_factory=dict, init=False,
                                                      compare=False, repr=False, hash=False)
    start_skills: tuple[int, ...] = field(default=(), init=False, compare=False, repr=False)
    timings: frozenset[str] = field(default=frozenset(), init=False, compare=False,
                                    repr=False)

    def __post_init__(self) -> None:
        by_name: dict[str, list[dict[str, Any]]] = {}
        for s in self.skills:
            for b in s.blocks:
                by_name.setdefault(b["block"], []).append(b)
        object.__setattr__(self, "by_block", by_name)
        object.__setattr__(self, "timings", frozenset(s.timing for s in self.skills))
        object.__setattr__(self, "start_skills", tuple(
            k for k, s in enumerate(self.skills) if s.hook == "self_fireball"
            or any(b["block"] in START_BLOCKS for b in s.blocks)))
        object.__setattr__(self, "mission_kinds",
                           frozenset(m["mission"] for m in self.missions))

    def blocks(self, name: str) -> list[dict[str, Any]]:
        """Every block called `name` among this character's skills (a shared list: read it)."""
        return self.by_block.get(name, NO_BLOCKS)

    def has_hook(self, hook: str) -> bool:
        """Whether one of the skills names `hook`."""
        return any(s.hook == hook for s in self.skills)

    def community_in(self, lang: str) -> str:
        """The community's name in `lang`: the English when given and asked for, else the
        Chinese."""
        return self.community_en if lang == "en" and self.community_en else self.community

    def mission_in(self, lang: str) -> str:
        """The mission text in `lang`: the English when given and asked for, else the Chinese."""
        return self.mission_text_en if lang == "en" and self.mission_text_en else \
            self.mission_text


class _Community(CardModel):
    name: str = Field("", alias="名稱")
    gate: str
    name_en: str | None = None


class _Skill(CardModel):
    name: str = Field(alias="名稱")
    timing: str = Field(alias="時機")
    kind: str = Field(alias="型式")
    text: str = Field(alias="效果")
    blocks: list[dict[str, Any]] = Field(default_factory=list)
    hook: str | None = None
    name_en: str | None = None
    text_en: str | None = None


class _Mission(CardModel):
    text: str = Field("", alias="效果")
    checks: list[dict[str, Any]] = Field(alias="判定")
    otherwise_join: str | None = None
    text_en: str | None = None


class _Character(CardModel):
    id: str
    name: str = Field(alias="名稱")
    name_en: str | None = None
    hp: int = Field(alias="HP", ge=1, le=MAX_HP)
    community: _Community = Field(alias="共同體")
    skills: list[_Skill] = Field(alias="技能", min_length=1, max_length=MAX_SKILLS)
    mission: _Mission = Field(alias="任務")
    source: list[str] = Field(default_factory=list)
    confidence: Literal["high", "medium", "low", "invented"] = "invented"


class _File(CardModel):
    format: str
    characters: list[_Character] = Field(min_length=1)


def _skill(raw: _Skill, fail: Failure) -> Skill:
    if raw.timing not in TIMINGS:
        raise fail(f"時機 {raw.timing!r} is not one of {', '.join(TIMINGS)}", "時機")
    if raw.kind not in KINDS:
        raise fail(f"型式 {raw.kind!r} is not one of {', '.join(KINDS)}", "型式")
    for k, block in enumerate(raw.blocks):
        problem = check_block(BLOCKS, "block", block)
        if problem:
            raise fail(problem, "blocks", k)
    blocks = [_with_element_tuples(b, fail, k) for k, b in enumerate(raw.blocks)]
    if raw.hook is not None and raw.hook not in HOOKS:
        raise fail(f"unknown hook {raw.hook!r} (known: {', '.join(sorted(HOOKS))})", "hook")
    if not blocks and raw.hook is None:
        raise fail("a skill needs blocks or a hook")
    return Skill(raw.name, raw.timing, raw.kind, raw.text, tuple(blocks), raw.hook,
                 raw.name_en, raw.text_en)


def _with_element_tuples(block: dict[str, Any], fail: Failure, k: int) -> dict[str, Any]:
    """A copy of a checked block whose element parameters are tuples of known elements
    (a file may give one element name or a list)."""
    out = dict(block)
    for param in ELEMENT_PARAMS:
        if param not in out:
            continue
        value = out[param]
        names = (value,) if isinstance(value, str) else tuple(value)
        bad = [n for n in names if n not in ELEMENTS]
        if not names or bad:
            raise fail(f"block {block['block']!r}: {param} must name one or more of "
                       f"{', '.join(ELEMENTS)}, not {value!r}", "blocks", k, param)
        out[param] = names
    return out


def _character(raw: _Character, index: int, src: Source) -> Character:
    loc = ("characters", index)
    fail = src.entry(loc, f"character {raw.id!r}")
    gate = raw.community.gate
    if gate not in (*GATES, "none"):
        raise fail(f"共同體 gate must be one of east, south, west, north, none (none for "
                   f"獨行俠), not {gate!r}", "共同體", "gate")
    skills = tuple(_skill(s, src.entry((*loc, "技能", k), f"character {raw.id!r} ({s.name})"))
                   for k, s in enumerate(raw.skills))
    mission = raw.mission
    for k, block in enumerate(mission.checks):
        problem = check_block(MISSIONS, "mission", block)
        if problem:
            raise fail(problem, "任務", "判定", k)
        if block["mission"] == "stand_at" and block["cell"] not in CELLS:
            raise fail(f"cell {block['cell']} holds no location", "任務", "判定", k)
    join = mission.otherwise_join
    if join is not None and join not in GATES:
        raise fail(f"otherwise_join must be a gate, not {join!r}", "任務", "otherwise_join")
    return Character(raw.id, raw.name, raw.name_en or raw.id, raw.hp, raw.community.name, gate,
                     skills, mission.text, tuple(mission.checks), join, tuple(raw.source),
                     raw.confidence, mission.text_en, raw.community.name_en)


def parse(data: Any, origin: str | Source = "character data") -> tuple[Character, ...]:
    """Validate a parsed character file; DataError names the first problem."""
    src = as_source(origin)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise src.error(("format",), f"not a character file: it must start with "
                        f"'format: {FORMAT}'")
    out = tuple(_character(c, k, src)
                for k, c in enumerate(validated(_File, data, src).characters))
    ids = [c.id for c in out]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise src.error(("characters",), f"character ids used twice: {', '.join(dup)}")
    return out


def builtin_data() -> dict[str, Any]:
    """The shipped file's data: the seed's nine sample characters."""
    return read_shipped(__package__, "characters.yaml")[0]


@cache
def builtin() -> tuple[Character, ...]:
    """The seed's nine sample characters."""
    return parse(*read_shipped(__package__, "characters.yaml"))


CHARACTERS = CardData("shadow_hunters.characters", "character file", "characters", builtin,
                      parse)
read_characters_file = CHARACTERS.read_file
characters_for = CHARACTERS.chosen
check_characters_option = CHARACTERS.check


def load_file(path: str | Path) -> tuple[Character, ...]:
    """The characters of a file on disk, validated."""
    return characters_for(read_characters_file(path))


def pool_with(files: Sequence[str | Path],
              base: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """Character data holding the `base` pool (None: the samples) and every file's characters."""
    if not files:
        return base
    raw = list((builtin_data() if base is None else base)["characters"])
    for path in files:
        raw.extend(read_characters_file(path)["characters"])
    merged = {"format": FORMAT, "characters": raw}
    parse(merged, "the merged character pool")
    return merged


# -- 平衡準則 ------------------------------------------------------------------------------
REFERENCE_HP = 12
REFERENCE_SKILLS = 2
EQUIPMENT_WEIGHT = {"常駐式": 1.0, "條件式": 1.25, "限定式": 2.0, "複合式": 1.5}
"""A skill's strength in pieces of equipment by kind: guide rules 5-7 (常駐 one, 條件 a little
more, 限定 two); 複合式, which the guide does not weigh, is counted between."""


@dataclass(frozen=True)
class Verdict:
    """The balance report of one character: `ok` and a list of remarks."""

    character: str
    hp: int
    skills: int
    ok: bool
    remarks: tuple[str, ...]


def skill_range(hp: int) -> tuple[int, int]:
    """How many skills the guide allows at `hp` (rules 1-3 of 平衡準則)."""
    if hp < 10:
        return 2, 3
    if hp > 14:
        return 1, 2
    return REFERENCE_SKILLS, REFERENCE_SKILLS


def check(chars: tuple[Character, ...]) -> list[Verdict]:
    """Each character against the guide: HP vs number of skills, and the skill kinds."""
    out = []
    for c in chars:
        low, high = skill_range(c.hp)
        n = len(c.skills)
        remarks = []
        ok = low <= n <= high
        if not ok:
            band = ("under 10 HP" if c.hp < 10 else "over 14 HP" if c.hp > 14
                    else "10-14 HP (reference 12 HP)")
            remarks.append(f"{n} skills; the guide allows {low}-{high} at {band}")
        if c.hp == REFERENCE_HP and n == REFERENCE_SKILLS:
            remarks.append("reference level (12 HP, 2 skills)")
        weight = sum(EQUIPMENT_WEIGHT[s.kind] for s in c.skills)
        kinds = ", ".join(s.kind for s in c.skills)
        remarks.append(f"{kinds}: about {weight:g} pieces of equipment (reference 2)")
        out.append(Verdict(c.id, c.hp, n, ok, tuple(remarks)))
    return out


def report(chars: tuple[Character, ...]) -> str:
    """A plain-text balance report, one line per character."""
    lines = []
    for v in check(chars):
        mark = "ok  " if v.ok else "WARN"
        lines.append(f"{mark} {v.character}: {v.hp} HP, {v.skills} skills"
                     + (f" - {'; '.join(v.remarks)}" if v.remarks else ""))
    return "\n".join(lines)
