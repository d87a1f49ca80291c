"""The second half of every effect that asked for a target, an equipment card, a location
or a swap in 箱庭版暗影獵人 (cards, locations and skills alike), with the decisions these ask:
each purpose (purposes.py) is carried out by one handler of the tables at the bottom."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from candlelit.engine.flow import check_complete
from candlelit.games.shadow_hunters.constants import A_CARD, A_CELL, A_SEAT, A_VALUE, CELLS
from candlelit.games.shadow_hunters.damage import heal, hit_many
from candlelit.games.shadow_hunters.purposes import (
    CELL_PURPOSES,
    EQUIP_PURPOSES,
    TARGET_PURPOSES,
    CellPurpose,
    EquipPurpose,
    TargetPurpose,
)
from candlelit.games.shadow_hunters.skills import self_fireball
from candlelit.games.shadow_hunters.state import F_UNTARGETABLE, ShadowHuntersFields
from candlelit.games.shadow_hunters.table import ask, ask_target, discard, place
from candlelit.games.shadow_hunters.victory import check_end

MORTAR_DAMAGE = 2
"""迫擊炮台: damage to the chosen character."""


def on_target(state: ShadowHuntersFields, seat: int, purpose: TargetPurpose, tgt: int,
              ctx: list[Any]) -> None:
    """The second half of an effect once its target is chosen."""
    ON_TARGET[purpose](state, seat, tgt, ctx)
    check_end(state)


def _swap(state: ShadowHuntersFields, seat: int, chosen: int, ctx: list[Any]) -> None:
    """樹妖之惡戲 / 精靈遊俠的和約: one item each way; a side with none just receives.

    The user picks the item it gives, then the one it takes; 和約 heals both sides 1
    when an item changed hands.
    """
    stage, tgt, card, given = ctx
    if stage == "give":
        given = chosen
        if state.equip[tgt]:
            ask(state, "swap", seat, [A_CARD + c for c in state.equip[tgt]], "take", tgt,
                card, given)
            return
        taken = -1
    else:
        taken = chosen
    if given >= 0:
        state.equip[seat].remove(given)
        state.equip[tgt].append(given)
    if taken >= 0:
        state.equip[tgt].remove(taken)
        state.equip[seat].append(taken)
    state._emit("swap", "shadow_hunters.log.swap",
                {"seat": seat, "to": tgt,
                 "gave": state.cards[given].id if given >= 0 else "none",
                 "took": state.cards[taken].id if taken >= 0 else "none"})
    if state.cards[card].effect == "pact":
        heal(state, seat, 1, (), seat)
        heal(state, tgt, 1, (), seat)
    check_end(state)


def _on_equipment(state: ShadowHuntersFields, seat: int, purpose: EquipPurpose, owner: int,
                  card: int) -> None:
    """An equipment card chosen for 寬恕, 勸戒, 燃燒, a forest treasure, or the killer."""
    state.equip[owner].remove(card)
    ON_EQUIPMENT[purpose](state, seat, owner, card)
    check_end(state)


# == the decisions =======================================================================
def decide_target(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """The target of an effect is chosen."""
    on_target(state, seat, ctx[0], a - A_SEAT, ctx[1:])


def decide_cell(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """A location is chosen: where 儀式.炎爆術 burns, or where 聖堂秘寶's holder revives."""
    ON_CELL[ctx[0]](state, seat, CELLS[a - A_CELL], ctx[1:])


