"""Boards: Nevermore as a table, Anima as a map, data-pick on both, one provenance mark a card."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from srvkit import LINK, LiveServer

from candlelit.engine.registry import load
from candlelit.engine.state import State
from candlelit.server.render import board_html

PICK = re.compile(r'data-pick="([^"]*)"')
FIVE = ["anima", "divinare", "fatal-frame", "nevermore", "shadow-hunters"]
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fay"]
BUTTONS_ONLY = {"done", "sweep", "yes"}
"""Nevermore decisions with nothing on the board to stand for them (the side buttons do)."""


def flat(struct: dict[str, Any], prefix: str = "") -> dict[str, str]:
    """A struct's values as strings, nested names joined with dots (`card.en`)."""
    out: dict[str, str] = {}
    for key, value in struct.items():
        if isinstance(value, dict):
            out |= flat(value, f"{prefix}{key}.")
        else:
            out[prefix + key] = str(value)
    return out


def picks(board: str) -> list[dict[str, str]]:
    """Every data-pick of a board, as {name: value}."""
    return [dict(pair.split("=", 1) for pair in html.unescape(raw).split("&"))
            for raw in PICK.findall(board)]


def matched(struct: dict[str, Any], board_picks: list[dict[str, str]]) -> bool:
    """Whether some element's pick names `struct` (every pair equal, the key left out)."""
    values = flat({k: v for k, v in struct.items() if k != "key"})
    return any(all(values.get(k) == v for k, v in pick.items()) for pick in board_picks)


def sampled(game: str, players: int, seeds: range, variant: str | None = None,
            every: int = 3) -> Iterator[tuple[State, int]]:
    """Random playouts of `game`, yielding (state, a seat to act) at every `every`-th step."""
    for seed in seeds:
        state = load(game, players, seed, variant=variant)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            seat = rng.choice(state.pending_players())
            if step % every == 0:
                yield state, seat
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
            step += 1


def names_something(struct: dict[str, Any]) -> bool:
    """An action with an argument (a card, seat, suit, area...): one the board can show."""
    return any(k not in ("kind", "key") for k in struct)


@pytest.mark.parametrize(("game", "players", "variant"), [
    ("nevermore", 4, None), ("nevermore", 5, "specters"), ("anima", 3, None),
    ("anima", 4, "revised")])
def test_every_choice_that_names_something_has_a_board_element_to_click(game, players,
                                                                        variant):
    kinds: set[str] = set()
    checked = 0
    for state, seat in sampled(game, players, range(2), variant):
        board = board_html(game, state.view(seat), "en", NAMES[:players], seat)
        board_picks = picks(board)
        for action in state.legal_actions(seat):
            struct = state.action_to_struct(seat, action)
            if not names_something(struct) or struct["kind"] in BUTTONS_ONLY:
                continue
            assert matched(struct, board_picks), (struct, board_picks)
            kinds.add(struct["kind"])
            checked += 1
    assert checked > 100
    expected = ({"pass", "commit", "target", "play", "join"} if game == "nevermore" else
                {"travel", "play", "discard", "salvage", "ability", "attack", "reward"})
    assert expected <= kinds


def test_a_pick_names_one_action_where_the_board_shows_one_thing():
    """In Nevermore a hand card passes its suit and a seat is the target: one click, one
    action."""
    seen = 0
    for state, seat in sampled("nevermore", 4, range(1), every=1):
        board_picks = picks(board_html("nevermore", state.view(seat), "en", NAMES[:4], seat))
        structs = [state.action_to_struct(seat, a) for a in state.legal_actions(seat)]
        for struct in structs:
            if struct["kind"] not in ("pass", "target"):
                continue
            for pick in [p for p in board_picks if matched(struct, [p])]:
                assert [s for s in structs if matched(s, [pick])] == [struct]
                seen += 1
    assert seen > 50


TAG = re.compile(r"<(/?)([a-zA-Z][\w-]*)([^>]*?)(/?)>")
VOID = {"br", "img", "input", "meta", "link", "path", "hr", "source", "use"}


def opened(page: str) -> Iterator[tuple[int, str, str, list[int]]]:
    """Each element opened in `page`, numbered in order: (number, tag, attributes, the
    numbers of the elements it sits in)."""
    stack: list[tuple[str, int]] = []
    for n, (closing, tag, attrs, self_closing) in enumerate(TAG.findall(page)):
        if closing:
            while stack and stack.pop()[0] != tag:
                pass
            continue
        if tag in VOID or self_closing:
            continue
        yield n, tag, attrs, [k for _, k in stack]
        stack.append((tag, n))


