"""Skills a 箱庭版暗影獵人 character uses on purpose: offered at the start of its turn or
instead of its attack (片翼飛翔, 神恩, 自發火球), and the 自發火球 hook (hooks.py names it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from candlelit.engine.flow import check_complete
from candlelit.games.shadow_hunters.characters import START_BLOCKS
from candlelit.games.shadow_hunters.constants import A_CELL
from candlelit.games.shadow_hunters.damage import hit_many
from candlelit.games.shadow_hunters.state import START, ShadowHuntersFields
from candlelit.games.shadow_hunters.table import ask, ask_target

FIREBALL_DAMAGE = 2
"""自發火球: damage to the target and to the user."""


def start_skills(state: ShadowHuntersFields, seat: int) -> list[int]:
    """Indices of the seat's skills usable now at the start of its turn."""
    if not state.revealed[seat]:
        return []
    ch = state.character(seat)
    out = []
    for k in ch.start_skills:
        sk = ch.skills[k]
        for b in sk.blocks:
            start = START_SKILLS.get(b["block"])
            if start is not None and start.offered(state, seat, k, b):
                out.append(k)
        if sk.hook == "self_fireball" and not state.used[seat] >> (8 + k) & 1:
            out.append(k)
    return out


def _uses_left(state: ShadowHuntersFields, seat: int, skill: int, uses: int) -> bool:
    """Whether skill `skill` has a use left (a once-a-game skill is spent after one)."""
    return uses > 1 or not state.used[seat] >> skill & 1


def use_skill(state: ShadowHuntersFields, seat: int, k: int) -> None:
    """Use skill `k` of the seat's character (片翼飛翔, 神恩, 自發火球)."""
    sk = state.character(seat).skills[k]
    state._emit("skill", "shadow_hunters.log.skill", {"seat": seat, "skill": sk.name})
    if sk.hook == "self_fireball":
        state.used[seat] |= 1 << (8 + k)
        ask_target(state, seat, "fireball_skill", [s for s in state.living() if s != seat])
        return
    for b in sk.blocks:
        start = START_SKILLS.get(b["block"])
        if start is not None:
            start.use(state, seat, k, b)
            return
    raise AssertionError(f"skill {sk.name} is never offered for use")



def self_fireball(state: ShadowHuntersFields, seat: int, target: int) -> None:
    """自發火球: `target` and the user take 2 damage at the same time (a skill source)."""
    hit_many(state, [(target, FIREBALL_DAMAGE), (seat, FIREBALL_DAMAGE)], (), seat, "skill")



# == the blocks that offer a skill at the start of a turn (characters.START_BLOCKS) ========
Block = dict[str, Any]
"""One block of a skill, as the character file gives it."""


@dataclass(frozen=True, slots=True)
class StartSkill:
    """A start-of-turn block: when its skill is offered, and what using it asks."""

    offered: Callable[[ShadowHuntersFields, int, int, Block], bool]
    """(state, seat, skill index, block) -> whether the skill may be used now."""
    use: Callable[[ShadowHuntersFields, int, int, Block], None]
    """(state, seat, skill index, block): use the skill."""


def _fly_offered(state: ShadowHuntersFields, seat: int, k: int, b: Block) -> bool:
    """片翼飛翔: only while the turn is still at its start step."""
    return state.phase == START


def _fly(state: ShadowHuntersFields, seat: int, k: int, b: Block) -> None:
    """片翼飛翔: ask the location to fly to."""
    ask(state, "fly", seat, [A_CELL + i for i in range(8)])


def _restore_offered(state: ShadowHuntersFields, seat: int, k: int, b: Block) -> bool:
    """神恩: while a use is left."""
    return _uses_left(state, seat, k, b["uses"])


def _restore(state: ShadowHuntersFields, seat: int, k: int, b: Block) -> None:
    """神恩: spend a use and ask whose HP is raised."""
    state.used[seat] |= 1 << k
    ask_target(state, seat, "restore", state.living(), b["maximum"])


START_SKILLS: dict[str, StartSkill] = {
    "fly": StartSkill(_fly_offered, _fly),
    "restore_to": StartSkill(_restore_offered, _restore),
}
"""Start-of-turn block name -> when it is offered and how it is used."""
check_complete("shadow-hunters: start-of-turn block", START_BLOCKS, START_SKILLS)