def decide_equip(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """An equipment card is chosen (see `_on_equipment`)."""
    _on_equipment(state, seat, ctx[0], ctx[1], a - A_CARD)


def decide_value(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """神恩: the target's HP becomes the chosen value."""
    tgt = ctx[1]
    before = state.hp[tgt]
    state.hp[tgt] = a - A_VALUE
    state._emit("heal", "shadow_hunters.log.heal",
                {"seat": tgt, "n": state.hp[tgt] - before, "element": "none"})


def decide_swap(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """An item to give or to take in a swap is chosen."""
    _swap(state, seat, a - A_CARD, ctx)


# == the chosen targets, in TargetPurpose's order (on_target) ==============================
Aim = Callable[[ShadowHuntersFields, int, int, list[Any]], None]
"""A target's rule: (state, chooser, target, the context after the purpose)."""


def _card_elements(state: ShadowHuntersFields, ctx: list[Any]) -> tuple[str, ...]:
    """The elements of the card that asked (the context's first entry)."""
    card: int = ctx[0]
    return state.cards[card].elements


def _worn(state: ShadowHuntersFields, seat: int, colour: str) -> list[int]:
    """The seat's equipment of `colour`."""
    return [c for c in state.equip[seat] if state.cards[c].colour == colour]


def _ask_item(state: ShadowHuntersFields, seat: int, items: list[int], purpose: EquipPurpose,
              owner: int) -> None:
    """Ask `seat` to pick one of `owner`'s `items` for `purpose`."""
    ask(state, "equip", seat, [A_CARD + c for c in items], purpose, owner)


def _target_gourd(state: ShadowHuntersFields, seat: int, tgt: int, ctx: list[Any]) -> None:
    """仙人藥蘆: the target heals 1."""
    heal(state, tgt, 1, (), seat)


def _target_mortar(state: ShadowHuntersFields, seat: int, tgt: int, ctx: list[Any]) -> None:
    """迫擊炮台: the target takes 2."""
    hit_many(state, [(tgt, MORTAR_DAMAGE)], (), seat, "location")


def _target_sermon(state: ShadowHuntersFields, seat: int, tgt: int, ctx: list[Any]) -> None:
    """神殿司祭的布道: the other character heals 1."""
    heal(state, tgt, 1, _card_elements(state, ctx), seat)


def _target_split_damage(state: ShadowHuntersFields, seat: int, tgt: int,
                         ctx: list[Any]) -> None:
    """The first of two damage points is placed; ask for the second."""
    second = list(state.living())
    ask_target(state, seat, "split_second", second, ctx[0], tgt)


def _target_split_second(state: ShadowHuntersFields, seat: int, tgt: int,
                         ctx: list[Any]) -> None:
    """Both points land at once: 2 on one character or 1 on each of two."""
    first = ctx[1]
    hits = [(first, 2)] if tgt == first else [(first, 1), (tgt, 1)]
    hit_many(state, hits, _card_elements(state, ctx), seat, "card")


def _target_mercy(state: ShadowHuntersFields, seat: int, tgt: int, ctx: list[Any]) -> None:
    """湖中女神的寬恕: the target heals 2, then loses a red item of the user's choice."""
    items = _worn(state, tgt, "red")
    heal(state, tgt, 2, (), seat)
    if items:
        _ask_item(state, seat, items, "mercy", tgt)


def _target_ward(state: ShadowHuntersFields, seat: int, tgt: int, ctx: list[Any]) -> None:
    """聖堂之結界: shelter and ward for the other character."""
    state.shelter[tgt] += 1
    state.ward[tgt] += 1


def _target_admonition(state: ShadowHuntersFields, seat: int, tgt: int,
                       ctx: list[Any]) -> None:
    """聖堂武士的勸戒: the target goes to 高山聖堂, untargetable, and loses a blue item."""
    items = _worn(state, tgt, "blue")
    place(state, tgt, 2)
    state.flags[tgt] |= F_UNTARGETABLE
    if items:
        _ask_item(state, seat, items, "admonition", tgt)


def _target_swap(state: ShadowHuntersFields, seat: int, tgt: int, ctx: list[Any]) -> None:
    """樹妖之惡戲 / 精靈遊俠的和約: start the swap with the user's item, else the target's."""
    if state.equip[seat]:
        ask(state, "swap", seat, [A_CARD + c for c in state.equip[seat]], "give", tgt,
            ctx[0], -1)
    elif state.equip[tgt]:
        ask(state, "swap", seat, [A_CARD + c for c in state.equip[tgt]], "take", tgt,
            ctx[0], -1)
    else:
        state._emit("no_effect", "shadow_hunters.log.no_effect", {"seat": tgt})


def _target_fireball(state: ShadowHuntersFields, seat: int, tgt: int, ctx: list[Any]) -> None:
    """儀式.火球術: the target takes 2."""
    hit_many(state, [(tgt, 2)], _card_elements(state, ctx), seat, "card")


def _target_iron_fist(state: ShadowHuntersFields, seat: int, tgt: int,
                      ctx: list[Any]) -> None:
    """火炎魔神的鐵拳: ask for a second target, or the only one takes 2."""
    rest = [s for s in state.living() if s != tgt]
    if rest:
        ask_target(state, seat, "iron_fist_second", rest, ctx[0], tgt)
    else:
        hit_many(state, [(tgt, 2)], _card_elements(state, ctx), seat, "card")


def _target_iron_fist_second(state: ShadowHuntersFields, seat: int, tgt: int,
                             ctx: list[Any]) -> None:
    """火炎魔神的鐵拳: both targets take 2 at the same time."""
    hit_many(state, [(ctx[1], 2), (tgt, 2)], _card_elements(state, ctx), seat, "card")


def _target_burning(state: ShadowHuntersFields, seat: int, tgt: int, ctx: list[Any]) -> None:
    """火炎魔神的燃燒: the target loses a blue item of the user's choice, or takes 3."""
    items = _worn(state, tgt, "blue")
    if items:
        _ask_item(state, seat, items, "burning", tgt)
    else:
        hit_many(state, [(tgt, 3)], _card_elements(state, ctx), seat, "card")


def _target_heal_instead(state: ShadowHuntersFields, seat: int, tgt: int,
                         ctx: list[Any]) -> None:
    """A heal instead of an attack: the amount, water when the context says so."""
    amount = ctx[0]
    heal(state, tgt, amount, ("water",) if ctx[1] else (), seat)


def _target_restore(state: ShadowHuntersFields, seat: int, tgt: int, ctx: list[Any]) -> None:
    """神恩: ask the target's new HP, above its own and up to the skill's maximum."""
    hp, top = state.hp[tgt], min(ctx[0], state.max_hp(tgt))
    if state.blocks(tgt, "no_heal", automatic=True) or hp >= top:
        state._emit("no_effect", "shadow_hunters.log.no_effect", {"seat": tgt})
    else:
        ask(state, "value", seat, [A_VALUE + v for v in range(hp + 1, top + 1)],
            "restore", tgt)


def _target_fireball_skill(state: ShadowHuntersFields, seat: int, tgt: int,
                           ctx: list[Any]) -> None:
    """自發火球: the target and the user take 2."""
    self_fireball(state, seat, target=tgt)


ON_TARGET: dict[TargetPurpose, Aim] = {
    "gourd": _target_gourd,
    "mortar": _target_mortar,
    "sermon": _target_sermon,
    "split_damage": _target_split_damage,
    "split_second": _target_split_second,
    "mercy": _target_mercy,
    "ward": _target_ward,
    "admonition": _target_admonition,
    "prank": _target_swap,
    "pact": _target_swap,
    "fireball": _target_fireball,
    "iron_fist": _target_iron_fist,
    "iron_fist_second": _target_iron_fist_second,
    "burning": _target_burning,
    "heal_instead": _target_heal_instead,
    "restore": _target_restore,
    "fireball_skill": _target_fireball_skill,
}
"""Target purpose -> what the chosen target undergoes."""
check_complete("shadow-hunters: target purpose", TARGET_PURPOSES, ON_TARGET)


# == the chosen equipment (_on_equipment) =================================================
Item = Callable[[ShadowHuntersFields, int, int, int], None]
"""An equipment card's fate once taken off its owner: (state, chooser, owner, the card)."""


def _equip_steal(state: ShadowHuntersFields, seat: int, owner: int, card: int) -> None:
    """叢森秘寶: the chooser takes the item."""
    state.equip[seat].append(card)
    state._emit("take", "shadow_hunters.log.take", {"seat": seat, "card": state.cards[card].id})


def _equip_spoils(state: ShadowHuntersFields, seat: int, owner: int, card: int) -> None:
    """D20 killer-takes-one: the killer takes the item, the dead's others are discarded."""
    _equip_steal(state, seat, owner, card)
    for c in state.equip[owner]:
        discard(state, c)
    state.equip[owner] = []


def _equip_burn(state: ShadowHuntersFields, seat: int, owner: int, card: int) -> None:
    """火炎魔神的燃燒: the item leaves the game and the card's user (not its owner) heals 3."""
    state.removed.append(card)
    state._emit("lose", "shadow_hunters.log.lose", {"seat": owner, "card": state.cards[card].id})
    heal(state, seat, 3, (), seat)


def _equip_lose(state: ShadowHuntersFields, seat: int, owner: int, card: int) -> None:
    """寬恕 / 勸戒: the owner loses the item to its deck."""
    discard(state, card)
    state._emit("lose", "shadow_hunters.log.lose", {"seat": owner, "card": state.cards[card].id})


ON_EQUIPMENT: dict[EquipPurpose, Item] = {
    "mercy": _equip_lose,
    "admonition": _equip_lose,
    "burning": _equip_burn,
    "steal": _equip_steal,
    "spoils": _equip_spoils,
}
"""Equipment purpose -> what becomes of the chosen item."""
check_complete("shadow-hunters: equipment purpose", EQUIP_PURPOSES, ON_EQUIPMENT)


# == the chosen location (decide_cell) ====================================================
Spot = Callable[[ShadowHuntersFields, int, int, list[Any]], None]
"""A location's rule once chosen: (state, chooser, keypad cell, the context after the purpose)."""


def _cell_blaze(state: ShadowHuntersFields, seat: int, cell: int, ctx: list[Any]) -> None:
    """儀式.炎爆術: everyone on the location takes 2 at the same time."""
    there = [(s, 2) for s in state.living() if state.cell[s] == cell]
    state._emit("blaze", "shadow_hunters.log.blaze", {"seat": seat, "cell": cell})
    hit_many(state, there, _card_elements(state, ctx), seat, "card")


def _cell_sanctuary(state: ShadowHuntersFields, seat: int, cell: int, ctx: list[Any]) -> None:
    """聖堂秘寶: its holder revives on the chosen location."""
    place(state, seat, cell)


ON_CELL: dict[CellPurpose, Spot] = {"blaze": _cell_blaze, "sanctuary": _cell_sanctuary}
"""Location purpose -> what happens there."""
check_complete("shadow-hunters: location purpose", CELL_PURPOSES, ON_CELL)
