"""Combat, Speed checks and casualties.

Combat: each side adds a d6 to its total — a party the Combat of its active characters and
its bonuses, a creature its printed Combat. Before the dice each fighting party may play
Combat cards and abilities (one at a time, then roll); after them a ready Warrior may
re-roll. A tie goes to the party against a creature and is re-rolled between parties.
The loser is expelled; losing by more than the death margin kills one of its characters.
A Speed check is d6 + party Speed against a target (success on equal or more).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.anima import agenda, missions
from candlelit.games.anima.constants import (
    CB_CREATURE,
    CB_FOE,
    CB_NONE,
    CB_PARTY,
    HAND_LIMIT,
    MOVEMENT,
    O_CRISIS,
    O_EXPLORATION,
    O_MISSION,
    O_MOVEMENT,
    P_AMBUSH,
    P_DIE,
    P_DISCARD_RANDOM,
    P_EXPEL,
    P_INACTIVATE,
    P_MISSION,
    P_NO_REWARD,
    P_TWO_REWARDS,
    REST_BONUS,
    S_AFTER_ROLL,
    S_CHECK,
    S_DEATH,
    S_NONE,
    S_PREP,
    S_REACT,
    T_DIE,
    T_DISCARD,
    T_DRAW,
    T_EXPEL,
    T_INACTIVATE,
    T_LOSE_CHAR,
    T_RANDOM_DISCARD,
    T_RECRUIT,
    T_REWARD,
)
from candlelit.games.anima.vocabulary import SKILLS, Op, window_of

if TYPE_CHECKING:
    from candlelit.games.anima.rules import AnimaState


def clear_combat(s: AnimaState) -> None:
    """No combat under way."""
    s.cb_kind, s.cb_a, s.cb_b, s.cb_foe, s.cb_foe_combat, s.cb_foe_type = \
        CB_NONE, -1, -1, -1, 0, ""
    s.cb_slot, s.cb_prep, s.cb_penalty, s.cb_mission, s.cb_origin = -1, 0, 0, -1, -1
    s.cb_death_margin = 0
    s.cb_bonus, s.cb_minus, s.cb_kill, s.cb_big, s.cb_dice = [0, 0], [0, 0], [0, 0], [0, 0], \
        [0, 0]


def clear_check(s: AnimaState) -> None:
    """No Speed check under way."""
    s.ck_seat, s.ck_target, s.ck_bonus, s.ck_purpose, s.ck_arg = -1, 0, 0, -1, -1


# -- what characters and cards can do ------------------------------------------------------
def ready_with(s: AnimaState, seat: int, op: str) -> list[int]:
    """Ready, active characters of `seat` whose exhausting ability has op `op`."""
    chars = s.cards.characters
    return [c for c in s.party[seat] if chars[c].exhaust and op in chars[c].op_names
            and s.ready(seat, c)]


def passive_ops(s: AnimaState, seat: int) -> list[Op]:
    """Ops always on: non-exhausting abilities of active characters and the organization."""
    chars = s.cards.characters
    out = [o for c in s.active(seat) if not chars[c].exhaust for o in chars[c].does]
    if s.org[seat] >= 0:
        out.extend(s.advantage(s.org[seat]).does)
    return out


def use_ability(s: AnimaState, seat: int, kind: int) -> None:
    """Exhaust the character (so it powers no skill card this round); with option
    `ability_block: party` its skills' cards are blocked for the whole party too."""
    s.exhausted[seat].append(kind)
    if s.options["ability_block"] == "party":
        for skill in s.cards.characters[kind].skills:
            s.blocked[seat] |= 1 << SKILLS.index(skill)
    s._emit("ability", "anima.ability", {"seat": seat, "card": s.character(kind).id})


def cards_for_window(s: AnimaState, seat: int, window: str) -> list[int]:
    """Advantages in `seat`'s hand playable in `window` (skill cards need a ready,
    unblocked character with the skill)."""
    advantages = s.cards.advantages
    return [k for k in s.hand[seat] if advantages[k].window == window
            and s.has_skill_ready(seat, advantages[k].skill)]


def spend_card(s: AnimaState, seat: int, kind: int) -> None:
    """Play an advantage from hand to the discard pile."""
    s.hand[seat].remove(kind)
    s.adv_discard.append(kind)
    s._emit("play", "anima.played", {"seat": seat, "card": s.advantage(kind).id})


