"""What each magick effect of the vocabulary does: when it may be played and how it resolves.

Every card is resolved in full before anything else happens (魔法牌 4): its follow-up
choices (a target, a suit) are asked at once, its damage and points are scheduled on top of
the round's task stack. A raven player uses the card's raven-symbol effect when it has one
(魔法牌 7; FAQ 魔法牌 2, 5); otherwise the normal effect, whose health changes for the
raven itself are void (a raven has no health, 烏鴉玩家 2.1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from candlelit.games.nevermore.constants import (
    A_DONE,
    A_JOIN,
    A_PLAY,
    AFTER_RESOLUTION,
    ANYTIME,
    ATTACK,
    BEFORE_DRAFT,
    BEFORE_RESOLUTION,
    C_CARD,
    C_SELF,
    D_KIND,
    D_NONE,
    D_YESNO,
    DURING_STEP,
    HEAL,
    MIDDLE,
    P_BLOODLET,
    P_BLOODLET_RAVEN,
    P_CANCEL_TAKEN,
    P_DOMINATE,
    P_DRAIN,
    P_DRAIN_RAVEN,
    P_EXHAUST,
    P_HOPFROG,
    P_IMP,
    P_NIGHTMARE,
    P_NIGHTMARE_DISCARD,
    P_PROPHECY_SUIT,
    P_PROPHECY_WHO,
    P_PUNISH,
    P_PYM,
    P_RAGE,
    P_WITHER,
    PURPOSES,
    RAVEN,
    SHADOW,
    SUITS,
    T_CANCEL_TAKEN,
    T_CHECK_WIN,
    T_DAMAGE,
    T_LOSE_VP,
    T_NIGHTMARE_DISCARD,
    T_TARGET,
    WHEN_LIGHT_DRAWN,
)

if TYPE_CHECKING:
    from candlelit.games.nevermore.cards import CardSet
    from candlelit.games.nevermore.rules import NevermoreState

# -- which titles each window offers -------------------------------------------------------
_TITLES: dict[int, tuple[CardSet, dict[tuple[int, int], tuple[int, ...]]]] = {}


SHADOW_KEY = (-2, -2)
"""The window_titles key of the Shadow titles without a declared suit (they join as Ravens)."""
DECLARED_KEY = (-3, -3)
"""The window_titles key of the titles whose data names the suit they count as."""


def window_titles(cards: CardSet) -> dict[tuple[int, int], tuple[int, ...]]:
    """(window timing, step suit or -1) -> titles that may be played there, ascending."""
    found = _TITLES.get(id(cards))
    if found is not None and found[0] is cards:
        return found[1]
    table: dict[tuple[int, int], tuple[int, ...]] = {}
    for timing in (BEFORE_DRAFT, BEFORE_RESOLUTION, AFTER_RESOLUTION, ANYTIME):
        table[(timing, -1)] = tuple(c.index for c in cards.magick
                                    if c.effect.timing in (timing, ANYTIME))
    for suit in MIDDLE:
        table[(DURING_STEP, suit)] = tuple(
            c.index for c in cards.magick if c.effect.timing == ANYTIME or (
                c.effect.timing == DURING_STEP and c.effect.step in (None, suit)))
    light = tuple(c.index for c in cards.magick if c.effect.timing in (WHEN_LIGHT_DRAWN, ANYTIME))
    for seat in range(-1, 6):
        table[(WHEN_LIGHT_DRAWN, seat)] = light
    table[(-1, -1)] = tuple(c.index for c in cards.magick if c.effect.id == "reprieve")
    table[SHADOW_KEY] = tuple(c.index for c in cards.magick
                              if c.deck == SHADOW and c.joins_as is None)
    table[DECLARED_KEY] = tuple(c.index for c in cards.magick if c.joins_as is not None)
    _TITLES[id(cards)] = (cards, table)
    return table


def effect_of(state: NevermoreState, seat: int, title: int) -> str:
    """The effect `seat` plays with `title`: the raven-symbol one when it is a raven."""
    effect = state.cards.magick[title].effect
    if state.raven[seat] and effect.raven not in ("same", "none"):
        return effect.raven
    return effect.id


def _others(state: NevermoreState, seat: int) -> int:
    return ((1 << state.num_players) - 1) & ~(1 << seat)


def _humans(state: NevermoreState, exclude: int) -> int:
    mask = 0
    for s in range(state.num_players):
        if s != exclude and not state.raven[s]:
            mask |= 1 << s
    return mask


def _victims(state: NevermoreState, seat: int) -> int:
    """Other seats with an uncancelled card in the step being resolved."""
    mask = 0
    for s, count in enumerate(state.net):
        if s != seat and count:
            mask |= 1 << s
    return mask


def _max_health(state: NevermoreState) -> int:
    humans = [s for s in range(state.num_players) if not state.raven[s]]
    if not humans:
        return 0
    top = max(state.health[s] for s in humans)
    mask = 0
    for s in humans:
        if state.health[s] == top:
            mask |= 1 << s
    return mask


def _with_vp(state: NevermoreState, seat: int) -> int:
    mask = 0
    for s in range(state.num_players):
        if s != seat and state.vp[s]:
            mask |= 1 << s
    return mask


def _spite_mask(state: NevermoreState, seat: int) -> int:
    return state.damaged_by[seat] & _humans(state, seat)


def _with_cards(state: NevermoreState, seat: int) -> int:
    mask = 0
    for s in range(state.num_players):
        if s != seat and any(state.hand[s]):
            mask |= 1 << s
    return mask


Check = Callable[["NevermoreState", int, int], bool]


def _always(state: NevermoreState, seat: int, ctx: int) -> bool:
    return True


PLAYABLE: dict[str, Check] = {
    "prophecy": _always,
    "repentance": _always,
    "justice": _always,
    "punishment": _always,
    "freeze": _always,
    "harvest": _always,
    "requisition": lambda s, seat, ctx: seat != s.drawer and bool(s.drawn),
    "reprieve": lambda s, seat, ctx: not s.raven[seat] and s.health[seat] < s.max_health,
    "betrayal": _always,
    "betrayal_raven": _always,
    "bloodletting": _always,
    "bloodletting_raven": lambda s, seat, ctx: bool(_humans(s, seat)),
    "darkness": _always,
    "rage": lambda s, seat, ctx: bool(_victims(s, seat)),
    "rage_raven": _always,
    "dominate": lambda s, seat, ctx: bool(_victims(s, seat)),
    "drain": lambda s, seat, ctx: bool(_victims(s, seat)),
    "drain_raven": lambda s, seat, ctx: bool(_humans(s, seat)),
    "deceive": _always,
    "wither": lambda s, seat, ctx: bool(_with_vp(s, seat)),
    "spite": lambda s, seat, ctx: bool(_spite_mask(s, seat)),
    "exhaust": lambda s, seat, ctx: bool(_max_health(s)),
    "nightmare": lambda s, seat, ctx: bool(_with_cards(s, seat)),
    "suit_card": lambda s, seat, ctx: False,
}
"""Effect id -> whether it can do anything now (a card that cannot is not offered)."""


def _key(timing: int, ctx: int) -> tuple[int, int]:
    return (timing, ctx if timing in (DURING_STEP, WHEN_LIGHT_DRAWN) else -1)


def asked(state: NevermoreState, seat: int, timing: int, ctx: int) -> bool:
    """Whether a magick window asks `seat`: it holds a magick card (a public count).

    Every holder is asked, whether or not it can play anything now, so being asked tells
    the table nothing about which cards a seat holds. The drawer is not asked in the window
    that answers its own Light Magick draw.
    """
    if timing == WHEN_LIGHT_DRAWN and seat == state.drawer:
        return False
    return any(state.magick[seat])


def can_act(state: NevermoreState, seat: int, timing: int, ctx: int) -> bool:
    """Whether `seat` has something to play (or add to its hand) in this window."""
    return len(window_actions(state, seat, timing, ctx)) > 0


def joins_allowed(state: NevermoreState, timing: int) -> bool:
    """Whether magick cards may join the hand as suit cards in this window (option join_hand).

    The seed lets such cards join 「在結算階段之前」; its FAQ (魔法牌 3) has them passed like
    any card of the hand, which needs them to join before drafting: so by default both the
    before-drafting and the before-resolution windows ('before-resolution': only the latter).
    """
    if timing == BEFORE_RESOLUTION:
        return True
    return timing == BEFORE_DRAFT and state.options["join_hand"] == "also-before-draft"


def join_suit(state: NevermoreState, title: int) -> int:
    """The suit `title` counts as in the hand: its declared suit, a Shadow card's Raven, or -1."""
    card = state.cards.magick[title]
    if card.joins_as is not None:
        return card.joins_as
    if card.deck == SHADOW and state.options["shadow_ravens"] == "any":
        return RAVEN
    return -1


