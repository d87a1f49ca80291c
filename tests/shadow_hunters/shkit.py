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
