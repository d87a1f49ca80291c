"""The building blocks a character file may use, and the Python hooks for the rest.

A skill is a list of blocks; each block is a mapping with `block: NAME` and the parameters
listed here. The rules consult blocks at fixed points of a turn (see rules.py and its rule
areas); a block never runs code of its own. A skill the blocks cannot express names a
`hook`, one of the names hooks.py lists, each carried out by a function of the rules. A
mission (任務) is a list of `mission` blocks, any one of which fulfils it; `otherwise_join:
GATE` lets the character share that gate's win when its own mission fails.

Timings (時機) name when a skill applies: passive, turn_start, own_turn, when_attacking,
when_attacked, reaction, on_kill, on_death. Kinds (型式) are the balance guide's four:
常駐式, 條件式, 限定式, 複合式.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class BlockType:
    """A block: its parameters (name -> type) and the one-line contract the rules honour."""

    name: str
    params: dict[str, type | tuple[type, ...]]
    contract: str


_INT = int
_STR = str
_ELEMENTS = (str, list)
"""An element parameter: one element name or a list of them (loaded as a tuple)."""
ELEMENT_PARAMS = ("element", "elements")
"""Block parameters naming elements; the loader turns each into a tuple of known elements."""

BLOCKS: dict[str, BlockType] = {b.name: b for b in (
    BlockType("roll_modifier", {"side": _STR, "amount": _INT, "halved_with_armour": bool},
              "adds `amount` to the attack roll when this character attacks (side attacker) "
              "or is attacked (side defender); halved towards 0 while wearing armour"),
    BlockType("attack_roll", {"dice": _STR, "against": _STR},
              "the attack roll is 1d6-1 (dice d6_minus_1) against members of `against`"),
    BlockType("attack_rider", {"amount": _INT},
              "a successful attack deals `amount` more, outside every reduction"),
    BlockType("damage_reduction", {"amount": _INT, "floor": _INT},
              "attack damage taken is reduced by `amount`, never below `floor`"),
    BlockType("double_damage", {"uses": _INT},
              "`uses` times a game, the attacker doubles an attack's damage before reductions"),
    BlockType("fixed_damage_bonus", {"card": _STR, "amount": _INT},
              "while equipped with `card`, its fixed damage is raised by `amount`"),
    BlockType("ignore_card_penalty", {"card": _STR},
              "the attack-roll penalty of equipped `card` does not apply"),
    BlockType("bystander_adjust", {"amount": _INT, "per_round": _INT},
              "when someone attacks another character in this character's zone, it may "
              "reveal and add or take `amount` from the damage, `per_round` times a round"),
    BlockType("zombify_kills", {"hp": _INT, "max_hp": _INT},
              "characters this character kills come back as zombies with hp / max_hp"),
    BlockType("no_heal", {}, "this character cannot be healed or revived"),
    BlockType("on_kill_heal", {"amount": _INT}, "each kill heals this character `amount`"),
    BlockType("element_damage_taken", {"element": _ELEMENTS, "amount": _INT},
              "damage carrying any of `element` taken is raised by `amount`"),
    BlockType("element_damage_dealt", {"element": _ELEMENTS, "amount": _INT},
              "damage carrying any of `element` dealt is raised by `amount`"),
    BlockType("element_heal_on_damage", {"element": _ELEMENTS, "amount": _INT},
              "after taking damage carrying any of `element`, this character heals `amount`"),
    BlockType("heal_as_damage", {"element": _ELEMENTS},
              "heals carrying any of `element` deal their amount as damage to this character "
              "instead"),
    BlockType("attack_element", {"elements": _ELEMENTS},
              "while unequipped, this character's attacks carry every one of `elements`"),
    BlockType("untargetable_in", {"zone": _STR},
              "this character cannot be chosen as an attack target while in `zone`"),
    BlockType("turn_start_damage", {"amount": _INT},
              "this character takes `amount` damage at the start of each of its turns"),
    BlockType("forced_attack", {"character": _STR},
              "while the named character is revealed and shares this character's zone (同區), "
              "it is the only target this character may attack, and attacking is not optional"),
    BlockType("heal_instead_of_attack", {"amount": _INT},
              "instead of attacking, heal one character in this character's zone `amount`"),
    BlockType("fly", {}, "at the start of its turn, this character may move to any "
                         "location instead of rolling; it may not attack that turn"),
    BlockType("restore_to", {"maximum": _INT, "uses": _INT},
              "`uses` times a game in its own turn, raise any character's HP to a chosen "
              "value up to `maximum`"),
)}
"""Block name -> definition."""

MISSIONS: dict[str, BlockType] = {b.name: b for b in (
    BlockType("survive", {}, "end-state: alive when the game ends"),
    BlockType("zombie_majority", {}, "trigger: living zombies outnumber half the living"),
    BlockType("kill_with_skill", {"skill": _STR},
              "trigger: an attack adjusted by the named skill of this character kills"),
    BlockType("hold_card_winners_exclude", {"card": _STR, "gates": list},
              "end-state: holds `card`, and no winner is a member of `gates`"),
    BlockType("stand_at", {"cell": _INT}, "end-state: alive on keypad cell `cell`"),
    BlockType("kill_character_holding", {"character": _STR, "holding": _STR},
              "trigger: kills the named character while holding a treasure (秘寶)"),
    BlockType("survive_without", {"gates": list},
              "end-state: alive, and no member of `gates` is alive"),
    BlockType("self_destruct_at", {"cells": list},
              "trigger: this character's 自體爆炸 goes off on one of `cells`"),
    BlockType("survivors_at_least_half", {},
              "end-state: at least half of the starting characters are alive"),
    BlockType("first_death", {"character": _STR},
              "trigger: the named character is among the first to die"),
)}
"""Mission name -> definition (trigger missions end the game when met, D24)."""
END_STATE_MISSIONS = tuple(n for n, b in MISSIONS.items() if b.contract.startswith("end-state:"))
"""The missions judged when the game ends (victory.py), in MISSIONS' order."""

