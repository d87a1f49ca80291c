"""Step 2, the fight: cards played on the attacking ghost, the roll, Spirit Orbs, Blast and
Shutter Chance on the dice, then the comparison with the ghost (and a boss's counterattack)."""

from __future__ import annotations

from candlelit.games.fatal_frame.constants import (
    A_BLAST,
    A_CELL,
    A_FUNC,
    A_ORB,
    A_ORB_BOSS,
    A_PASS,
    A_PLAY,
    A_REROLL,
    A_RESOLVE,
    A_ROLL,
    ALBUM_LIMIT,
    E_BOSS,
    E_FATAL,
    E_FUTILE,
    E_FUTILE_UNTIL,
    E_KIND,
    E_ZERO,
    FIGHT_ROLLED,
    MAX_DICE,
    MODIFIER,
    REROLL,
)
from candlelit.games.fatal_frame.effects import drain
from candlelit.games.fatal_frame.functions import (
    FUNCTION_THEN,
    function_engine,
    function_offered,
    function_ready,
    use_function,
)
from candlelit.games.fatal_frame.locations import relocate
from candlelit.games.fatal_frame.state import (
    C_FIGHT,
    C_MOVE,
    Q_DISCARD,
    Q_DRAW,
    Q_LOSE,
    Q_RELEASE,
    T_BLAST,
    FatalFrameFields,
)
from candlelit.games.fatal_frame.table import entry_id, has_album, power, stack, take_from_hand
from candlelit.games.fatal_frame.turn import count_play, finish, may_play_more

_COMBAT_FIELD = {"zero_shot": E_ZERO, "futile_odds": E_FUTILE, "fatal_frame": E_FATAL}
"""The ghost-entry field each combat card attaches to."""


def clamp(value: int) -> int:
    """A die never shows less than 1 or more than 6."""
    return 1 if value < 1 else 6 if value > 6 else value


def fight_entry(s: FatalFrameFields) -> list[int]:
    """The ghost entry the active seat is fighting."""
    here = stack(s, s.turn)
    assert here is not None
    return here[s.fight]


def dice_count(s: FatalFrameFields, seat: int, entry: list[int] | None) -> int:
    """Attack dice: the camera's, or the Film's, plus one for an attached Fatal Frame."""
    n = s.cards.main[s.film[seat]].dice if s.film[seat] >= 0 else s.cards.camera_dice
    if entry is not None and entry[E_FATAL]:
        n += 1
    return min(n, MAX_DICE)


def automatic(s: FatalFrameFields, seat: int, entry: list[int]) -> tuple[int, int]:
    """(automatic additions, automatic subtractions) to every attack die against `entry`."""
    add = has_album(s, seat, "plus_one_each_die")
    if entry[E_ZERO]:
        add += MODIFIER
    if entry[E_BOSS]:
        boss = s.cards.bosses[entry[E_KIND]]
        if boss.weakness_ghost >= 0 and boss.weakness_ghost in s.album[seat]:
            add += boss.weakness_bonus
    sub = MODIFIER if entry[E_FUTILE] else 0
    return add, sub


def final_dice(s: FatalFrameFields) -> list[int]:
    """The attack dice after additions, subtractions (in the option's order), then the
    player's chosen modifiers; clamped to 1-6 after each step."""
    entry = fight_entry(s)
    add, sub = automatic(s, s.turn, entry)
    subtract_first = s.options["modifier_order"] == "subtractions-first"
    out = []
    for i, v in enumerate(s.dice):
        v = clamp(clamp(v - sub) + add) if subtract_first else clamp(clamp(v + add) - sub)
        out.append(clamp(v + s.chosen[i]))
    return out


def final_boss_die(s: FatalFrameFields) -> int:
    """The boss die after the player's chosen modifiers (-1 outside a boss fight)."""
    return -1 if s.boss_die < 0 else clamp(s.boss_die + s.boss_chosen)


