"""Combat: each side adds a d6 to its total — a party the Combat of its active characters and
its bonuses, a creature its printed Combat. Before the dice each fighting party may play
Combat cards and abilities (one at a time, then roll); after them a ready Warrior may
re-roll. A tie goes to the party against a creature and is re-rolled between parties.
The loser is expelled; losing by more than the death margin kills one of its characters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.anima import agenda, areas, decks, party, progress
from candlelit.games.anima.constants import (
    CB_CREATURE,
    CB_FOE,
    CB_PARTY,
    HAND_LIMIT,
    O_CRISIS,
    O_MISSION,
    O_MOVEMENT,
    REST_BONUS,
    S_AFTER_ROLL,
    S_NONE,
    S_PREP,
    T_DIE,
    T_DISCARD,
    T_DRAW,
    T_INACTIVATE,
    T_RANDOM_DISCARD,
    T_RECRUIT,
)
from candlelit.games.anima.state import clear_combat
from candlelit.games.anima.vocabulary import Op, window_of

if TYPE_CHECKING:
    from candlelit.games.anima.state import AnimaFields


# -- starting a combat ---------------------------------------------------------------------
def _start(s: AnimaFields, kind: int, a: int, b: int, slot: int, origin: int) -> None:
    clear_combat(s)
    s.cb_kind, s.cb_a, s.cb_b, s.cb_slot, s.cb_origin = kind, a, b, slot, origin
    s.cb_death_margin = s.options["death_margin"]


def start_creature(s: AnimaFields, seat: int, enc: int, slot: int, origin: int, penalty: int,
                   standing: bool) -> None:
    """`seat`'s party fights creature `enc` (a standing one keeps its growth)."""
    card = s.cards.encounters[enc]
    _start(s, CB_CREATURE, seat, -1, slot, origin)
    s.cb_foe, s.cb_foe_type, s.cb_penalty = enc, card.creature_type, penalty
    s.cb_foe_combat = card.combat + (s.growth[slot] if standing else 0)
    if standing:
        s.monster[slot], s.growth[slot] = -1, 0
    for op in card.does:
        if op.op == "death_margin":
            s.cb_death_margin = op.margin
    s._emit("combat", "anima.fight_creature", {"seat": seat, "card": card.id,
                                               "combat": s.cb_foe_combat})
    next_prep(s)


def start_foe(s: AnimaFields, seat: int, combat: int, foe_type: str, name: str,
              mission_slot: int, origin: int) -> None:
    """`seat`'s party fights a mission's foe (not an encounter card)."""
    _start(s, CB_FOE, seat, -1, -1, origin)
    s.cb_foe_combat, s.cb_foe_type, s.cb_mission = combat, foe_type, mission_slot
    s._emit("combat", "anima.fight_foe", {"seat": seat, "foe": name, "combat": combat})
    next_prep(s)


def start_party(s: AnimaFields, attacker: int, defender: int) -> None:
    """Party against party in the Interaction phase."""
    _start(s, CB_PARTY, attacker, defender, s.loc[attacker], -1)
    s._emit("combat", "anima.fight_party", {"seat": attacker, "to": defender})
    next_prep(s)


def _foe_ops(s: AnimaFields) -> tuple[Op, ...]:
    return s.cards.encounters[s.cb_foe].does if s.cb_kind == CB_CREATURE else ()


def prep_cards(s: AnimaFields, seat: int) -> list[int]:
    """Combat cards `seat` may play now."""
    vs_party = s.cb_kind == CB_PARTY
    out = []
    for k in party.cards_for_window(s, seat, "combat"):
        names = s.advantage(k).op_names
        if ("escape" in names and vs_party) or ("kill_on_win" in names and not vs_party):
            continue
        out.append(k)
    return out


def prep_abilities(s: AnimaFields, seat: int) -> list[int]:
    """Characters whose combat ability `seat` may use now."""
    vs_party = s.cb_kind == CB_PARTY
    chars = s.cards.characters
    out = []
    for c in s.party[seat]:
        card = chars[c]
        if not card.exhaust or not card.does or not party.ready(s, seat, c):
            continue
        names = card.op_names
        if window_of(card.does[0]) != "combat" or "combat_reroll" in names:
            continue
        if ("escape" in names and vs_party) or ("kill_on_win" in names and not vs_party):
            continue
        if any(o.vs == ("creature" if vs_party else "party") for o in card.does):
            continue
        out.append(c)
    return out


def next_prep(s: AnimaFields) -> None:
    """Ask the next fighting party to prepare, or roll once both have."""
    while s.cb_prep < 2:
        side = s.cb_prep
        seat = s.cb_a if side == 0 else s.cb_b
        if seat >= 0 and (s.hand[seat] or prep_abilities(s, seat)):
            agenda.ask(s, seat, S_PREP)
            return
        s.cb_prep += 1
    roll_combat(s)


def _side(s: AnimaFields, seat: int) -> int:
    return 0 if seat == s.cb_a else 1