def marks_per_card(page: str) -> tuple[list[int], int]:
    """The number of provenance marks inside each [data-card] element, and in all."""
    cards: dict[int, int] = {}
    marks = 0
    for n, _tag, attrs, around in opened(page):
        if "data-card=" in attrs:
            cards[n] = 0
        if re.search(r'class="(?:[^"]* )?prov(?: [^"]*)?"', attrs):
            marks += 1
            for k in around:
                if k in cards:
                    cards[k] += 1
    return list(cards.values()), marks


def visible_daggers(page: str) -> int:
    """How many † a reader sees side by side (two marks in a row mean a card marked twice)."""
    text = re.sub(r'<span class="prov-note">.*?</span>', "", page)
    text = re.sub(r'<p class="(?:legend|prov-legend)[^"]*">.*?</p>', "", text, flags=re.S)
    text = re.sub(r"<[^>]+>", "", text)
    return len(re.findall(r"†\s*†", text))


@pytest.mark.parametrize("game", FIVE)
def test_a_reconstructed_card_carries_one_mark_on_the_board(game):
    players = {"shadow-hunters": 4, "nevermore": 5}.get(game, 3)
    variant = "specters" if game == "nevermore" else None
    total = 0
    for state, seat in sampled(game, players, range(1), variant, every=25):
        board = board_html(game, state.view(seat), "en", NAMES[:players], seat)
        per_card, marks = marks_per_card(board)
        assert all(n <= 1 for n in per_card), per_card
        assert visible_daggers(board) == 0
        assert "badge reconstructed" not in board
        total += marks
    if game in ("anima", "fatal-frame", "nevermore"):
        assert total > 0, "reconstructed cards are marked"


@pytest.fixture
def server(sqlite_url: str) -> Iterator[LiveServer]:
    with LiveServer(sqlite_url) as live:
        yield live


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("game", FIVE)
def test_cards_pages_explain_the_mark_and_mark_each_card_at_most_once(server, game, lang):
    page = server.http.get(f"/games/{game}/cards", params={"lang": lang}).text
    per_card, marks = marks_per_card(page)
    assert all(n <= 1 for n in per_card)
    assert visible_daggers(page) == 0
    assert 'class="prov-legend' in page
    assert "badge reconstructed" not in page
    if game in ("anima", "fatal-frame"):
        assert marks >= 20
    if game == "anima":  # every catalogue entry, nearly all of them reconstructed
        assert page.count('class="an-cat"') == 110 and marks >= 100


def open_table(server: LiveServer, game: str, players: int, bots: list[str],
               lang: str = "en") -> str:
    """Create a table of `game` with seat 0 ours and bots elsewhere; seat 0's page HTML."""
    form = {"game": game, "players": str(players), "csrf": server.form_token()}
    form |= {f"seat{i}": bot for i, bot in enumerate(bots, start=1)}
    created = server.http.post("/tables", data=form)
    assert created.status_code == 200, created.text
    table_id, token = LINK.findall(html.unescape(created.text))[0]
    return server.http.get(f"/t/{table_id}", params={"token": token, "lang": lang}).text


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_nevermore_is_a_table_around_the_draft(server, lang):
    page = open_table(server, "nevermore", 4, ["random"] * 3, lang)
    assert '<div class="nm-table n-4">' in page
    assert 'class="nm-draft-title"' in page
    seats = re.findall(r'<article class="nm-seat seat-(\d) [^"]*pos-(\d)"', page)
    assert sorted(seats) == [("0", "0"), ("1", "1"), ("2", "2"), ("3", "3")]
    for seat in range(4):
        block = page.split(f'data-seat="{seat}"', 1)[1].split("</article>", 1)[0]
        # the bots may have played a round already: health is whatever it is now
        assert 'class="nm-count hand"' in block and re.search(r'data-health="[0-5]"', block)
        assert 'class="vp"' in block and 'class="nm-side human"' in block
        assert f'data-pick="to={seat}"' in page
    assert page.count('class="cface tone-') >= 5, "the hand is drawn as card faces"
    assert 'data-pick="suit=' in page


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_anima_is_a_map_and_the_offered_cards_are_readable(server, lang):
    page = open_table(server, "anima", 3, ["random", "random"], lang)
    assert 'class="an-map n-3"' in page and page.count('class="an-area ') == 3
    assert page.count('data-pick="area=') >= 3
    offered = page.split('class="hand an-choice"', 1)[1].split("</section>", 1)[0]
    assert offered.count('class="cface ') == 6, "two characters and four advantages"
    assert offered.count('<details class="an-effect">') == 6
    assert offered.count('data-pick="card=') == 6
    assert {"en": "Effect", "zh-TW": "效果"}[lang] in offered


