"""Interaction between parties: whom a party may attack or trade with (public facts only),
and a trade: the proposer's offer, the partner's answer within both limits, the exchange."""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.anima import decks, party
from candlelit.games.anima.constants import (
    A_ACCEPT,
    A_DONE,
    A_OFFER_ADV,
    A_OFFER_CHAR,
    HAND_LIMIT,
    PARTY_LIMIT,
    S_TRADE_CONFIRM,
    S_TRADE_OFFER,
    S_TRADE_REPLY,
)

if TYPE_CHECKING:
    from candlelit.games.anima.state import AnimaFields


def attack_targets(s: AnimaFields, seat: int) -> list[int]:
    """Parties `seat` may attack: same area, sizes within one (rivals always)."""
    here = s.loc[seat]
    if here < 0 or s.attacked[seat]:
        return []
    size = len(s.party[seat])
    return [q for q in range(s.num_players) if q != seat and s.loc[q] == here
            and (abs(len(s.party[q]) - size) <= 1 or rivals(s, seat, q))]


def rivals(s: AnimaFields, a: int, b: int) -> bool:
    """Whether the two parties belong to rival organizations."""
    return s.org[a] >= 0 and s.org[b] >= 0 and s.advantage(s.org[a]).rival == s.org[b]


def _trade_area(s: AnimaFields, seat: int) -> bool:
    return s.loc[seat] >= 0 and s.cards.areas[s.area_at[s.loc[seat]]].trade


def trade_partners(s: AnimaFields, seat: int) -> list[int]:
    """Seats `seat` may propose a trade to now: both parties stand on areas with the trade
    symbol; once per partner in a turn (option `trade: one-for-one`: once in all)."""
    traded = s.traded[seat]
    if not _trade_area(s, seat) or (traded and s.options["trade"] == "one-for-one"):
        return []
    return [q for q in range(s.num_players)
            if q != seat and not traded >> q & 1 and _trade_area(s, q)]


def may_interact(s: AnimaFields, seat: int) -> bool:
    """Whether anything is possible (judged from public facts only)."""
    return bool(s.hand[seat] or attack_targets(s, seat) or trade_partners(s, seat)
                or party.ready_with(s, seat, "steal_advantage"))


# -- a trade -----------------------------------------------------------------------------------
def _split(actions: list[int]) -> tuple[int, int]:
    """(advantages, characters) among offer actions."""
    chars = sum(1 for a in actions if a >= A_OFFER_CHAR)
    return len(actions) - chars, chars


def answer_room(s: AnimaFields) -> tuple[int, int, int, int]:
    """(least, most) advantages then (least, most) characters the partner may answer the
    offer with so that both parties end within their limits (at least one character each,
    at most 4; at most 5 advantages)."""
    proposer, partner = s.order[s.turn_idx], s.trade_with
    gave_adv, gave_char = _split(s.trade_gives)
    hand_p, hand_q = len(s.hand[proposer]), len(s.hand[partner])
    party_p, party_q = len(s.party[proposer]), len(s.party[partner])
    return (max(0, hand_q + gave_adv - HAND_LIMIT),
            min(hand_q, HAND_LIMIT - hand_p + gave_adv),
            max(0, party_q + gave_char - PARTY_LIMIT, 1 - party_p + gave_char),
            min(party_q, party_q + gave_char - 1, PARTY_LIMIT - party_p + gave_char))


def offer_actions(s: AnimaFields, seat: int) -> list[int]:
    """The proposer adds its cards to the offer one by one (one-for-one: its one card)."""
    gives = s.trade_gives
    out = [A_DONE] + [A_OFFER_ADV + k for k in s.hand[seat] if A_OFFER_ADV + k not in gives]
    out += [A_OFFER_CHAR + c for c in s.party[seat] if A_OFFER_CHAR + c not in gives]
    if gives:
        out.append(A_ACCEPT)
    return out