# -- starting a combat ---------------------------------------------------------------------
def _start(s: AnimaState, kind: int, a: int, b: int, slot: int, origin: int) -> None:
    clear_combat(s)
    s.cb_kind, s.cb_a, s.cb_b, s.cb_slot, s.cb_origin = kind, a, b, slot, origin
    s.cb_death_margin = s.options["death_margin"]


def start_creature(s: AnimaState, seat: int, enc: int, slot: int, origin: int, penalty: int,
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


def start_foe(s: AnimaState, seat: int, combat: int, foe_type: str, name: str,
              mission_slot: int, origin: int) -> None:
    """`seat`'s party fights a mission's foe (not an encounter card)."""
    _start(s, CB_FOE, seat, -1, -1, origin)
    s.cb_foe_combat, s.cb_foe_type, s.cb_mission = combat, foe_type, mission_slot
    s._emit("combat", "anima.fight_foe", {"seat": seat, "foe": name, "combat": combat})
    next_prep(s)


def start_party(s: AnimaState, attacker: int, defender: int) -> None:
    """Party against party in the Interaction phase."""
    _start(s, CB_PARTY, attacker, defender, s.loc[attacker], -1)
    s._emit("combat", "anima.fight_party", {"seat": attacker, "to": defender})
    next_prep(s)


def _foe_ops(s: AnimaState) -> tuple[Op, ...]:
    return s.cards.encounters[s.cb_foe].does if s.cb_kind == CB_CREATURE else ()


def prep_cards(s: AnimaState, seat: int) -> list[int]:
    """Combat cards `seat` may play now."""
    vs_party = s.cb_kind == CB_PARTY
    out = []
    for k in cards_for_window(s, seat, "combat"):
        names = s.advantage(k).op_names
        if ("escape" in names and vs_party) or ("kill_on_win" in names and not vs_party):
            continue
        out.append(k)
    return out


def prep_abilities(s: AnimaState, seat: int) -> list[int]:
    """Characters whose combat ability `seat` may use now."""
    vs_party = s.cb_kind == CB_PARTY
    chars = s.cards.characters
    out = []
    for c in s.party[seat]:
        card = chars[c]
        if not card.exhaust or not card.does or not s.ready(seat, c):
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


def next_prep(s: AnimaState) -> None:
    """Ask the next fighting party to prepare, or roll once both have."""
    while s.cb_prep < 2:
        side = s.cb_prep
        seat = s.cb_a if side == 0 else s.cb_b
        if seat >= 0 and (s.hand[seat] or prep_abilities(s, seat)):
            agenda.ask(s, seat, S_PREP)
            return
        s.cb_prep += 1
    roll_combat(s)


def _side(s: AnimaState, seat: int) -> int:
    return 0 if seat == s.cb_a else 1


def apply_combat_ops(s: AnimaState, seat: int, ops: tuple[Op, ...], from_card: bool,
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
            s.cb_bonus[side] += op.amount * len(s.active(seat))
        elif op.op == "opponent_minus":
            s.cb_minus[side] += op.amount
        elif op.op != "combat":
            raise AssertionError(f"anima: op {op.op} is never offered in a combat")


def _applies(s: AnimaState, op: Op) -> bool:
    """Whether a combat op's `vs`/`types` condition holds in this combat."""
    vs_party = s.cb_kind == CB_PARTY
    if op.vs == "party" and not vs_party:
        return False
    if op.vs == "creature" and vs_party:
        return False
    return not op.types or s.cb_foe_type in op.types


def escape(s: AnimaState, seat: int) -> None:
    """The party slips away before the dice: nobody wins, a creature stays where it is."""
    s._emit("combat", "anima.escaped", {"seat": seat})
    if s.cb_kind == CB_CREATURE and s.cb_slot >= 0:
        s.monster[s.cb_slot] = s.cb_foe
    s.out[seat] = 1
    clear_combat(s)
    s.step = S_NONE


# -- the dice ---------------------------------------------------------------------------------
def strength(s: AnimaState, seat: int) -> int:
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


def foe_strength(s: AnimaState) -> int:
    """The creature's or foe's Combat with its own bonuses."""
    total = s.cb_foe_combat
    for op in _foe_ops(s):
        if op.op == "bonus_vs_skill" and any(
                op.skill in s.cards.characters[c].skills for c in s.active(s.cb_a)):
            total += op.amount
    return total


def totals(s: AnimaState) -> tuple[int, int]:
    """Both sides' totals with the dice rolled."""
    a = strength(s, s.cb_a) + s.cb_bonus[0] + s.cb_dice[0] - s.cb_minus[1] - s.cb_penalty
    if s.cb_kind == CB_PARTY:
        b = strength(s, s.cb_b) + s.cb_bonus[1] + s.cb_dice[1] - s.cb_minus[0]
    else:
        b = foe_strength(s) + s.cb_dice[1] - s.cb_minus[0]
    return a, b


def roll_combat(s: AnimaState) -> None:
    """Roll both dice (re-rolling ties between parties), then the Warrior's window."""
    s.cb_dice = [s._d6(), s._d6()]
    _reroll_party_ties(s)
    known = totals(s)
    s._emit("combat", "anima.combat_roll", {"dice": s.cb_dice[:], "totals": list(known)})
    s.cb_prep = 2
    after_roll(s, known)


def _reroll_party_ties(s: AnimaState) -> None:
    while s.cb_kind == CB_PARTY:
        a, b = totals(s)
        if a != b:
            return
        s._emit("combat", "anima.tie_reroll", {"totals": [a, b]})
        s.cb_dice = [s._d6(), s._d6()]


def after_roll(s: AnimaState, known: tuple[int, int] | None = None) -> None:
    """Offer a re-roll to each side with a ready re-roller, then resolve (`known`: the
    totals, when no die has changed since they were worked out)."""
    while s.cb_prep < 4:
        seat = s.cb_a if s.cb_prep == 2 else s.cb_b
        if seat >= 0 and ready_with(s, seat, "combat_reroll"):
            agenda.ask(s, seat, S_AFTER_ROLL)
            return
        s.cb_prep += 1
    resolve_combat(s, known)


def reroll_own(s: AnimaState, seat: int, kind: int) -> None:
    """A Warrior re-rolls its side's die; the new result stands."""
    use_ability(s, seat, kind)
    side = _side(s, seat)
    s.cb_dice[side] = s._d6()
    _reroll_party_ties(s)
    s._emit("combat", "anima.combat_roll", {"dice": s.cb_dice[:], "totals": list(totals(s))})


def resolve_combat(s: AnimaState, known: tuple[int, int] | None = None) -> None:
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
        agenda.expel(s, loser)
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
            s.finish(seat)
            return
        elif origin == O_MISSION:
            missions.advance(s, seat, mission_slot)
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
        missions.interrupt(s, seat)
    elif origin == O_CRISIS:
        s.out[seat] = 1
    else:
        agenda.expel(s, seat)
    if margin > death_margin:
        agenda.push(s, T_DIE, seat)


def _spoils(s: AnimaState, winner: int, loser: int) -> None:
    """The winner takes a random advantage from the loser (or draws, by option)."""
    if s.options["spoils"] == "take" and s.hand[loser]:
        if len(s.hand[winner]) >= HAND_LIMIT:
            s._emit("draw", "anima.hand_full", {"seat": winner})
            return
        kind = s.hand[loser][s.below(len(s.hand[loser]))]
        s.hand[loser].remove(kind)
        s._to_hand(winner, kind)
        s._emit("steal", "anima.took_card", {"seat": winner, "from": loser,
                                             "card": s.advantage(kind).id}, (winner, loser))
        s._emit("steal", "anima.took", {"seat": winner, "from": loser})
    else:
        s.draw_advantages(winner, 1)


def _after_win(s: AnimaState, seat: int, big: int) -> None:
    if big:
        agenda.push(s, T_DRAW, seat, big)
    for op in passive_ops(s, seat):
        if op.op == "draw_on_win" and not s.won_draw[seat]:
            s.won_draw[seat] = 1
            agenda.push(s, T_DRAW, seat, op.count)


# -- Speed checks ------------------------------------------------------------------------------
def begin_check(s: AnimaState, seat: int, target: int, purpose: int, arg: int,
                slot: int) -> None:
    """Start a Speed check: first every other seat holding an advantage may react (an
    Interruption that slows the party), then the party may add check bonuses."""
    s.ck_seat, s.ck_target, s.ck_bonus, s.ck_purpose, s.ck_arg = seat, target, 0, purpose, arg
    s.count_left = slot
    s._emit("check", "anima.check", {"seat": seat, "target": target})
    s.asked = [q for q in s.order if q != seat and s.hand[q]]
    next_reactor(s)


def next_reactor(s: AnimaState) -> None:
    """Ask the next seat of the reaction window before a Speed check, or go on to it."""
    if s.asked:
        agenda.ask(s, s.asked.pop(0), S_REACT)
        return
    seat = s.ck_seat
    if s.hand[seat] or ready_with(s, seat, "check_bonus"):
        agenda.ask(s, seat, S_CHECK)
    else:
        roll_check(s)


def reaction_cards(s: AnimaState, seat: int) -> list[int]:
    """Advantages `seat` may play against the party about to make a Speed check."""
    advantages = s.cards.advantages
    return [k for k in cards_for_window(s, seat, "any")
            if advantages[k].does[0].op == "sabotage"]


def roll_check(s: AnimaState) -> None:
    """d6 + party Speed + bonuses against the target; then what the check decides."""
    seat, purpose, arg, slot = s.ck_seat, s.ck_purpose, s.ck_arg, s.count_left
    die = s._d6()
    total = die + s.party_speed(seat) + s.ck_bonus
    passed = total >= s.ck_target
    s._emit("check", "anima.check_roll", {"seat": seat, "roll": die, "total": total,
                                          "target": s.ck_target, "passed": passed})
    clear_check(s)
    s.step = S_NONE
    if purpose == P_MISSION:
        if passed:
            missions.advance(s, seat, arg)
        return
    if purpose == P_TWO_REWARDS:
        if passed:
            agenda.push(s, T_REWARD, seat, slot, 2, -1)
        else:
            agenda.push(s, T_EXPEL, seat)
        return
    if passed:
        return
    if purpose == P_NO_REWARD:
        s.no_reward[seat] = 1
    elif purpose == P_AMBUSH:
        enc = s._pop_encounter()
        if enc >= 0:
            agenda.reveal(s, seat, enc, slot, _origin_of(s), arg, 0)
    elif purpose == P_INACTIVATE:
        agenda.push(s, T_INACTIVATE, seat)
    elif purpose == P_DISCARD_RANDOM:
        agenda.push(s, T_RANDOM_DISCARD, seat)
    elif purpose == P_DIE:
        agenda.push(s, T_DIE, seat)
    elif purpose == P_EXPEL:
        agenda.push(s, T_EXPEL, seat)
    else:
        raise AssertionError(f"anima: Speed check purpose {purpose} is never asked for")


def _origin_of(s: AnimaState) -> int:
    return O_MOVEMENT if s.phase == MOVEMENT else O_EXPLORATION


# -- casualties --------------------------------------------------------------------------------
def begin_death(s: AnimaState, seat: int) -> None:
    """A character of `seat` would die: a guard, a card or an ability may save it."""
    for c in s.active(seat):
        card = s.cards.characters[c]
        if not card.exhaust and any(o.op == "death_guard" for o in card.does) \
                and not s.guard_used[seat]:
            s.guard_used[seat] = 1
            s._emit("death", "anima.guarded", {"seat": seat, "card": card.id})
            return
    if s.hand[seat] or ready_with(s, seat, "prevent_death"):
        agenda.ask(s, seat, S_DEATH)
    else:
        agenda.push(s, T_LOSE_CHAR, seat)


def lose_character(s: AnimaState, seat: int, kind: int) -> None:
    """A character dies: to the discard pile; a wiped-out party starts again with one."""
    s.discard_character(seat, kind)
    s._emit("death", "anima.died", {"seat": seat, "card": s.character(kind).id})
    if not s.party[seat]:
        s._emit("death", "anima.wiped_out", {"seat": seat})
        s.loc[seat], s.out[seat] = -1, 1
        s.recruit(seat)


def inactivate(s: AnimaState, seat: int, kind: int) -> None:
    """The character adds nothing and has no ability until the next Reset phase."""
    s.inactive[seat].append(kind)
    s._emit("effect", "anima.inactivated", {"seat": seat, "card": s.character(kind).id})


def revealed_options(s: AnimaState, seat: int, enc: int, origin: int) -> list[int]:
    """Characters whose ability may answer this revealed encounter (cancel an event;
    in the Movement phase, swap an encounter for the next)."""
    creature = s.cards.encounters[enc].creature
    out = [] if creature else ready_with(s, seat, "cancel_event")
    if origin == O_MOVEMENT and s.enc_deck + s.enc_discard:
        out += ready_with(s, seat, "swap_encounter")
    return sorted(out)

