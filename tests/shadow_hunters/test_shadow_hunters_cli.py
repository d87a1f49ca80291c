"""The command line of the balance lab: `characters check`, `balance`, and `--characters`."""

from __future__ import annotations

import json
from pathlib import Path

from shkit import new_game
from typer.testing import CliRunner

from candlelit.bots.base import SeatObservation
from candlelit.bots.registry import make_bot
from candlelit.cli.app import app
from candlelit.engine.state import TERMINAL
from candlelit.games.shadow_hunters.characters import builtin, load_file, pool_with
from candlelit.games.shadow_hunters.messages import character_name

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "characters"
ZOMBIE = EXAMPLES / "zombie-from-template.yaml"
GOLEM = EXAMPLES / "golem.yaml"


def _invoke(*args: str):
    return CliRunner().invoke(app, list(args))


def test_the_zombie_typed_in_from_the_template_is_the_sample_zombie():
    (typed,) = load_file(ZOMBIE)
    sample = {c.id: c for c in builtin()}["zombie"]
    assert (typed.hp, typed.gate, typed.missions, typed.otherwise_join) == \
        (sample.hp, sample.gate, sample.missions, sample.otherwise_join)
    assert [(s.timing, s.kind, s.blocks) for s in typed.skills] == \
        [(s.timing, s.kind, s.blocks) for s in sample.skills]


def test_the_typed_in_zombie_plays_and_turns_its_victims_into_zombies():
    options = {"characters": pool_with([ZOMBIE])}
    for seed in range(60):
        state = new_game(players=6, seed=seed, **options)
        seat = next((s for s in range(6) if state.pool[state.char[s]].id == "my-zombie"), None)
        if seat is None:
            continue
        bots = [make_bot("heuristic", "shadow-hunters", s, seed) for s in range(6)]
        views = [SeatObservation(state, s) for s in range(6)]
        while (player := state.current_player()) != TERMINAL:
            state.apply_action(bots[player].act(views[player], state.legal_actions(player)),
                               player)
        if any(e.key == "shadow_hunters.log.zombie" and state.killer[e.args["seat"]] == seat
               for e in state.events()):
            assert state.is_terminal()
            return
    raise AssertionError("in 60 games the typed-in zombie never raised a victim")


def test_characters_check_validates_the_file_and_reports_the_guide():
    result = _invoke("characters", "check", str(GOLEM))
    assert result.exit_code == 0, result.output
    assert "1 valid character" in result.output
    assert "WARN golem: 30 HP, 3 skills" in result.output
    assert "the guide allows 1-2 at over 14 HP" in result.output


def test_characters_check_names_the_problem_in_a_bad_file(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOLEM.read_text(encoding="utf-8").replace("HP: 30", "HP: many"),
                   encoding="utf-8")
    result = _invoke("characters", "check", str(bad))
    assert result.exit_code == 2
    assert "golem" in result.output and "HP" in result.output


def test_balance_writes_the_report_the_markdown_and_the_plot(tmp_path):
    png, md = tmp_path / "lab.png", tmp_path / "lab.md"
    result = _invoke("balance", "shadow-hunters", "--characters", str(GOLEM), "-n", "12",
                     "--players", "4", "--bots", "random", "--plot", str(png), "--md", str(md),
                     "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["games"] == 12 and report["players"] == 4
    assert len(report["characters"]) == 10
    assert sum(e["drawn"] for e in report["characters"]) == 48
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "(golem)" in md.read_text(encoding="utf-8")


def test_balance_refuses_other_games_and_bad_player_counts(tmp_path):
    other = _invoke("balance", "divinare", "-n", "2")
    assert other.exit_code == 2 and "no balance lab" in other.output
    few = _invoke("balance", "shadow-hunters", "-n", "2", "--players", "3",
                  "--plot", str(tmp_path / "none.png"))
    assert few.exit_code == 2 and "4-8 players" in few.output
    assert not (tmp_path / "none.png").exists()


def test_simulate_and_play_take_character_files():
    result = _invoke("simulate", "shadow-hunters", "-n", "3", "--players", "8",
                     "--characters", str(GOLEM), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["games"] == 3
    refused = _invoke("simulate", "divinare", "-n", "1", "--characters", str(GOLEM))
    assert refused.exit_code == 2 and "takes no character file" in refused.output


def test_a_custom_character_is_named_in_logs_and_labels_once_its_file_is_loaded():
    new_game(players=4, characters=pool_with([GOLEM]))
    assert (character_name("golem", "en"), character_name("golem", "zh-TW")) == \
        ("Stone Golem", "石像巨人")
    assert character_name("nobody-knows", "en") == "nobody-knows"
