"""Picks in a real browser: whole games by clicking cards and spaces, board decisions in SH/FF."""

from __future__ import annotations

import json
import time

from browserkit import GAME_TIMEOUT, create_table, finished, open_seat, seat_version
from playwright.sync_api import Page
from test_browser_phone import PHONE, assert_fits
from test_browser_privacy import game_so_far

from candlelit.engine.records import verify
from candlelit.engine.registry import load

ENABLED = "#actions button[data-action]:enabled"


def wait_version(page: Page, at_least: int) -> None:
    """Wait until the server has accepted choices up to seat version `at_least`."""
    page.wait_for_function(
        "v => Number(document.getElementById('table').dataset.seatVersion) >= v",
        arg=at_least, timeout=5_000)


def my_turn(page: Page) -> bool:
    """Whether the seat has enabled controls and the board has lit its choices."""
    return page.locator(ENABLED).count() > 0 and page.locator("#board .pickable").count() > 0


def divinare_by_clicks(page: Page) -> dict[str, int]:
    """Play seat 0's whole Divinare game on the board alone; count each kind of gesture."""
    done = {"undo": 0, "play_move": 0, "several": 0}
    deadline = time.monotonic() + GAME_TIMEOUT
    while not finished(page):
        assert time.monotonic() < deadline, (
            f"the game stopped moving ({done}): {page.inner_text('#actions')!r} "
            f"{page.locator('#board .pickable').count()} {page.inner_text('#flash')!r}")
        if not my_turn(page):
            page.wait_for_timeout(40)
            continue
        before = seat_version(page)
        kinds = set(page.eval_on_selector_all(
            ENABLED, "bs => bs.map(b => JSON.parse(b.dataset.struct).kind)"))
        if kinds <= {"pass", "discard"}:
            several = int(page.get_attribute(".hand", "data-pick-several") or "1")
            cards = page.locator(".hand .card.pickable")
            for i in range(several):
                cards.nth(i).click()
            if several > 1:
                assert page.locator("#board .card.picked").count() == several
                assert page.is_visible("#pick-bar [data-pick-confirm]:enabled")
                page.click("#pick-bar [data-pick-confirm]")
                done["several"] += 1
            wait_version(page, before + several)
        elif kinds == {"play"}:
            card = page.locator(".hand .card.pickable").first
            card.click()
            options = page.locator("#board .space.pick-option")
            assert page.locator("#board .card.picked").count() == 1
            assert options.count() > 0, "the played suit's reachable spaces light up"
            assert page.is_visible("#pick-bar")
            assert page.is_disabled("#pick-bar [data-pick-confirm]")
            if not done["undo"]:
                page.click("#pick-bar [data-pick-undo]")
                assert page.locator("#board .pick-option, #board .picked").count() == 0
                assert page.is_hidden("#pick-bar")
                assert seat_version(page) == before, "nothing was sent before Confirm"
                done["undo"] += 1
                continue
            suit = card.get_attribute("data-suit")
            assert options.evaluate_all(
                "els => els.every(e => e.closest('.board').dataset.suit === arguments[0])"
                .replace("arguments[0]", json.dumps(suit)))
            options.last.click()
            assert page.locator("#board .pick-target").count() == 1
            page.click("#pick-bar [data-pick-confirm]")
            wait_version(page, before + 2)
            done["play_move"] += 1
        else:
            raise AssertionError(f"unexpected choices {kinds}")
    return done


def test_a_divinare_game_is_played_by_clicking_cards_and_spaces_only(server, new_context):
    page_ = new_context().new_page()
    created = create_table(page_, server.url, "divinare", 3, {1: "random", 2: "random"})
    me = open_seat(page_.context, created.my_link)
    sent: list[dict] = []
    me.on("websocket", lambda ws: ws.on(
        "framesent", lambda frame: sent.append(json.loads(frame))))
    me.reload()
    me.wait_for_selector("#conn.on")
    done = divinare_by_clicks(me)
    assert done["undo"] == 1 and done["play_move"] > 5 and done["several"] > 0
    record = json.loads(me.context.request.get(
        f"{server.url}/t/{created.table_id}/record.json").text())
    assert verify(record).ok
    mine = [a for p, a in record["actions"] if p == 0]
    assert [m["action"] for m in sent if m["type"] == "act"] == mine
    assert me.locator("#log .round-head").count() >= 1
    assert me.locator("#board .token.last-action").count() >= 1


