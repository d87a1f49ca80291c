"""Cards and targeted effects of 箱庭版暗影獵人: drawing (D13, D16), single-use cards, white
question cards given to another seat, and the second half of every effect that asked for
a target, an equipment card or a swap; with the decisions these ask."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

from candlelit.engine.flow import check_complete
from candlelit.games.shadow_hunters.cards import Outcome
from candlelit.games.shadow_hunters.constants import (
    A_CARD,
    A_CELL,
    A_CHAR,
    A_DECK,
    A_NO,
    A_SEAT,
    A_VALUE,
    A_YES,
    CELLS,
    COLOURS,
    D8_TO_CELL,
)
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
from candlelit.games.shadow_hunters.state import F_SKIP_MOVE, F_UNTARGETABLE, ShadowHuntersFields
from candlelit.games.shadow_hunters.table import ask, ask_target, discard, place
from candlelit.games.shadow_hunters.victory import check_end
from candlelit.games.shadow_hunters.vocabulary import SINGLE_USE_EFFECTS

MORTAR_DAMAGE = 2
"""迫擊炮台: damage to the chosen character."""


def draw(state: ShadowHuntersFields, seat: int, deck: int) -> None:
    """Draw the top card of `deck` and resolve it (D13, D16)."""
    if not state.decks[deck]:
        state._emit("empty", "shadow_hunters.log.empty_deck", {"deck": COLOURS[deck]})
        return
    card = state.decks[deck].pop()
    c = state.cards[card]
    if c.colour == "white":
        state._emit("draw", "shadow_hunters.log.draw_white", {"seat": seat})
        state._emit("private", "shadow_hunters.log.white_text", {"card": c.id}, (seat,))
        others = [s for s in state.living() if s != seat]
        if not others:
            discard(state, card)
            return
        ask(state, "give", seat, [A_SEAT + s for s in others], card)
        return
    state._emit("draw", "shadow_hunters.log.draw", {"seat": seat, "card": c.id})
    if c.kind in ("equipment", "orb"):
        state.equip[seat].append(card)
        check_end(state)
    elif c.keep:
        ask(state, "keep", seat, [A_NO, A_YES], card)
    else:
        play(state, seat, card)


def play(state: ShadowHuntersFields, seat: int, card: int) -> None:
    """Resolve single-use `card` for `seat`, asking for targets where it needs them."""
    effect = state.cards[card].effect
    use = USES.get(effect)
    if use is None:
        raise AssertionError(f"card effect {effect!r}: not in the checked vocabulary")
    living = state.living()
    discard(state, card)
    use(state, seat, card, living)
    check_end(state)


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


def _give_white(state: ShadowHuntersFields, seat: int, card: int, to: int) -> None:
    """D13: the receiver resolves a question honestly; only the effect is public."""
    c = state.cards[card]
    state._emit("give", "shadow_hunters.log.give_white", {"seat": seat, "to": to})
    state._emit("private", "shadow_hunters.log.white_text", {"card": c.id}, (to,))
    if c.effect == "guess":
        roster = [A_CHAR + k for k in range(len(state.roster))]
        ask(state, "guess", seat, roster, card, to)
        return
    gate = state.gate(to)
    holds = {"none": gate == "none", "any": gate != "none"}.get(c.asks or "",
                                                                gate == c.asks)
    white_outcome(state, to, c.outcome if holds else None, seat)
    discard(state, card)


def white_outcome(state: ShadowHuntersFields, to: int, outcome: Outcome | None,
                  giver: int) -> None:
    """Apply a question's effect; D14: a heal at full HP wounds 1 under 'damage'."""
    if outcome == "heal" and state.hp[to] >= state.max_hp(to) and \
            state.options["white_heal_at_full"] == "damage":
        outcome = "hurt"
    state._emit("white", "shadow_hunters.log.white_effect",
                {"seat": to, "outcome": outcome or "nothing"})
    if outcome is not None:
        OUTCOMES[outcome](state, to, giver)


def _on_equipment(state: ShadowHuntersFields, seat: int, purpose: EquipPurpose, owner: int,
                  card: int) -> None:
    """An equipment card chosen for 寬恕, 勸戒, 燃燒, a forest treasure, or the killer."""
    state.equip[owner].remove(card)
    ON_EQUIPMENT[purpose](state, seat, owner, card)
    check_end(state)



