"""What each magick effect of the vocabulary does when played, and its follow-up choices.

Every card is resolved in full before anything else happens (魔法牌 4): its follow-up
choices (a target, a suit) are asked at once, its damage and points are scheduled on top of
the round's task stack. A raven player uses the card's raven-symbol effect when it has one
(魔法牌 7; FAQ 魔法牌 2, 5); otherwise the normal effect, whose health changes for the
raven itself are void (a raven has no health, 烏鴉玩家 2.1).
"""

from __future__ import annotations

from collections.abc import Callable

from candlelit.engine.flow import check_complete
from candlelit.games.nevermore import choices
from candlelit.games.nevermore.attacks import second_peck_targets
from candlelit.games.nevermore.choices import humans_mask
from candlelit.games.nevermore.constants import (
    A_DONE,
    A_PLAY,
    ATTACK,
    C_CARD,
    C_SELF,
    D_KIND,
    D_NONE,
    D_YESNO,
    DEFERRED_TARGETS,
    HEAL,
    P_BLOODLET,
    P_BLOODLET_RAVEN,
    P_CANCEL_TAKEN,
    P_DOMINATE,
    P_DRAIN,
    P_DRAIN_RAVEN,
    P_EXHAUST,
    P_HOPFROG,
    P_NIGHTMARE,
    P_NIGHTMARE_DISCARD,
    P_PROPHECY_SUIT,
    P_PROPHECY_WHO,
    P_PUNISH,
    P_RAGE,
    P_WITHER,
    RAVEN,
    SUITS,
    T_CANCEL_TAKEN,
    T_CHECK_WIN,
    T_DAMAGE,
    T_LOSE_VP,
    T_NIGHTMARE_DISCARD,
    T_TARGET,
)
from candlelit.games.nevermore.health import apply_damage
from candlelit.games.nevermore.playable import (
    effect_of,
    healthiest,
    join_suit,
    others,
    spite_targets,
    victims,
    with_cards,
    with_vp,
)
from candlelit.games.nevermore.state import (
    FX_BETRAY,
    FX_BETRAY_VOID,
    FX_DARK,
    FX_FREEZE,
    FX_JUSTICE,
    FX_PUNISH,
    FX_RAGE_PECK,
    NevermoreFields,
)
from candlelit.games.nevermore.vocabulary import PLAYED


# -- playing a card ------------------------------------------------------------------------
def _spend(state: NevermoreFields, seat: int, title: int) -> None:
    """The card leaves the hand; it goes to its discard pile at clean-up (規則 2.5.1)."""
    state.magick[seat][title] -= 1
    state.adrift.append(title)


def play(state: NevermoreFields, seat: int, title: int, timing: int, ctx: int) -> None:
    """Play `title` from `seat`'s magick hand and resolve it fully."""
    _spend(state, seat, title)
    effect = effect_of(state, seat, title)
    state._emit("card", "nevermore.plays", {
        "seat": seat, "card": state.cards.magick[title].name(),
        "form": "raven" if state.raven[seat] else "human"})
    RESOLVE[effect](state, seat, ctx)


def add_to_hand(state: NevermoreFields, seat: int, title: int) -> None:
    """A card joins the hand as the suit card it counts as (魔法牌 6; FAQ 魔法牌 3, 4).

    From then on it is that suit card in every respect: passed, taken, discarded, put down
    and counted like the main deck's; the magick card goes to its discard pile at clean-up.
    """
    suit = join_suit(state, title)
    _spend(state, seat, title)
    state.hand[seat][suit] += 1
    state._emit("card", "nevermore.adds_to_hand", {
        "seat": seat, "card": state.cards.magick[title].name(), "suit": SUITS[suit]})


def _note(state: NevermoreFields, seat: int, key: str, **args: object) -> None:
    state._emit("card", f"nevermore.fx.{key}", {"seat": seat, **args})


def _prophecy(state: NevermoreFields, seat: int, ctx: int) -> None:
    state.ask(D_KIND, seat, P_PROPHECY_SUIT, 0b1111, -1)


