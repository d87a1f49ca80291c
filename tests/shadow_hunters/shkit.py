"""Helpers for the Shadow Hunters tests: new games with chosen options."""

from __future__ import annotations

from candlelit.engine.options import resolve_options
from candlelit.games.shadow_hunters import SPEC
from candlelit.games.shadow_hunters.rules import ShadowHuntersState
from candlelit.games.shadow_hunters.state import missions_to_watch


def new_game(players: int = 4, seed: int = 0, variant: str | None = None,
             **options) -> ShadowHuntersState:
    """A game with the given options (defaults otherwise)."""
    resolved = resolve_options(SPEC.options, SPEC.variants, variant, options)
    return ShadowHuntersState.new(players, seed, resolved)


def deal(state: ShadowHuntersState, *ids: str, cells: list[int] | None = None,
         hidden: tuple[int, ...] = (), roster: bool = False) -> ShadowHuntersState:
    """Give seats 0.. the characters `ids` at full HP with nothing in front of them (face up
    unless listed in `hidden`), on `cells`; `roster` makes the public roster match the deal."""
    pool = [c.id for c in state.pool]
    for seat, cid in enumerate(ids):
        state.char[seat] = pool.index(cid)
        state.hp[seat] = state.pool[state.char[seat]].hp
        state.revealed[seat] = int(seat not in hidden)
        state.equip[seat] = []
        state.held[seat] = []
        if cells:
            state.cell[seat] = cells[seat]
    if roster:
        state.roster = sorted(state.char)
    state.watch = missions_to_watch(state)
    state.legal_memo = None
    return state


def seated(*ids: str, cells: list[int], hidden: tuple[int, ...] = (),
           **options) -> ShadowHuntersState:
    """A game of len(ids) seats dealt exactly `ids` (the public roster too), on `cells`,
    with seats taking turns in the order 0, 1, 2, ..."""
    state = deal(new_game(len(ids), **options), *ids, cells=cells, hidden=hidden, roster=True)
    state.order = list(range(len(ids)))
    return state


def card_no(state: ShadowHuntersState, cid: str) -> int:
    """The index of the card called `cid` (e.g. 'yellow-09')."""
    return next(k for k, c in enumerate(state.cards) if c.id == cid)


def on_top(state: ShadowHuntersState, cid: str) -> int:
    """Move card `cid` to the top of its own deck; its index."""
    from candlelit.games.shadow_hunters.constants import COLOURS

    k = card_no(state, cid)
    for deck in state.decks:
        if k in deck:
            deck.remove(k)
    state.decks[COLOURS.index(state.cards[k].colour)].append(k)
    return k


def turn_at(state: ShadowHuntersState, seat: int, phase: int) -> None:
    """Make it `seat`'s turn at `phase` (0 start ... 3 attack) and run to the first decision
    (the legality memo of the decision set aside is dropped)."""
    state.turn, state.phase, state.decision, state.queue = state.order.index(seat), phase, [], []
    state.chosen = [] if phase == 0 else [1]
    state.legal_memo = None
    state.advance()


def take_action_at(state: ShadowHuntersState, seat: int, cell: int) -> None:
    """Put `seat` on `cell` at the location-action step of its turn and take the action."""
    state.cell[seat] = cell
    turn_at(state, seat, 2)
    assert state.decision[:2] == ["act", seat]
    state.apply_action(1, seat)
