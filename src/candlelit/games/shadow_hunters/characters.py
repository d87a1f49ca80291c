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
from typing import Any

from candlelit.engine.datafiles import built_once, shipped_yaml, user_yaml
from candlelit.engine.errors import DataError
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
CONFIDENCES = ("high", "medium", "low", "invented")
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


def _need(raw: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in raw:
        raise DataError(f"{where}: missing field {key!r}")
    value = raw[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DataError(f"{where}: field {key!r} must be {kind.__name__}, not {value!r}")
    return value


def _optional_text(raw: dict[str, Any], key: str, where: str) -> str | None:
    """`raw[key]` when present (it must then be text), else None."""
    return None if raw.get(key) is None else _need(raw, key, str, where)


def _skill(raw: Any, where: str) -> Skill:
    if not isinstance(raw, dict):
        raise DataError(f"{where}: a skill is a mapping with 名稱, 時機, 型式, 效果")
    name = _need(raw, "名稱", str, where)
    where = f"{where} ({name})"
    timing = _need(raw, "時機", str, where)
    if timing not in TIMINGS:
        raise DataError(f"{where}: 時機 {timing!r} is not one of {', '.join(TIMINGS)}")
    kind = _need(raw, "型式", str, where)
    if kind not in KINDS:
        raise DataError(f"{where}: 型式 {kind!r} is not one of {', '.join(KINDS)}")
    text = _need(raw, "效果", str, where)
    blocks = raw.get("blocks") or []
    hook = raw.get("hook")
    if not isinstance(blocks, list):
        raise DataError(f"{where}: blocks must be a list")
    for block in blocks:
        problem = check_block(BLOCKS, "block", block) if isinstance(block, dict) else \
            "a block is a mapping"
        if problem:
            raise DataError(f"{where}: {problem}")
    blocks = [_with_element_tuples(b, where) for b in blocks]
    if hook is not None and hook not in HOOKS:
        raise DataError(f"{where}: unknown hook {hook!r} (known: {', '.join(sorted(HOOKS))})")
    if not blocks and hook is None:
        raise DataError(f"{where}: a skill needs blocks or a hook")
    return Skill(name, timing, kind, text, tuple(blocks), hook,
                 _optional_text(raw, "name_en", where), _optional_text(raw, "text_en", where))


def _with_element_tuples(block: dict[str, Any], where: str) -> dict[str, Any]:
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
            raise DataError(f"{where}: block {block['block']!r}: {param} must name one or more "
                            f"of {', '.join(ELEMENTS)}, not {value!r}")
        out[param] = names
    return out


def _character(raw: Any, index: int) -> Character:
    where = f"character #{index + 1}"
    if not isinstance(raw, dict):
        raise DataError(f"{where}: a character is a mapping")
    cid = _need(raw, "id", str, where)
    where = f"character {cid!r}"
    name = _need(raw, "名稱", str, where)
    hp = _need(raw, "HP", int, where)
    if not 1 <= hp <= MAX_HP:
        raise DataError(f"{where}: HP must be from 1 to {MAX_HP}, not {hp}")
    community = _need(raw, "共同體", dict, where)
    gate = community.get("gate")
    if gate not in (*GATES, "none"):
        raise DataError(f"{where}: 共同體 gate must be one of east, south, west, north, none "
                        f"(none for 獨行俠), not {gate!r}")
    skills_raw = _need(raw, "技能", list, where)
    if not 1 <= len(skills_raw) <= MAX_SKILLS:
        raise DataError(f"{where}: 技能 needs 1 to {MAX_SKILLS} skills, not {len(skills_raw)}")
    skills = tuple(_skill(s, f"{where} 技能 {k + 1}") for k, s in enumerate(skills_raw))
    mission = _need(raw, "任務", dict, where)
    checks = _need(mission, "判定", list, f"{where} 任務")
    for block in checks:
        problem = check_block(MISSIONS, "mission", block) if isinstance(block, dict) else \
            "a mission check is a mapping"
        if problem:
            raise DataError(f"{where} 任務: {problem}")
        if block["mission"] == "stand_at" and block["cell"] not in CELLS:
            raise DataError(f"{where} 任務: cell {block['cell']} holds no location")
    join = mission.get("otherwise_join")
    if join is not None and join not in GATES:
        raise DataError(f"{where} 任務: otherwise_join must be a gate, not {join!r}")
    confidence = raw.get("confidence", "invented")
    if confidence not in CONFIDENCES:
        raise DataError(f"{where}: confidence {confidence!r} is not one of {CONFIDENCES}")
    return Character(cid, name, str(raw.get("name_en", cid)), hp,
                     str(community.get("名稱", "")), gate, skills,
                     str(mission.get("效果", "")), tuple(checks), join,
                     tuple(str(s) for s in raw.get("source") or ()), confidence,
                     _optional_text(mission, "text_en", f"{where} 任務"),
                     _optional_text(community, "name_en", f"{where} 共同體"))


def parse(data: Any) -> tuple[Character, ...]:
    """Validate a parsed character file; DataError names the first problem."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DataError(f"not a character file: it must start with 'format: {FORMAT}'")
    raw = data.get("characters")
    if not isinstance(raw, list) or not raw:
        raise DataError("a character file needs a non-empty list 'characters'")
    out = tuple(_character(c, k) for k, c in enumerate(raw))
    ids = [c.id for c in out]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise DataError(f"character ids used twice: {', '.join(dup)}")
    return out


def read_characters_file(path: str | Path) -> dict[str, Any]:
    """A user's character file from disk, validated; its data for the `characters` option."""
    data = user_yaml(path, "character file")
    parse(data)
    return data


def load_file(path: str | Path) -> tuple[Character, ...]:
    """The characters of a file on disk, validated."""
    return parse(read_characters_file(path))


def builtin_data() -> dict[str, Any]:
    """The shipped file's data: the seed's nine sample characters."""
    return shipped_yaml(__package__, "characters.yaml")


@cache
def builtin() -> tuple[Character, ...]:
    """The seed's nine sample characters."""
    return parse(builtin_data())


def characters_for(option: Any) -> tuple[Character, ...]:
    """The pool chosen by the `characters` option (None: the samples; a mapping: user data)."""
    if option is None:
        return builtin()
    return built_once("shadow_hunters.characters", option, parse)


def check_characters_option(value: Any) -> Any:
    """Validator of the `characters` option: None or character data in the file format."""
    if value is not None:
        if not isinstance(value, dict):
            raise DataError("the characters option takes character data (a mapping), or None")
        characters_for(value)
    return value


def pool_with(files: Sequence[str | Path],
              base: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """Character data holding the `base` pool (None: the samples) and every file's characters."""
    if not files:
        return base
    raw = list((builtin_data() if base is None else base)["characters"])
    for path in files:
        raw.extend(read_characters_file(path)["characters"])
    merged = {"format": FORMAT, "characters": raw}
    parse(merged)
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