def _repentance(state: NevermoreFields, seat: int, ctx: int) -> None:
    if seat not in state.repent:
        state.repent.append(seat)
    _note(state, seat, "repentance")


def _justice(state: NevermoreFields, seat: int, ctx: int) -> None:
    state.fx[FX_JUSTICE] |= 1 << seat
    _note(state, seat, "void_no_draft" if state.fx[FX_FREEZE] else "justice")


def _punishment(state: NevermoreFields, seat: int, ctx: int) -> None:
    choices.target(state, seat, P_PUNISH, others(state, seat), -1)


def _freeze(state: NevermoreFields, seat: int, ctx: int) -> None:
    state.fx[FX_FREEZE] = 1
    _note(state, seat, "freeze")


def _harvest(state: NevermoreFields, seat: int, ctx: int) -> None:
    state.harvest[seat] += 1
    _note(state, seat, "void_no_draft" if state.fx[FX_FREEZE] else "harvest",
          **{"from": (seat - state.direction) % state.num_players})


def _requisition(state: NevermoreFields, seat: int, ctx: int) -> None:
    drawer, drawn = state.drawer, state.drawn
    title = drawn.pop(state._chance().randrange(len(drawn)))
    state.magick[drawer][title] -= 1
    state.magick[seat][title] += 1
    _note(state, seat, "requisition", to=drawer)
    state._emit("card", "nevermore.fx.requisition_card", {
        "seat": seat, "to": drawer, "card": state.cards.magick[title].name()},
        (seat, drawer))


def restore(state: NevermoreFields, seat: int, amount: int) -> None:
    """A human regains `amount` health, never above the maximum (no effect on a raven)."""
    if state.raven[seat]:
        return
    health = min(state.max_health, state.health[seat] + amount)
    state._emit("heal", "nevermore.healed", {"seat": seat, "amount": amount, "health": health})
    state.health[seat] = max(health, state.health[seat])


def _reprieve(state: NevermoreFields, seat: int, ctx: int) -> None:
    restore(state, seat, 2)


def _betrayal(state: NevermoreFields, seat: int, ctx: int) -> None:
    if state.fx[FX_BETRAY] < 0:
        state.fx[FX_BETRAY] = seat
        _note(state, seat, "betrayal")
    else:
        _note(state, seat, "betrayal_again", to=state.fx[FX_BETRAY])


def _betrayal_raven(state: NevermoreFields, seat: int, ctx: int) -> None:
    state.fx[FX_BETRAY_VOID] = 1
    _note(state, seat, "betrayal_raven")


def _bloodletting(state: NevermoreFields, seat: int, ctx: int) -> None:
    state.push([T_DAMAGE, seat, seat, 1, C_SELF], [T_TARGET, seat, P_BLOODLET, -1])


def _bloodletting_raven(state: NevermoreFields, seat: int, ctx: int) -> None:
    choices.target(state, seat, P_BLOODLET_RAVEN, humans_mask(state, seat), -1)


def _darkness(state: NevermoreFields, seat: int, ctx: int) -> None:
    state.fx[FX_DARK] = 1
    _note(state, seat, "darkness")


def _rage(state: NevermoreFields, seat: int, ctx: int) -> None:
    choices.target(state, seat, P_RAGE, victims(state, seat), ctx)


def _rage_raven(state: NevermoreFields, seat: int, ctx: int) -> None:
    state.fx[FX_RAGE_PECK] |= 1 << seat
    _note(state, seat, "rage_raven")


def _dominate(state: NevermoreFields, seat: int, ctx: int) -> None:
    choices.target(state, seat, P_DOMINATE, victims(state, seat), ctx)


def _drain(state: NevermoreFields, seat: int, ctx: int) -> None:
    choices.target(state, seat, P_DRAIN, victims(state, seat), ctx)


def _drain_raven(state: NevermoreFields, seat: int, ctx: int) -> None:
    choices.target(state, seat, P_DRAIN_RAVEN, humans_mask(state, seat), -1)


