"""Wickwatch in the terminal: every seat's table and the cards page render in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from candlelit.engine import conformance as c
from rich.console import Console

from candlelit_wickwatch.messages import spirit_name
from candlelit_wickwatch.terminal import render_cards, render_status, render_view


def text(renderable: object) -> str:
    """What a wide terminal shows for `renderable`."""
    console = Console(width=160, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_every_seat_sees_its_own_candles_and_the_pile(lang):
    state = c.load("wickwatch", 3, 7)
    state.apply_action(state.legal_actions(1)[0], 1)
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        shown = text(render_view(view, lang, ["you", "bot keeper", "bot random"]))
        assert spirit_name(view["pile"][0]["id"], lang) in shown
        if seat is not None:
            assert " ".join(f"▮{h}" for h in view["hand"]) in shown
    status = text(render_status(state.view(1), lang))
    assert f"▮{state.view(1)['offer']}" in status


def test_the_finished_table_shows_every_score():
    final = c.playout("wickwatch", 4, 3, chooser=1)
    shown = text(render_view(final.view(0), "en", []))
    for seat in final.view(None)["seats"]:
        assert str(seat["score"]) in shown


def test_cards_page_shows_the_builtin_deck_and_a_players_file(tmp_path: Path):
    builtin = text(render_cards("en", None))
    assert "the Old Warden" in builtin and "+6" in builtin and "W1" in builtin
    mine = tmp_path / "mine.yaml"
    mine.write_text("spirits:\n" + "".join(f"  - {{id: ghost-{v}, value: {v}}}\n"
                                          for v in (1, 2, -3, 4)), encoding="utf-8")
    shown = text(render_cards("zh-TW", mine))
    assert "ghost 4" in shown and "−3" in shown and str(mine) in shown
