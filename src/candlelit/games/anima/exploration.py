"""Exploring an area: the die looked up on its exploration table, and its rewards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.anima import agenda, decks, progress
from candlelit.games.anima.constants import OPS_SPECIAL, T_ENCOUNTERS, T_OPS, T_REWARD

if TYPE_CHECKING:
    from candlelit.games.anima.state import AnimaFields


def explore_result(s: AnimaFields, seat: int, face: int) -> None:
    """Look the die up on the area's exploration table."""
    slot = s.loc[seat]
    area = s.cards.areas[s.area_at[slot]]
    result, count = area.table[face - 1]
    s._emit("explore", "anima.explored", {"seat": seat, "roll": face, "result": result,
                                          "count": count})
    if result == "reward":
        agenda.push(s, T_REWARD, seat, slot, 1, -1)
    elif result == "encounters":
        agenda.push(s, T_REWARD, seat, slot, 1, -1)
        agenda.push(s, T_ENCOUNTERS, seat, slot, count)
    else:
        agenda.push(s, T_OPS, seat, OPS_SPECIAL, s.area_at[slot], 0, slot)


def take_reward(s: AnimaFields, seat: int, index: int) -> None:
    """Take reward `index` of the party's area: advantages, a recruit, or mission progress."""
    slot = s.loc[seat]
    reward = s.cards.areas[s.area_at[slot]].rewards[index]
    s.reward_skip = index
    s._emit("reward", "anima.reward", {"seat": seat, "reward": reward})
    if reward == "recruit":
        decks.recruit(s, seat)
    elif reward == "mission":
        progress.reward_mission(s, seat, slot)
    else:
        decks.draw_advantages(s, seat, int(reward.split(":")[1]))
