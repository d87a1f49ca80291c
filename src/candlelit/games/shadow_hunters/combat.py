"""The attack of a 箱庭版暗影獵人 turn (步驟 5-4, D17): the offer, reveals before the roll, the
roll and 連擊, the reaction window (聖堂之盾, 圍觀助威), landing the damage, and what the
attack step may do instead (治療, 聖湖之杖, 自發火球); with the decisions these ask."""

from __future__ import annotations

from typing import Any

from candlelit.engine.flow import check_complete
from candlelit.engine.windows import NOBODY
from candlelit.games.shadow_hunters.constants import (
    A_CARD,
    A_DECK,
    A_NO,
    A_REVEAL,
    A_SEAT,
    A_SKILL,
    A_VALUE,
    A_YES,
    COLOUR_ELEMENT,
    ELEMENTS,
)
from candlelit.games.shadow_hunters.damage import heal, hit_many
from candlelit.games.shadow_hunters.reach import attack_targets, forced_targets
from candlelit.games.shadow_hunters.reactions import (
    BRACE,
    PRESS,
    cheer_ready,
    draw_up_hit,
    next_in_hit,
)
from candlelit.games.shadow_hunters.skills import start_skills, use_skill
from candlelit.games.shadow_hunters.state import (
    ATTACK,
    CHEER,
    CHEER_USED,
    DONE,
    F_DELAY,
    F_LATE,
    F_NO_ATTACK,
    F_SECOND,
    F_UNRESTRICTED,
    MOVE,
    SHIELD,
    SHIELD_USED,
    ShadowHuntersFields,
)
from candlelit.games.shadow_hunters.strike import attack_damage, strike_elements
from candlelit.games.shadow_hunters.table import ask, ask_target, auto_reveal, reveal


def attack_phase(state: ShadowHuntersFields, seat: int) -> None:
    """Offer the attack step: the targets in reach, passing, and what may replace an attack."""
    targets = attack_targets(state, seat)
    if state.flags[seat] & F_SECOND:
        ask(state, "attack", seat, [A_NO] + [A_SEAT + t for t in targets])
        return
    opts = [] if forced_targets(state, seat) else [A_NO]
    opts += [A_SEAT + t for t in targets]
    if not state.flags[seat] & F_NO_ATTACK:
        # the seat itself is always in its zone, so a heal has a target
        if state.blocks(seat, "heal_instead_of_attack"):
            opts.append(A_SKILL)
        opts += [A_CARD + c for c in state.equip[seat]
                 if state.cards[c].effect == "lake_staff"][:1]
        opts += [A_SKILL + 1 + k for k in start_skills(state, seat)
                 if state.character(seat).skills[k].hook == "self_fireball"]
    ask(state, "attack", seat, opts)


def attack(state: ShadowHuntersFields, att: int, tgt: int) -> None:
    """Roll an attack of `att` on `tgt` (步驟 5-4) and resolve it (D17)."""
    state._emit("attack", "shadow_hunters.log.attack", {"seat": att, "to": tgt})
    if any(state.character(tgt).id == b["character"]
           for b in state.blocks(att, "forced_attack", automatic=True)):
        auto_reveal(state, att)
    state.strike = [att, tgt, 0, 0, 0, 0, -1, -1]
    if state.options["attack_element"] == "equipment" and state.equip[att]:
        colours = {state.cards[c].colour for c in state.equip[att]}
        picks = [A_VALUE + ELEMENTS.index(e) for col, e in COLOUR_ELEMENT.items()
                 if col in colours]
        ask(state, "element", att, [A_NO, *picks], tgt)
        return
    _press(state)


def _press(state: ShadowHuntersFields) -> None:
    """Let a hidden attacker reveal before the roll, then ask the target."""
    if PRESS.next_index(state, 0) != NOBODY:
        ask(state, "press", state.strike[0], [A_NO, A_REVEAL], state.strike[1])
        return
    _brace(state)


def _brace(state: ShadowHuntersFields) -> None:
    """Let a hidden target reveal before the roll, then roll."""
    if BRACE.next_index(state, 0) != NOBODY:
        ask(state, "brace", state.strike[1], [A_NO, A_REVEAL], state.strike[0])
        return
    _roll_attack(state)