def window_actions(state: NevermoreState, seat: int, timing: int, ctx: int) -> list[int]:
    """Titles `seat` may play now, then titles it may add to its hand as suit cards."""
    held = state.magick[seat]
    table = window_titles(state.cards)
    actions = [A_PLAY + t for t in table[_key(timing, ctx)]
               if held[t] and PLAYABLE[effect_of(state, seat, t)](state, seat, ctx)]
    if joins_allowed(state, timing):
        joining = [A_JOIN + t for t in table[DECLARED_KEY] if held[t]]
        if state.options["shadow_ravens"] == "any":
            joining += [A_JOIN + t for t in table[SHADOW_KEY] if held[t]]
        actions += sorted(joining)
    return actions


def reprieves(state: NevermoreState, seat: int) -> list[int]:
    """Any-time heals `seat` holds, to answer a lethal hit (only a human can be saved)."""
    if state.raven[seat]:
        return []
    held = state.magick[seat]
    return [t for t in window_titles(state.cards)[(-1, -1)] if held[t]]


def requisition_possible(state: NevermoreState, drawer: int) -> bool:
    """Whether a Light Magick draw opens a window: another seat holds a magick card.

    Only a public count decides it, so the window never tells who holds a Requisition.
    """
    return any(any(state.magick[s]) for s in range(state.num_players) if s != drawer)


