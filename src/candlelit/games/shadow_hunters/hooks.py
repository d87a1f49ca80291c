"""Python hooks: the skills of the sample characters that the block vocabulary cannot say.

Each hook is named in a character file (`hook: NAME`); the rules call it at the skill's
timing. A hook receives the state and the acting seat and changes the state only through
the rules' own helpers, so win checks and the log follow as for any other effect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from candlelit.games.shadow_hunters.rules import ShadowHuntersState

TEMPLAR_SPIRIT_HP = 6
TEMPLAR_SPIRIT_CELL = 2
FIREBALL_DAMAGE = 2
EXPLOSION_DAMAGE = 2


def templar_spirit(state: ShadowHuntersState, seat: int, **_: Any) -> None:
    """聖堂英靈: the Sanctuary treasure revives at 高山聖堂 with 6 HP; 大地聖劍 loses its limit."""
    state.hp[seat] = min(TEMPLAR_SPIRIT_HP, state.max_hp(seat))
    state.place(seat, TEMPLAR_SPIRIT_CELL)
    state.flags[seat] |= state.F_UNRESTRICTED


def self_fireball(state: ShadowHuntersState, seat: int, target: int = -1, **_: Any) -> None:
    """自發火球: `target` and the user take 2 damage at the same time (a skill source)."""
    state.hit_many([(target, FIREBALL_DAMAGE), (seat, FIREBALL_DAMAGE)], (), seat,
                   "skill")


def self_destruct(state: ShadowHuntersState, seat: int, **_: Any) -> None:
    """自體爆炸: everyone on the dying character's location takes 2 damage."""
    cell = state.cell[seat]
    victims = [(s, EXPLOSION_DAMAGE) for s in state.living() if state.cell[s] == cell
               and s != seat]
    state.exploded_at[seat] = cell
    if victims:
        state.hit_many(victims, (), seat, "explosion")


HOOKS: dict[str, Callable[..., None]] = {
    "templar_spirit": templar_spirit,
    "self_fireball": self_fireball,
    "self_destruct": self_destruct,
}
"""Hook name -> function."""
