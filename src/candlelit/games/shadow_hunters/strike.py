"""The damage of a 箱庭版暗影獵人 attack roll (D17 steps 2-8) and the elements it carries (D18)."""

from __future__ import annotations

from candlelit.games.shadow_hunters.constants import ELEMENTS
from candlelit.games.shadow_hunters.damage import shares
from candlelit.games.shadow_hunters.state import ShadowHuntersFields
from candlelit.games.shadow_hunters.table import auto_reveal

WHIP_CAP = 3
"""火炎之鞭: the attack roll counts at most this much."""


def attack_damage(state: ShadowHuntersFields, att: int, tgt: int, roll: int, double: bool,
                  shield: int = 0, cheer: int = 0) -> tuple[int, int, bool]:
    """D17: (damage through reductions, damage outside them, whether the attack
    succeeded) of an attack roll; a success may still be reduced to no damage."""
    armed = bool(state.equip[att])
    # 2. roll modifiers
    if armed and state.has_card(att, "whip"):
        roll = min(roll, WHIP_CAP)
    if armed and state.has_card(att, "lake_staff") and \
            not state.blocks(att, "ignore_card_penalty"):
        roll -= 1
    for b in state.blocks(tgt, "roll_modifier"):
        if b["side"] == "defender":
            armour = any(state.cards[c].armour for c in state.equip[tgt])
            roll += int(b["amount"] / 2) if armour and b["halved_with_armour"] else b["amount"]
    roll = max(0, roll)
    # 3. success
    if roll == 0 or (roll == 1 and armed and state.has_card(att, "hammer")):
        return 0, 0, False
    dmg = roll
    # 4. fixed damage: the dagger shuts out cards and equipment, not skills (＊ note)
    fixed = armed and state.has_card(att, "dagger")
    if fixed:
        dmg = 2 + sum(b["amount"] for b in state.blocks(att, "fixed_damage_bonus"))
    # 5. attacker bonuses (魔炎操控's +1 meets any element of the attack)
    elements = strike_elements(state, att)
    if elements:
        dmg += sum(b["amount"] for b in state.blocks(att, "element_damage_dealt")
                   if shares(b["element"], elements))
    # 6. multipliers (連擊, before reductions)
    if double:
        dmg *= 2
    # 7. reductions of cards and equipment, each with its own floor
    if not fixed:
        if armed and state.has_card(att, "lake_sword"):
            dmg = max(0, dmg - 1)
        if state.ward[att]:
            dmg = max(1, dmg - state.ward[att]) if dmg else 0
        for _ in range(state.shelter[tgt]):
            dmg = max(1, dmg - 1) if dmg else 0
        if state.equip[tgt]:
            if state.has_card(tgt, "helm"):
                dmg = max(1, dmg - 2) if dmg else 0
            if state.has_card(tgt, "hammer"):
                dmg = max(1, dmg - 1) if dmg else 0
        for _ in range(shield):
            dmg = max(1, dmg - 1) if dmg else 0
    # 7b. skill reductions last, past the cards' floors (膠質構造 may reach 0)
    for b in state.blocks(tgt, "damage_reduction"):
        dmg = min(dmg, max(b["floor"], dmg - b["amount"]))
    if cheer:
        dmg = max(0, dmg + cheer)
    # 8. outside reductions
    extra = sum(b["amount"] for b in state.blocks(att, "attack_rider", automatic=True))
    if extra:
        auto_reveal(state, att)
    return dmg, extra, True


def attack_elements(state: ShadowHuntersFields, seat: int) -> tuple[str, ...]:
    """Elements a skill gives the seat's attacks (D18), all of them, while unequipped."""
    if state.equip[seat]:
        return ()
    found = state.blocks(seat, "attack_element")
    if not found:
        return ()
    if len(found) == 1:
        return tuple(found[0]["elements"])
    return tuple(dict.fromkeys(e for b in found for e in b["elements"]))


def strike_elements(state: ShadowHuntersFields, att: int) -> tuple[str, ...]:
    """Elements of `att`'s attack under way: its skill's, else the one picked from its
    equipment colours (`attack_element` equipment), else none."""
    skill = attack_elements(state, att)
    if skill:
        return skill
    chosen = state.strike[7] if state.strike and state.strike[0] == att else -1
    return (ELEMENTS[chosen],) if chosen >= 0 else ()