# -- playing a card ------------------------------------------------------------------------
def _spend(state: NevermoreState, seat: int, title: int) -> None:
    """The card leaves the hand; it goes to its discard pile at clean-up (規則 2.5.1)."""
    state.magick[seat][title] -= 1
    state.adrift.append(title)


def play(state: NevermoreState, seat: int, title: int, timing: int, ctx: int) -> None:
    """Play `title` from `seat`'s magick hand and resolve it fully."""
    _spend(state, seat, title)
    effect = effect_of(state, seat, title)
    state._emit("card", "nevermore.plays", {
        "seat": seat, "card": state.cards.magick[title].name(),
        "form": "raven" if state.raven[seat] else "human"})
    RESOLVE[effect](state, seat, ctx)


def add_to_hand(state: NevermoreState, seat: int, title: int) -> None:
    """A card joins the hand as the suit card it counts as (魔法牌 6; FAQ 魔法牌 3, 4).

    From then on it is that suit card in every respect: passed, taken, discarded, put down
    and counted like the main deck's; the magick card goes to its discard pile at clean-up.
    """
    suit = join_suit(state, title)
    _spend(state, seat, title)
    state.hand[seat][suit] += 1
    state._emit("card", "nevermore.adds_to_hand", {
        "seat": seat, "card": state.cards.magick[title].name(), "suit": SUITS[suit]})


def _note(state: NevermoreState, seat: int, key: str, **args: object) -> None:
    state._emit("card", f"nevermore.fx.{key}", {"seat": seat, **args})


def _prophecy(state: NevermoreState, seat: int, ctx: int) -> None:
    state._ask(D_KIND, seat, P_PROPHECY_SUIT, 0b1111, -1)


def _repentance(state: NevermoreState, seat: int, ctx: int) -> None:
    if seat not in state.repent:
        state.repent.append(seat)
    _note(state, seat, "repentance")


def _justice(state: NevermoreState, seat: int, ctx: int) -> None:
    from candlelit.games.nevermore.rules import FX_FREEZE, FX_JUSTICE

    state.fx[FX_JUSTICE] |= 1 << seat
    _note(state, seat, "void_no_draft" if state.fx[FX_FREEZE] else "justice")


def _punishment(state: NevermoreState, seat: int, ctx: int) -> None:
    state._target(seat, P_PUNISH, _others(state, seat), -1)