TIMINGS = ("passive", "turn_start", "own_turn", "when_attacking", "when_attacked",
           "reaction", "on_kill", "on_death")
KINDS = ("常駐式", "條件式", "限定式", "複合式")

SINGLE_USE_EFFECTS = (
    "spring_water", "sermon", "miracle", "split_damage", "mercy",
    "shelter", "ward", "guard", "admonition",
    "lodestone", "prank", "snare", "pact",
    "fireball", "blaze", "advent", "iron_fist", "burning",
)
"""Effects of the single-use cards, in deck order; effects.py resolves each when it is used."""
TREASURE_EFFECTS = ("lake_treasure", "sanctuary_treasure", "forest_treasure", "flame_treasure")
"""The treasures (秘寶), in deck order; damage.py spends one instead of a death (D21)."""
EQUIPMENT_EFFECTS = (
    "lake_staff", "lake_sword", "lake_vestment", "lake_treasure", "orb",
    "shield", "hammer", "helm", "sanctuary_treasure",
    "dagger", "longbow", "boots", "forest_treasure",
    "lance", "whip", "wings", "flame_treasure",
)
"""Effects of the equipment and the orbs, in deck order: the rules read them where they apply."""
WHITE_EFFECTS = ("question", "guess")
"""Effects of the white question cards (D13)."""
CARD_EFFECTS = frozenset(SINGLE_USE_EFFECTS + EQUIPMENT_EFFECTS + WHITE_EFFECTS)
"""Card effects the rules implement; a card file naming another effect is refused."""


def check_block(table: dict[str, BlockType], key: str, raw: dict[str, Any]) -> str | None:
    """Why `raw` is not a valid block of `table` (None if it is)."""
    name = raw.get(key)
    if name not in table:
        known = ", ".join(sorted(table))
        return f"unknown {key} {name!r} (known: {known})"
    spec = table[name]
    for param, kind in spec.params.items():
        if param not in raw:
            return f"{key} {name!r} needs parameter {param!r}"
        value = raw[param]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            return f"{key} {name!r}: parameter {param!r} has the wrong type ({value!r})"
    extra = sorted(set(raw) - set(spec.params) - {key})
    if extra:
        return f"{key} {name!r}: unknown parameters {extra}"
    return None
