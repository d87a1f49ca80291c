"""The terminal side of `candlelit`: games, rules, cards and interactive play (Typer app)."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
import yaml
from rich.console import Console
from typer.testing import CliRunner

from candlelit.cli import catalog
from candlelit.cli import console as tty
from candlelit.cli.app import app
from candlelit.cli.render import seat_names
from candlelit.engine import conformance as c
from candlelit.engine import registry
from candlelit.engine.errors import CandlelitError
from candlelit.engine.records import load_record, replay, verify
from candlelit.games.divinare.terminal import hand_line, seats_table
from candlelit.i18n import bot_title, message, seat_name, t

ALWAYS_ONE = "1\n" * 400
BOX = "│┃║ "


def run(*args: str, input: str | None = None, width: int = 200):
    """Invoke the app with plain consoles `width` cells wide (stdout and stderr)."""
    saved = tty.console, tty.err
    tty.console = Console(width=width, color_system=None)
    tty.err = Console(width=width, color_system=None, stderr=True)
    try:
        return CliRunner().invoke(app, list(args), input=input)
    finally:
        tty.console, tty.err = saved


def lines_of(output: str) -> set[str]:
    """Every output line without its frame, for exact-line comparisons."""
    return {line.strip(BOX) for line in output.splitlines()}


def user_boards(tmp_path, **changes):
    data = {
        "meta": {"sources": {"U1": "my own copy of the printed boards"}},
        "boards": [
            {"suit": "chiromancy", "numbered_spaces": [0, 2, 4, 6],
             "bonus": {"single": [2], "double": [6], "source": ["U1"]}},
            {"suit": "crystallomancy", "numbered_spaces": [1, 3, 5, 7, 8]},
            {"suit": "tasseomancy", "numbered_spaces": [2, 4, 6, 8, 10]},
            {"suit": "astromancy", "numbered_spaces": [3, 5, 7, 9, 11, 12]},
        ],
    }
    data.update(changes)
    path = tmp_path / "boards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


# -- games, rules, cards --------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_games_lists_divinare_with_players_options_and_variants(lang):
    result = run("games", "--lang", lang)
    assert result.exit_code == 0, result.output
    for text in ("divinare", "2-4", "pass_direction", "tie_break", "public_scores", "left-pass",
                 "every-even", "public-scores"):
        assert text in result.output
    assert t("ui.variants", lang) in result.output
    assert t("divinare.title", lang) in result.output


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["Scoring a round", "centre", "right", "share the win", "candlelit cards divinare"]),
    ("zh-TW", ["每輪計分", "中央區", "右手邊", "共享勝利", "candlelit cards divinare"]),
])
def test_rules_print_the_summary_in_each_language(lang, words):
    result = run("rules", "divinare", "--lang", lang)
    assert result.exit_code == 0, result.output
    for word in words:
        assert word in result.output


def test_rules_of_an_unknown_game_fail_clearly():
    result = run("rules", "chess")
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output and "divinare" in result.output


@pytest.mark.parametrize(("args", "english", "chinese"), [
    (("rules", "chess"), "unknown game 'chess' (known games: anima, divinare",
     "沒有 'chess' 這個遊戲（可選的遊戲：Anima：歐米茄之影、通靈王 Divinare"),
    (("play", "divinare", "--players", "9"), "divinare is played by 2 to 4 players, not 9",
     "通靈王 Divinare 由 2 至 4 位玩家進行，不能是 9 位"),
    (("play", "divinare", "--players", "3", "--variant", "chess"),
     "unknown variant 'chess' (known variants: every-even, left-pass",
     "沒有 'chess' 這個變體（可選的變體：偶數手牌時傳牌"),
])
def test_a_refusal_is_told_in_the_language_asked_for(args, english, chinese):
    for lang, words in (("en", english), ("zh-TW", chinese)):
        result = run(*args, "--lang", lang)
        assert result.exit_code == 2, result.output
        assert words in result.output.replace("\n", ""), result.output


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_cards_show_every_board_and_flag_what_is_reconstructed(lang):
    result = run("cards", "divinare", "--lang", lang)
    assert result.exit_code == 0, result.output
    out = result.output
    for suit in ("red", "blue", "green", "yellow"):
        assert t(f"divinare.suit.{suit}", lang) in out
        assert t(f"divinare.suit.{suit}", "zh-TW" if lang == "en" else "en") in out
    for row in ("1● 2○ 3  4  5  6○", "2● 3○ 4  5  6  7  8○", "3● 4○ 5  6  7  8  9○ 10●",
                "4● 5○ 6  7  8  9  10  11○ 12●"):
        assert row in out
    assert out.count("invented") >= 8
    assert "low" in out and "high" in out
    assert out.count(t("ui.reconstructed", lang)) >= 10
    assert "S9" in out and "tk-game-diary.net" in out
    assert t("divinare.ui.pass_step", lang, hand=10, count=5) in out


def test_cards_show_the_users_board_file_instead(tmp_path):
    path = user_boards(tmp_path)
    result = run("cards", "divinare", "--boards", str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    assert str(path) in out
    assert "0  2○ 4  6●" in out
    assert "3  5  7  9  11  12" in out
    assert "1● 2○ 3  4  5  6○" not in out
    assert "U1" in out and "my own copy of the printed boards" in out
    assert "(built-in)" in out


@pytest.mark.parametrize(("boards", "complaint"), [
    ([{"suit": "chiromancy", "numbered_spaces": [1, 2, 3]}], "needs at least 4"),
    ([{"suit": "tarot", "numbered_spaces": [1, 2, 3, 4]}], "unknown suit 'tarot'"),
])
def test_a_bad_board_file_is_refused_with_a_clear_message(tmp_path, boards, complaint):
    path = user_boards(tmp_path, boards=boards)
    for command in (["cards", "divinare"], ["play", "divinare", "--bots", "random"]):
        result = run(*command, "--boards", str(path), input=ALWAYS_ONE)
        assert result.exit_code == 2
        assert "error:" in result.output and complaint in result.output
        assert "Traceback" not in result.output


def test_a_missing_board_file_is_refused(tmp_path):
    result = run("cards", "divinare", "--boards", str(tmp_path / "nope.yaml"))
    assert result.exit_code == 2
    assert "cannot read board file" in result.output


def without(monkeypatch, game, **pieces):
    """Let `game`'s manifest name none of `pieces` for the rest of the test."""
    spec = registry.get(game)
    monkeypatch.setitem(registry._GAMES, game, replace(spec, **pieces))