def _freeze(state: NevermoreState, seat: int, ctx: int) -> None:
    from candlelit.games.nevermore.rules import FX_FREEZE

    state.fx[FX_FREEZE] = 1
    _note(state, seat, "freeze")


def _harvest(state: NevermoreState, seat: int, ctx: int) -> None:
    from candlelit.games.nevermore.rules import FX_FREEZE

    state.harvest[seat] += 1
    _note(state, seat, "void_no_draft" if state.fx[FX_FREEZE] else "harvest",
          **{"from": (seat - state.direction) % state.num_players})


def _requisition(state: NevermoreState, seat: int, ctx: int) -> None:
    drawer, drawn = state.drawer, state.drawn
    title = drawn.pop(state._chance().randrange(len(drawn)))
    state.magick[drawer][title] -= 1
    state.magick[seat][title] += 1
    _note(state, seat, "requisition", to=drawer)
    state._emit("card", "nevermore.fx.requisition_card", {
        "seat": seat, "to": drawer, "card": state.cards.magick[title].name()},
        (seat, drawer))


def restore(state: NevermoreState, seat: int, amount: int) -> None:
    """A human regains `amount` health, never above the maximum (no effect on a raven)."""
    if state.raven[seat]:
        return
    health = min(state.max_health, state.health[seat] + amount)
    state._emit("heal", "nevermore.healed", {"seat": seat, "amount": amount, "health": health})
    state.health[seat] = max(health, state.health[seat])


def _reprieve(state: NevermoreState, seat: int, ctx: int) -> None:
    restore(state, seat, 2)


def _betrayal(state: NevermoreState, seat: int, ctx: int) -> None:
    from candlelit.games.nevermore.rules import FX_BETRAY

    if state.fx[FX_BETRAY] < 0:
        state.fx[FX_BETRAY] = seat
        _note(state, seat, "betrayal")
    else:
        _note(state, seat, "betrayal_again", to=state.fx[FX_BETRAY])


def _betrayal_raven(state: NevermoreState, seat: int, ctx: int) -> None:
    from candlelit.games.nevermore.rules import FX_BETRAY_VOID

    state.fx[FX_BETRAY_VOID] = 1
    _note(state, seat, "betrayal_raven")


def _bloodletting(state: NevermoreState, seat: int, ctx: int) -> None:
    state._push([T_DAMAGE, seat, seat, 1, C_SELF], [T_TARGET, seat, P_BLOODLET, -1])


def _bloodletting_raven(state: NevermoreState, seat: int, ctx: int) -> None:
    state._target(seat, P_BLOODLET_RAVEN, _humans(state, seat), -1)


def _darkness(state: NevermoreState, seat: int, ctx: int) -> None:
    from candlelit.games.nevermore.rules import FX_DARK

    state.fx[FX_DARK] = 1
    _note(state, seat, "darkness")


def _rage(state: NevermoreState, seat: int, ctx: int) -> None:
    state._target(seat, P_RAGE, _victims(state, seat), ctx)


def _rage_raven(state: NevermoreState, seat: int, ctx: int) -> None:
    from candlelit.games.nevermore.rules import FX_RAGE_PECK

    state.fx[FX_RAGE_PECK] |= 1 << seat
    _note(state, seat, "rage_raven")


def _dominate(state: NevermoreState, seat: int, ctx: int) -> None:
    state._target(seat, P_DOMINATE, _victims(state, seat), ctx)


def _drain(state: NevermoreState, seat: int, ctx: int) -> None:
    state._target(seat, P_DRAIN, _victims(state, seat), ctx)


def _drain_raven(state: NevermoreState, seat: int, ctx: int) -> None:
    state._target(seat, P_DRAIN_RAVEN, _humans(state, seat), -1)


def _deceive(state: NevermoreState, seat: int, ctx: int) -> None:
    from candlelit.games.nevermore.rules import FX_FREEZE

    if state.fx[FX_FREEZE]:
        _note(state, seat, "void_no_draft")
        return
    upstream = (seat - state.direction) % state.num_players
    hands = state.hand
    hands[seat], hands[upstream] = hands[upstream], hands[seat]
    _note(state, seat, "deceive", to=upstream)
    for who in (seat, upstream):
        state._emit("card", "nevermore.fx.new_hand", {"seat": who, "cards": hands[who][:]},
                    (who,))


