"""Boards in a real browser: Nevermore's table, Anima's map, card faces and provenance marks,
at a phone's 375 px and a laptop's 1,280 px, with nothing running off the side."""

from __future__ import annotations

import pytest
from browserkit import create_table, no_horizontal_scroll, open_seat, play

SCREENS = {
    375: {"viewport": {"width": 375, "height": 740}, "is_mobile": True, "has_touch": True,
          "device_scale_factor": 2},
    1280: {"viewport": {"width": 1280, "height": 800}},
}
MARKS_PER_CARD = """() => [...document.querySelectorAll('[data-card]')]
    .map(card => card.querySelectorAll('.prov').length)"""


def assert_fits(page, width, where):
    """The page is no wider than the screen it is shown on."""
    scroll, inner = no_horizontal_scroll(page)
    assert inner == width, f"{where} is laid out {inner}px wide, not {width}px"
    assert scroll <= inner + 1, f"{where} scrolls sideways: {scroll}px > {inner}px"


def assert_one_mark_a_card(page, where):
    """No card carries more than one provenance mark."""
    counts = page.evaluate(MARKS_PER_CARD)
    assert all(n <= 1 for n in counts), f"{where}: a card marked twice ({max(counts)})"


@pytest.mark.parametrize("width", [375, 1280])
def test_nevermore_table_shows_seats_around_the_draft_and_fits(server, new_context, width):
    context = new_context(**SCREENS[width])
    host = context.new_page()
    created = create_table(host, server.url, "nevermore", 4, {1: "random", 2: "random",
                                                              3: "random"})
    me = open_seat(context, created.my_link)
    me.wait_for_selector(".nm-table .nm-centre .nm-draft-title")
    assert me.locator(".nm-table .nm-seat").count() == 4
    for part in (".nm-hearts", ".nm-vp", ".nm-count.hand", ".nm-side"):
        assert me.locator(f".nm-seat {part}").count() == 4, part
    assert me.locator(".nm-hand .cface").count() > 0, "the hand is drawn as card faces"
    assert me.locator(".nm-hand .cface .cface-icon").count() == me.locator(
        ".nm-hand .cface").count()
    mine = me.locator(".nm-seat.me").bounding_box()
    centre = me.locator(".nm-centre").bounding_box()
    assert mine is not None and centre is not None
    if width == 1280:
        assert mine["y"] > centre["y"], "the viewer sits below the draft"
        others = [me.locator(f".nm-seat.pos-{p}").bounding_box() for p in (1, 3)]
        assert others[0]["x"] < centre["x"] < others[1]["x"], "neighbours sit either side"
    assert_fits(me, width, "the Nevermore table")
    assert_one_mark_a_card(me, "the Nevermore table")
    play([me], until=lambda ps: ps[0].locator(".nm-token.now").count() > 0
         or ps[0].get_attribute("#table", "data-status") == "finished", timeout=90)
    assert_fits(me, width, "the Nevermore table later on")


@pytest.mark.parametrize("width", [375, 1280])
def test_anima_map_with_parties_and_readable_cards_fits(server, new_context, width):
    context = new_context(**SCREENS[width])
    host = context.new_page()
    created = create_table(host, server.url, "anima", 3, {1: "random", 2: "random"})
    me = open_seat(context, created.my_link)
    me.wait_for_selector(".anima .an-map .an-area")
    assert me.locator(".an-map .an-area[data-pick]").count() == 3
    offered = me.locator(".an-choice .cface")
    assert offered.count() == 6
    effect = offered.first.locator("details.an-effect")
    assert not effect.locator("p").is_visible()
    effect.locator("summary").click()
    assert effect.locator("p").is_visible(), "a card's effect opens on a tap"
    assert offered.first.get_attribute("title"), "and shows on hover"
    assert_fits(me, width, "the Anima board")
    assert_one_mark_a_card(me, "the Anima board")
    play([me], until=lambda ps: ps[0].locator(".an-char").count() >= 3, timeout=90)
    stats = me.locator(".an-char .an-stats").first.inner_text()
    assert "Combat" in stats and "Speed" in stats
    assert me.locator(".an-seat .chip").first.inner_text() == ""
    assert_fits(me, width, "the Anima board with parties")
    assert_one_mark_a_card(me, "the Anima board with parties")


def test_a_provenance_mark_explains_itself_on_tap(server, new_context):
    page = new_context(**SCREENS[375]).new_page()
    page.goto(f"{server.url}/games/fatal-frame/cards")
    mark = page.locator(".prov").first
    note = mark.locator(".prov-note")
    assert not note.is_visible()
    mark.tap()
    assert note.is_visible()
    assert "Reconstructed" in note.inner_text()
    assert page.locator(".prov-legend").is_visible()


CARD_GAMES = ("anima", "nevermore", "fatal-frame", "shadow-hunters", "divinare")
"""The games whose cards pages the next test checks at both widths and in both languages."""


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("game", CARD_GAMES)
def test_cards_pages_fit_and_mark_each_card_once(server, new_context, game, width):
    page = new_context(**SCREENS[width]).new_page()
    for lang in ("en", "zh-TW"):
        page.goto(f"{server.url}/games/{game}/cards?lang={lang}")
        assert_fits(page, width, f"the {game} cards page ({lang})")
        assert_one_mark_a_card(page, f"the {game} cards page ({lang})")
