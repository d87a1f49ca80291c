"""Cards of 箱庭版暗影獵人: drawing (D13, D16), single-use cards (one rule per effect, in the
table at the bottom) and white question cards given to another seat; with the decisions
these ask. What a chosen target, item or location undergoes is targets.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

from candlelit.engine.flow import check_complete
from candlelit.games.shadow_hunters.cards import Outcome
from candlelit.games.shadow_hunters.constants import (
    A_CELL,
    A_CHAR,
    A_DECK,
    A_NO,
    A_SEAT,
    A_YES,
    COLOURS,
    D8_TO_CELL,
)
from candlelit.games.shadow_hunters.damage import heal, hit_many
from candlelit.games.shadow_hunters.purposes import (
    TargetPurpose,
)
from candlelit.games.shadow_hunters.state import F_SKIP_MOVE, ShadowHuntersFields
from candlelit.games.shadow_hunters.table import ask, ask_target, discard
from candlelit.games.shadow_hunters.victory import check_end
from candlelit.games.shadow_hunters.vocabulary import SINGLE_USE_EFFECTS


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
