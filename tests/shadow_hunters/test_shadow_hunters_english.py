"""English card, skill, mission and community texts: every sample has them, English screens
show them, zh-TW screens keep the Chinese, and files without them still load and show the
Chinese."""

from __future__ import annotations

import copy
import html
import io
import re
from pathlib import Path

import pytest
import yaml
from rich.console import Console
from shkit import deal, new_game
from starlette.testclient import TestClient

from candlelit.engine.cardfile import read_shipped
from candlelit.engine.errors import DataError
from candlelit.games.shadow_hunters import cards as cd
from candlelit.games.shadow_hunters import characters as ch
from candlelit.games.shadow_hunters.terminal import character_card, render_cards, render_status
from candlelit.server.app import create_app
from candlelit.server.render import board_html

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "characters"
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
WIDE = 1000
"""Console width at which no card or skill text wraps, so texts can be found whole."""


def _text(renderable, width: int = WIDE) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def _sample(cid: str) -> ch.Character:
    return next(c for c in ch.builtin() if c.id == cid)


def _english(text: str | None) -> bool:
    return bool(text and text.strip()) and not CJK.search(text or "")


def _without_english(data: dict) -> dict:
    """A copy of character data with every optional English text removed."""
    data = copy.deepcopy(data)
    for char in data["characters"]:
        for skill in char["技能"]:
            skill.pop("name_en", None)
            skill.pop("text_en", None)
        char["任務"].pop("text_en", None)
        char["共同體"].pop("name_en", None)
    return data


def test_every_sample_card_has_an_english_text():
    cards = cd.builtin()
    assert len(cards) == 65
    missing = [c.id for c in cards if not _english(c.text_en)]
    assert not missing, missing
    assert all(c.text_in("en") == c.text_en and c.text_in("zh-TW") == c.text for c in cards)


@pytest.mark.parametrize("chars", [ch.builtin(), *(ch.load_file(p) for p in
                                                   sorted(EXAMPLES.glob("*.yaml")))],
                         ids=["samples", *(p.stem for p in sorted(EXAMPLES.glob("*.yaml")))])
def test_every_sample_and_example_skill_and_mission_has_english(chars):
    for char in chars:
        assert _english(char.mission_text_en), char.id
        assert _english(char.community_en), char.id
        assert char.community_in("zh-TW") == char.community
        for skill in char.skills:
            assert _english(skill.name_en) and _english(skill.text_en), (char.id, skill.name)
            assert skill.name_in("zh-TW") == skill.name and skill.text_in("zh-TW") == skill.text


@pytest.mark.parametrize("cid", [c.id for c in ch.builtin()])
def test_a_character_card_reads_in_english_and_in_chinese(cid):
    char = _sample(cid)
    english, chinese = _text(character_card(char, "en")), _text(character_card(char, "zh-TW"))
    assert char.mission_text_en in english and char.mission_text not in english
    assert char.mission_text in chinese and char.mission_text_en not in chinese
    assert f"Community: {char.community_en}" in english and char.community not in english
    assert f"共同體：{char.community}" in chinese and char.community_en not in chinese
    for skill in char.skills:
        assert skill.text_en in english and skill.text not in english
        assert f"【{skill.name_en}】" in english
        assert skill.text in chinese and skill.text_en not in chinese
        assert f"【{skill.name}】" in chinese and skill.name_en not in chinese


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_seats_own_card_and_the_card_in_its_hands_follow_the_language(lang):
    s = deal(new_game(players=4, seed=3), "ranger", "slime", "angel", "ifrit")
    spring = next(k for k, c in enumerate(s.cards) if c.id == "blue-01")
    s.held[0] = [spring]
    text = _text(render_status(s.view(0), lang))
    ranger, card = _sample("ranger"), s.cards[spring]
    shown, hidden = ("en", "zh-TW") if lang == "en" else ("zh-TW", "en")
    for skill in ranger.skills:
        assert skill.text_in(shown) in text and skill.text_in(hidden) not in text, skill.name
    assert ranger.mission_in(shown) in text and ranger.mission_in(hidden) not in text
    stealth = "While you are in the West zone" if lang == "en" else "身處西區時"
    assert stealth in text
    assert card.name_en in text if lang == "en" else card.name_zh in text