# -- before the roll ---------------------------------------------------------------------
def _combat_plays(s: FatalFrameFields, seat: int) -> list[int]:
    """Cards that may be played on the ghost about to attack (before the roll)."""
    if s.options["combat_cards"] == "use-the-play" and not may_play_more(s):
        return []
    entry = fight_entry(s)
    main = s.cards.main
    plays = set()
    for kind in s.hands[seat]:
        field = _COMBAT_FIELD.get(main[kind].engine)
        if field is not None and not entry[field]:
            plays.add(A_PLAY + kind)
    return sorted(plays)


def legal_fight(s: FatalFrameFields, seat: int) -> list[int]:
    """Roll, use the Function, or play a card on the ghost."""
    # A_ROLL sorts before A_FUNC, and both before every card
    if function_offered(s, seat):
        return [A_ROLL, A_FUNC, *_combat_plays(s, seat)]
    return [A_ROLL, *_combat_plays(s, seat)]


def fight_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Roll the dice, use the Function, or attach a combat card to the ghost."""
    if action == A_ROLL:
        _roll(s)
        return
    if action == A_FUNC:
        use_function(s, seat, FUNCTION_THEN[function_engine(s, seat)], 0)
        return
    kind = action - A_PLAY
    take_from_hand(s, seat, kind)
    if s.options["combat_cards"] == "use-the-play":
        count_play(s, kind)
    card = s.cards.main[kind]
    entry = fight_entry(s)
    entry[_COMBAT_FIELD[card.engine]] = kind + 1
    if card.engine == "futile_odds":
        entry[E_FUTILE_UNTIL] = s.turns  # played in this turn's fight: this turn
    s._emit("play", "fatal_frame.on_ghost", {"seat": seat, "card": card.id,
                                             "ghost": entry_id(s, entry)})


def _roll(s: FatalFrameFields) -> None:
    entry = fight_entry(s)
    rng = s._chance()
    s.dice = [rng.randint(1, 6) for _ in range(dice_count(s, s.turn, entry))]
    s.boss_die = rng.randint(1, 6) if entry[E_BOSS] else -1
    s.chosen, s.boss_chosen = [0] * MAX_DICE, 0
    s.phase = FIGHT_ROLLED
    s._emit("fight", "fatal_frame.rolled", {"seat": s.turn, "dice": s.dice[:],
                                            "boss_die": s.boss_die})


# -- after the roll ----------------------------------------------------------------------
def legal_fight_rolled(s: FatalFrameFields, seat: int) -> list[int]:
    """Accept the dice, spend a Spirit Orb, use Blast, or play Shutter Chance."""
    out = [A_RESOLVE]
    if s.orbs[seat]:
        out.extend(A_ORB + i for i in range(len(s.dice)))
        if s.boss_die >= 0:
            out.append(A_ORB_BOSS)
    if function_ready(s, seat) and function_engine(s, seat) == "blast":
        out.extend(A_BLAST + i for i in range(len(s.dice)))
    untouched = not any(s.chosen) and not s.boss_chosen
    if untouched and (s.options["combat_cards"] == "free" or may_play_more(s)):
        main = s.cards.main
        out.extend({A_PLAY + k for k in s.hands[seat] if main[k].engine == "shutter_chance"})
    return sorted(out)


def combat_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Resolve, spend an orb on a die, Blast a die, or play Shutter Chance to re-roll."""
    if action == A_RESOLVE:
        _resolve(s)
    elif A_ORB <= action <= A_ORB_BOSS:
        orb = s.orbs[seat].pop()
        s.main_discard.append(orb)
        if action == A_ORB_BOSS:
            s.boss_chosen += 1
        else:
            s.chosen[action - A_ORB] += 1
        s._emit("fight", "fatal_frame.orb", {"seat": seat, "die": action - A_ORB + 1})
    elif A_BLAST <= action < A_BLAST + MAX_DICE:
        use_function(s, seat, T_BLAST, action - A_BLAST)
    else:
        kind = action - A_PLAY
        take_from_hand(s, seat, kind)
        if s.options["combat_cards"] == "use-the-play":
            count_play(s, kind)
        s.main_discard.append(kind)
        s._emit("play", "fatal_frame.played", {"seat": seat, "card": s.cards.main[kind].id})
        s.phase = REROLL