def apply_combat_ops(s: AnimaFields, seat: int, ops: tuple[Op, ...], from_card: bool,
                     card_type: str = "") -> None:
    """Add a played card's or ability's combat effects to `seat`'s side."""
    side = _side(s, seat)
    foe = _foe_ops(s)
    muted = from_card and any(
        o.op == "ignore_card_bonuses" or (o.op == "immune_card_types" and card_type in o.types)
        for o in foe)
    if muted:
        s._emit("combat", "anima.no_effect", {"seat": seat})
    for op in ops:
        if op.op == "escape":
            escape(s, seat)
            return
        if op.op == "kill_on_win":
            s.cb_kill[side] = 1
        elif op.op == "big_win_draw":
            s.cb_big[side] += op.count
        elif muted:
            continue
        elif op.op == "combat" and _applies(s, op):
            s.cb_bonus[side] += op.amount
        elif op.op == "combat_per_character":
            s.cb_bonus[side] += op.amount * len(party.active(s, seat))
        elif op.op == "opponent_minus":
            s.cb_minus[side] += op.amount
        elif op.op != "combat":
            raise AssertionError(f"anima: op {op.op} is never offered in a combat")


def _applies(s: AnimaFields, op: Op) -> bool:
    """Whether a combat op's `vs`/`types` condition holds in this combat."""
    vs_party = s.cb_kind == CB_PARTY
    if op.vs == "party" and not vs_party:
        return False
    if op.vs == "creature" and vs_party:
        return False
    return not op.types or s.cb_foe_type in op.types


def escape(s: AnimaFields, seat: int) -> None:
    """The party slips away before the dice: nobody wins, a creature stays where it is."""
    s._emit("combat", "anima.escaped", {"seat": seat})
    if s.cb_kind == CB_CREATURE and s.cb_slot >= 0:
        s.monster[s.cb_slot] = s.cb_foe
    s.out[seat] = 1
    clear_combat(s)
    s.step = S_NONE


# -- the dice ---------------------------------------------------------------------------------
def strength(s: AnimaFields, seat: int) -> int:
    """Party Combat before dice and cards: characters (as the foe allows), passives,
    mission bonuses and the rest bonus."""
    chars = s.cards.characters
    foe = _foe_ops(s)
    inactive = s.inactive[seat]
    total = s.bonus[seat][0]
    if s.rest_round[seat] == s.round:
        total += REST_BONUS
    only = half = None
    for op in foe:
        if op.op == "only_skills_add":
            only = op.skills
        elif op.op == "half_without":
            half = op.skills
    for c in s.party[seat]:
        if c in inactive:
            continue
        card = chars[c]
        if not card.exhaust:
            for op in card.does:
                if op.op == "combat" and _applies(s, op):
                    total += op.amount
        if only is not None and not set(card.skills) & set(only):
            continue
        if half is not None and not set(card.skills) & set(half):
            total += card.combat // 2
        else:
            total += card.combat
    if s.org[seat] >= 0:
        for op in s.advantage(s.org[seat]).does:
            if op.op == "combat" and _applies(s, op):
                total += op.amount
    return total


def foe_strength(s: AnimaFields) -> int:
    """The creature's or foe's Combat with its own bonuses."""
    total = s.cb_foe_combat
    for op in _foe_ops(s):
        if op.op == "bonus_vs_skill" and any(
                op.skill in s.cards.characters[c].skills for c in party.active(s, s.cb_a)):
            total += op.amount
    return total


def totals(s: AnimaFields) -> tuple[int, int]:
    """Both sides' totals with the dice rolled."""
    a = strength(s, s.cb_a) + s.cb_bonus[0] + s.cb_dice[0] - s.cb_minus[1] - s.cb_penalty
    if s.cb_kind == CB_PARTY:
        b = strength(s, s.cb_b) + s.cb_bonus[1] + s.cb_dice[1] - s.cb_minus[0]
    else:
        b = foe_strength(s) + s.cb_dice[1] - s.cb_minus[0]
    return a, b


def roll_combat(s: AnimaFields) -> None:
    """Roll both dice (re-rolling ties between parties), then the Warrior's window."""
    s.cb_dice = [s.d6(), s.d6()]
    _reroll_party_ties(s)
    known = totals(s)
    s._emit("combat", "anima.combat_roll", {"dice": s.cb_dice[:], "totals": list(known)})
    s.cb_prep = 2
    after_roll(s, known)


def _reroll_party_ties(s: AnimaFields) -> None:
    while s.cb_kind == CB_PARTY:
        a, b = totals(s)
        if a != b:
            return
        s._emit("combat", "anima.tie_reroll", {"totals": [a, b]})
        s.cb_dice = [s.d6(), s.d6()]


def after_roll(s: AnimaFields, known: tuple[int, int] | None = None) -> None:
    """Offer a re-roll to each side with a ready re-roller, then resolve (`known`: the
    totals, when no die has changed since they were worked out)."""
    while s.cb_prep < 4:
        seat = s.cb_a if s.cb_prep == 2 else s.cb_b
        if seat >= 0 and party.ready_with(s, seat, "combat_reroll"):
            agenda.ask(s, seat, S_AFTER_ROLL)
            return
        s.cb_prep += 1
    resolve_combat(s, known)