def _wither(state: NevermoreState, seat: int, ctx: int) -> None:
    state._target(seat, P_WITHER, _with_vp(state, seat), -1)


def _spite(state: NevermoreState, seat: int, ctx: int) -> None:
    mask = _spite_mask(state, seat)
    _note(state, seat, "spite")
    state._push(*[[T_DAMAGE, seat, s, 1, C_CARD, 1] for s in state.order if mask >> s & 1],
                [T_CHECK_WIN, seat])


def _exhaust(state: NevermoreState, seat: int, ctx: int) -> None:
    state._target(seat, P_EXHAUST, _max_health(state), -1)


def _nightmare(state: NevermoreState, seat: int, ctx: int) -> None:
    state._target(seat, P_NIGHTMARE, _with_cards(state, seat), -1)


Resolve = Callable[["NevermoreState", int, int], None]
RESOLVE: dict[str, Resolve] = {
    "prophecy": _prophecy, "repentance": _repentance, "justice": _justice,
    "punishment": _punishment, "freeze": _freeze, "harvest": _harvest,
    "requisition": _requisition, "reprieve": _reprieve, "betrayal": _betrayal,
    "betrayal_raven": _betrayal_raven,
    "bloodletting": _bloodletting, "bloodletting_raven": _bloodletting_raven,
    "darkness": _darkness, "rage": _rage, "rage_raven": _rage_raven, "dominate": _dominate,
    "drain": _drain, "drain_raven": _drain_raven, "deceive": _deceive, "wither": _wither,
    "spite": _spite, "exhaust": _exhaust, "nightmare": _nightmare,
}


# -- follow-up choices ---------------------------------------------------------------------
def target_mask(state: NevermoreState, seat: int, purpose: int, extra: int) -> int:
    """Seats a deferred choice (scheduled with T_TARGET) may pick when it comes up."""
    if purpose == P_BLOODLET:
        return _humans(state, seat)
    if purpose == P_HOPFROG:
        return _humans(state, -1) & ~(1 << extra)
    raise AssertionError(f"no deferred target for {PURPOSES[purpose]}")


def no_target(state: NevermoreState, seat: int, purpose: int) -> None:
    """A choice with nobody to choose: the effect fizzles (said in the log)."""
    state._emit("card", "nevermore.fx.no_target", {"seat": seat})


def _take(state: NevermoreState, taker: int, victim: int, suit: int, count: int) -> None:
    """Take uncancelled cards of the step from a victim (FAQ 魔法牌 9, 16)."""
    from candlelit.games.nevermore.rules import FX_DARK

    count = min(count, state.net[victim])
    state.net[victim] -= count
    state.front[victim][suit] -= count
    state.net[taker] += count
    state.front[taker][suit] += count
    state._emit("card", "nevermore.fx.takes", {"seat": taker, "to": victim,
                                                "count": count, "suit": SUITS[suit]})
    if count and any(state.hand[taker]) and not state.fx[FX_DARK]:
        state.tasks.append([T_CANCEL_TAKEN, taker, suit, count])


def t_cancel_taken(state: NevermoreState, task: list[int]) -> None:
    """The taker may cancel a newly taken card with one of its own Ravens.

    It is asked whenever it holds cards (a public count), so the question does not tell
    the table whether it holds a Raven; without one its only answer is no.
    """
    _, seat, suit, count = task
    state._ask(D_YESNO, seat, P_CANCEL_TAKEN, suit, count)


def t_nightmare_discard(state: NevermoreState, task: list[int]) -> None:
    seat = task[1]
    hand = state.hand[seat]
    mask = 0
    for k in range(5):
        if hand[k]:
            mask |= 1 << k
    if mask:
        state._ask(D_KIND, seat, P_NIGHTMARE_DISCARD, mask, -1)


def _discard(state: NevermoreState, seat: int, kind: int) -> None:
    """A discarded suit card still counts as part of the hand (FAQ 魔法牌 16, 19)."""
    state.hand[seat][kind] -= 1
    state.front[seat][kind] += 1
    state._emit("card", "nevermore.fx.discards", {"seat": seat, "suit": SUITS[kind]})