def legal_reroll(s: FatalFrameFields, seat: int) -> list[int]:
    """Finish marking, or mark another attack die to re-roll."""
    return [A_PASS] + [A_REROLL + i for i in range(len(s.dice)) if not s.marks[i]]


def reroll_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Mark a die, or re-roll the marked dice and go back to the rolled dice."""
    if action == A_PASS:
        rng = s._chance()
        for i in range(len(s.dice)):
            if s.marks[i]:
                s.dice[i] = rng.randint(1, 6)
        s.marks = [0] * MAX_DICE
        s.phase = FIGHT_ROLLED
        s._emit("fight", "fatal_frame.rerolled", {"seat": seat, "dice": s.dice[:]})
    else:
        s.marks[action - A_REROLL] = 1


def _resolve(s: FatalFrameFields) -> None:
    """Ghost effects on the final dice, then the comparison (and a boss's counterattack)."""
    seat, entry = s.turn, fight_entry(s)
    finals, boss_final = final_dice(s), final_boss_die(s)
    ghost_power = power(s, entry)
    won = any(v > ghost_power for v in finals)
    even = any(v % 2 == 0 for v in finals)
    s._emit("fight", "fatal_frame.final", {"seat": seat, "dice": finals,
                                           "boss_die": boss_final, "won": won})
    if not entry[E_BOSS]:
        engine = s.cards.main[entry[E_KIND]].engine
        if engine == "lose_upgrade_on_even" and even:
            s.queue.append([Q_LOSE, 0])
        elif engine == "discard_when_beaten" and not won:
            s.queue.append([Q_DISCARD, 1])
        elif engine == "skip_turn_when_beaten" and not won:
            s.skip_next[seat] = 1
            s._emit("fight", "fatal_frame.will_skip", {"seat": seat})
    if even:
        for _ in range(has_album(s, seat, "draw_on_even")):
            s.queue.append([Q_DRAW, 1])
    one_turn = s.options["futile_odds"] == "one-turn"
    for field in (E_FUTILE, E_ZERO):
        if entry[field] and not (field == E_FUTILE and one_turn):
            s.main_discard.append(entry[field] - 1)
            entry[field] = 0
    here = stack(s, seat)
    assert here is not None
    if not entry[E_BOSS]:
        if won:
            here.pop(s.fight)
            for field in (E_FUTILE, E_FATAL):
                if entry[field]:
                    s.main_discard.append(entry[field] - 1)
            s.album[seat].append(entry[E_KIND])
            s._emit("fight", "fatal_frame.captured", {"seat": seat,
                                                      "ghost": entry_id(s, entry)})
            if len(s.album[seat]) > ALBUM_LIMIT:
                s.queue.append([Q_RELEASE, 0])
            s.cont = C_FIGHT
        else:
            s._emit("fight", "fatal_frame.beaten", {"seat": seat,
                                                    "ghost": entry_id(s, entry)})
            s.beaten, s.cont = 1, C_MOVE
    else:
        s.fought_boss = 1
        if won:
            sixes = sum(1 for v in finals if v == 6)
            s.lives[seat] = 0 if sixes >= 3 else s.lives[seat] - 1
            s._emit("fight", "fatal_frame.boss_hit", {"seat": seat, "lives": s.lives[seat]})
            if s.lives[seat] <= 0:
                finish(s, seat)
                return
        if boss_final in finals:
            s._emit("fight", "fatal_frame.counterattack", {"seat": seat})
            relocate(s, seat, A_CELL + s.entered[seat], own_turn=True)
            s.beaten, s.cont = 1, C_MOVE
        elif won:
            s.cont = C_FIGHT
        else:
            s._emit("fight", "fatal_frame.beaten", {"seat": seat,
                                                    "ghost": entry_id(s, entry)})
            s.beaten, s.cont = 1, C_MOVE
    s.dice, s.boss_die, s.fight = [], -1, -1
    drain(s)
