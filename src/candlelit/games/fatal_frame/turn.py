"""A turn's frame: step 1's draw, which ghost step 2 fights next, the steps' hand-overs,
step 5's discard check, the next seat, and the game's end (an escape or the round limit)."""

from __future__ import annotations

from candlelit.games.fatal_frame.constants import (
    DISCARD_DOWN,
    E_BOSS,
    E_FUTILE,
    E_FUTILE_UNTIL,
    E_ZERO,
    FIGHT_PRE,
    HAND_LIMIT,
    MOVE,
    OVER,
    PLAY,
)
from candlelit.games.fatal_frame.state import BEATEN_MOVED, C_NONE, FatalFrameFields, reset_turn
from candlelit.games.fatal_frame.table import (
    album_points,
    draw,
    entry_id,
    no_discards,
    power,
    stack,
)


# -- 1. draw, then 2. fight -----------------------------------------------------------
def begin_turn(s: FatalFrameFields) -> None:
    """Start the active seat's turn (skipping seats that miss it): draw one, then fight."""
    while True:
        seat = s.turn
        reset_turn(s)
        if not s.skip_next[seat]:
            break
        s.skip_next[seat] = 0
        s._emit("turn", "fatal_frame.skipped", {"seat": seat})
        if advance_seat(s):
            return
    s._emit("turn", "fatal_frame.turn", {"seat": s.turn, "round": s.round + 1})
    draw(s, s.turn, 1)
    next_fight(s)


def next_fight(s: FatalFrameFields) -> None:
    """Pick the weakest ghost left on the active seat's location, or go on to move."""
    here = stack(s, s.turn)
    best = -1
    if here:
        for i, entry in enumerate(here):
            if entry[E_BOSS] and s.fought_boss:
                continue
            if best < 0 or power(s, entry) < power(s, here[best]):
                best = i
    if best < 0:
        to_move(s)
        return
    s.fight = best
    s.phase = FIGHT_PRE
    entry = here[best]  # type: ignore[index]
    s._emit("fight", "fatal_frame.attacked", {"seat": s.turn, "ghost": entry_id(s, entry)})


# -- 3. move, 4. play ------------------------------------------------------------------
def to_move(s: FatalFrameFields) -> None:
    """Step 3 is next."""
    s.phase = MOVE


def to_play(s: FatalFrameFields) -> None:
    """Step 4 is next."""
    s.phase = PLAY


def may_play_more(s: FatalFrameFields) -> bool:
    """Whether a step-4 play is left this turn (a ghost played first allows a second)."""
    return s.plays < (2 if s.ghost_first else 1) and s.beaten != BEATEN_MOVED


def count_play(s: FatalFrameFields, kind: int) -> None:
    """Count a card as one of this turn's plays."""
    if s.plays == 0 and s.cards.main[kind].type == "ghost":
        s.ghost_first = 1
    s.plays += 1


# -- 5. discard down, then the next seat -----------------------------------------------
def to_discard(s: FatalFrameFields) -> None:
    """Step 5: discard down to the hand limit if needed, else end the turn."""
    seat = s.turn
    if len(s.hands[seat]) > HAND_LIMIT and not no_discards(s, seat):
        s.phase = DISCARD_DOWN
    else:
        end_turn(s)


def end_turn(s: FatalFrameFields) -> None:
    """Pass the turn on and begin the next one, unless the round limit ended the game."""
    if not advance_seat(s):
        begin_turn(s)


def advance_seat(s: FatalFrameFields) -> bool:
    """Pass the turn clockwise; True if the round limit ended the game."""
    expire_turn_cards(s)
    s.turns += 1
    s.turn = (s.turn + 1) % s.num_players
    if s.turn == 0:
        s.round += 1
        if s.round >= s.options["max_rounds"]:
            s.phase = OVER
            s._emit("end", "fatal_frame.out_of_time", {"seats": winners(s)})
            return True
    return False


def expire_turn_cards(s: FatalFrameFields) -> None:
    """At a turn's end, Zero Shot and each Futile Odds whose one turn is over leave
    their ghosts for the main discards."""
    one_turn = s.options["futile_odds"] == "one-turn"
    now = s.turns
    stacks = [st for st in s.cell_ghosts if st]
    for rooms in s.room_ghosts:
        stacks.extend(st for st in rooms if st)
    for st in stacks:
        for entry in st:
            if entry[E_ZERO]:
                _wear_off(s, entry, E_ZERO)
            if one_turn and entry[E_FUTILE] and entry[E_FUTILE_UNTIL] <= now:
                _wear_off(s, entry, E_FUTILE)


def _wear_off(s: FatalFrameFields, entry: list[int], field: int) -> None:
    kind = entry[field] - 1
    entry[field] = 0
    s.main_discard.append(kind)
    s._emit("turn", "fatal_frame.wore_off", {"card": s.cards.main[kind].id,
                                             "ghost": entry_id(s, entry)})


# -- the end ----------------------------------------------------------------------------
def finish(s: FatalFrameFields, seat: int) -> None:
    """The seat took the boss's last life: it escapes and the game is over."""
    s.winner, s.phase = seat, OVER
    s.queue, s.cont = [], C_NONE
    s.dice, s.boss_die, s.fight = [], -1, -1
    s._emit("end", "fatal_frame.escaped", {"seat": seat})


def winners(s: FatalFrameFields) -> list[int]:
    """The seat that beat a boss; at the round limit the most album points (ties share)."""
    if s.phase != OVER:
        return []
    if s.winner >= 0:
        return [s.winner]
    points = [album_points(s, q) for q in range(s.num_players)]
    best = max(points)
    return [q for q in range(s.num_players) if points[q] == best]
