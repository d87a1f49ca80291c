"""Fatal Frame in the browser: a seat may have its own browser let every Quick Escape pass."""

from __future__ import annotations

from browserkit import create_table, finished, open_seat, play_leaving_auto_pass
from playwright.sync_api import expect
from test_browser_privacy import game_so_far

from candlelit.engine.registry import load
from candlelit.games.fatal_frame.constants import A_PASS, REACT

ME = 0
WANTED = 3
"""Quick Escape moments seat 0 must have been asked before the test looks at the answers."""
OTHER_CHOICE = "#actions button[data-action]:enabled:not(.act-let_pass)"


def react_answers(game, seat):
    """What `seat` answered each time it was asked about Quick Escape, in order."""
    state = load(game.game, game.num_players, game.seed, game.options)
    answers = []
    for player, action in game.history:
        if player == seat and state.phase == REACT:
            answers.append(action)
        state.apply_action(action, player)
    return answers


def test_auto_pass_lets_every_quick_escape_moment_go_and_plays_nothing(server, new_context):
    context = new_context()
    created = create_table(context.new_page(), server.url, "fatal-frame", 2, {1: "heuristic"})
    page = open_seat(context, created.my_link)
    page.locator("[data-auto-pass-toggle]").check()

    play_leaving_auto_pass(page, lambda: finished(page) or len(
        react_answers(game_so_far(server.db, created.table_id), ME)) >= WANTED, (OTHER_CHOICE,))

    answers = react_answers(game_so_far(server.db, created.table_id), ME)
    assert answers, "seat 0 holds cards while Quick Escapes are unseen, so it was asked"
    assert set(answers) == {A_PASS}, "auto-pass lets the moment go; it never plays a card"
    page.reload()
    page.wait_for_selector("#conn.on")
    # the page restores the choice once the table's first update has arrived
    expect(page.locator("[data-auto-pass-toggle]")).to_be_checked(timeout=15_000)
