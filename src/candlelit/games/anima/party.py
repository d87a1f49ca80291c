"""A party: which characters count and are ready, what they and the hand may play, and
its Speed; characters joining, changing hands and leaving."""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.anima.constants import REST_BONUS
from candlelit.games.anima.vocabulary import SKILLS, Op

if TYPE_CHECKING:
    from candlelit.games.anima.state import AnimaFields

_SKILL_BIT = {skill: bit for bit, skill in enumerate(SKILLS)}
"""The bit of each skill in `blocked`."""


# -- who counts ---------------------------------------------------------------------------
def active(s: AnimaFields, seat: int) -> list[int]:
    """The party's characters that count now (inactive ones add nothing)."""
    gone = s.inactive[seat]
    return [c for c in s.party[seat] if c not in gone]


def ready(s: AnimaFields, seat: int, kind: int) -> bool:
    """Whether the character is in the party, active and not exhausted."""
    return (kind in s.party[seat] and kind not in s.exhausted[seat]
            and kind not in s.inactive[seat])


def has_skill_ready(s: AnimaFields, seat: int, skill: str) -> bool:
    """Whether a ready character with `skill` lets the party play that skill card."""
    if not skill:
        return True
    if s.blocked[seat] >> _SKILL_BIT[skill] & 1:
        return False
    chars, exhausted, inactive = s.cards.characters, s.exhausted[seat], s.inactive[seat]
    return any(skill in chars[c].skills for c in s.party[seat]
               if c not in exhausted and c not in inactive)


def party_speed(s: AnimaFields, seat: int) -> int:
    """Speed of the active characters plus mission, rest, round and organization bonuses."""
    chars, gone = s.cards.characters, s.inactive[seat]
    total = s.bonus[seat][1] + s.speed_mod[seat]
    for c in s.party[seat]:
        if c not in gone:
            total += chars[c].speed
    if s.rest_round[seat] == s.round:
        total += REST_BONUS
    org = s.org[seat]
    if org >= 0:
        for op in s.cards.advantages[org].does:
            if op.op == "speed":
                total += op.amount
    return total


# -- what characters and cards can do ------------------------------------------------------
def ready_with(s: AnimaFields, seat: int, op: str) -> list[int]:
    """Ready, active characters of `seat` whose exhausting ability has op `op`."""
    chars = s.cards.characters
    return [c for c in s.party[seat] if chars[c].exhaust and op in chars[c].op_names
            and ready(s, seat, c)]


def passive_ops(s: AnimaFields, seat: int) -> list[Op]:
    """Ops always on: non-exhausting abilities of active characters and the organization."""
    chars = s.cards.characters
    out = [o for c in active(s, seat) if not chars[c].exhaust for o in chars[c].does]
    if s.org[seat] >= 0:
        out.extend(s.advantage(s.org[seat]).does)
    return out


def use_ability(s: AnimaFields, seat: int, kind: int) -> None:
    """Exhaust the character (so it powers no skill card this round); with option
    `ability_block: party` its skills' cards are blocked for the whole party too."""
    s.exhausted[seat].append(kind)
    if s.options["ability_block"] == "party":
        for skill in s.cards.characters[kind].skills:
            s.blocked[seat] |= 1 << SKILLS.index(skill)
    s._emit("ability", "anima.ability", {"seat": seat, "card": s.character(kind).id})


def cards_for_window(s: AnimaFields, seat: int, window: str) -> list[int]:
    """Advantages in `seat`'s hand playable in `window` (skill cards need a ready,
    unblocked character with the skill)."""
    advantages = s.cards.advantages
    return [k for k in s.hand[seat] if advantages[k].window == window
            and has_skill_ready(s, seat, advantages[k].skill)]


def spend_card(s: AnimaFields, seat: int, kind: int) -> None:
    """Play an advantage from hand to the discard pile."""
    s.hand[seat].remove(kind)
    s.adv_discard.append(kind)
    s._emit("play", "anima.played", {"seat": seat, "card": s.advantage(kind).id})


# -- characters changing hands --------------------------------------------------------------
def move_character(s: AnimaFields, giver: int, taker: int, kind: int) -> None:
    """Hand a character to another party; an exhausted or inactive card stays so."""
    s.party[giver].remove(kind)
    s.party[taker].append(kind)
    for marks in ((s.exhausted[giver], s.exhausted[taker]),
                  (s.inactive[giver], s.inactive[taker])):
        if kind in marks[0]:
            marks[0].remove(kind)
            marks[1].append(kind)


def remove_character(s: AnimaFields, seat: int, kind: int) -> None:
    """Take a character out of the party (its exhausted/inactive marks go with it)."""
    s.party[seat].remove(kind)
    for marks in (s.exhausted[seat], s.inactive[seat]):
        if kind in marks:
            marks.remove(kind)


def discard_character(s: AnimaFields, seat: int, kind: int) -> None:
    """A character leaves the party for the discard pile; its Speed still counts in
    this round's speed order (seed: 此回合仍以原本的總和速度計算)."""
    remove_character(s, seat, kind)
    s.char_discard.append(kind)
    s.gone_speed[seat] += s.cards.characters[kind].speed
