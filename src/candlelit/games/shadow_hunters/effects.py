"""Cards and targeted effects of 箱庭版暗影獵人: drawing (D13, D16), single-use cards, white
question cards given to another seat, and the second half of every effect that asked for
a target, an equipment card or a swap; with the decisions these ask."""

from __future__ import annotations

from typing import Any

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
from candlelit.games.shadow_hunters.skills import self_fireball
from candlelit.games.shadow_hunters.state import F_SKIP_MOVE, F_UNTARGETABLE, ShadowHuntersFields
from candlelit.games.shadow_hunters.table import ask, ask_target, discard, place
from candlelit.games.shadow_hunters.victory import check_end

CARD_PURPOSES = frozenset({"sermon", "ward", "fireball", "split_damage", "split_second",
                           "iron_fist", "iron_fist_second", "mercy", "admonition", "burning",
                           "prank", "pact"})
"""Target purposes whose context starts with the card that asked."""
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
    c = state.cards[card]
    e = c.effect
    living = state.living()
    others = [s for s in living if s != seat]
    discard(state, card)
    if e == "spring_water":
        heal(state, seat, 1, c.elements, seat)
    elif e == "sermon":
        heal(state, seat, 1, c.elements, seat)
        if others and state.alive[seat]:
            ask_target(state, seat, "sermon", others, card)
    elif e == "miracle":
        heal(state, seat, 2, c.elements, seat)
        for s in others:
            heal(state, s, 1, c.elements, seat)
    elif e in ("split_damage", "fireball", "iron_fist", "mercy", "admonition", "burning"):
        ask_target(state, seat, e, living, card)
    elif e == "shelter":
        state.shelter[seat] += 1
    elif e == "ward":
        state.shelter[seat] += 1
        state.ward[seat] += 1
        ask_target(state, seat, "ward", others, card)
    elif e == "guard":
        state.guard[seat] = 1
    elif e == "snare":
        cell = D8_TO_CELL[state.d8()]
        state._emit("snare", "shadow_hunters.log.snare", {"cell": cell})
        there = [s for s in living if state.cell[s] == cell]
        for s in there:
            state.flags[s] |= F_SKIP_MOVE
        hit_many(state, [(s, 1) for s in there], (), seat, "card")
    elif e == "blaze":
        ask(state, "cell", seat, [A_CELL + k for k in range(8)], "blaze", card)
    elif e == "advent":
        hit_many(state, [(seat, 1)] + [(s, 2) for s in others], c.elements, seat, "card")
    elif e == "lodestone":
        state.lodestone[seat] += 1
    elif e in ("prank", "pact"):
        ask_target(state, seat, e, others, card)
    else:
        raise AssertionError(f"card effect {e!r}: not in the checked vocabulary")
    check_end(state)


