"""Step 4, play a card: what may be played (its targets exist), playing it, and the target
chosen next for ghosts, Futile Odds, Purification, Fatal Frame, Hidden Hand, Lost in the
Mist and Recollection; The Repentance empties albums."""

from __future__ import annotations

import bisect
from collections.abc import Iterator

from candlelit.games.fatal_frame.cards import EXTERIORS
from candlelit.games.fatal_frame.constants import (
    A_CELL,
    A_FUNC,
    A_GHOST,
    A_PASS,
    A_PLAY,
    A_SEARCH,
    A_SEAT,
    A_SEAT_DIR,
    A_STEAL,
    ALBUM_LIMIT,
    DIRECTIONS,
    E_BOSS,
    E_FATAL,
    E_FUTILE,
    E_FUTILE_UNTIL,
    E_KIND,
    EXTRA_MOVE,
    MAX_ORBS,
    OVER,
    PLAY,
    SEARCH,
    STACK_TARGETS,
    TARGET_GHOST,
    TARGET_SEAT,
    TARGET_SEAT_DIR,
    TARGET_STEAL,
)
from candlelit.games.fatal_frame.functions import (
    FUNCTION_THEN,
    function_engine,
    function_offered,
    use_function,
)
from candlelit.games.fatal_frame.locations import relocate
from candlelit.games.fatal_frame.quick_escape import open_window
from candlelit.games.fatal_frame.state import R_AFTER_PLAY, T_QUICK, FatalFrameFields
from candlelit.games.fatal_frame.table import (
    discard_entry,
    entry_id,
    inside,
    slot_of,
    slot_stack,
    stack,
    take_from_hand,
)
from candlelit.games.fatal_frame.turn import count_play, may_play_more


def after_play(s: FatalFrameFields) -> None:
    """A play is done: another play or the Function may follow, else the Quick Escape
    window after the play step."""
    s.holding = -1
    if s.phase == OVER:
        return
    if may_play_more(s) or function_offered(s, s.turn):
        s.phase = PLAY  # with no play left, only the Function or passing remain
    else:
        open_window(s, R_AFTER_PLAY)


# -- what may be played ----------------------------------------------------------------
def playable(s: FatalFrameFields, seat: int, kind: int,
             haunt: dict[str, int] | None = None) -> bool:
    """Whether the card may be played now as the step-4 play (its targets exist);
    `haunt` is `_haunt_limits()` when the caller already has it."""
    card = s.cards.main[kind]
    t = card.type
    if t == "ghost":
        return card.power < (_haunt_limits(s) if haunt is None else haunt)[card.realm]
    if t == "item":
        room = s.room[seat]
        if room < 0:
            return False
        return s.path[seat][room] in card.found_in and not s.room_ghosts[seat][room]
    if t == "upgrade-film":
        return s.film[seat] != kind
    if t == "upgrade-function":
        return s.function[seat] != kind
    if t == "upgrade-orb":
        return len(s.orbs[seat]) < MAX_ORBS
    e = card.engine
    if e in ("futile_odds", "purification", "fatal_frame"):
        return next(_ghost_slots(s, seat, e), None) is not None
    if e in ("quick_escape", "the_repentance"):
        return True
    if e == "recollection":
        return bool(s.main_discard)
    if e == "hidden_hand":
        return bool(steals(s, seat))
    if e == "lost_in_the_mist":
        return bool(pushes(s, seat))
    return False  # zero_shot and shutter_chance are played in combat


def _ghost_targets(s: FatalFrameFields, seat: int, kind: int) -> list[int]:
    """Seats whose location may take this ghost: realm matches, strictly weaker than all."""
    card = s.cards.main[kind]
    realm, power = card.realm, card.power
    return [q for q, where, weakest in _spots(s)
            if power < weakest and (realm == "both" or realm == where)]


def _haunt_limits(s: FatalFrameFields) -> dict[str, int]:
    """Per ghost realm, the power a played ghost must stay under for `_ghost_targets` to
    find a seat: the highest weakest-ghost power among the matching seats' locations."""
    in_rooms = outside = 0
    for _q, where, weakest in _spots(s):
        if where == "interior":
            if weakest > in_rooms:
                in_rooms = weakest
        elif weakest > outside:
            outside = weakest
    return {"interior": in_rooms, "exterior": outside, "both": max(in_rooms, outside)}


