"""Nevermore in the terminal: the table a seat sees, its card catalogue, and play to the end."""

from __future__ import annotations

import copy
import io
import random
import re

import pytest
import yaml
from rich.console import Console
from typer.testing import CliRunner

import candlelit.games.nevermore as nevermore
from candlelit.cli import catalog
from candlelit.cli import console as tty
from candlelit.cli.app import app
from candlelit.cli.render import render_view, seat_names
from candlelit.cli.tables import cards_renderer, status_renderer, view_renderer
from candlelit.engine.options import resolve_options
from candlelit.games.nevermore.cards import builtin_cards, builtin_data
from candlelit.games.nevermore.terminal import hand_line, render_cards, render_status
from candlelit.i18n import t

ALWAYS_ONE = "1\n" * 3000
BOX = "│┃║ "
WHO = ["you", "bot random", "bot random", "bot random"]


def new_game(players=4, seed=3, variant=None, **options):
    """A fresh Nevermore state built from the game package itself."""
    resolved = resolve_options(nevermore.OPTIONS, nevermore.VARIANTS, variant, options)
    return nevermore.SPEC.new_state(players, seed, resolved)


def text_of(renderable, width=120):
    """What a plain terminal `width` cells wide prints for `renderable`."""
    console = Console(width=width, color_system=None, file=io.StringIO())
    console.print(renderable)
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def lines_of(text):
    """Every printed line without its frame or padding."""
    return {line.strip(BOX) for line in text.splitlines()} - {""}


def states(state, seed, until=None, limit=5000):
    """`state` and each state after a random legal action, until the end or `until(state)`."""
    rng = random.Random(seed)
    yield state
    for _ in range(limit):
        if state.is_terminal() or (until is not None and until(state)):
            return
        seat = state.pending_players()[0]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        yield state


def first(state, seed, wanted):
    """The first state of a random playout for which `wanted(state)` holds."""
    for now in states(state, seed):
        if wanted(now):
            return now
    raise AssertionError("the playout never reached the wanted moment")


def seat_row(text, seat):
    """The table row of seat `seat` (0-based) in a rendered table."""
    return next(line for line in text.splitlines()
                if re.match(rf"\s*Seat {seat + 1}\b", line))


def run(*args, input=None, width=200):
    """Invoke the app with plain consoles `width` cells wide."""
    saved = tty.console, tty.err
    tty.console = Console(width=width, color_system=None)
    tty.err = Console(width=width, color_system=None, stderr=True)
    try:
        return CliRunner().invoke(app, list(args), input=input)
    finally:
        tty.console, tty.err = saved


# -- the table ------------------------------------------------------------------------------
def test_nevermore_has_a_table_a_status_and_a_card_renderer():
    assert view_renderer("nevermore") is not None
    assert status_renderer("nevermore") is render_status
    assert cards_renderer("nevermore") is render_cards


def test_the_table_shows_direction_order_health_points_and_counts():
    state = new_game()
    view = state.view(0)
    out = text_of(render_view(view, "en", WHO))
    assert "Direction: Left ←" in out
    assert "you pass to Seat 2 and receive from Seat 4" in out
    assert ("Resolution order: Conspiracy → Attack → Healing → Radiance → Victory → "
            "Skulking Ravens") in out
    assert "Attack tie priority: Seat 2 → Seat 3 → Seat 4 → Seat 1" in out
    assert "Magick decks: Light 25 (+0 discarded), Shadow" in out
    rows = [seat_row(out, seat) for seat in range(4)]
    assert rows[0].lstrip().startswith("Seat 1 (you) ◆")
    for row, seat in zip(rows, view["seats"], strict=True):
        cells = row.split()
        assert "♥♥♥♥♥" in cells and "5" in cells
        assert str(seat["hand"]) in cells
        assert f"{seat['light']}/{seat['shadow']}" in cells
    assert "bot random" in out
    assert hand_line(view["you"], "en").plain in out


