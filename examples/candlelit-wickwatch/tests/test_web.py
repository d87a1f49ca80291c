"""Wickwatch's browser templates render every seat's view with nothing hidden leaking."""

from __future__ import annotations

from functools import partial

import pytest
from candlelit.engine import conformance as c
from candlelit.i18n import t
from candlelit.server.render import board_html, pick, seats_at
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from candlelit_wickwatch.catalogue import catalogue
from candlelit_wickwatch.web_context import board_context

ENV = Environment(loader=PackageLoader("candlelit_wickwatch", "web"),
                  autoescape=select_autoescape(default=True), undefined=StrictUndefined,
                  trim_blocks=True, lstrip_blocks=True)
ENV.filters.update(pick=pick, seats_at=seats_at)


def board(view, lang="en"):
    """The board template rendered as the server renders it (view, t, lang, names, viewer)."""
    names = [f"Seat {s + 1}" for s in range(view["players"])]
    return ENV.get_template("board.html").render(
        view=view, t=partial(t, lang=lang), lang=lang, names=names, viewer=view["viewer"],
        **board_context(view))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_board_renders_for_every_seat_and_the_spectator_at_every_step(players, lang):
    def visit(state, step):
        if step % 3:
            return
        for seat in [*range(players), None]:
            html = board(state.view(seat), lang)
            assert "ww-table" in html
            if seat is not None and state.offers[seat]:
                assert f'class="ww-candle ww-h{state.offers[seat]} ww-offer"' in html
            elif seat is not None:
                assert "ww-offer" not in html

    final = c.playout("wickwatch", players, 5, chooser=3, visit=visit)
    assert "badge win" in board(final.view(None), lang)


def test_board_shows_a_seat_its_own_face_down_candle_only():
    state = c.load("wickwatch", 2, 1)
    height = state.legal_actions(0)[-1] + 1
    state.apply_action(height - 1, 0)
    mine, theirs = board(state.view(0)), board(state.view(1))
    assert f'class="ww-candle ww-h{height} ww-offer"' in mine
    assert "style=" not in mine  # the site's CSP refuses inline styles
    assert "ww-offer" not in theirs and 'class="badge ready"' in theirs


def test_cards_page_lists_every_spirit_with_its_provenance():
    data = catalogue()
    html = ENV.get_template("cards.html").render(data=data, t=partial(t, lang="zh-TW"),
                                                 lang="zh-TW")
    assert len(data["spirits"]) == 10 and "老守夜人" in html and "+6" in html
    assert "W1" in html and "high" in html


def test_seat_names_in_the_banner_are_escaped_once_by_the_server():
    state = c.load("wickwatch", 2, 1)
    names = ["Ann & <Bo>", "Cy"]
    html = board_html("wickwatch", state.view(None), "en", names, None)
    assert "Ann &amp; &lt;Bo&gt;, Cy" in html
    assert "&amp;amp;" not in html and "<Bo>" not in html
