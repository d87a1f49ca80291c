"""Drawing from the decks: a pile that runs out is refilled from its shuffled discards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.anima.constants import HAND_LIMIT, PARTY_LIMIT

if TYPE_CHECKING:
    from candlelit.games.anima.state import AnimaFields


def pop_encounter(s: AnimaFields) -> int:
    """The top encounter, reshuffling the discards when the deck runs out (-1: none)."""
    if not s.enc_deck:
        if not s.enc_discard:
            return -1
        s.enc_deck, s.enc_discard = s.enc_discard, []
        s.shuffle(s.enc_deck)
        s._emit("deck", "anima.reshuffled", {"deck": "encounters"})
    return s.enc_deck.pop()


def to_hand(s: AnimaFields, seat: int, kind: int) -> None:
    """Put advantage `kind` into `seat`'s hand (kept sorted)."""
    hand = s.hand[seat]
    hand.append(kind)
    hand.sort()


def draw_advantages(s: AnimaFields, seat: int, count: int) -> int:
    """Draw up to `count` advantages, stopping at the hand limit (no draw-then-discard)."""
    drawn = 0
    for _ in range(count):
        if len(s.hand[seat]) >= HAND_LIMIT:
            s._emit("draw", "anima.hand_full", {"seat": seat})
            break
        if not s.adv_deck:
            if not s.adv_discard:
                break
            s.adv_deck, s.adv_discard = s.adv_discard, []
            s.shuffle(s.adv_deck)
            s._emit("deck", "anima.reshuffled", {"deck": "advantages"})
        kind = s.adv_deck.pop()
        to_hand(s, seat, kind)
        s._emit("draw", "anima.drew_card", {"seat": seat, "card": s.advantage(kind).id},
                (seat,))
        drawn += 1
    if drawn:
        s._emit("draw", "anima.drew", {"seat": seat, "count": drawn})
    return drawn


def recruit(s: AnimaFields, seat: int) -> bool:
    """Draw the top character into the party if it has room (else nothing happens)."""
    if len(s.party[seat]) >= PARTY_LIMIT:
        s._emit("recruit", "anima.party_full", {"seat": seat})
        return False
    if not s.char_deck:
        if not s.char_discard:
            return False
        s.char_deck, s.char_discard = s.char_discard, []
        s.shuffle(s.char_deck)
        s._emit("deck", "anima.reshuffled", {"deck": "characters"})
    kind = s.char_deck.pop()
    s.party[seat].append(kind)
    s._emit("recruit", "anima.recruited", {"seat": seat, "card": s.character(kind).id})
    return True