def test_later_rounds_hide_the_middle_tokens_and_the_called_step_is_marked():
    def called_later(s):
        view = s.view(None)
        return s.round >= 2 and view["decision"]["kind"] == "commit" and view["step"] in (
            "attack", "healing", "radiance", "victory")

    state = first(new_game(seed=8), 8, called_later)
    view = state.view(0)
    out = text_of(render_view(view, "en", WHO))
    order = next(line for line in out.splitlines() if "Resolution order:" in line)
    assert order.count("?") == sum(1 for token in view["tokens"] if token is None) >= 1
    assert "▶" + t(f"nevermore.suit.{view['step']}", "en") in order
    assert "Count" not in out, "no count is shown before every seat has revealed"


def test_face_down_commitments_show_their_size_only():
    def half_committed(s):
        view = s.view(None)
        return view["decision"]["kind"] == "commit" and any(
            seat["committed"] for seat in view["seats"]) and len(view["to_act"]) > 1

    state = first(new_game(seed=5), 5, half_committed)
    public = state.view(None)
    done = next(seat for seat in public["seats"] if seat["committed"])
    waiting = public["to_act"][0]
    out = text_of(render_view(state.view(waiting), "en", WHO))
    row = seat_row(out, done["seat"])
    assert str(done["committed"]) in row.split() and "ready" in row
    theirs = text_of(render_status(state.view(done["seat"]), "en"))
    assert "Your face-down cards:" in theirs
    secret = next(line for line in theirs.splitlines() if "Your face-down cards:" in line)
    assert secret not in out
    assert "Your face-down cards:" not in out


def test_your_magick_cards_show_deck_timing_provenance_and_effect():
    state = new_game(seed=2)
    view = state.view(0)
    (card,) = view["you"]["magick"]
    built = next(c for c in builtin_cards().magick if c.name_en == card["card"]["en"])
    for lang, name, mark in (("en", built.name_en, "reconstructed"),
                             ("zh-TW", built.name_zh, "重建")):
        out = text_of(render_view(view, lang, WHO), width=200)
        assert t("nevermore.ui.your_magick", lang) in out
        line = next(row for row in out.splitlines() if name in row and "•" in row)
        assert t("nevermore.deck.shadow", lang) in line
        assert built.confidence in line and mark in line
        assert built.faq_item and built.faq_item in line
        effect = built.text_zh if lang == "zh-TW" else built.text_en
        assert effect[:20] in out


def test_raven_seats_show_their_form_instead_of_hearts():
    state = first(new_game(seed=7), 7, lambda s: any(
        seat["form"] == "raven" for seat in s.view(None)["seats"]))
    view = state.view(None)
    raven = next(seat for seat in view["seats"] if seat["form"] == "raven")
    out = text_of(render_view(view, "en", WHO))
    row = seat_row(out, raven["seat"])
    assert "raven" in row.split()
    assert "♥" not in row and "♡" not in row


def test_the_finished_table_names_the_winners_and_why():
    state = first(new_game(seed=6), 6, lambda s: s.is_terminal())
    view = state.view(0)
    out = text_of(render_view(view, "en", WHO))
    result = view["result"]
    reason = t(f"nevermore.reason.{result['reason']}", "en")
    names = ", ".join(f"Seat {w + 1}" for w in result["winners"])
    assert f"Winner(s): {names} ({reason})" in out


def test_the_table_reads_in_traditional_chinese():
    state = new_game(seed=3)
    out = text_of(render_view(state.view(0), "zh-TW", WHO))
    for text in ("方向：左 ←", "結算順序：烏鴉陰謀 → 攻擊", "潛伏烏鴉", "座位 1（你）",
                 "你的手牌：", "你的魔法牌：", "◆ 起始玩家", "血量", "分數"):
        assert text in out
    assert "Direction" not in out and "Your hand" not in out


@pytest.mark.slow
def test_the_table_never_shows_another_seats_hand_magick_or_commitment():
    shown: set[str] = set()
    mine: set[str] = set()
    theirs: set[str] = set()
    for state in states(new_game(seed=11, max_rounds=6), 11):
        shown |= lines_of(text_of(render_view(state.view(0), "en", WHO)))
        for seat in range(4):
            status = lines_of(text_of(render_status(state.view(seat), "en")))
            (mine if seat == 0 else theirs).update(status)
    hidden = theirs - mine
    assert len(hidden) > 40, "the other seats' own lines differ from seat 1's"
    assert any(line.startswith("Your hand: ") for line in hidden)
    assert any(line.startswith("•") for line in hidden), "their magick cards are listed"
    assert any(line.startswith("Your face-down cards: ") for line in hidden)
    assert not hidden & shown


