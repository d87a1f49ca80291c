"""Boards mark each seat's last public action beyond its move (attacks, hauntings, fights, the
area a party last acted in) on every seat's board and the spectator's, from public lines only."""

from __future__ import annotations

import html
import random
import re
from importlib import resources

import pytest

from candlelit.engine.registry import load
from candlelit.i18n import t
from candlelit.server.render import board_html

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fay"]
MARK = re.compile(r'<span class="badge mark last-action" role="note" title="([^"]*)" '
                  r'aria-label="([^"]*)">')
LOOKUP = re.compile(r"last_(?:line_)?by_seat\(([^)]*)\)")
GAMES = {"divinare": 3, "nevermore": 4, "shadow-hunters": 4, "fatal-frame": 3, "anima": 3}
FOLDERS = {"divinare": "divinare", "nevermore": "nevermore", "shadow-hunters": "shadow_hunters",
           "fatal-frame": "fatal_frame", "anima": "anima"}


def just_after(game: str, players: int, key: str, seed: int = 1):
    """A seeded random game stopped right after the action that logged `key`; that line's args."""
    state, rng = load(game, players, seed), random.Random(seed)
    while not state.is_terminal():
        seat, before = state.pending_players()[0], len(state.log)
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        for _kind, logged, args, _audience in state.log[before:]:
            if logged == key:
                return state, args
    raise AssertionError(f"no {key} in {game} seed {seed}")


def boards(game: str, state, lang: str = "en"):
    """Viewer → its board (None: the spectator), unescaped."""
    players = state.num_players
    return {v: html.unescape(board_html(game, state.view(v), lang, NAMES[:players], v))
            for v in [None, *range(players)]}


def seat_part(board: str, seat: int) -> str:
    """The seat's own panel on a board (its <article>)."""
    found = re.search(rf'<article class="[a-z]+-seat seat-{seat}[ "].*?</article>', board, re.S)
    assert found, f"seat {seat} has a panel"
    return found.group(0)


def marks(part: str) -> list[str]:
    """The titles of the marks in `part`; each mark speaks its title as its label."""
    found = MARK.findall(part)
    assert all(title == label for title, label in found)
    return [title for title, _ in found]


@pytest.mark.parametrize(("game", "players", "key", "done", "suffered"), [
    ("shadow-hunters", 4, "shadow_hunters.log.attack", "marks.attacked", "marks.attacked_by"),
    ("nevermore", 4, "nevermore.attacks", "marks.attacked", "marks.attacked_by"),
    ("anima", 3, "anima.attacks", "marks.attacked", "marks.attacked_by")])
def test_an_attack_marks_the_attacker_and_the_target_on_every_board(game, players, key, done,
                                                                     suffered):
    state, args = just_after(game, players, key)
    attacker, target = args["seat"], args["to"]
    for viewer, board in boards(game, state).items():
        assert t(done, "en", to=NAMES[target]) in marks(seat_part(board, attacker)), viewer
        assert t(suffered, "en", seat=NAMES[attacker]) in marks(seat_part(board, target)), viewer


def ghost_faces(board: str, ghost: str) -> list[str]:
    """The HTML of each face of `ghost` on the board (up to the next card face)."""
    starts = [m.start() for m in re.finditer(
        rf'<div class="cface[^"]*\bff-ghost\b[^"]*"[^>]*\bdata-ghost="{ghost}"', board)]
    faces = []
    for start in starts:
        end = board.find('<div class="cface', start + 1)
        faces.append(board[start:] if end < 0 else board[start:end])
    return faces


def test_a_haunting_marks_the_sender_the_haunted_seat_and_the_ghost():
    state, args = just_after("fatal-frame", 3, "fatal_frame.haunts")
    sender, haunted, ghost = args["seat"], args["to"], args["ghost"]
    for viewer, board in boards("fatal-frame", state).items():
        assert any(m.startswith("last sent ") and m.endswith(f" to haunt {NAMES[haunted]}")
                   for m in marks(seat_part(board, sender))), viewer
        assert any(m.startswith("haunted by ") and m.endswith(f", sent by {NAMES[sender]} last")
                   for m in marks(seat_part(board, haunted))), viewer
        seen = state.view(viewer)["seats"][haunted]
        if not seen["inside"] or viewer == haunted:
            faces = ghost_faces(board, ghost)
            assert faces and any(t("marks.ff.ghost_haunts", "en", seat=NAMES[sender],
                                   to=NAMES[haunted]) in marks(face) for face in faces), viewer


def test_a_fight_marks_the_seat_and_the_ghost_it_fights():
    state, args = just_after("fatal-frame", 3, "fatal_frame.attacked")
    fighter, ghost = args["seat"], args["ghost"]
    for viewer, board in boards("fatal-frame", state).items():
        assert any(m.startswith("last fought ") for m in marks(seat_part(board, fighter))), viewer
        if not state.view(viewer)["seats"][fighter]["inside"] or viewer == fighter:
            fought = t("marks.ff.ghost_fought", "en", seat=NAMES[fighter])
            assert any(fought in marks(face) for face in ghost_faces(board, ghost)), viewer


def test_the_area_a_party_last_explored_is_marked_on_its_token():
    state, args = just_after("anima", 3, "anima.explored")
    party = args["seat"]
    said = t("marks.area.explored", "en", seat=NAMES[party])
    for viewer, board in boards("anima", state).items():
        tokens = re.findall(rf'<span class="an-party seat-{party}".*?</span></span>', board, re.S)
        assert [said] == [m for token in tokens for m in marks(token)], viewer


@pytest.mark.parametrize("game", sorted(set(GAMES) - {"divinare"}))  # it marks only moves
def test_every_seats_board_marks_exactly_what_the_spectator_sees(game):
    state, rng = load(game, GAMES[game], 7), random.Random(7)
    seen = 0
    for step in range(400):
        if state.is_terminal():
            break
        seat = state.pending_players()[0]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        if step % 40:
            continue
        drawn = boards(game, state)
        public = [marks(seat_part(drawn[None], q)) for q in range(state.num_players)]
        seen += sum(map(len, public))
        for viewer in range(state.num_players):
            assert [marks(seat_part(drawn[viewer], q))
                    for q in range(state.num_players)] == public, (step, viewer)
    assert seen, "some seat's panel was marked"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_key_a_board_marks_is_logged_for_everyone(game):
    """A line only some seats see (a private action) can never become a mark."""
    template = (resources.files("candlelit") / "games" / FOLDERS[game] / "web" / "board.html")
    keys = {k for group in LOOKUP.findall(template.read_text(encoding="utf-8"))
            for k in re.findall(r"'([a-z_.]+)'", group)}
    assert keys, "the board marks something"
    for seed in range(3):
        state, rng = load(game, GAMES[game], seed), random.Random(seed)
        for _ in range(3000):
            if state.is_terminal():
                break
            seat = state.pending_players()[0]
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        private = {key for _kind, key, _args, audience in state.log
                   if key in keys and audience is not None}
        assert not private, private


def test_marks_speak_the_readers_language():
    state, args = just_after("shadow-hunters", 4, "shadow_hunters.log.attack")
    board = boards("shadow-hunters", state, "zh-TW")[None]
    said = marks(seat_part(board, args["seat"]))
    assert t("marks.attacked", "zh-TW", to=NAMES[args["to"]]) in said
    assert not any(re.search(r"[A-Za-z]{3,}", m.replace(NAMES[args["to"]], "")) for m in said)