def test_the_catalogue_shows_english_texts_in_english_and_chinese_in_chinese():
    english, chinese = _text(render_cards("en", None)), _text(render_cards("zh-TW", None))
    for card in cd.builtin():
        assert card.text_en in english and card.text not in english, card.id
        assert card.text in chinese and card.text_en not in chinese, card.id
    for char in ch.builtin():
        for skill in char.skills:
            assert skill.text_en in english and skill.text not in english, skill.name
            assert skill.text in chinese and skill.text_en not in chinese, skill.name


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_live_board_shows_the_seats_skills_in_its_language(lang):
    s = deal(new_game(players=4, seed=5), "hane", "zombie", "saint", "templar")
    board = html.unescape(board_html("shadow-hunters", s.view(0), lang,
                                     [f"Seat {q + 1}" for q in range(4)], 0))
    hane = _sample("hane")
    shown, hidden = ("en", "zh-TW") if lang == "en" else ("zh-TW", "en")
    for skill in hane.skills:
        assert skill.text_in(shown) in board and skill.text_in(hidden) not in board
    assert hane.mission_in(shown) in board and hane.mission_in(hidden) not in board


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_cards_page_follows_the_language(lang, tmp_path):
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'candlelit.db'}"),
                        base_url="http://127.0.0.1:8000")  # the host the app answers to
    response = client.get("/games/shadow-hunters/cards", params={"lang": lang})
    assert response.status_code == 200
    page = html.unescape(response.text)
    shown, hidden = ("en", "zh-TW") if lang == "en" else ("zh-TW", "en")
    for char in ch.builtin():
        assert char.mission_in(shown) in page and char.mission_in(hidden) not in page
        assert char.community_in(shown) in page
        if char.gate != "none":  # 獨行俠 is also the Chinese name of the gate "none"
            assert char.community_in(hidden) not in page, char.community
        for skill in char.skills:
            assert skill.text_in(shown) in page and skill.text_in(hidden) not in page
    for card in cd.builtin():
        assert card.text_in(shown) in page and card.text_in(hidden) not in page, card.id


def test_a_character_file_without_english_loads_and_shows_its_chinese_in_english():
    (char,) = ch.parse(_without_english(yaml.safe_load(
        (EXAMPLES / "golem.yaml").read_text(encoding="utf-8"))))
    assert char.mission_text_en is None and char.community_en is None
    assert all(s.name_en is None and s.text_en is None for s in char.skills)
    english = _text(character_card(char, "en"))
    assert char.mission_text in english
    assert f"Community: {char.community} (lone wolf)" in english
    for skill in char.skills:
        assert skill.text in english and f"【{skill.name}】" in english


def test_a_game_with_such_a_file_shows_the_chinese_on_the_english_board():
    pool = _without_english(ch.builtin_data())
    s = deal(new_game(players=4, seed=7, characters=pool), "templar", "slime", "angel", "ifrit")
    view = s.view(0)
    board = html.unescape(board_html("shadow-hunters", view, "en",
                                     [f"Seat {q + 1}" for q in range(4)], 0))
    status = _text(render_status(view, "en"))
    templar = _sample("templar")
    for skill in templar.skills:
        assert skill.text in board and skill.text_en not in board
        assert skill.text in status and skill.text_en not in status
    assert templar.mission_text in status and templar.mission_text_en not in status


def test_a_card_file_without_english_texts_still_loads():
    data = copy.deepcopy(read_shipped("candlelit.games.shadow_hunters", "cards.yaml")[0])
    for card in data["cards"]:
        del card["text_en"]
    cards = cd.parse(data)
    assert all(c.text_en is None and c.text_in("en") == c.text for c in cards)


@pytest.mark.parametrize("where", ["skill_name", "skill_text", "mission", "community"])
def test_an_english_text_that_is_not_text_is_refused_naming_the_field(where):
    data = copy.deepcopy(ch.builtin_data())
    hane = data["characters"][0]
    if where == "mission":
        hane["任務"]["text_en"], path = ["x"], "任務.text_en"
    elif where == "community":
        hane["共同體"]["name_en"], path = {"x": 1}, "共同體.name_en"
    else:
        field = "name_en" if where == "skill_name" else "text_en"
        hane["技能"][0][field], path = 3, f"技能[0].{field}"
    with pytest.raises(DataError, match=re.escape(f"characters[0].{path}: should be text")):
        ch.parse(data)


def test_skills_in_action_labels_and_logs_are_named_in_the_reader_s_language_only():
    from candlelit.i18n import message

    en = message("shadow-hunters", "shadow_hunters.action.skill", {"skill": "連擊"}, "en")
    zh = message("shadow-hunters", "shadow_hunters.action.skill", {"skill": "連擊"}, "zh-TW")
    assert "Double Strike" in en and not CJK.search(en)
    assert "連擊" in zh and "Double" not in zh


def test_every_decision_the_rules_can_ask_has_a_prompt_in_both_languages():
    from pathlib import Path

    from candlelit.games.shadow_hunters import rules
    from candlelit.i18n import t

    source = "".join(p.read_text(encoding="utf-8")
                     for p in Path(rules.__file__).parent.glob("*.py"))
    asked = set(re.findall(r'\bask\(state, "([a-z_]+)"', source))
    asked |= set(re.findall(r'queue\.append\(\["([a-z_]+)"', source))
    assert {"start", "attack", "move", "lance", "shield", "target"} <= asked
    assert asked == set(rules.ShadowHuntersState.steps), \
        "every decision asked is carried out, and only those"
    for kind in sorted(asked):
        for lang in ("en", "zh-TW"):
            assert t(f"shadow_hunters.ui.decision.{kind}", lang), (kind, lang)