@pytest.mark.slow
def test_a_spectator_sees_no_hand_magick_or_commitment():
    for state in states(new_game(seed=12, max_rounds=3), 12):
        out = text_of(render_view(state.view(None), "en", WHO))
        for private in ("Your hand", "Your magick", "Your face-down", "Set aside to pass", "•"):
            assert private not in out


# -- the card catalogue ---------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_catalogue_lists_every_card_and_character_with_provenance(lang):
    out = text_of(render_cards(lang, None), width=140)
    cards = builtin_cards()
    for card in cards.magick:
        assert card.name_en in out and card.name_zh in out
        assert f"×{card.copies}" in out
        if card.faq_item:
            assert card.faq_item in out
    for char in cards.characters:
        assert char.name_zh in out
    flagged = sum(1 for c in (*cards.magick, *cards.characters)
                  if c.confidence in ("low", "invented"))
    assert out.count(t("ui.reconstructed", lang)) >= flagged >= 20
    assert t("nevermore.ui.sourced_only_note", lang) in out
    sources = {s["id"]: s["url"] for s in builtin_data()["sources"]}
    assert "S1" in out and sources["S1"] in out
    assert t("nevermore.ui.flag_note", lang)[:30] in out


def test_the_catalogue_shows_a_users_card_file_instead(tmp_path):
    data = copy.deepcopy(builtin_data())
    data["light_magick"][0].update(name_en="Foresight", name_zh="先見", confidence="high",
                                   source=["my own printed copy"])
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    out = text_of(render_cards("en", path), width=160)
    assert str(path) in out
    assert "Foresight" in out and "先見" in out
    assert "Prophecy" not in out
    assert "my own printed copy" in out
    row = next(line for line in out.splitlines() if "Foresight" in line)
    assert "high" in row and "reconstructed" not in row


# -- the command line -----------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_play_nevermore_to_the_end(lang):
    result = run("play", "nevermore", "--players", "4", "--bots", "random", "--seed", "3",
                 "--lang", lang, "--option", "max_rounds=8", input=ALWAYS_ONE, width=100)
    assert result.exit_code == 0, result.output
    out = result.output
    assert t("ui.final_scores", lang) in out
    assert t("nevermore.ui.tokens", lang) in out and t("ui.your_hand", lang) in out
    assert t("nevermore.ui.your_magick", lang) in out
    assert seat_names(4, 0, lang)[0] in out
    assert "Traceback" not in out and "'seats'" not in out


def test_cards_nevermore_on_the_command_line():
    result = run("cards", "nevermore")
    assert result.exit_code == 0, result.output
    assert "Prophecy" in result.output and "reconstructed" in result.output
    assert "M. Valdemar" in result.output and "S19" in result.output


def test_a_users_card_file_is_read_and_a_bad_one_refused(tmp_path):
    data = copy.deepcopy(builtin_data())
    data["shadow_magick"][0]["name_en"] = "Treachery"
    good = tmp_path / "good.yaml"
    good.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert catalog.read_data_file("nevermore", good)["shadow_magick"][0]["name_en"] == \
        "Treachery"
    data["shadow_magick"][0]["engine"] = "teleport"
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    result = run("cards", "nevermore", "--boards", str(bad))
    assert result.exit_code == 2
    assert "unknown engine effect 'teleport'" in result.output
    assert "Traceback" not in result.output


def test_a_reconstructed_character_is_marked_so_and_standard_games_have_none():
    assert new_game().view(0)["character_confidence"] is None
    state = first(new_game(seed=5, variant="specters"), 5,
                  lambda s: s.view(0)["you"].get("character") is not None)
    view = state.view(0)
    assert view["character_confidence"] == "invented"
    for lang in ("en", "zh-TW"):
        out = text_of(render_view(view, lang, WHO), width=200)
        line = next(row for row in out.splitlines()
                    if t("nevermore.ui.your_character", lang) in row)
        assert t("ui.reconstructed", lang) in line
