"""Nevermore in the browser: a seat may have its own browser pass every magick window."""

from __future__ import annotations

import time

from browserkit import GAME_TIMEOUT, create_table, finished, open_seat, seat_version
from test_browser_privacy import game_so_far

from candlelit.engine.registry import load
from candlelit.games.nevermore.constants import A_DONE, D_WINDOW

ME = 0
OTHER_CHOICE = "#actions button[data-action]:enabled:not(.act-done)"
PASS_CHOICE = "#actions button.act-done[data-action]:enabled"


def window_answers(game, seat):
    """What `seat` answered at each magick window of the stored game, in order."""
    state = load(game.game, game.num_players, game.seed, game.options)
    answers = []
    for player, action in game.history:
        if player == seat and state.decision[0] == D_WINDOW:
            answers.append(action)
        state.apply_action(action, player)
    return answers


def test_auto_pass_answers_every_magick_window_and_only_those(server, new_context):
    context = new_context()
    created = create_table(context.new_page(), server.url, "nevermore", 3,
                           {1: "heuristic", 2: "random"})
    page = open_seat(context, created.my_link)
    page.locator("[data-auto-pass-toggle]").check()

    deadline = time.monotonic() + 2 * GAME_TIMEOUT
    while not (finished(page) or page.inner_text(".nevermore .status").startswith("Round 3 ")):
        assert time.monotonic() < deadline, "the game stopped moving"
        before = seat_version(page)
        if page.locator("[data-auto-pass='ready']").count():
            page.wait_for_timeout(30)  # a magick window: the browser answers it by itself
            continue
        choice = page.locator(OTHER_CHOICE)
        if choice.count() == 0:
            choice = page.locator(PASS_CHOICE)  # a yes/no or damage question, not a window
        if choice.count() == 0:
            page.wait_for_timeout(30)
            continue
        try:
            choice.first.click(timeout=2_000)
            page.wait_for_function(
                "v => Number(document.getElementById('table').dataset.seatVersion) > v",
                arg=before, timeout=3_000)
        except Exception:  # the view changed under the pointer: look again
            continue

    answers = window_answers(game_so_far(server.db, created.table_id), ME)
    assert answers, "seat 1 holds a Shadow Magick card, so it was asked at magick windows"
    assert set(answers) == {A_DONE}, "auto-pass passes; it never plays a card"

    page.reload()
    page.wait_for_selector("#conn.on")
    assert page.locator("[data-auto-pass-toggle]").is_checked(), "the choice is remembered"
    page.locator("[data-auto-pass-toggle]").uncheck()
    page.reload()
    page.wait_for_selector("#conn.on")
    assert not page.locator("[data-auto-pass-toggle]").is_checked()
