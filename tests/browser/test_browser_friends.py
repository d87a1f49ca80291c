"""Two friends at one table, for each of the five games: they name themselves, chat, and play
the whole game on the board — clicking cards, spaces, seats and ghosts, the side buttons only
for choices the board does not draw (yes, no, pass) — one of them in 繁體中文 on a phone."""

from __future__ import annotations

import json
import time

import pytest
from browserkit import (
    GAME_TIMEOUT,
    create_table,
    finished,
    open_seat,
    score_rows,
    seat_version,
    winner_rows,
)
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect
from test_browser_phone import PHONE, assert_fits
from test_browser_privacy import game_so_far

from candlelit.engine.records import verify
from candlelit.engine.registry import get

GAMES = ("divinare", "nevermore", "fatal-frame", "anima", "shadow-hunters")
ENABLED = "#actions button[data-action]:enabled"
HOST, FRIEND = "Ada", "小雨"


def accepted(page: Page, before: int, timeout: float = 3.0) -> bool:
    """Whether the server accepts the seat's choice (its seat version passes `before`)."""
    try:
        page.wait_for_function(
            "v => Number(document.getElementById('table').dataset.seatVersion) > v"
            " || document.getElementById('table').dataset.status === 'finished'",
            arg=before, timeout=timeout * 1000, polling=20)
    except PlaywrightError:
        return False
    return True


GESTURE = """() => {
  // one decision on the board, clicked as a person would: the first lit element, then
  // whatever the gesture asks for next (one of several offers, a target, more cards,
  // Confirm); one round trip per decision keeps five whole games short. False: nothing lit
  const lit = document.querySelector("#board .pickable");
  if (!lit) return false;
  lit.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
  for (let step = 0; step < 12; step++) {
    const offer = document.querySelector("#pick-bar .pick-offer");
    const confirm = document.querySelector("#pick-bar [data-pick-confirm]");
    const option = document.querySelector("#board .pick-option:not(.pick-target)");
    const bar = document.getElementById("pick-bar");
    if (offer) offer.click();
    else if (confirm && !confirm.hidden && !confirm.disabled) { confirm.click(); break; }
    else if (option) option.dispatchEvent(new MouseEvent("click", {bubbles: true}));
    else if (bar && !bar.hidden) {
      const more = document.querySelector("#board .pickable:not(.picked)");
      if (!more) break;
      more.dispatchEvent(new MouseEvent("click", {bubbles: true}));
    } else break;
  }
  return true;
}"""


def board_decision(page: Page) -> bool:
    """Make one decision on the board, following whatever gesture it asks for; True when
    the server accepted it (else the gesture is undone)."""
    before = seat_version(page)
    try:
        page.evaluate(GESTURE)
    except PlaywrightError:  # the page was replaced under the script: look again
        return False
    if accepted(page, before, timeout=1.0):
        return True
    if page.is_visible("#pick-bar [data-pick-undo]"):
        page.click("#pick-bar [data-pick-undo]")
    return False


def button_decision(page: Page) -> bool:
    """Press the first side button; True when the server accepted it."""
    before = seat_version(page)
    try:
        page.locator(ENABLED).first.click(timeout=2_000)
    except PlaywrightError:
        return False
    return accepted(page, before)


def play_on_the_board(pages: list[Page]) -> dict[str, int]:
    """Both seats play to the end, on the board whenever it draws the choice."""
    counts = {"board": 0, "button": 0}
    deadline = time.monotonic() + 3 * GAME_TIMEOUT
    while not all(finished(p) for p in pages):
        assert time.monotonic() < deadline, f"the game stopped moving ({counts})"
        acted = False
        for page in pages:
            if finished(page) or not page.locator(ENABLED).count():
                continue
            if page.locator("#board .pickable").count() and board_decision(page):
                counts["board"] += 1
                acted = True
            elif button_decision(page):
                counts["button"] += 1
                acted = True
        if not acted:
            pages[0].wait_for_timeout(40)
    return counts


@pytest.mark.parametrize("game", GAMES)
def test_two_friends_name_themselves_chat_and_play_a_whole_game_on_the_board(
        server, new_context, game):
    players = max(3, get(game).min_players)
    host_context = new_context()
    lobby = host_context.new_page()
    lobby.goto(f"{server.url}/")
    lobby.fill("#your-name", HOST)  # the browser remembers the name: the form fills it again
    lobby.evaluate(f"localStorage.setItem('candlelit:name', {json.dumps(HOST)})")
    created = create_table(lobby, server.url, game, players, {1: "human"})
    me = open_seat(host_context, created.my_link)
    phone = new_context(locale="zh-TW", **PHONE)
    friend = open_seat(phone, created.invites[1] + "&lang=zh-TW")
    friend.fill("#people input[name=name]", FRIEND)
    friend.click("#people .name-form button")
    friend.wait_for_selector("#conn.on")
    expect(me.locator("#seats .seat-list")).to_contain_text(FRIEND)
    expect(friend.locator("#seats .seat-list")).to_contain_text(HOST)

    me.fill("#chat-text", "good luck!")
    me.press("#chat-text", "Enter")
    if not friend.is_visible("#chat-text"):
        friend.click("#chat summary")  # folded on phones
    expect(friend.locator("#chat-lines .chat-text")).to_have_text(["good luck!"])
    expect(friend.locator("#chat-lines .chat-name")).to_contain_text([HOST])
    friend.fill("#chat-text", "祝你好運")
    friend.press("#chat-text", "Enter")
    expect(me.locator("#chat-lines .chat-text")).to_have_text(["good luck!", "祝你好運"])
    expect(me.locator("#chat-lines .chat-name").last).to_contain_text(FRIEND)

    counts = play_on_the_board([me, friend])
    assert counts["board"] > 0, f"no decision was made on the {game} board: {counts}"
    record = json.loads(me.context.request.get(
        f"{server.url}/t/{created.table_id}/record.json").text())
    assert verify(record).ok
    final = game_so_far(server.db, created.table_id)
    assert final.is_terminal()
    ours = sum(1 for seat, _ in record["actions"] if seat in (0, 1))
    assert ours >= counts["board"] + counts["button"]  # a gesture may send two (play, move)
    if game == "divinare":  # the score table, the same on both screens, is the final count
        scores = [int(points) for points in final.view(None)["result"]["scores"]]
        for page in (me, friend):
            assert winner_rows(page) == sorted(final.winners())
            assert [int(score_rows(page)[s][-1]) for s in range(players)] == scores
    with friend.expect_download() as download:
        friend.click(f"#actions a[href$='/t/{created.table_id}/record.json']")
    downloaded = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert downloaded["actions"] == record["actions"]
    expect(friend.locator("html")).to_have_attribute("lang", "zh-TW")
    assert_fits(friend, f"{game} at the end, on a phone")
    assert HOST in me.inner_text("#seats") and FRIEND in friend.inner_text("#seats")

