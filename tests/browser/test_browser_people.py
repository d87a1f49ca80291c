"""People in a real browser: remembered names, the your-turn notice, and a rematch."""

from __future__ import annotations

import time

from browserkit import click_first_choice, finished, open_seat, wait_connected
from playwright.sync_api import Page

from candlelit.i18n import t

TURN = "▶ Your turn · "
FAKE_NOTIFICATION = """() => {
  window.notes = [];
  class Recorded {
    static permission = "granted";
    static requestPermission() { return Promise.resolve("granted"); }
    constructor(title, options) { window.notes.push([title, options.body]); }
    addEventListener() {}
  }
  Object.defineProperty(window, "Notification", { value: Recorded, configurable: true });
  Object.defineProperty(document, "hidden", { get: () => true, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def acting(page: Page) -> bool:
    return page.locator("#actions button[data-action]").count() > 0


def named_pair(server, new_context) -> tuple[Page, Page, str]:
    """Ada creates a table with Bo's seat invited; Bo's browser remembers his name."""
    host = new_context().new_page()
    host.goto(f"{server.url}/")
    host.fill("#your-name", "  Ada ")
    host.select_option("#game", "divinare")
    host.select_option("#players", "2")
    host.select_option("select[name=seat1]", label=t("web.invite", "en"))
    host.click("#new-table button[type=submit]")
    assert host.inner_text(".created .player-name") == "Ada"  # trimmed
    invite = host.input_value("input.link[data-seat='1']")
    me = open_seat(host.context, f"{server.url}{host.get_attribute('#my-seat', 'href')}")
    friend_context = new_context()
    lobby = friend_context.new_page()
    lobby.goto(f"{server.url}/")
    lobby.evaluate("() => localStorage.setItem('candlelit:name', 'Bo')")
    friend = open_seat(friend_context, invite)
    friend.wait_for_function("() => document.querySelector('.table-head').innerText.includes('Bo')")
    wait_connected(friend)
    return me, friend, me.get_attribute("#table", "data-table") or ""


def test_two_people_see_each_others_names_and_the_name_is_remembered(server, new_context):
    me, friend, table_id = named_pair(server, new_context)
    assert "Ada (you)" in me.inner_text(".table-head")
    assert "Bo (you)" in friend.inner_text(".table-head")
    me.wait_for_function("() => document.getElementById('seats').innerText.includes('Bo')")
    assert "Ada" in friend.inner_text("#seats")
    assert friend.input_value(".name-form input[name=name]") == "Bo"
    lobby = me.context.new_page()
    lobby.goto(f"{server.url}/")
    assert lobby.input_value("#your-name") == "Ada"  # remembered by this browser
    # the field stops at 24 characters; the server refuses longer ones in one line
    friend.fill(".name-form input[name=name]", "B" * 30)
    assert len(friend.input_value(".name-form input[name=name]")) == 24
    form = {name: friend.input_value(f".name-form input[name={name}]")
            for name in ("csrf", "token")}
    refused = friend.context.request.post(f"{server.url}/t/{table_id}/name",
                                          form=form | {"name": "B" * 30}, max_redirects=0)
    assert refused.status == 400
    assert "A name can have at most 24 characters." in refused.text()
    friend.reload()
    assert "Bo (you)" in friend.inner_text(".table-head")


def test_the_title_and_icon_tell_a_hidden_tab_that_its_seat_must_act(server, new_context):
    me, friend, _ = named_pair(server, new_context)
    plain = me.title()
    assert plain.startswith(TURN) == acting(me)
    me.evaluate("() => localStorage.setItem('candlelit:notice:notify', '1')")
    me.evaluate(FAKE_NOTIFICATION)
    waited = False
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if acting(me):
            if waited:
                break
            click_first_choice(me)
        else:
            waited = True
            if not me.title().startswith(TURN):
                click_first_choice(friend) or friend.wait_for_timeout(30)
    else:
        raise AssertionError("the host's seat never came to act after waiting")
    me.wait_for_function("t => document.title.startsWith(t)", arg=TURN)
    assert me.title() == TURN + plain.removeprefix(TURN)
    assert "data:image/svg+xml" in (me.get_attribute("link[rel=icon]", "href") or "")
    notes = me.evaluate("() => window.notes")
    assert notes and notes[-1][0] == "Your turn" and "Divinare" in notes[-1][1]
    click_first_choice(me)
    if not acting(me):
        assert not me.title().startswith(TURN)


def test_after_the_game_both_players_press_rematch_and_meet_at_one_new_table(server,
                                                                          new_context):
    me, friend, table_id = named_pair(server, new_context)
    assert me.locator("#rematch").is_hidden()  # only once the game is over
    for page, seat in ((me, 0), (friend, 1)):  # both let a bot finish for them
        page.click(f"button[data-bot-seat='{seat}'][data-on='true']")
    me.wait_for_function("() => document.getElementById('table').dataset.status === 'finished'",
                         timeout=60_000)
    friend.wait_for_function("() => document.getElementById('table').dataset.status "
                             "=== 'finished'", timeout=60_000)
    assert finished(me)
    me.click("#rematch button")
    wait_connected(me)
    new_id = me.get_attribute("#table", "data-table")
    assert new_id and new_id != table_id
    assert "Ada (you)" in me.inner_text(".table-head")
    friend.wait_for_selector(".rematch-waiting")
    friend.click("#rematch button")
    wait_connected(friend)
    assert friend.get_attribute("#table", "data-table") == new_id
    assert "Bo (you)" in friend.inner_text(".table-head")
    assert me.get_attribute("#table", "data-status") == "playing"
