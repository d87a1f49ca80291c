"""Golden playthroughs: each seeded game still plays, labels and ends exactly as checked in."""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load_goldens() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_goldens", ROOT / "bench" / "goldens.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


goldens = _load_goldens()
CASES = list(goldens.cases())


def first_difference(expected: list[str], actual: list[str], context: int = 3) -> str:
    """A unified diff of the first differing lines of two texts (at most ~30 lines)."""
    diff = list(difflib.unified_diff(expected, actual, "checked in", "regenerated",
                                     n=context, lineterm=""))
    start = next((i for i, line in enumerate(diff) if line.startswith("@@")), 0)
    shown = diff[:2] + diff[start:start + 30]
    return "\n".join(shown + (["…"] if len(diff) > start + 30 else []))


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_golden_playthrough(game: str, players: int) -> None:
    path = goldens.path_for(game, players)
    assert path.exists(), f"no golden file {path.name}; create it with: {goldens.REGENERATE}"
    expected = path.read_text(encoding="utf-8").splitlines()
    actual = goldens.golden_lines(game, players)
    if expected != actual:
        rules_line = next((line for line in actual if line.startswith("rules: ")), "")
        same_rules = rules_line in expected
        hint = ("The rules version is unchanged: if the game's rules changed on purpose, bump "
                "its RULES_VERSION too. " if same_rules else "")
        pytest.fail(f"{path.name} differs from a fresh playthrough:\n"
                    f"{first_difference(expected, actual)}\n"
                    f"{hint}If the change is intended, regenerate with: {goldens.REGENERATE}",
                    pytrace=False)


def test_no_stale_golden_files() -> None:
    expected = {goldens.path_for(game, players) for game, players in CASES}
    stale = sorted(p.name for p in goldens.GOLDEN_DIR.glob("*p.txt") if p not in expected)
    assert not stale, f"golden files for no registered game/player count: {stale}"


def test_first_difference_names_the_changed_line() -> None:
    before = ["game: x", "0 0: Pass", "1 1: Play", "digest: a"]
    after = ["game: x", "0 0: Pass", "1 1: Draw", "digest: b"]
    shown = first_difference(before, after)
    assert "-1 1: Play" in shown and "+1 1: Draw" in shown
    assert first_difference(before, before) == ""