def _roll_attack(state: ShadowHuntersFields) -> None:
    """Roll the attack of the pending strike (D17 step 1) and offer 連擊."""
    att, tgt = state.strike[0], state.strike[1]
    against = state.blocks(att, "attack_roll")
    lifted = state.flags[att] & F_UNRESTRICTED
    if against and (lifted or state.character(tgt).community == against[0]["against"]):
        roll = state.d6() - 1
    else:
        roll = abs(state.d6() - state.d6())
    state._emit("roll", "shadow_hunters.log.attack_roll", {"seat": att, "n": roll})
    state.strike[2] = roll
    if state.blocks(att, "double_damage") and _double_ready(state, att) and roll > 0:
        ask(state, "double", att, [A_NO, A_YES], tgt, roll)
        return
    _after_roll(state, False)


def _double_ready(state: ShadowHuntersFields, seat: int) -> bool:
    """Whether the seat's 連擊 (double_damage) skill is still unused."""
    for k, sk in enumerate(state.character(seat).skills):
        if any(b["block"] == "double_damage" for b in sk.blocks):
            return not state.used[seat] >> k & 1
    return False


def _after_roll(state: ShadowHuntersFields, double: bool) -> None:
    """Open the reaction window of a hit: 聖堂之盾 holders, then bystanders (圍觀助威)."""
    att, tgt, roll = state.strike[0], state.strike[1], state.strike[2]
    state.strike[3] = int(double)
    if double:
        for k, sk in enumerate(state.character(att).skills):
            if any(b["block"] == "double_damage" for b in sk.blocks):
                state.used[att] |= 1 << k
    dmg, extra, _ = attack_damage(state, att, tgt, roll, double)
    draw_up_hit(state, dmg, extra)
    _next_reaction(state)


def _ask_shield(state: ShadowHuntersFields, seat: int) -> None:
    ask(state, "shield", seat, [A_NO, A_YES], state.strike[1])


def _ask_cheer(state: ShadowHuntersFields, seat: int) -> None:
    opts = [A_NO]
    if not state.revealed[seat]:
        opts.append(A_REVEAL)
    if state.strike[6] < 0 and cheer_ready(state, seat):
        opts += [A_VALUE, A_VALUE + 2]
    ask(state, "cheer", seat, opts, state.strike[0], state.strike[1])


ASK_IN_HIT = {SHIELD: _ask_shield, CHEER: _ask_cheer}
"""An `askers` entry's kind -> how its seat is asked."""
check_complete("shadow-hunters: hit window", (SHIELD, CHEER), ASK_IN_HIT)


def _next_reaction(state: ShadowHuntersFields) -> None:
    """Ask the next seat of the hit's window, or land the attack."""
    asked = next_in_hit(state)
    if asked is not None:
        ASK_IN_HIT[asked[0]](state, asked[1])
        return
    att, tgt, roll, double, shield, cheer = state.strike[:6]
    resolve_attack(state, att, tgt, roll, double, shield, cheer)


def resolve_attack(state: ShadowHuntersFields, att: int, tgt: int, roll: int,
                   double: bool | int, shield: int = 0, cheer: int = 0) -> None:
    """Apply an attack's damage and its on-attack equipment (D17 step 9)."""
    if not state.strike:
        state.strike = [att, tgt, roll, int(double), shield, cheer, -1, -1]
    dmg, extra, hit = attack_damage(state, att, tgt, roll, bool(double), shield, cheer)
    if not hit:
        state._emit("miss", "shadow_hunters.log.miss", {"seat": att})
    elif dmg + extra:
        hit_many(state, [(tgt, dmg + extra)], strike_elements(state, att), att, "attack",
                 bypass=True)
    else:
        state._emit("absorbed", "shadow_hunters.log.absorbed", {"seat": att, "to": tgt})
    if hit and state.has_card(att, "lake_sword") and state.alive[att]:
        heal(state, att, 1, (), att)
    state.strike = []
    if not state.over and state.alive[att] and state.has_card(att, "lance"):
        state.queue.append(["lance", att, [A_NO, A_YES], state.cell[tgt]])


