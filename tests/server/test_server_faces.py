"""Card faces: Divinare, Shadow Hunters and Fatal Frame draw their hands, the cards on their
boards and their cards pages with the shared face (tone, icon, number, name)."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from srvkit import LiveServer

from candlelit.engine.registry import load
from candlelit.engine.state import State
from candlelit.games.divinare.catalogue import catalogue as divinare_catalogue
from candlelit.games.fatal_frame.cards import builtin_cards, card_table
from candlelit.games.shadow_hunters.cards import builtin as shadow_hunters_cards
from candlelit.server.render import board_html, env, translator

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]
FACE = re.compile(
    r'<div class="cface tone-(?P<tone>[\w-]+)(?P<extra>[^"]*)"(?P<attrs>[^>]*)>\s*'
    r'<span class="cface-bar"[^>]*></span>\s*<span class="cface-head"(?P<head>[^>]*)>'
    r'<span class="cface-corner">.*?</svg>(?:<b class="cface-num">(?P<number>[^<]*)</b>)?'
    r'</span>\s*<span class="cface-name"[^>]*>(?P<name>[^<]*)', re.S)


def faces(page: str) -> list[dict[str, str]]:
    """Every card face of a page: tone, extra classes, attributes, number and name."""
    return [{k: html.unescape(v or "") for k, v in m.groupdict().items()}
            for m in FACE.finditer(page)]


def face_of(page: str, card: str) -> dict[str, str]:
    """The one face standing for `card` (by its data-card)."""
    found = [f for f in faces(page) if f'data-card="{card}"' in f["attrs"]]
    assert found, f"no face for {card}"
    return found[0]


def section(page: str, opening: str, closing: str = "</section>") -> str:
    """The part of `page` from `opening` to the next `closing`."""
    return page.split(opening, 1)[1].split(closing, 1)[0]


def played_until(game: str, players: int, seed: int, done: Any) -> tuple[State, int]:
    """A random playout of `game` up to the first (state, seat to act) where `done` holds."""
    state, rng = load(game, players, seed), random.Random(seed)
    while not state.is_terminal():
        seat = state.pending_players()[0]
        if done(state, seat):
            return state, seat
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    raise AssertionError(f"{game} seed {seed}: no such state")


@pytest.fixture
def server(sqlite_url: str) -> Iterator[LiveServer]:
    with LiveServer(sqlite_url) as live:
        yield live


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_divinare_hand_cards_are_faces_toned_by_suit_and_still_picked(lang):
    state = load("divinare", 3, 2)
    seat = state.pending_players()[0]
    view = state.view(seat)
    board = board_html("divinare", view, lang, NAMES[:3], seat)
    hand = [f for f in faces(board) if " card suit-" in f["extra"]]
    assert sum(view["hand"].values()) == len(hand) > 0
    for suit, n in view["hand"].items():
        mine = [f for f in hand if f["tone"] == suit]
        assert len(mine) == n
        for f in mine:
            assert f'data-suit="{suit}"' in f["attrs"]
            assert f'data-pick="kind=pass&suit={suit}"' in f["attrs"]
            assert f["number"] == "", "a suit card has no number"
    piles = [f["tone"] for f in faces(board) if "dv-pile" in f["extra"]]
    assert piles == [b["suit"] for b in view["boards"]], "each board shows its suit's card"


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_divinare_cards_page_shows_each_suit_card_with_its_count(server, lang):
    page = server.http.get("/games/divinare/cards", params={"lang": lang}).text
    deck = [f for f in faces(page) if " card suit-" in f["extra"]]
    assert [(f["tone"], f["number"]) for f in deck] == [
        (suit, f"× {n}") for suit, n in divinare_catalogue()["deck"]]
    assert {"en": "red chiromancy", "zh-TW": "紅色手相"}[lang] in {f["name"] for f in deck}


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_shadow_hunters_kept_cards_and_equipment_are_faces_by_colour_and_number(lang):
    cards = {c.id: c for c in shadow_hunters_cards()}
    state, seat = played_until("shadow-hunters", 5, 5, lambda s, q: bool(
        s.view(q)["seats"][q].get("kept_cards")))
    view = state.view(seat)
    board = board_html("shadow-hunters", view, lang, NAMES, seat)
    hand = section(board, 'class="hand sh-hand"', "</section>")
    for card in view["seats"][seat]["kept_cards"]:
        f = face_of(hand, card)
        assert (f["tone"], f["number"]) == (cards[card].colour, str(cards[card].number))
        assert f["name"] == (cards[card].name_zh if lang == "zh-TW" else cards[card].name_en)
        assert f'data-pick="card={card}"' in f["attrs"], "the whole kept card is the pick"
        assert cards[card].text_in(lang) in html.unescape(hand)
    state, seat = played_until("shadow-hunters", 5, 1, lambda s, q: any(
        x["equipment"] for x in s.view(q)["seats"]))
    view = state.view(seat)
    board = board_html("shadow-hunters", view, lang, NAMES, seat)
    shown = 0
    for s in view["seats"]:
        for card in s["equipment"]:
            f = face_of(board, card)
            assert (f["tone"], f["number"]) == (cards[card].colour, str(cards[card].number))
            assert "sh-mini" in f["extra"]
            shown += 1
    assert shown > 0


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_shadow_hunters_cards_page_draws_every_deck_card_as_a_face(server, lang):
    page = server.http.get("/games/shadow-hunters/cards", params={"lang": lang}).text
    deck = [f for f in faces(page) if "sh-cat" in f["extra"]]
    assert len(deck) == 65
    blue, shield = face_of(page, "blue-01"), face_of(page, "yellow-09")
    assert (blue["tone"], blue["number"]) == ("blue", "1")
    assert (shield["tone"], shield["number"]) == ("yellow", "9")
    known = {c.id: c for c in shadow_hunters_cards()}["yellow-09"]
    assert shield["name"] == (known.name_zh if lang == "zh-TW" else "Sanctuary Shield")
    assert 'role="heading" aria-level="3"' in page


def fatal_frame_tone(card: str) -> str:
    """The tone a Fatal Frame ghost in hand carries: its filament's colour."""
    return card_table()[card][6]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_fatal_frame_hand_and_ghosts_are_faces_with_power(lang):
    power = {c.id: c.power for c in builtin_cards().main}
    def ghosts_in_hand_and_on_the_map(state: State, seat: int) -> bool:
        view = state.view(seat)
        return any(card_table().get(c, [""] * 3)[2] == "ghost" for c in view["hand"]) and any(
            cell["ghosts"] for cell in view["map"])

    state, seat = played_until("fatal-frame", 3, 1, ghosts_in_hand_and_on_the_map)
    view = state.view(seat)
    board = board_html("fatal-frame", view, lang, NAMES[:3], seat)
    hand = section(board, 'class="hand ff-hand"')
    ghosts = [c for c in view["hand"] if card_table()[c][2] == "ghost"]
    for card in ghosts:
        f = face_of(hand, card)
        assert (f["tone"], f["number"]) == (fatal_frame_tone(card), str(power[card]))
        assert f'data-pick="card={card}"' in f["head"], "the pick sits on the head"
    assert hand.count('class="cface ') == len(view["hand"])
    on_map = [g for cell in view["map"] for g in cell["ghosts"]]
    assert on_map, "some ghost haunts the map"
    for g in on_map:
        f = next(f for f in faces(board) if f'data-ghost="{g["id"]}"' in f["attrs"])
        assert f["number"] == str(g["power"])
        assert f["tone"] == ("white" if g["boss"] else card_table()[g["id"]][6] or "ghost")
        assert "data-pick=\"kind=target_ghost&ghost=" in f["attrs"]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_fatal_frame_cards_page_draws_cards_as_faces(server, lang):
    page = server.http.get("/games/fatal-frame/cards", params={"lang": lang}).text
    priest, sunken = face_of(page, "veiled_priest"), face_of(page, "sunken_woman")
    assert (priest["tone"], priest["number"]) == ("red", "4")
    assert (sunken["tone"], sunken["number"]) == ("blue", "3")
    assert priest["name"] == {"en": "Veiled Priest", "zh-TW": "蒙面神官"}[lang]
    assert len([f for f in faces(page) if "ff-cat" in f["extra"]]) >= 60


def test_a_card_name_passed_into_a_message_is_escaped_once():
    page = env.from_string(
        "{% macro named(card) %}{{ card }}{% endmacro %}"
        "{{ t('fatal_frame.ui.holding', card=named(card)|trim) }}").render(
            t=translator("en"), card="Researcher's Notes")
    assert page == "In play: Researcher&#39;s Notes"  # it was Researcher&amp;#39;s Notes
