"""The terminal table shows each seat only what its view holds, in both languages, and a whole
game can be played through the CLI."""

from __future__ import annotations

import copy
import io
import random

import pytest
import yaml
from rich.console import Console
from shkit import new_game
from typer.testing import CliRunner

from candlelit.cli.app import app
from candlelit.engine.cardfile import read_shipped
from candlelit.engine.records import initial_state, load_record, replay
from candlelit.engine.registry import get
from candlelit.games.shadow_hunters import effects
from candlelit.games.shadow_hunters.cards import builtin as builtin_cards
from candlelit.games.shadow_hunters.characters import builtin as builtin_characters
from candlelit.games.shadow_hunters.terminal import (
    render_cards,
    render_status,
    render_view,
    seats_table,
)
from candlelit.i18n import LANGUAGES

ALWAYS_FIRST = "1\n" * 20000


def _text(renderable, width=140) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def _shown(view, lang="en") -> str:
    who = ["you" if q == view["viewer"] else "bot" for q in range(len(view["seats"]))]
    return _text(render_view(view, lang, who))


def _names(char_id):
    char = next(c for c in builtin_characters() if c.id == char_id)
    return char.name_en, char.name


def _card(state, card_id):
    return next(k for k, c in enumerate(state.cards) if c.id == card_id)


