"""Who a 箱庭版暗影獵人 attack can reach (D2): range, 精靈長弓, 潛行, 聖堂武士的守護,
聖堂武士的勸戒, and 惡魔討伐's forced targets."""

from __future__ import annotations

from candlelit.games.shadow_hunters.constants import CELLS, IN_REACH
from candlelit.games.shadow_hunters.state import F_NO_ATTACK, F_UNTARGETABLE, ShadowHuntersFields


def attack_targets(state: ShadowHuntersFields, seat: int) -> list[int]:
    """Seats `seat` may attack now (D2 range, 精靈長弓, 潛行, 守護, 勸戒, 惡魔討伐)."""
    flags, where, zones = state.flags, state.cell, state.zones
    here = where[seat]
    if flags[seat] & F_NO_ATTACK:
        return []
    forced = forced_targets(state, seat)
    if forced:
        return forced
    guard = any(state.guard)
    if guard and "south" in zones[here]:
        return []
    if state.has_card(seat, "longbow"):
        cells = frozenset(c for c in CELLS if not state.same_zone(c, here))
    else:
        cells = IN_REACH[here]
    out = []
    for t in range(state.num_players):
        if not state.alive[t] or t == seat:
            continue
        there = where[t]
        if there not in cells or (guard and "south" in zones[there]) or \
                flags[t] & F_UNTARGETABLE:
            continue
        hide = state.blocks(t, "untargetable_in")
        if hide and any(b["zone"] in zones[there] for b in hide):
            continue
        out.append(t)
    return out


def forced_targets(state: ShadowHuntersFields, seat: int) -> list[int]:
    """惡魔討伐: the revealed named characters in reach and in the seat's zone (同區).

    A skill outranks cards and equipment (＊ note), so 精靈長弓, 聖堂武士的守護 and
    勸戒 do not stop the forced attack; reach (D2), the target's own skills (潛行) and
    片翼飛翔's "no attack" still do.
    """
    found = state.blocks(seat, "forced_attack", automatic=True)
    if not found or state.flags[seat] & F_NO_ATTACK:
        return []
    here = state.cell[seat]
    out = []
    for t in range(state.num_players):
        there = state.cell[t]
        if t == seat or not state.alive[t] or not state.revealed[t] or \
                there not in IN_REACH[here] or not state.same_zone(there, here) or \
                not any(state.character(t).id == b["character"] for b in found):
            continue
        hide = state.blocks(t, "untargetable_in")
        if not any(b["zone"] in state.zones[there] for b in hide):
            out.append(t)
    return out