def on_target(state: ShadowHuntersFields, seat: int, purpose: str, tgt: int,
              ctx: list[Any]) -> None:
    """The second half of an effect once its target is chosen."""
    card = state.cards[ctx[0]] if purpose in CARD_PURPOSES else None
    elements = card.elements if card else ()
    if purpose == "gourd":
        heal(state, tgt, 1, (), seat)
    elif purpose == "mortar":
        hit_many(state, [(tgt, MORTAR_DAMAGE)], (), seat, "location")
    elif purpose == "sermon":
        heal(state, tgt, 1, elements, seat)
    elif purpose == "ward":
        state.shelter[tgt] += 1
        state.ward[tgt] += 1
    elif purpose == "fireball":
        hit_many(state, [(tgt, 2)], elements, seat, "card")
    elif purpose == "split_damage":
        second = list(state.living())
        ask_target(state, seat, "split_second", second, ctx[0], tgt)
    elif purpose == "split_second":
        first = ctx[1]
        hits = [(first, 2)] if tgt == first else [(first, 1), (tgt, 1)]
        hit_many(state, hits, elements, seat, "card")
    elif purpose == "iron_fist":
        rest = [s for s in state.living() if s != tgt]
        if rest:
            ask_target(state, seat, "iron_fist_second", rest, ctx[0], tgt)
        else:
            hit_many(state, [(tgt, 2)], elements, seat, "card")
    elif purpose == "iron_fist_second":
        hit_many(state, [(ctx[1], 2), (tgt, 2)], elements, seat, "card")
    elif purpose in ("mercy", "admonition", "burning"):
        colour = {"mercy": "red", "admonition": "blue", "burning": "blue"}[purpose]
        items = [c for c in state.equip[tgt] if state.cards[c].colour == colour]
        if purpose == "mercy":
            heal(state, tgt, 2, (), seat)
        elif purpose == "admonition":
            place(state, tgt, 2)
            state.flags[tgt] |= F_UNTARGETABLE
        if items:
            ask(state, "equip", seat, [A_CARD + c for c in items], purpose, tgt)
        elif purpose == "burning":
            hit_many(state, [(tgt, 3)], elements, seat, "card")
    elif purpose == "restore":
        hp, top = state.hp[tgt], min(ctx[0], state.max_hp(tgt))
        if state.blocks(tgt, "no_heal", automatic=True) or hp >= top:
            state._emit("no_effect", "shadow_hunters.log.no_effect", {"seat": tgt})
        else:
            ask(state, "value", seat, [A_VALUE + v for v in range(hp + 1, top + 1)],
                "restore", tgt)
    elif purpose in ("prank", "pact"):
        if state.equip[seat]:
            ask(state, "swap", seat, [A_CARD + c for c in state.equip[seat]], "give", tgt,
                ctx[0], -1)
        elif state.equip[tgt]:
            ask(state, "swap", seat, [A_CARD + c for c in state.equip[tgt]], "take", tgt,
                ctx[0], -1)
        else:
            state._emit("no_effect", "shadow_hunters.log.no_effect", {"seat": tgt})
    elif purpose == "fireball_skill":
        self_fireball(state, seat, target=tgt)
    elif purpose == "heal_instead":
        amount = ctx[0]
        heal(state, tgt, amount, ("water",) if ctx[1] else (), seat)
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


def white_outcome(state: ShadowHuntersFields, to: int, outcome: str | None, giver: int) -> None:
    """Apply a question's effect; D14: a heal at full HP wounds 1 under 'damage'."""
    if outcome == "heal" and state.hp[to] >= state.max_hp(to) and \
            state.options["white_heal_at_full"] == "damage":
        outcome = "hurt"
    state._emit("white", "shadow_hunters.log.white_effect",
                {"seat": to, "outcome": outcome or "nothing"})
    if outcome == "heal":
        heal(state, to, 1, (), giver, quiet=True)
    elif outcome == "hurt":
        hit_many(state, [(to, 1)], (), giver, "white")


def _on_equipment(state: ShadowHuntersFields, seat: int, purpose: str, owner: int,
                  card: int) -> None:
    """An equipment card chosen for 寬恕, 勸戒, 燃燒, a forest treasure, or the killer."""
    state.equip[owner].remove(card)
    cid = state.cards[card].id
    if purpose in ("steal", "spoils"):
        state.equip[seat].append(card)
        state._emit("take", "shadow_hunters.log.take", {"seat": seat, "card": cid})
        if purpose == "spoils":
            for c in state.equip[owner]:
                discard(state, c)
            state.equip[owner] = []
    elif purpose == "burning":
        state.removed.append(card)
        state._emit("lose", "shadow_hunters.log.lose", {"seat": owner, "card": cid})
        heal(state, seat, 3, (), seat)  # the card's user heals, not the item's owner
    else:
        discard(state, card)
        state._emit("lose", "shadow_hunters.log.lose", {"seat": owner, "card": cid})
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
    cell = CELLS[a - A_CELL]
    if ctx[0] == "blaze":
        there = [(s, 2) for s in state.living() if state.cell[s] == cell]
        state._emit("blaze", "shadow_hunters.log.blaze", {"seat": seat, "cell": cell})
        hit_many(state, there, state.cards[ctx[1]].elements, seat, "card")
    else:
        place(state, seat, cell)


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