def test_a_shadow_hunters_move_is_chosen_by_clicking_a_location(server, new_context):
    page_ = new_context().new_page()
    created = create_table(page_, server.url, "shadow-hunters", 4,
                           {s: "random" for s in range(1, 4)})
    me = open_seat(page_.context, created.my_link)
    deadline = time.monotonic() + GAME_TIMEOUT
    while True:
        assert time.monotonic() < deadline, "no move decision came"
        kinds = me.eval_on_selector_all(
            ENABLED, "bs => bs.map(b => JSON.parse(b.dataset.struct))")
        cells = [k["cell"] for k in kinds if "cell" in k]
        if cells and me.locator(".sh-cell.pickable").count():
            break
        if kinds:  # another kind of decision first: answer it with the first button
            before = seat_version(me)
            me.locator(ENABLED).first.click()
            wait_version(me, before + 1)
        else:
            me.wait_for_timeout(40)
    lit = me.eval_on_selector_all(".sh-cell.pickable", "els => els.map(e => +e.dataset.cell)")
    assert sorted(lit) == sorted(set(cells))
    before = seat_version(me)
    target = cells[-1]
    me.click(f".sh-cell[data-cell='{target}'] .sh-place")
    wait_version(me, before + 1)
    assert last_choice(server, created.table_id) == {"cell": target}


def last_choice(server, table_id: str) -> dict:
    """Seat 0's latest choice as the server stored it: its struct without kind and key."""
    state = game_so_far(server.db, table_id)
    replay = load(state.game, state.num_players, state.seed, state.options)
    last: dict = {}
    for seat, action in state.history:
        if seat == 0:
            struct = replay.action_to_struct(seat, action)
            last = {k: v for k, v in struct.items() if k not in ("kind", "key")}
        replay.apply_action(action, seat)
    return last


def test_a_fatal_frame_decision_is_made_by_clicking_the_board(server, new_context):
    page_ = new_context().new_page()
    created = create_table(page_, server.url, "fatal-frame", 3, {1: "random", 2: "random"})
    me = open_seat(page_.context, created.my_link)
    deadline = time.monotonic() + GAME_TIMEOUT
    while True:
        assert time.monotonic() < deadline, "no board decision came"
        lit = me.locator("#board [data-pick].pickable")
        if me.locator(ENABLED).count() and lit.count():
            break
        if me.locator(ENABLED).count():
            before = seat_version(me)
            me.locator(ENABLED).first.click()
            wait_version(me, before + 1)
        else:
            me.wait_for_timeout(40)
    element = lit.first
    pick = element.get_attribute("data-pick")
    fitting = me.eval_on_selector_all(
        ENABLED, """(bs, pick) => bs.filter(b => {
            const s = JSON.parse(b.dataset.struct);
            return [...new URLSearchParams(pick)].every(([k, v]) => k in s && String(s[k]) === v);
        }).map(b => b.textContent)""", pick)
    before = seat_version(me)
    element.click()
    if len(fitting) > 1:  # several choices fit: they are offered, and one is taken
        offers = me.locator("#pick-bar .pick-offer")
        assert sorted(offers.all_inner_texts()) == sorted(t.strip() for t in fitting)
        assert me.locator("#actions button.offered").count() == len(fitting)
        offers.first.click()
    wait_version(me, before + 1)
    chosen = last_choice(server, created.table_id)
    for key, value in [p.split("=") for p in pick.split("&")]:
        if key != "kind":
            assert str(chosen[key]) == value, f"the board's {pick} chose {chosen}"


def test_the_play_and_move_gesture_reads_in_chinese_on_a_phone(server, new_context):
    phone = new_context(**PHONE, locale="zh-TW")
    page_ = phone.new_page()
    page_.goto(f"{server.url}/lang/zh-TW?next=/")
    created = create_table(page_, server.url, "divinare", 2, {1: "random"})
    me = open_seat(phone, created.my_link)
    deadline = time.monotonic() + GAME_TIMEOUT
    while me.locator(".hand .card.pickable[data-pick^='kind=play']").count() == 0:
        assert time.monotonic() < deadline, "no play came"
        if my_turn(me):  # the 2-player discard and the passes: choose, then confirm
            before = seat_version(me)
            several = int(me.get_attribute(".hand", "data-pick-several") or "1")
            for i in range(several):
                me.locator(".hand .card.pickable").nth(i).tap()
            if several > 1:
                assert me.inner_text("#pick-bar .pick-what") == f"已選 {several}／{several}"
                me.tap("#pick-bar [data-pick-confirm]")
            wait_version(me, before + several)
        else:
            me.wait_for_timeout(40)
    before = seat_version(me)
    me.locator(".hand .card.pickable").first.tap()
    assert me.inner_text("#pick-bar .pick-what") == "接著選擇要移到哪裡"
    assert me.inner_text("#pick-bar [data-pick-undo]") == "復原"
    assert_fits(me, "the table with the gesture bar")
    me.locator("#board .space.pick-option").first.tap()
    me.tap("#pick-bar [data-pick-confirm]")
    wait_version(me, before + 2)
    assert me.is_hidden("#pick-bar")
    assert_fits(me, "the table after the gesture")