def on_target(state: NevermoreState, seat: int, purpose: int, target: int, extra: int) -> None:
    """A card's chosen target."""
    if purpose == P_PROPHECY_WHO:
        state.prophecies.append([seat, target, extra, 0])
        _note(state, seat, "prophecy", to=target, suit=SUITS[extra])
    elif purpose == P_PUNISH:
        from candlelit.games.nevermore.rules import FX_PUNISH

        state.fx[FX_PUNISH] |= 1 << target
        _note(state, seat, "punishment", to=target)
    elif purpose == P_BLOODLET:
        _note(state, seat, "bloodletting", to=target)
        state.tasks.append([T_DAMAGE, seat, target, 2, C_CARD])
    elif purpose in (P_BLOODLET_RAVEN, P_DRAIN_RAVEN):
        state.tasks.append([T_DAMAGE, seat, target, 1, C_CARD])
    elif purpose == P_RAGE:
        _take(state, seat, target, ATTACK, 2)
    elif purpose == P_DOMINATE:
        _take(state, seat, target, extra, 1)
    elif purpose == P_DRAIN:
        _take(state, seat, target, HEAL, 1)
    elif purpose == P_WITHER:
        state.tasks.append([T_LOSE_VP, target, 1])
    elif purpose == P_EXHAUST:
        state.tasks.append([T_DAMAGE, seat, target, 2, C_CARD])
    elif purpose == P_NIGHTMARE:
        hand = state.hand[target]
        pick = state._chance().randrange(sum(hand))
        kind = 0
        while pick >= hand[kind]:
            pick -= hand[kind]
            kind += 1
        hand[kind] -= 1
        state.hand[seat][kind] += 1
        _note(state, seat, "nightmare", to=target)
        state._emit("card", "nevermore.fx.nightmare_card", {
            "seat": seat, "to": target, "suit": SUITS[kind]}, (seat, target))
        state.tasks.append([T_NIGHTMARE_DISCARD, seat])
    else:
        raise AssertionError(f"no target handler for {PURPOSES[purpose]}")


def on_kind(state: NevermoreState, seat: int, purpose: int, kind: int, extra: int) -> None:
    """A chosen suit / card kind."""
    if purpose == P_PROPHECY_SUIT:
        state._target(seat, P_PROPHECY_WHO, _others(state, seat), kind)
    elif purpose == P_NIGHTMARE_DISCARD:
        _discard(state, seat, kind)
    elif purpose == P_PYM:
        from candlelit.games.nevermore import specters

        specters.pym_discard(state, seat, kind)
    else:
        raise AssertionError(f"no kind handler for {PURPOSES[purpose]}")


def on_yes_no(state: NevermoreState, seat: int, purpose: int, yes: bool,
              decision: list[int]) -> None:
    """A yes / no answer."""
    if purpose == P_IMP:
        from candlelit.games.nevermore import specters

        specters.imp_answer(state, seat, yes, decision[3], decision[4])
        return
    if purpose != P_CANCEL_TAKEN:
        raise AssertionError(f"no yes/no handler for {PURPOSES[purpose]}")
    suit, count = decision[3], decision[4]
    if not yes:
        return
    state.hand[seat][RAVEN] -= 1
    state.front[seat][RAVEN] += 1
    state.net[seat] -= 1
    state._emit("card", "nevermore.fx.cancels_taken", {"seat": seat, "suit": SUITS[suit]})
    if count > 1:
        state.tasks.append([T_CANCEL_TAKEN, seat, suit, count - 1])


def answer_lethal(state: NevermoreState, seat: int, action: int) -> None:
    """Play a Reprieve before the lethal damage lands, or let it land."""
    _, target, source, amount, cause, together = state.decision
    state.decision, state.pending = [D_NONE], []
    if action != A_DONE:
        title = action - A_PLAY
        _spend(state, seat, title)
        state._emit("card", "nevermore.plays", {
            "seat": seat, "card": state.cards.magick[title].name(), "form": "human"})
        restore(state, seat, 2)
    state.apply_damage(source, target, amount, cause, together)