# == the decisions ========================================================================
def decide_deck(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """巫師小屋: draw from the chosen deck."""
    draw(state, seat, a - A_DECK)


def decide_keep(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """A drawn card that may be kept: use it now, or keep it hidden for a later turn."""
    if a == A_YES:
        play(state, seat, ctx[0])
    else:
        state.held[seat].append(ctx[0])
        state._emit("keep", "shadow_hunters.log.keep", {"seat": seat})


def decide_give(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """A white card goes to the chosen seat."""
    _give_white(state, seat, ctx[0], a - A_SEAT)


def decide_guess(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """A guessing white card: a right guess wounds the receiver, a wrong one heals it."""
    card, to = ctx
    guessed = state.pool[state.roster[a - A_CHAR]].id
    right = state.character(to).id == guessed
    state._emit("guess", "shadow_hunters.log.guess",
                {"seat": seat, "to": to, "character": guessed})
    white_outcome(state, to, "hurt" if right else "heal", seat)
    discard(state, card)


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



# == the single-use cards, in deck order (play) ===========================================
Use = Callable[[ShadowHuntersFields, int, int, list[int]], None]
"""A single-use card's rule: (state, user, the card, the living when it was used)."""


def _others(living: list[int], seat: int) -> list[int]:
    """The living other than `seat`."""
    return [s for s in living if s != seat]


def _asks_anyone(purpose: TargetPurpose) -> Use:
    """A card whose target, any living character, is chosen for `purpose`."""
    def use(state: ShadowHuntersFields, seat: int, card: int, living: list[int]) -> None:
        ask_target(state, seat, purpose, living, card)
    return use


def _asks_another(purpose: TargetPurpose) -> Use:
    """A card whose target, another living character, is chosen for `purpose`."""
    def use(state: ShadowHuntersFields, seat: int, card: int, living: list[int]) -> None:
        ask_target(state, seat, purpose, _others(living, seat), card)
    return use


def _use_spring_water(state: ShadowHuntersFields, seat: int, card: int,
                      living: list[int]) -> None:
    """神殿聖泉泉水: the user heals 1."""
    heal(state, seat, 1, state.cards[card].elements, seat)


def _use_sermon(state: ShadowHuntersFields, seat: int, card: int, living: list[int]) -> None:
    """神殿司祭的布道: the user heals 1, then (still alive) heals another character 1."""
    others = _others(living, seat)
    heal(state, seat, 1, state.cards[card].elements, seat)
    if others and state.alive[seat]:
        ask_target(state, seat, "sermon", others, card)


def _use_miracle(state: ShadowHuntersFields, seat: int, card: int, living: list[int]) -> None:
    """湖中女神的神蹟: the user heals 2, every other character 1."""
    elements = state.cards[card].elements
    heal(state, seat, 2, elements, seat)
    for s in _others(living, seat):
        heal(state, s, 1, elements, seat)


def _use_shelter(state: ShadowHuntersFields, seat: int, card: int, living: list[int]) -> None:
    """聖堂之庇護: one more damage reduction until the user's next turn."""
    state.shelter[seat] += 1


def _use_ward(state: ShadowHuntersFields, seat: int, card: int, living: list[int]) -> None:
    """聖堂之結界: shelter and ward for the user, then for another character."""
    state.shelter[seat] += 1
    state.ward[seat] += 1
    ask_target(state, seat, "ward", _others(living, seat), card)


def _use_guard(state: ShadowHuntersFields, seat: int, card: int, living: list[int]) -> None:
    """聖堂武士的守護: the user guards the south until its next turn."""
    state.guard[seat] = 1


def _use_lodestone(state: ShadowHuntersFields, seat: int, card: int,
                   living: list[int]) -> None:
    """迷失的磁場: one more forced re-roll this turn."""
    state.lodestone[seat] += 1


def _use_snare(state: ShadowHuntersFields, seat: int, card: int, living: list[int]) -> None:
    """精靈遊俠的陷阱: a d8 location; everyone there takes 1 and skips its next move."""
    cell = D8_TO_CELL[state.d8()]
    state._emit("snare", "shadow_hunters.log.snare", {"cell": cell})
    there = [s for s in living if state.cell[s] == cell]
    for s in there:
        state.flags[s] |= F_SKIP_MOVE
    hit_many(state, [(s, 1) for s in there], (), seat, "card")


def _use_blaze(state: ShadowHuntersFields, seat: int, card: int, living: list[int]) -> None:
    """儀式.炎爆術: the user chooses the location that burns."""
    ask(state, "cell", seat, [A_CELL + k for k in range(8)], "blaze", card)


def _use_advent(state: ShadowHuntersFields, seat: int, card: int, living: list[int]) -> None:
    """火炎魔神的降臨: the user takes 1, every other character 2, at the same time."""
    hit_many(state, [(seat, 1)] + [(s, 2) for s in _others(living, seat)],
             state.cards[card].elements, seat, "card")


USES: dict[str, Use] = {
    "spring_water": _use_spring_water,
    "sermon": _use_sermon,
    "miracle": _use_miracle,
    "split_damage": _asks_anyone("split_damage"),
    "mercy": _asks_anyone("mercy"),
    "shelter": _use_shelter,
    "ward": _use_ward,
    "guard": _use_guard,
    "admonition": _asks_anyone("admonition"),
    "lodestone": _use_lodestone,
    "prank": _asks_another("prank"),
    "snare": _use_snare,
    "pact": _asks_another("pact"),
    "fireball": _asks_anyone("fireball"),
    "blaze": _use_blaze,
    "advent": _use_advent,
    "iron_fist": _asks_anyone("iron_fist"),
    "burning": _asks_anyone("burning"),
}
"""Single-use card effect -> its rule."""
check_complete("shadow-hunters: single-use card", SINGLE_USE_EFFECTS, USES)


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


# == a question's outcome (white_outcome) =================================================
def _outcome_heal(state: ShadowHuntersFields, to: int, giver: int) -> None:
    """The receiver heals 1 (quietly: the white effect line says it)."""
    heal(state, to, 1, (), giver, quiet=True)


def _outcome_hurt(state: ShadowHuntersFields, to: int, giver: int) -> None:
    """The receiver takes 1."""
    hit_many(state, [(to, 1)], (), giver, "white")


OUTCOMES: dict[Outcome, Callable[[ShadowHuntersFields, int, int], None]] = {
    "heal": _outcome_heal, "hurt": _outcome_hurt}
"""A question's outcome -> its rule (state, receiver, giver)."""
check_complete("shadow-hunters: question outcome", get_args(Outcome), OUTCOMES)
