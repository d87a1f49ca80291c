"""The terminal table shows a seat its own cards only and marks every reconstructed card."""

from __future__ import annotations

import io
import json
import random

import pytest
from ffkit import give, haunt, place, place_inside, table
from rich.console import Console

from candlelit import load
from candlelit.engine.registry import get
from candlelit.games.fatal_frame.cards import builtin_cards
from candlelit.games.fatal_frame.terminal import render_cards, render_status, render_view
from candlelit.i18n import LANGUAGES, catalog


def _text(renderable) -> str:
    console = Console(file=io.StringIO(), width=140, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def _shown(view, lang="en") -> str:
    who = ["you" if q == view["viewer"] else "bot" for q in range(view["players"])]
    return _text(render_view(view, lang, who))


def _scene():
    s = table(players=3)
    rooms = [k for k in s.interior_deck[-3:]]
    kurosawa = s.grid.index(next(c.index for c in s.cards.exteriors
                                 if c.id == "kurosawa_house"))
    place_inside(s, 0, kurosawa, rooms, at=1)
    give(s, 0, "zero_shot", "the_repentance")
    place(s, 1, 0)
    haunt(s, 1, "seeker")
    give(s, 1, "futile_odds")
    return s, rooms


def test_another_seats_hand_and_private_path_never_reach_the_screen():
    s, room_kinds = _scene()
    for lang in LANGUAGES:
        def named(card_id: str, lang: str = lang) -> str:
            return s.cards.main[s.cards.main_id(card_id)].name()[lang]
        zero_shot, repentance, futile = (named(c) for c in ("zero_shot", "the_repentance",
                                                             "futile_odds"))
        rooms = [s.cards.interiors[k].name()[lang] for k in room_kinds]
        for viewer in (1, 2, None):
            text = _shown(s.view(viewer), lang)
            assert zero_shot not in text and repentance not in text
            assert not any(room in text for room in rooms)
        own = _shown(s.view(0), lang)
        assert zero_shot in own and repentance in own
        assert all(room in own for room in rooms)
        assert futile not in own


def test_reconstructed_cards_are_marked_and_recorded_ones_are_not():
    s, _ = _scene()
    text = _shown(s.view(1))
    assert "Seeker†" in text, "a ghost with invented details is marked"
    assert "Futile Odds" in text and "Futile Odds†" not in text
    assert "†" in _text(render_status(s.view(0), "en"))
    catalogue = _text(render_cards("en", None))
    for card in builtin_cards().main:
        assert (f"{card.name_en} †" in catalogue) == card.reconstructed, card.id


def _unmistakable(name: str) -> bool:
    """Whether a card name cannot appear on screen as part of another text."""
    cards = builtin_cards()
    others = [c.name_en for g in (cards.main, cards.exteriors, cards.interiors, cards.bosses)
              for c in g if c.name_en != name]
    words = [v for k, v in catalog("en").items() if k.startswith(("fatal_frame.", "ui."))]
    return not any(name in other for other in others + words)


@pytest.mark.parametrize("players", [2, pytest.param(3, marks=pytest.mark.slow),
                                     pytest.param(4, marks=pytest.mark.slow)])
def test_real_game_states_render_without_what_the_seat_cannot_know(players):
    rng = random.Random(players)
    s = load("fatal-frame", players, players, options={"quick_escape": "any-time"})
    checked = 0
    for step in range(1500):
        if s.is_terminal():
            break
        if step % 60 == 0:
            for viewer in range(players):
                view = s.view(viewer)
                public = json.dumps({k: v for k, v in view.items() if k != "reconstructed"})
                text = _shown(view)
                for q in range(players):
                    if q == viewer:
                        continue
                    hidden = [s.cards.main[k] for k in s.hands[q]]
                    hidden += [s.cards.interiors[k] for k in s.path[q]]
                    for card in hidden:
                        if f'"{card.id}"' not in public and _unmistakable(card.name_en):
                            assert card.name_en not in text, (viewer, q, card.id)
                            checked += 1
        p = s.pending_players()[0]
        s.apply_action(rng.choice(s.legal_actions(p)), p)
    assert checked > 20


def test_the_renderer_is_offered_to_the_cli():
    assert get("fatal-frame").terminal == "candlelit.games.fatal_frame.terminal"
