"""What one Nevermore seat's view shows besides its log, as one flat hashable tuple.

`known_table` mirrors views.py field by field, keeping only what the view shows (a face-down
commitment's size, not its cards; the tokens face up or looked at; the public side of the
decision), with card and character indices standing for their names (a card set whose names
repeat falls back to the engine's serialised view). Options are fixed for a game, so what only
they decide (the round limit, card texts, the characters' confidence) is left out. Its cost
follows the size of the table, never the log.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import compress

from candlelit.engine.state import State
from candlelit.games.nevermore.cards import CardSet
from candlelit.games.nevermore.constants import (
    D_COMMIT,
    D_KIND,
    D_PASS,
    D_POS,
    D_TARGET,
    D_WINDOW,
    D_YESNO,
    DURING_STEP,
    LIGHT,
    ST_CHARACTERS,
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

_PURPOSED = frozenset((D_COMMIT, D_PASS, D_TARGET, D_KIND, D_YESNO, D_POS))
"""Decision kinds whose first argument the view shows (suit, pass number or purpose)."""

_FACTS: dict[int, tuple[CardSet, tuple[bool, ...] | None]] = {}


def light_titles(cards: CardSet) -> tuple[bool, ...] | None:
    """Per magick title, whether it is a Light card; None when two titles or two characters
    share a name, so that indices cannot stand for names (computed once per card set)."""
    found = _FACTS.get(id(cards))
    if found is not None and found[0] is cards:
        return found[1]
    names = [(c.name_en, c.name_zh or c.name_en) for c in cards.magick]
    people = [(c.name_en, c.name_zh or c.name_en) for c in cards.characters]
    mask = tuple(c.deck == LIGHT for c in cards.magick) \
        if len(set(names)) == len(names) and len(set(people)) == len(people) else None
    _FACTS[id(cards)] = (cards, mask)
    return mask


def public_decision(decision: list[int]) -> tuple[int, ...]:
    """The decision as views.decision_view shows it: its kind and the arguments it names."""
    kind = decision[0]
    if kind == D_WINDOW:
        return (kind, decision[2], decision[3]) if decision[2] == DURING_STEP \
            else (kind, decision[2])
    if kind in _PURPOSED:
        return kind, decision[2]
    return (kind,)


def known_table(state: NevermoreFields, player: int) -> Hashable:
    """Everything `view(player)` shows but its log, as one tuple (see the module docstring)."""
    light = light_titles(state.cards)
    if light is None:
        return State.known_table(state, player)
    n = state.num_players
    kind = state.decision[0]
    committing = kind == D_COMMIT
    resolving = state.step >= 0
    pending = state.pending
    magick = state.magick
    commit = state.commit
    hands = list(map(sum, state.hand))
    for seat, held in enumerate(state.held):
        hands[seat] += sum(held)
    if committing:
        if resolving:
            for seat in range(n):
                hands[seat] -= commit[seat][2]
        face_down: tuple[int | None, ...] | None = tuple(
            None if seat in pending else sum(commit[seat]) for seat in range(n))
    else:
        face_down = None
    fx = state.fx
    seats = (1 << n) - 1
    knows = state.tkknown >> player & 1
    mids = state.mids
    won = state.won
    return (
        player, state.round, state.start, state.direction, tuple(state.order), state.stage,
        tuple(pending), public_decision(state.decision), state.max_health,
        len(mids), state.shown, knows, tuple(mids) if knows else tuple(mids[:state.shown]),
        state.step, tuple(state.net) if resolving and not committing else None,
        # effects
        bool(fx[FX_FREEZE]), bool(fx[FX_DARK]), max(fx[FX_BETRAY], -1),
        bool(fx[FX_BETRAY_VOID]), fx[FX_PUNISH] & seats, fx[FX_JUSTICE] & seats,
        fx[FX_RAGE_PECK] & seats, tuple(state.harvest), tuple(state.repent),
        tuple(map(tuple, state.prophecies)),
        # seats
        tuple(state.raven), tuple(state.health), tuple(state.vp), tuple(hands),
        tuple(sum(compress(held, light)) for held in magick), tuple(map(sum, magick)),
        tuple(map(tuple, state.front)), face_down,
        None if state.stage == ST_CHARACTERS else tuple(state.char), tuple(state.copied),
        # decks
        len(state.ldeck), tuple(state.ldisc), len(state.sdeck), tuple(state.sdisc),
        tuple(state.adrift),
        (tuple(won), state.reason) if won else None,
        # the seat's own
        tuple(state.hand[player]), tuple(state.held[player]),
        state.to_pass[player] if kind == D_PASS else 0, tuple(magick[player]),
        tuple(commit[player]) if resolving else None, state.char[player],
        tuple(state.cdeal[player]),
    )