def test_games_without_a_card_view_or_data_reader_say_so(monkeypatch, tmp_path):
    without(monkeypatch, "divinare", terminal=None, cards_reader=None)
    with pytest.raises(CandlelitError, match="no card view"):
        catalog.cards_view("divinare", "en", None)
    with pytest.raises(CandlelitError, match="takes no card file"):
        catalog.read_data_file("divinare", user_boards(tmp_path))


@pytest.mark.slow
def test_read_data_file_returns_board_data_the_game_accepts(tmp_path):
    data = catalog.read_data_file("divinare", user_boards(tmp_path))
    result = run("play", "divinare", "--players", "2", "--bots", "random", "--seed", "1",
                 "--boards", str(user_boards(tmp_path)), input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    assert data["boards"][0]["numbered_spaces"] == [0, 2, 4, 6]


# -- play --------------------------------------------------------------------------------
def _final_state(record_path):
    record = load_record(record_path.read_text(encoding="utf-8"))
    states = [state for _, _, state in replay(record)]
    return record, states[-1]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_play_to_the_end_shows_final_scores_and_winners(tmp_path, lang):
    path = tmp_path / "game.json"
    result = run("play", "divinare", "--players", "4", "--bots", "random", "--seed", "3",
                 "--lang", lang, "--record", str(path), input=ALWAYS_ONE, width=80)
    assert result.exit_code == 0, result.output
    _, state = _final_state(path)
    assert state.is_terminal()
    names = seat_names(4, 0, lang)
    out = result.output
    assert t("ui.final_scores", lang) in out
    sep = "、" if lang == "zh-TW" else ", "
    assert t("ui.winners", lang, seats=sep.join(names[w] for w in state.winners())) in out
    final = out[out.rindex(t("ui.final_scores", lang)):].splitlines()
    for seat, score in enumerate(state.scores()):
        row = next(line for line in final if f"{names[seat]} " in line)
        assert str(score) in row.split()
        assert (t("ui.winner", lang) in row) == (seat in state.winners())
    assert t("ui.record_saved", lang, path=str(path)) in out.replace("\n", "")
    assert "Traceback" not in out


def test_bad_input_asks_again_without_crashing():
    result = run("play", "divinare", "--players", "3", "--bots", "random", "--seed", "7",
                 input="x\n99\n\n0\n-1\n" + ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    first_choices = result.output.index(t("ui.choices", "en"))
    assert result.output.count("Please type a number from 1 to") == 5
    assert result.output.index("Please type a number") > first_choices
    assert t("ui.final_scores", "en") in result.output


@pytest.mark.slow
def test_bad_input_message_is_translated():
    result = run("play", "divinare", "--players", "4", "--bots", "random", "--seed", "7",
                 "--lang", "zh-TW", input="abc\n" + ALWAYS_ONE)
    assert result.exit_code == 0
    assert "請輸入 1 到 " in result.output


def test_end_of_input_stops_cleanly_and_keeps_a_partial_record(tmp_path):
    path = tmp_path / "partial.json"
    result = run("play", "divinare", "--players", "4", "--bots", "random", "--seed", "3",
                 "--record", str(path), input="1\n1\n")
    assert result.exit_code == 1
    assert t("ui.eof", "en") in result.output
    assert "Traceback" not in result.output and "EOFError" not in result.output
    record = load_record(path.read_text(encoding="utf-8"))
    assert verify(record).ok
    assert record["final"]["terminal"] is False
    assert [p for p, _ in record["actions"]].count(0) == 2


@pytest.mark.slow
def test_the_record_replays_and_verifies(tmp_path):
    path = tmp_path / "game.json"
    result = run("play", "divinare", "--players", "3", "--seat", "2", "--bots",
                 "random,random", "--seed", "11", "--record", str(path), input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    record = json.loads(path.read_text(encoding="utf-8"))
    verdict = verify(record)
    assert verdict.ok, verdict.problems
    assert record["seats"] == ["random", "random", "human"]
    assert record["final"]["terminal"] is True
    assert verify({**record, "actions": record["actions"][:-1]}).ok is False


@pytest.mark.slow
def test_the_human_never_sees_another_seats_hand(tmp_path):
    path = tmp_path / "game.json"
    result = run("play", "divinare", "--players", "4", "--bots", "random", "--seed", "5",
                 "--record", str(path), input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    shown = lines_of(result.output)
    record = load_record(path.read_text(encoding="utf-8"))
    mine: set[str] = set()
    asked: set[str] = set()
    theirs: set[str] = set()
    for _, _, state in replay(record):
        for seat in range(4):
            line = hand_line(state.view(seat)["hand"], "en").plain
            (mine if seat == 0 else theirs).add(line)
            if seat == 0 and 0 in state.pending_players():
                asked.add(line)
    assert asked and asked <= shown
    hidden = theirs - mine
    assert len(hidden) > 20
    assert not hidden & shown
    deals = {seat: set() for seat in range(4)}
    for event in state.events():
        if event.key == "divinare.dealt":
            deals[event.args["seat"]].add(
                message("divinare", event.key, event.args, "en"))
    assert deals[0] <= shown
    others = (deals[1] | deals[2] | deals[3]) - deals[0]
    assert len(others) >= 10
    assert not others & shown


def test_a_seat_outside_the_table_is_refused():
    result = run("play", "divinare", "--players", "3", "--seat", "3", "--bots", "random")
    assert result.exit_code == 2
    assert "--seat must be from 0 to 2" in result.output


@pytest.mark.parametrize(("bots", "complaint"), [
    ("random,random", "one per other seat"),
    ("random,,random", "empty bot name"),
    ("psychic", "unknown bot 'psychic'"),
])
def test_bad_bot_lists_are_refused(bots, complaint):
    result = run("play", "divinare", "--players", "4", "--bots", bots, input=ALWAYS_ONE)
    assert result.exit_code == 2
    assert complaint in result.output


@pytest.mark.slow
def test_default_opponents_are_the_games_preferred_bot():
    result = run("play", "divinare", "--players", "2", "--seed", "2", input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    assert t("ui.bot", "en", name=bot_title("expectation", "en")) in result.output
    assert "expectation" not in result.output, "a bot is called by its catalog name"


@pytest.mark.slow
def test_the_table_shows_boards_tokens_and_passes():
    result = run("play", "divinare", "--players", "4", "--bots", "random", "--seed", "3",
                 input=ALWAYS_ONE)
    out = result.output
    assert "1●  2○  3   4   5   6○" in out
    assert "played 0 of 12" in out and "centre" in out
    assert "you #2 #3 #4" in out
    assert t("divinare.ui.passes", "en") in out and "Pass 3: gave" in out
    assert "* reconstructed layout" in out
    assert "bot Random" in out and "bot random" not in out


def other_seat_rows(output: str) -> list[str]:
    """Seats-table rows of the bot seats 2-4 drawn before the final scores."""
    before_end = output[:output.rindex(t("ui.final_scores", "en"))]
    return [line for line in before_end.splitlines()
            if re.match(r" Seat [234] +bot Random ", line)]


@pytest.mark.slow
def test_other_seats_score_tokens_stay_face_down_until_the_end_of_play():
    result = run("play", "divinare", "--players", "4", "--bots", "random", "--seed", "3",
                 input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    rows = other_seat_rows(result.output)
    during, last_table = rows[:-3], rows[-3:]  # the table drawn at the end shows every total
    assert len(during) > 50
    assert all(re.search(r" \? +\? +\? +face down", row) for row in during)
    assert not any("face down" in row for row in last_table)
    assert "Score tokens are kept face down" in result.output
    shown = run("play", "divinare", "--players", "4", "--bots", "random", "--seed", "3",
                "--option", "public_scores=true", input=ALWAYS_ONE)
    assert shown.exit_code == 0, shown.output
    rows = other_seat_rows(shown.output)
    assert len(rows) > 50 and not any("face down" in row or "?" in row for row in rows)
    assert "Score tokens are kept face down" not in shown.output


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_seats_table_shows_the_own_total_and_hides_the_others(lang):
    state = c.load("divinare", 3, 12)
    while state.round == 0:
        p = state.current_player()
        state.apply_action(state.legal_actions(p)[-1], p)
    scores = state.scores()
    assert len(set(scores)) == 3
    hidden = ["?", "?", "?", *t("divinare.ui.face_down", lang).split()]
    for viewer, public in ((1, False), (None, False), (1, True)):
        state.options = {**state.options, "public_scores": public}
        console = Console(width=120, color_system=None, record=True)
        console.print(seats_table(state.view(viewer), lang, ["a", "b", "c"]))
        drawn = console.export_text()
        for seat in range(3):
            row = next(line.split() for line in drawn.splitlines()
                       if line.startswith(" " + seat_name(seat, lang) + " "))
            if public or seat == viewer:
                expected = [*map(str, state.tokens_won[seat]), str(scores[seat])]
            else:
                expected = hidden
            after_cards = row.index("abc"[seat]) + 2
            assert row[after_cards:after_cards + len(expected)] == expected
        assert (t("divinare.ui.face_down_note", lang)[:12] in drawn) is not public


@pytest.mark.slow
def test_games_without_a_table_fall_back_to_the_raw_view(monkeypatch):
    without(monkeypatch, "divinare", terminal=None)
    result = run("play", "divinare", "--players", "4", "--bots", "random", "--seed", "3",
                 input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    assert "'boards'" in result.output and "'hand'" in result.output
    assert t("ui.final_scores", "en") in result.output


@pytest.mark.slow
def test_the_seed_is_not_shown_before_the_game_is_over():
    # the seed fixes every deal to come, so it is private until the end
    result = run("play", "divinare", "--players", "4", "--bots", "random", "--seed", "424242",
                 input="1\n" * 5)
    assert "424242" not in result.output
    result = run("play", "divinare", "--players", "2", "--bots", "random", "--seed", "424242",
                 input=ALWAYS_ONE)
    assert result.exit_code == 0 and "424242" in result.output


@pytest.mark.slow
def test_bots_are_called_by_their_catalog_names_in_play_and_replay(tmp_path):
    path = tmp_path / "game.json"
    result = run("play", "divinare", "--players", "3", "--seat", "0",
                 "--bots", "random,expectation", "--seed", "4", "--lang", "zh-TW",
                 "--record", str(path), input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    for bot in ("random", "expectation"):
        assert t("ui.bot", "zh-TW", name=bot_title(bot, "zh-TW")) in result.output
    assert not re.search(r"\b(random|expectation)\b", result.output), "no bot id on screen"
    shown = run("replay", str(path), "--lang", "en")
    assert shown.exit_code == 0, shown.output
    assert "Seat 2 (bot Random)" in shown.output and "Seat 3 (bot Expectation)" in shown.output
    assert not re.search(r"\b(random|expectation)\b", shown.output)
    seats = json.loads(path.read_text(encoding="utf-8"))["seats"]
    assert seats == ["human", "random", "expectation"], "records keep the bots' ids"
