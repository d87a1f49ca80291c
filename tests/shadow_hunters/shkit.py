"""Helpers for the Shadow Hunters tests: new games with chosen options."""

from __future__ import annotations

from candlelit.engine.options import resolve_options
from candlelit.games.shadow_hunters import SPEC
from candlelit.games.shadow_hunters.rules import ShadowHuntersState


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
    state.watch = state._missions_to_watch()
    return state