def reroll_own(s: AnimaFields, seat: int, kind: int) -> None:
    """A Warrior re-rolls its side's die; the new result stands."""
    party.use_ability(s, seat, kind)
    side = _side(s, seat)
    s.cb_dice[side] = s.d6()
    _reroll_party_ties(s)
    s._emit("combat", "anima.combat_roll", {"dice": s.cb_dice[:], "totals": list(totals(s))})


def resolve_combat(s: AnimaFields, known: tuple[int, int] | None = None) -> None:
    """Settle the combat: the loser is expelled, a heavy loss kills a character."""
    a, b = known if known is not None else totals(s)
    kind, seat, other = s.cb_kind, s.cb_a, s.cb_b
    party_won = a >= b if kind != CB_PARTY else a > b
    margin = abs(a - b)
    s.step = S_NONE
    if kind == CB_PARTY:
        winner, loser = (seat, other) if party_won else (other, seat)
        w = _side(s, winner)
        s._emit("combat", "anima.party_won", {"seat": winner, "to": loser, "margin": margin})
        kill = margin > s.cb_death_margin or s.cb_kill[w]
        big = s.cb_big[w] if margin >= 5 else 0
        clear_combat(s)
        _spoils(s, winner, loser)
        _after_win(s, winner, big)
        areas.expel(s, loser)
        if kill:
            agenda.push(s, T_DIE, loser)
        return
    foe, slot, origin, mission_slot = s.cb_foe, s.cb_slot, s.cb_origin, s.cb_mission
    big = s.cb_big[0] if party_won and margin >= 5 else 0
    death_margin, grown = s.cb_death_margin, s.cb_foe_combat
    ops = _foe_ops(s)
    clear_combat(s)
    if party_won:
        s._emit("combat", "anima.party_beat", {"seat": seat, "margin": margin})
        if kind == CB_CREATURE:
            s.enc_discard.append(foe)
            for op in ops:
                if op.op == "defeat_recruit":
                    agenda.push(s, T_RECRUIT, seat)
                elif op.op == "defeat_draw":
                    agenda.push(s, T_DRAW, seat, op.count)
                elif op.op == "defeat_see_finals" and s.final < 0 and \
                        s.options["end_game"] != "crisis":
                    s.saw_finals[seat] = 1
                    s._emit("effect", "anima.saw_finals", {"seat": seat})
        elif origin == O_CRISIS:
            progress.finish(s, seat)
            return
        elif origin == O_MISSION:
            progress.advance(s, seat, mission_slot)
        _after_win(s, seat, big)
        return
    s._emit("combat", "anima.party_lost", {"seat": seat, "margin": margin})
    if kind == CB_CREATURE:
        grow = sum(o.amount for o in ops if o.op == "win_grow")
        if slot >= 0:
            s.monster[slot] = foe
            s.growth[slot] = grown - s.cards.encounters[foe].combat + grow
        else:
            s.enc_discard.append(foe)
        for op in reversed(ops):
            if op.op == "win_steal_advantage":
                agenda.push(s, T_RANDOM_DISCARD, seat)
            elif op.op == "win_inactivate":
                agenda.push(s, T_INACTIVATE, seat)
            elif op.op == "win_discard_advantage":
                agenda.push(s, T_DISCARD, seat, 1)
    if origin == O_MOVEMENT:
        s.out[seat] = 1
        progress.interrupt(s, seat)
    elif origin == O_CRISIS:
        s.out[seat] = 1
    else:
        areas.expel(s, seat)
    if margin > death_margin:
        agenda.push(s, T_DIE, seat)


def _spoils(s: AnimaFields, winner: int, loser: int) -> None:
    """The winner takes a random advantage from the loser (or draws, by option)."""
    if s.options["spoils"] == "take" and s.hand[loser]:
        if len(s.hand[winner]) >= HAND_LIMIT:
            s._emit("draw", "anima.hand_full", {"seat": winner})
            return
        kind = s.hand[loser][s.below(len(s.hand[loser]))]
        s.hand[loser].remove(kind)
        decks.to_hand(s, winner, kind)
        s._emit("steal", "anima.took_card", {"seat": winner, "from": loser,
                                             "card": s.advantage(kind).id}, (winner, loser))
        s._emit("steal", "anima.took", {"seat": winner, "from": loser})
    else:
        decks.draw_advantages(s, winner, 1)


def _after_win(s: AnimaFields, seat: int, big: int) -> None:
    if big:
        agenda.push(s, T_DRAW, seat, big)
    for op in party.passive_ops(s, seat):
        if op.op == "draw_on_win" and not s.won_draw[seat]:
            s.won_draw[seat] = 1
            agenda.push(s, T_DRAW, seat, op.count)