def after_attack(state: ShadowHuntersFields, seat: int, struck: bool) -> None:
    """The phase after an attack decision: 火炎之鞭's second attack, 火炎之翼's late move."""
    flags = state.flags[seat]
    if struck and not flags & F_SECOND and state.has_card(seat, "whip"):
        state.flags[seat] |= F_SECOND
        state.phase = ATTACK
    elif flags & F_DELAY:
        state.flags[seat] = (flags & ~F_DELAY) | F_LATE
        state.phase = MOVE
    else:
        state.phase = DONE


def _zone_mates(state: ShadowHuntersFields, seat: int) -> list[int]:
    """Living seats in a zone the seat's cell shares (the seat itself included)."""
    return [t for t in state.living() if state.same_zone(state.cell[t], state.cell[seat])]


def _heal_instead(state: ShadowHuntersFields, seat: int) -> None:
    """治療: heal a zone mate by the skill's amount instead of attacking."""
    amount = state.blocks(seat, "heal_instead_of_attack")[0]["amount"]
    ask_target(state, seat, "heal_instead", _zone_mates(state, seat), amount, 0)


def _staff_heal(state: ShadowHuntersFields, seat: int) -> None:
    """聖湖之杖: heal a zone mate by the attack dice (water) instead of attacking."""
    roll = abs(state.d6() - state.d6())
    if not state.blocks(seat, "ignore_card_penalty"):
        roll = max(0, roll - 1)
    state._emit("roll", "shadow_hunters.log.attack_roll", {"seat": seat, "n": roll})
    ask_target(state, seat, "heal_instead", _zone_mates(state, seat), roll, 1)


# == the decisions ========================================================================
def decide_attack(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """Attack the chosen seat, or pass, or heal or cast instead."""
    after_attack(state, seat, A_SEAT <= a < A_DECK)
    if a == A_NO:
        return
    if A_CARD <= a < A_SKILL:
        _staff_heal(state, seat)
        return
    if a >= A_SKILL:
        if a == A_SKILL:
            _heal_instead(state, seat)
        else:
            use_skill(state, seat, a - A_SKILL - 1)
        return
    attack(state, seat, a - A_SEAT)


def decide_element(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """D18 `attack_element` equipment: the attack carries the picked element, or none."""
    if a != A_NO:
        state.strike[7] = a - A_VALUE
        state._emit("element", "shadow_hunters.log.attack_element",
                    {"seat": seat, "element": ELEMENTS[a - A_VALUE]})
    _press(state)


def decide_press(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """The hidden attacker reveals before the roll, or not."""
    if a == A_REVEAL:
        reveal(state, seat)
    _brace(state)


def decide_brace(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """The hidden target reveals before the roll, or not."""
    if a == A_REVEAL:
        reveal(state, seat)
    _roll_attack(state)


def decide_double(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """連擊: double this attack's damage, or keep the use."""
    _after_roll(state, a == A_YES)


def decide_shield(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """聖堂之盾: raise it (one less damage) or not."""
    if a == A_YES:
        state.used[seat] |= SHIELD_USED
        state.strike[4] += 1
        state._emit("shield", "shadow_hunters.log.shield", {"seat": seat, "to": ctx[0]})
    _next_reaction(state)


def decide_cheer(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """A bystander reveals, and 圍觀助威 may take 1 from or add 1 to the damage."""
    if a != A_NO and not state.revealed[seat]:
        reveal(state, seat)
    if a >= A_VALUE:
        state.used[seat] |= CHEER_USED
        state.strike[5] = a - A_VALUE - 1
        state.strike[6] = seat
        state._emit("cheer", "shadow_hunters.log.cheer",
                    {"seat": seat, "n": state.strike[5]})
    _next_reaction(state)


def decide_lance(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """火炎魔槍: after an attack, 1 fire damage to everyone in the target's zone, or not."""
    if a == A_YES:
        there = [(s, 1) for s in state.living() if state.same_zone(state.cell[s], ctx[0])]
        hit_many(state, there, ("fire",), seat, "card")