def mid_game_anima(players: int = 3) -> tuple[State, int]:
    """An Anima state where the acting seat holds cards and every party has a character."""
    for state, seat in sampled("anima", players, range(3), every=1):
        view = state.view(seat)
        if view["hand"] and all(s["characters"] for s in view["seats"]) and any(
                s["area"] is not None for s in view["seats"]):
            return state, seat
    raise AssertionError("no such state")


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_anima_parties_show_labelled_stats_and_hands_show_effects(lang):
    state, seat = mid_game_anima()
    board = board_html("anima", state.view(seat), lang, NAMES[:3], seat)
    combat, speed = {"en": ("Combat", "Speed"), "zh-TW": ("戰鬥", "速度")}[lang]
    assert re.search(rf'class="an-stat combat">{combat} <b>\d+</b>', board)
    assert re.search(rf'class="an-stat speed">{speed} <b>\d+</b>', board)
    assert not re.search(r"<b>\d+/\d+</b>", board), "no unlabelled numbers"
    assert "+0" not in board and " · missions" not in board, "no empty mission bonus"
    assert not re.search(r'<span class="chip seat-\d">\d', board), "chips hold no digits"
    assert re.search(r'class="an-party seat-\d"', board), "parties stand on the map"
    hand = board.split('class="hand an-hand-cards"', 1)[1].split("</section>", 1)[0]
    held = state.view(seat)["hand"]
    assert hand.count('class="cface ') == len(held)
    assert hand.count('<details class="an-effect">') == len(held)
    for card in held:
        assert f'data-pick="card={card}"' in hand


@pytest.mark.parametrize(("game", "players"), [("nevermore", 3), ("nevermore", 6),
                                               ("anima", 2), ("anima", 5)])
def test_spectators_and_finished_games_see_the_same_table(game, players):
    state = load(game, players, 11)
    rng = random.Random(11)
    while not state.is_terminal():
        seat = rng.choice(state.pending_players())
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    for viewer in (None, 0, players - 1):
        board = board_html(game, state.view(viewer), "en", NAMES[:players], viewer)
        assert 'class="banner over"' in board
        if game == "nevermore":
            assert f'<div class="nm-table n-{players}">' in board
            assert board.count('class="nm-seat seat-') == players
            assert (f'pos-0" data-seat="{viewer or 0}"') in board, "the viewer sits nearest"
        else:
            assert 'class="an-map' in board and board.count('class="an-seat seat-') == players
            assert ('class="hand an-hand-cards"' in board) == (viewer is not None)


def expanders_inside_picks(page: str) -> int:
    """How many <details> sit inside an element with data-pick (opening one would choose)."""
    picking: set[int] = set()
    found = 0
    for n, tag, attrs, around in opened(page):
        if tag == "details" and picking.intersection(around):
            found += 1
        if "data-pick=" in attrs:
            picking.add(n)
    return found


def test_opening_a_cards_effect_chooses_nothing():
    state, seat = mid_game_anima()
    board = board_html("anima", state.view(seat), "en", NAMES[:3], seat)
    assert board.count('<details class="an-effect">') >= 1
    assert expanders_inside_picks(board) == 0
    assert expanders_inside_picks('<p data-pick="a=1"><details></details></p>') == 1


def test_the_anima_exploration_roll_names_who_rolled():
    shown = 0
    for state, seat in sampled("anima", 3, range(4)):
        view = state.view(seat)
        if view["exploration_roll"] is None:
            continue
        board = board_html("anima", view, "en", NAMES[:3], seat)
        line = re.search(r'class="small muted an-roll">([^<]*)<', board)
        assert line and any(html.unescape(line.group(1)).startswith(n + "'s")
                            for n in NAMES[:3]), line
        shown += 1
    assert shown > 0
