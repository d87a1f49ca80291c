"""The lobby form offers only what the chosen game allows, and creates exactly that table."""

from __future__ import annotations

import pytest
from browserkit import create_table

from candlelit.bots.registry import bot_names
from candlelit.engine.registry import games


def shown_options(page, selector):
    """The values of the options a person can pick in `selector`."""
    return page.eval_on_selector(
        selector, "s => [...s.options].filter(o => !o.hidden && !o.disabled).map(o => o.value)")


def visible_seats(page):
    """The seat numbers (0-based) whose kind can be chosen."""
    return page.eval_on_selector_all(
        ".seat-kind", "ls => ls.filter(l => l.offsetParent !== null && "
        "!l.querySelector('select').disabled).map(l => Number(l.dataset.seat))")


@pytest.mark.parametrize("spec", games(), ids=lambda spec: spec.name)
def test_the_form_follows_the_game_and_the_player_count(server, new_context, spec):
    page = new_context().new_page()
    page.goto(f"{server.url}/")
    page.select_option("#game", spec.name)
    counts = [str(n) for n in spec.player_counts]
    assert shown_options(page, "#players") == counts
    assert shown_options(page, "#variant") == [
        "", *[v.name for v in spec.variants if v.name != "standard"]]
    for n in spec.player_counts:
        page.select_option("#players", str(n))
        assert visible_seats(page) == list(range(1, n))
        for seat in range(1, n):
            offered = shown_options(page, f"select[name=seat{seat}]")
            assert offered == [*bot_names(spec.name), "human", "open"]
            chosen = page.eval_on_selector(f"select[name=seat{seat}]", "s => s.value")
            assert chosen in bot_names(spec.name)

    smallest = spec.min_players
    created = create_table(page, server.url, spec.name, smallest,
                           {1: "human"} if smallest > 1 else {})
    seats = page.locator(".seat-link .who").all_inner_texts()
    assert [s for s in seats if s.startswith("Seat")] == [
        f"Seat {n}" for n in range(1, smallest + 1)]
    if smallest > 1:
        assert set(created.invites) == {1}
        assert created.invites[1].startswith(f"{server.url}/t/{created.table_id}?token=")