def _spots(s: FatalFrameFields) -> list[tuple[int, str, int]]:
    """(seat, its location's realm, power of the weakest ghost there or 7) for every
    seat on the map, by seat."""
    main, bosses = s.cards.main, s.cards.bosses
    out = []
    for q in range(s.num_players):
        room = s.room[q]
        if room >= 0:
            where, here = "interior", s.room_ghosts[q][room]
        else:
            pos = s.pos[q]
            if pos < 0:
                continue
            where, here = "exterior", s.cell_ghosts[pos]
        weakest = 7
        for e in here:
            power = (bosses[e[E_KIND]] if e[E_BOSS] else main[e[E_KIND]]).power
            if power < weakest:
                weakest = power
        out.append((q, where, weakest))
    return out


def _ghost_slots(s: FatalFrameFields, seat: int, engine: str) -> Iterator[int]:
    """Targets for Futile Odds (bosses too), Purification (blue) or Fatal Frame (here),
    ascending."""
    if engine == "fatal_frame":
        slots = [slot_of(s, seat)] if s.pos[seat] >= 0 else []
    else:
        slots = list(range(EXTERIORS)) + [EXTERIORS + q * 4 + k
                                          for q in range(s.num_players)
                                          for k in range(len(s.path[q]))]
    main = s.cards.main
    for slot in slots:
        here = slot_stack(s, slot)
        for i, e in enumerate((here or [])[:STACK_TARGETS]):
            if engine == "futile_odds":
                ok = not e[E_FUTILE]
            elif engine == "purification":
                ok = not e[E_BOSS] and main[e[E_KIND]].blue  # bosses are white
            else:
                ok = not e[E_FATAL]
            if ok:
                yield A_GHOST + slot * STACK_TARGETS + i


def steals(s: FatalFrameFields, seat: int) -> list[int]:
    """Hidden Hand's targets: another seat's Film or Function the seat lacks."""
    out = []
    for q in range(s.num_players):
        if q == seat:
            continue
        if s.film[q] >= 0 and s.film[q] != s.film[seat]:
            out.append(A_STEAL + q * 2)
        if s.function[q] >= 0 and s.function[q] != s.function[seat]:
            out.append(A_STEAL + q * 2 + 1)
    return out


def pushes(s: FatalFrameFields, seat: int) -> list[int]:
    """Lost in the Mist's targets: another seat outside and a direction on the map."""
    out = []
    for q in range(s.num_players):
        if q == seat or s.pos[q] < 0 or inside(s, q):
            continue
        r, c = divmod(s.pos[q], 3)
        for d, (dr, dc) in enumerate(DIRECTIONS):
            if 0 <= r + dr < 3 and 0 <= c + dc < 3:
                out.append(A_SEAT_DIR + q * 4 + d)
    return out


def legal_play(s: FatalFrameFields, seat: int) -> list[int]:
    """Pass, a playable card while a play is left, or the Function."""
    out = [A_PASS]
    if may_play_more(s):
        haunt = _haunt_limits(s)
        for kind in sorted(set(s.hands[seat])):
            if playable(s, seat, kind, haunt):
                out.append(A_PLAY + kind)
    if function_offered(s, seat):
        out.append(A_FUNC)
        out.sort()
    return out


def legal_target_seat(s: FatalFrameFields, seat: int) -> list[int]:
    """The seats the held ghost may haunt."""
    return [A_SEAT + q for q in _ghost_targets(s, seat, s.holding)]


def legal_target_ghost(s: FatalFrameFields, seat: int) -> list[int]:
    """The ghosts the held card may go on."""
    return list(_ghost_slots(s, seat, s.cards.main[s.holding].engine))


def legal_search(s: FatalFrameFields, seat: int) -> list[int]:
    """Recollection: any card kind of the main discard pile."""
    return [A_SEARCH + k for k in sorted(set(s.main_discard))]


