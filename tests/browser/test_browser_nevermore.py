"""Nevermore in the browser: a seat may have its own browser pass every magick window."""

from __future__ import annotations

from browserkit import create_table, finished, open_seat, play_leaving_auto_pass
from playwright.sync_api import expect
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

    # a yes/no or damage question (not a window) is answered by its pass button
    def round_3() -> bool:
        return page.inner_text(".nevermore .status").startswith("Round 3 ")

    play_leaving_auto_pass(page, lambda: finished(page) or round_3(), (OTHER_CHOICE, PASS_CHOICE))

    answers = window_answers(game_so_far(server.db, created.table_id), ME)
    assert answers, "seat 1 holds a Shadow Magick card, so it was asked at magick windows"
    assert set(answers) == {A_DONE}, "auto-pass passes; it never plays a card"

    page.reload()
    page.wait_for_selector("#conn.on")
    # the page restores the choice once the table's first update has arrived
    expect(page.locator("[data-auto-pass-toggle]")).to_be_checked(timeout=15_000)
    page.locator("[data-auto-pass-toggle]").uncheck()
    page.reload()
    page.wait_for_selector("#conn.on")
    assert not page.locator("[data-auto-pass-toggle]").is_checked()