def reply_actions(s: AnimaFields, seat: int) -> list[int]:
    """The partner adds its own cards to the answer, keeping both within their limits."""
    low_adv, high_adv, low_char, high_char = answer_room(s)
    gets = s.trade_gets
    got_adv, got_char = _split(gets)
    if s.options["trade"] == "one-for-one":
        high_adv = 1 if low_char == 0 and low_adv <= 1 <= high_adv else 0
        high_char = 1 if low_adv == 0 and low_char <= 1 <= high_char else 0
    out = [A_DONE]
    if got_adv < high_adv:
        out += [A_OFFER_ADV + k for k in s.hand[seat] if A_OFFER_ADV + k not in gets]
    if got_char < high_char:
        out += [A_OFFER_CHAR + c for c in s.party[seat] if A_OFFER_CHAR + c not in gets]
    if gets and got_adv >= low_adv and got_char >= low_char:
        out.append(A_ACCEPT)
    return out


def confirm_actions(s: AnimaFields, seat: int) -> list[int]:
    """The proposer, seeing the answer, makes the trade or calls it off."""
    return [A_DONE, A_ACCEPT]


def apply_offer(s: AnimaFields, seat: int, action: int) -> None:
    """The proposer adds a card to the offer, makes it, or calls the trade off."""
    q = s.trade_with
    if action == A_DONE:
        s.trade_gives = []
        s._emit("trade", "anima.trade_off", {"seat": seat, "to": q})
        return
    _add_to_offer(s, seat, action, s.trade_gives, S_TRADE_OFFER, q, S_TRADE_REPLY)


def _add_to_offer(s: AnimaFields, seat: int, action: int, cards: list[int], building: int,
                  partner: int, then: int) -> None:
    """Add the card `action` names to `cards` (building goes on while trades are free), or
    on A_ACCEPT / a one-for-one card, show the offer and hand step `then` to `partner`."""
    if action != A_ACCEPT:
        cards.append(action)
        if s.options["trade"] != "one-for-one":
            s.step, s.actor = building, seat
            return
    _offer_log(s, seat, partner, cards)
    s.step, s.actor = then, partner


def _offer_log(s: AnimaFields, seat: int, q: int, actions: list[int]) -> None:
    """Each card offered is told to the two traders only; the others learn how many."""
    for action in actions:
        s._emit("trade", "anima.offers", {"seat": seat, "to": q, "card": _item(s, action)},
                (seat, q))
    s._emit("trade", "anima.offers_cards", {"seat": seat, "to": q, "count": len(actions)})


def apply_reply(s: AnimaFields, seat: int, action: int) -> None:
    """The partner adds a card to the answer, gives it, or declines the trade."""
    proposer = s.order[s.turn_idx]
    if action == A_DONE:
        s.trade_gives, s.trade_gets = [], []
        s._emit("trade", "anima.trade_declined", {"seat": seat, "to": proposer})
        return
    _add_to_offer(s, seat, action, s.trade_gets, S_TRADE_REPLY, proposer, S_TRADE_CONFIRM)


def apply_confirm(s: AnimaFields, seat: int, action: int) -> None:
    """Both sides hand their cards over (a once-a-round draw-on-trade follows), or not."""
    q = s.trade_with
    gives, gets = s.trade_gives, s.trade_gets
    s.trade_gives, s.trade_gets = [], []
    if action == A_DONE:
        s._emit("trade", "anima.trade_declined", {"seat": seat, "to": q})
        return
    for a in gives:
        _hand_over(s, seat, q, a)
    for a in gets:
        _hand_over(s, q, seat, a)
    s._emit("trade", "anima.traded", {"seat": seat, "to": q})
    for p in (seat, q):
        for op in party.passive_ops(s, p):
            if op.op == "draw_on_trade" and not s.trade_draw[p]:
                s.trade_draw[p] = 1
                decks.draw_advantages(s, p, op.count)


def _hand_over(s: AnimaFields, giver: int, taker: int, action: int) -> None:
    if action >= A_OFFER_CHAR:
        party.move_character(s, giver, taker, action - A_OFFER_CHAR)
    else:
        kind = action - A_OFFER_ADV
        s.hand[giver].remove(kind)
        decks.to_hand(s, taker, kind)


def _item(s: AnimaFields, action: int) -> str:
    if action >= A_OFFER_CHAR:
        return s.character(action - A_OFFER_CHAR).id
    return s.advantage(action - A_OFFER_ADV).id
