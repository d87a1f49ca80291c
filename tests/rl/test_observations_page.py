"""docs/rl/observations.md is the reference of every built-in game's observation layout."""

from __future__ import annotations

from pathlib import Path

from candlelit.engine.registry import games, load
from candlelit.rl.observations import reference

PAGE = Path(__file__).parents[2] / "docs" / "rl" / "observations.md"


def test_the_reference_page_is_what_the_layouts_declare():
    assert PAGE.read_text(encoding="utf-8") == reference(), (
        "docs/rl/observations.md is stale: python -m candlelit.rl.observations "
        "> docs/rl/observations.md")


def test_the_page_names_every_part_of_every_built_in_game_at_its_usual_count():
    page = PAGE.read_text(encoding="utf-8")
    for spec in games():
        if not spec.state_class.__module__.startswith("candlelit.games."):
            continue
        section = page.split(f"## {spec.name}\n")[1].split("\n## ")[0]
        layout = load(spec.name, spec.usual_players, 0).observation_layout()
        assert f"| total | | {layout.size} | |" in section
        for part in layout.parts:
            assert f"| `{part.name}` |" in section, (spec.name, part.name)