def _deceive(state: NevermoreFields, seat: int, ctx: int) -> None:
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


def _wither(state: NevermoreFields, seat: int, ctx: int) -> None:
    choices.target(state, seat, P_WITHER, with_vp(state, seat), -1)


def _spite(state: NevermoreFields, seat: int, ctx: int) -> None:
    mask = spite_targets(state, seat)
    _note(state, seat, "spite")
    state.push(*[[T_DAMAGE, seat, s, 1, C_CARD, 1] for s in state.order if mask >> s & 1],
                [T_CHECK_WIN, seat])


def _exhaust(state: NevermoreFields, seat: int, ctx: int) -> None:
    choices.target(state, seat, P_EXHAUST, healthiest(state), -1)


def _nightmare(state: NevermoreFields, seat: int, ctx: int) -> None:
    choices.target(state, seat, P_NIGHTMARE, with_cards(state, seat), -1)


Resolve = Callable[["NevermoreFields", int, int], None]
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
"""Played effect id -> what it does (SUIT_CARD is never played)."""
check_complete("nevermore: played effect", PLAYED, RESOLVE)


# -- follow-up choices ---------------------------------------------------------------------
def _bloodletting_targets(state: NevermoreFields, seat: int, extra: int) -> int:
    """Bloodletting's 2 damage, chosen once its 1 self-damage has landed: any other human."""
    return humans_mask(state, seat)


def t_target(state: NevermoreFields, task: list[int]) -> None:
    """[T_TARGET, seat, purpose, extra]: a choice deferred until the tasks before it ran."""
    _, seat, purpose, extra = task
    choices.target(state, seat, purpose, DEFERRED[purpose](state, seat, extra), extra)


def _take(state: NevermoreFields, taker: int, victim: int, suit: int, count: int) -> None:
    """Take uncancelled cards of the step from a victim (FAQ 魔法牌 9, 16)."""
    count = min(count, state.net[victim])
    state.net[victim] -= count
    state.front[victim][suit] -= count
    state.net[taker] += count
    state.front[taker][suit] += count
    state._emit("card", "nevermore.fx.takes", {"seat": taker, "to": victim,
                                                "count": count, "suit": SUITS[suit]})
    if count and any(state.hand[taker]) and not state.fx[FX_DARK]:
        state.tasks.append([T_CANCEL_TAKEN, taker, suit, count])


def t_cancel_taken(state: NevermoreFields, task: list[int]) -> None:
    """The taker may cancel a newly taken card with one of its own Ravens.

    It is asked whenever it holds cards (a public count), so the question does not tell
    the table whether it holds a Raven; without one its only answer is no.
    """
    _, seat, suit, count = task
    state.ask(D_YESNO, seat, P_CANCEL_TAKEN, suit, count)


def t_nightmare_discard(state: NevermoreFields, task: list[int]) -> None:
    """[T_NIGHTMARE_DISCARD, seat]: the Nightmare's player discards a suit card it chooses."""
    seat = task[1]
    hand = state.hand[seat]
    mask = 0
    for k in range(5):
        if hand[k]:
            mask |= 1 << k
    if mask:
        state.ask(D_KIND, seat, P_NIGHTMARE_DISCARD, mask, -1)


def _discard(state: NevermoreFields, seat: int, kind: int) -> None:
    """A discarded suit card still counts as part of the hand (FAQ 魔法牌 16, 19)."""
    state.hand[seat][kind] -= 1
    state.front[seat][kind] += 1
    state._emit("card", "nevermore.fx.discards", {"seat": seat, "suit": SUITS[kind]})


def answer_prophecy_player(state: NevermoreFields, seat: int, target: int, suit: int) -> None:
    """Prophecy: the chosen player and suit are foretold."""
    state.prophecies.append([seat, target, suit, 0])
    _note(state, seat, "prophecy", to=target, suit=SUITS[suit])


