"""Where installed games are found: the `candlelit.games` entry-point group, read lazily."""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any

GROUP = "candlelit.games"
"""The entry-point group a distribution declares its games in: `name = "package:SPEC"`."""


@cache
def game_entry_points() -> dict[str, EntryPoint]:
    """Every installed game's entry point by game name (read from package metadata once)."""
    return {ep.name: ep for ep in sorted(entry_points(group=GROUP), key=lambda ep: ep.name)}


def package_folder(package: str) -> Path | None:
    """The folder of import package `package` without importing it (None if not found)."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def game_folders() -> list[Path]:
    """The package folder of every installed game, in game-name order."""
    folders = (package_folder(ep.module) for ep in game_entry_points().values())
    return [folder for folder in folders if folder is not None]


def resolve(reference: str) -> Any:
    """The object a manifest names: `"module:attribute"`, or a module for `"module"`."""
    module, _, attribute = reference.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


@cache
def manifest_piece(game: str, piece: str) -> Any:
    """The object game `game`'s manifest names as `piece` (None if it names none or there is
    no such game); for layers below the registry, which must not import it."""
    entry = game_entry_points().get(game)
    reference = getattr(entry.load(), piece, None) if entry is not None else None
    return resolve(reference) if reference else None