def _scene():
    """Four seats: 0 templar, 1 slime holding a kept spring water, 2 angel face up, 3 ifrit."""
    s = new_game(players=4, seed=1)
    pool = [c.id for c in s.pool]
    for seat, cid in enumerate(("templar", "slime", "angel", "ifrit")):
        s.char[seat] = pool.index(cid)
        s.hp[seat] = s.pool[s.char[seat]].hp
        s.revealed[seat] = int(seat == 2)
        s.equip[seat] = []
    s.held[1] = [_card(s, "blue-01")]
    s.equip[3] = [_card(s, "red-13")]
    return s


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hidden_character_and_another_seats_kept_card_never_reach_the_screen(lang):
    s = _scene()
    spring = "Temple Spring Water" if lang == "en" else "神殿聖泉泉水"
    slime_skill = next(c for c in builtin_characters() if c.id == "slime").skills[0].text_in(lang)
    for viewer in (0, 2, 3, None):
        view = s.view(viewer)
        seats = _text(seats_table(view, lang, ["x"] * 4))
        whole = _shown(view, lang)
        for hidden in ("slime", "ifrit") if viewer != 3 else ("slime",):
            assert not any(name in seats for name in _names(hidden)), (viewer, hidden)
        assert any(name in seats for name in _names("angel")), "a revealed character shows"
        assert spring not in whole and slime_skill not in whole, viewer
    own = _shown(s.view(1), lang)
    assert spring in own and slime_skill in own
    assert any(name in _text(seats_table(s.view(1), lang, [])) for name in _names("slime"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seat_sees_its_character_card_and_a_spectator_sees_none(lang):
    s = _scene()
    templar = next(c for c in builtin_characters() if c.id == "templar")
    mine = _shown(s.view(0), lang)
    assert templar.mission_in(lang) in mine
    assert all(skill.text_in(lang) in mine for skill in templar.skills)
    heading = "Your character" if lang == "en" else "你的角色"
    assert heading in mine
    spectator = _shown(s.view(None), lang)
    assert heading not in spectator and templar.mission_in(lang) not in spectator
    assert _text(render_status(s.view(None), lang)).strip() == ""


def test_a_question_is_read_only_by_the_seat_holding_it():
    s = _scene()
    s.decks[4].append(_card(s, "white-05"))
    effects.draw(s, 0, 4)
    question = next(c for c in builtin_cards() if c.id == "white-05")
    assert question.text_in("en") in _shown(s.view(0))
    for viewer in (1, 2, 3, None):
        text = _shown(s.view(viewer))
        assert question.text_in("en") not in text and "[White 5]" not in text, viewer
        assert "draws a question" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_shows_round_ring_seats_decks_and_the_decision(lang):
    s = _scene()
    view = s.view(s.current_player())
    text = _shown(view, lang)
    words = {"en": ("Round 1", "The ring of locations", "Mortar Battery", "Decks",
                    "Your decision", "Characters dealt"),
             "zh-TW": ("第 1 輪", "地點環", "迫擊炮台", "牌堆", "輪到你決定", "本局角色")}[lang]
    for word in words:
        assert word in text, word
    assert ("orbs 1/4" if lang == "en" else "寶珠 1/4") in text, "seat 4's orb is counted"
    other = _shown(s.view((s.current_player() + 1) % 4), lang)
    assert ("decides" if lang == "en" else "正在決定") in other


@pytest.mark.parametrize("players", [4, pytest.param(6, marks=pytest.mark.slow),
                                     pytest.param(8, marks=pytest.mark.slow)])
def test_real_game_states_render_without_what_the_seat_cannot_know(players):
    rng = random.Random(players)
    s = new_game(players=players, seed=players)
    checked = 0
    for step in range(3000):
        if s.is_terminal():
            break
        if step % 25 == 0:
            for viewer in range(players):
                view = s.view(viewer)
                seats = _text(seats_table(view, "en", []), width=200)
                shown = {view["seats"][q]["character"] for q in range(players)
                         if "character" in view["seats"][q]}
                for q in range(players):
                    char = s.character(q).id
                    if "character" not in view["seats"][q] and char not in shown:
                        assert _names(char)[0] not in seats, (step, viewer, q)
                        checked += 1
                    if q != viewer:
                        assert "kept_cards" not in view["seats"][q]
                _shown(view, "zh-TW")
        p = s.current_player()
        s.apply_action(rng.choice(s.legal_actions(p)), p)
    assert checked > 10


def test_the_catalogue_lists_every_card_and_character_with_provenance():
    for lang in LANGUAGES:
        text = _text(render_cards(lang, None), width=200)
        for card in builtin_cards():
            assert f"{card.colour} {card.number}" in text, card.id
        for char in builtin_characters():
            assert char.mission_in(lang) in text
        assert "† " not in text.replace("† reconstructed", "").replace("† 重建", "")


def test_an_invented_card_in_a_users_file_is_marked(tmp_path):
    data = copy.deepcopy(read_shipped("candlelit.games.shadow_hunters", "cards.yaml")[0])
    data["cards"][0] = {**data["cards"][0], "confidence": "invented",
                        "name_en": "Made-up Water"}
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    text = _text(render_cards("en", path), width=200)
    assert "Made-up Water [Blue 1]†" in text
    assert "reconstructed" in text.split("Made-up Water", 1)[1].split("Temple Spring", 1)[0]
    assert "Temple Spring Water [Blue 2]†" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cards_command_prints_the_catalogue(lang):
    assert get("shadow-hunters").terminal == "candlelit.games.shadow_hunters.terminal"
    result = CliRunner().invoke(app, ["cards", "shadow-hunters", "--lang", lang])
    assert result.exit_code == 0, result.output[-2000:]
    assert ("Red deck" if lang == "en" else "紅卡") in result.output


@pytest.mark.parametrize("lang", LANGUAGES)
def test_six_players_play_to_the_end_in_the_terminal(tmp_path, lang):
    path = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["play", "shadow-hunters", "--players", "6", "--bots",
                                      "heuristic", "--seed", "7", "--lang", lang,
                                      "--record", str(path)], input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output[-2000:]
    record = load_record(path.read_text(encoding="utf-8"))
    steps = list(replay(record))
    state = steps[-1][2] if steps else initial_state(record)
    assert state.is_terminal()
    assert any(player == 0 for player, _action, _state in steps), "the person chose something"
    assert ("Winners: " if lang == "en" else "勝利者：") in result.output
    assert ("Your decision" if lang == "en" else "輪到你決定") in result.output
    assert "Traceback" not in result.output