# -- playing -----------------------------------------------------------------------------
def play_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Pass (the Quick Escape window follows), use the Function, or play a card."""
    if action == A_PASS:
        s._emit("play", "fatal_frame.passed", {"seat": seat})
        open_window(s, R_AFTER_PLAY)
    elif action == A_FUNC:
        use_function(s, seat, FUNCTION_THEN[function_engine(s, seat)], 0)
    else:
        _play(s, seat, action - A_PLAY)


def _play(s: FatalFrameFields, seat: int, kind: int) -> None:
    """Step 4: play a card from hand; targeted cards ask for their target next."""
    card = s.cards.main[kind]
    take_from_hand(s, seat, kind)
    count_play(s, kind)
    s._emit("play", "fatal_frame.played", {"seat": seat, "card": card.id})
    t, e = card.type, card.engine
    s.holding = kind
    if t == "ghost":
        s.phase = TARGET_SEAT
        return
    if t == "item":
        s.items[seat].append(kind)
    elif t == "upgrade-film":
        if s.film[seat] >= 0:
            s.main_discard.append(s.film[seat])
        s.film[seat] = kind
    elif t == "upgrade-function":
        if s.function[seat] >= 0:
            s.main_discard.append(s.function[seat])
        s.function[seat] = kind
    elif t == "upgrade-orb":
        s.orbs[seat].append(kind)
    elif e in ("futile_odds", "purification", "fatal_frame"):
        s.phase = TARGET_GHOST
        return
    elif e == "quick_escape":
        s.main_discard.append(kind)
        s.then, s.phase = T_QUICK, EXTRA_MOVE
        return
    elif e == "the_repentance":
        s.main_discard.append(kind)
        _repentance(s, seat)
    elif e == "recollection":
        s.main_discard.append(kind)
        s.phase = SEARCH
        return
    elif e == "hidden_hand":
        s.main_discard.append(kind)
        s.phase = TARGET_STEAL
        return
    elif e == "lost_in_the_mist":
        s.main_discard.append(kind)
        s.phase = TARGET_SEAT_DIR
        return
    else:  # zero_shot, shutter_chance: `playable` offers them in combat only
        raise AssertionError(f"{card.id} ({e}) is a combat card, never the step-4 play")
    after_play(s)


def _repentance(s: FatalFrameFields, seat: int) -> None:
    """Official reading: every album is emptied; translator's: half a die roll each."""
    if s.options["repentance"] == "half-roll":
        roll = s._chance().randint(1, 6)
        count = roll // 2
        s._emit("play", "fatal_frame.repentance_roll", {"roll": roll, "count": count})
    else:
        count = ALBUM_LIMIT + 1
    for q in range(s.num_players):
        if q == seat and s.shield:
            s.shield = 0
            s._emit("effect", "fatal_frame.saved", {"seat": q})
            continue
        lost = s.album[q][len(s.album[q]) - min(count, len(s.album[q])):]
        del s.album[q][len(s.album[q]) - len(lost):]
        s.main_discard.extend(lost)
        if lost:
            s._emit("effect", "fatal_frame.album_lost", {
                "seat": q, "ghosts": [s.cards.main[k].id for k in lost]})


def haunt_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """The held ghost goes to haunt the chosen seat's location."""
    kind = s.holding
    q = action - A_SEAT
    here = stack(s, q)
    assert here is not None
    here.append([kind, 0, 0, 0, 0, 0])
    s._emit("play", "fatal_frame.haunts", {"seat": seat, "ghost": s.cards.main[kind].id,
                                           "to": q})
    after_play(s)


def on_ghost_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """The held Futile Odds, Purification or Fatal Frame goes on the chosen ghost."""
    kind = s.holding
    card = s.cards.main[kind]
    slot, i = divmod(action - A_GHOST, STACK_TARGETS)
    there = slot_stack(s, slot)
    assert there is not None
    entry = there[i]
    e = card.engine
    if e == "purification":
        there.pop(i)
        discard_entry(s, entry)
        s.main_discard.append(kind)
    elif e == "futile_odds":
        # the step-4 play comes after this turn's fights: it lasts the next turn
        entry[E_FUTILE], entry[E_FUTILE_UNTIL] = kind + 1, s.turns + 1
    else:
        entry[E_FATAL] = kind + 1
    s._emit("play", "fatal_frame.on_ghost", {"seat": seat, "card": card.id,
                                             "ghost": entry_id(s, entry)})
    after_play(s)


def steal_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Hidden Hand takes the chosen seat's Film or Function."""
    q, which = divmod(action - A_STEAL, 2)
    slots = s.film if which == 0 else s.function
    taken = slots[q]
    slots[q] = -1
    if slots[seat] >= 0:
        s.main_discard.append(slots[seat])
    slots[seat] = taken
    s._emit("play", "fatal_frame.stole", {"seat": seat, "from": q,
                                          "card": s.cards.main[taken].id})
    after_play(s)


def push_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Lost in the Mist pushes the chosen seat one cell in the chosen direction."""
    q, d = divmod(action - A_SEAT_DIR, 4)
    r, c = divmod(s.pos[q], 3)
    dr, dc = DIRECTIONS[d]
    relocate(s, q, A_CELL + (r + dr) * 3 + c + dc, own_turn=False)
    after_play(s)


def search_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Recollection takes the chosen card kind from the main discard pile into the hand."""
    taken = action - A_SEARCH
    s.main_discard.remove(taken)
    bisect.insort(s.hands[seat], taken)
    s._emit("play", "fatal_frame.searched", {"seat": seat, "card": s.cards.main[taken].id})
    after_play(s)
