"""What a choice of a seat, an equipment card or a location is asked for: the purposes the
rules may put in a `target`, `equip` or `cell` decision, each carried out by one handler of
targets.py's tables (checked complete at import)."""

from __future__ import annotations

from typing import Literal, get_args

TargetPurpose = Literal[
    # locations (卡片說明 1)
    "gourd", "mortar",
    # cards, in deck order (blue, yellow, green, red)
    "sermon", "split_damage", "split_second", "mercy", "ward", "admonition", "prank", "pact",
    "fireball", "iron_fist", "iron_fist_second", "burning",
    # skills
    "heal_instead", "restore", "fireball_skill",
]
"""Why a seat is chosen (a `target` decision's first context entry)."""

EquipPurpose = Literal["mercy", "admonition", "burning", "steal", "spoils"]
"""Why an equipment card is chosen: a card's effect, 叢森秘寶's theft, the killer's spoils."""

CellPurpose = Literal["blaze", "sanctuary"]
"""Why a location is chosen: where 儀式.炎爆術 burns, where 聖堂秘寶's holder revives."""

TARGET_PURPOSES: tuple[TargetPurpose, ...] = get_args(TargetPurpose)
EQUIP_PURPOSES: tuple[EquipPurpose, ...] = get_args(EquipPurpose)
CELL_PURPOSES: tuple[CellPurpose, ...] = get_args(CellPurpose)
