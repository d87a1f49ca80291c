"""What one Nevermore seat's view shows besides its log, as one flat hashable tuple.

`known_table` mirrors views.py field by field, keeping only what the view shows (a face-down
commitment's size, not its cards; the tokens face up or looked at; the public side of the
decision), with card and character indices standing for their names (a card set whose names
repeat falls back to the engine's serialised view). Options are fixed for a game, so what only
they decide (the round limit, card texts, the characters' confidence) is left out. Its cost
follows the size of the table, never the log.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from itertools import chain
from operator import add, itemgetter, sub

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

LightCount = Callable[[list[int]], int]
"""How many Light cards a seat's magick counts (by title) hold."""

_FACTS: dict[int, tuple[CardSet, LightCount | None]] = {}


def light_count(cards: CardSet) -> LightCount | None:
    """A seat's Light card count from its magick counts; None when two titles or two characters
    share a name, so that indices cannot stand for names (worked out once per card set)."""
    found = _FACTS.get(id(cards))
    if found is not None and found[0] is cards:
        return found[1]
    names = [(c.name_en, c.name_zh or c.name_en) for c in cards.magick]
    people = [(c.name_en, c.name_zh or c.name_en) for c in cards.characters]
    count = None
    if len(set(names)) == len(names) and len(set(people)) == len(people):
        count = _counter([c.index for c in cards.magick if c.deck == LIGHT])
    _FACTS[id(cards)] = (cards, count)
    return count


def _counter(titles: list[int]) -> LightCount:
    """The sum of a seat's counts of `titles`."""
    if len(titles) < 2:
        def few(held: list[int]) -> int:
            return sum(held[t] for t in titles)
        return few
    pick = itemgetter(*titles)

    def many(held: list[int]) -> int:
        return sum(pick(held))
    return many


def public_decision(decision: list[int]) -> tuple[int | None, int | None, int | None]:
    """The decision as views.decision_view shows it: its kind and the (up to two) arguments it
    names, None for an argument it does not."""
    kind = decision[0]
    if kind == D_WINDOW:
        return kind, decision[2], decision[3] if decision[2] == DURING_STEP else None
    if kind in _PURPOSED:
        return kind, decision[2], None
    return kind, None, None


def known_table(state: NevermoreFields, player: int) -> Hashable:
    """Everything `view(player)` shows but its log, as one tuple (see the module docstring).

    One flat tuple: per-seat lists are spread seat by seat (their length is the player count),
    every list of another length is preceded by its length, and what the view shows only in
    some phases comes last, None when hidden."""
    light = light_count(state.cards)
    if light is None:
        return State.known_table(state, player)
    n = state.num_players
    kind = state.decision[0]
    committing = kind == D_COMMIT
    resolving = state.step >= 0
    pending, magick, commit, fx = state.pending, state.magick, state.commit, state.fx
    hands: Iterator[int] = map(add, map(sum, state.hand), map(sum, state.held))
    if committing and resolving:
        hands = map(sub, hands, [c[2] for c in commit])
    seats = (1 << n) - 1
    knows = state.tkknown >> player & 1
    shown = state.mids if knows else state.mids[:state.shown]
    ldisc, sdisc, adrift, repent = state.ldisc, state.sdisc, state.adrift, state.repent
    prophecies, offered, won = state.prophecies, state.cdeal[player], state.won
    return (
        player, state.round, state.start, state.direction, state.stage, state.max_health,
        state.step, *public_decision(state.decision), knows, state.shown, len(state.mids),
        len(shown), *shown, len(pending), *pending,
        # effects
        bool(fx[FX_FREEZE]), bool(fx[FX_DARK]), max(fx[FX_BETRAY], -1),
        bool(fx[FX_BETRAY_VOID]), fx[FX_PUNISH] & seats, fx[FX_JUSTICE] & seats,
        fx[FX_RAGE_PECK] & seats, len(repent), *repent,
        len(prophecies), *chain.from_iterable(prophecies),
        # decks
        len(state.ldeck), len(state.sdeck), len(ldisc), *ldisc, len(sdisc), *sdisc,
        len(adrift), *adrift,
        # seats, each list seat by seat
        *state.order, *state.raven, *state.health, *state.vp, *state.harvest, *state.copied,
        *hands, *map(light, magick), *map(sum, magick),
        *chain.from_iterable(state.front),
        *(() if state.stage == ST_CHARACTERS else state.char),
        # the seat's own
        *state.hand[player], *state.held[player], *magick[player], state.char[player],
        state.to_pass[player] if kind == D_PASS else 0, len(offered), *offered,
        # shown in some phases only
        tuple(state.net) if resolving and not committing else None,
        tuple(None if seat in pending else sum(commit[seat]) for seat in range(n))
        if committing else None,
        tuple(commit[player]) if resolving else None,
        (tuple(won), state.reason) if won else None,
    )