def answer_punishment(state: NevermoreFields, seat: int, target: int, extra: int) -> None:
    """Punishment marks the chosen player."""
    state.fx[FX_PUNISH] |= 1 << target
    _note(state, seat, "punishment", to=target)


def answer_bloodletting(state: NevermoreFields, seat: int, target: int, extra: int) -> None:
    """Bloodletting deals 2 damage to the chosen human."""
    _note(state, seat, "bloodletting", to=target)
    state.tasks.append([T_DAMAGE, seat, target, 2, C_CARD])


def answer_raven_damage(state: NevermoreFields, seat: int, target: int, extra: int) -> None:
    """A raven's Bloodletting or Drain deals 1 damage to the chosen human."""
    state.tasks.append([T_DAMAGE, seat, target, 1, C_CARD])


def answer_rage(state: NevermoreFields, seat: int, target: int, extra: int) -> None:
    """Rage takes 2 Attack cards from the chosen player."""
    _take(state, seat, target, ATTACK, 2)


def answer_dominate(state: NevermoreFields, seat: int, target: int, suit: int) -> None:
    """Dominate takes 1 card of the step's suit from the chosen player."""
    _take(state, seat, target, suit, 1)


def answer_drain(state: NevermoreFields, seat: int, target: int, extra: int) -> None:
    """Drain takes 1 Healing card from the chosen player."""
    _take(state, seat, target, HEAL, 1)


def answer_wither(state: NevermoreFields, seat: int, target: int, extra: int) -> None:
    """Wither costs the chosen player 1 VP."""
    state.tasks.append([T_LOSE_VP, target, 1])


def answer_exhaust(state: NevermoreFields, seat: int, target: int, extra: int) -> None:
    """Exhaust deals 2 damage to the chosen healthiest human."""
    state.tasks.append([T_DAMAGE, seat, target, 2, C_CARD])


def answer_nightmare(state: NevermoreFields, seat: int, target: int, extra: int) -> None:
    """Nightmare takes a random suit card from the chosen hand; its player then discards one."""
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


def answer_prophecy_suit(state: NevermoreFields, seat: int, suit: int, extra: int) -> None:
    """Prophecy's suit is chosen: now its player."""
    choices.target(state, seat, P_PROPHECY_WHO, others(state, seat), suit)


def answer_nightmare_discard(state: NevermoreFields, seat: int, kind: int, extra: int) -> None:
    """The Nightmare's player discards the chosen suit card."""
    _discard(state, seat, kind)


def answer_cancel_taken(state: NevermoreFields, seat: int, yes: bool,
                        decision: list[int]) -> None:
    """Yes: cancel one newly taken card with one of the taker's Ravens (and ask again)."""
    suit, count = decision[3], decision[4]
    if not yes:
        return
    state.hand[seat][RAVEN] -= 1
    state.front[seat][RAVEN] += 1
    state.net[seat] -= 1
    state._emit("card", "nevermore.fx.cancels_taken", {"seat": seat, "suit": SUITS[suit]})
    if count > 1:
        state.tasks.append([T_CANCEL_TAKEN, seat, suit, count - 1])


def answer_lethal(state: NevermoreFields, seat: int, action: int) -> None:
    """Play a Reprieve before the lethal damage lands, or let it land."""
    _, target, source, amount, cause, together = state.decision
    state.decision, state.pending = [D_NONE], []
    if action != A_DONE:
        title = action - A_PLAY
        _spend(state, seat, title)
        state._emit("card", "nevermore.plays", {
            "seat": seat, "card": state.cards.magick[title].name(), "form": "human"})
        restore(state, seat, 2)
    apply_damage(state, source, target, amount, cause, together)


DEFERRED: dict[int, Callable[[NevermoreFields, int, int], int]] = {
    P_HOPFROG: second_peck_targets, P_BLOODLET: _bloodletting_targets,
}
"""Deferred target purpose -> the seats its choice may pick when it comes up (by seat, extra)."""
check_complete("nevermore: deferred target", DEFERRED_TARGETS, DEFERRED)
