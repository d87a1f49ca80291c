"""The balance lab: reproducible runs, consistent counts, a strong character caught, the plot."""

from __future__ import annotations

import pytest
from shkit import new_game

from candlelit.engine.errors import DataError, OptionError
from candlelit.games.shadow_hunters.balance import (
    Outcome,
    _Job,
    markdown,
    play_one,
    plot,
    run_balance,
    summarise,
)
from candlelit.games.shadow_hunters.characters import builtin, pool_with
from candlelit.games.shadow_hunters.rules import ShadowHuntersState
from candlelit.sim.runner import game_seed

GOLEM = """\
format: candlelit-shadow-hunters-characters/1
characters:
  - id: golem
    名稱: 石像巨人
    HP: 30
    共同體: {名稱: 獨行俠, gate: none}
    技能:
      - 名稱: 石膚
        時機: when_attacked
        型式: 常駐式
        效果: 受到的攻擊傷害 -3，可減至 0。
        blocks: [{block: damage_reduction, amount: 3, floor: 0}]
      - 名稱: 沉重
        時機: when_attacked
        型式: 常駐式
        效果: 攻擊你的攻擊骰 -2。
        blocks: [{block: roll_modifier, side: defender, amount: -2, halved_with_armour: false}]
      - 名稱: 吸收
        時機: on_kill
        型式: 條件式
        效果: 每擊殺一名角色恢復 3 點 HP。
        blocks: [{block: on_kill_heal, amount: 3}]
    任務:
      效果: 存活到遊戲結束。
      判定: [{mission: survive}]
"""


@pytest.fixture
def golem(tmp_path):
    """A character file with one deliberately overpowered 獨行俠."""
    path = tmp_path / "golem.yaml"
    path.write_text(GOLEM, encoding="utf-8")
    return path


def test_a_run_is_the_same_on_one_process_or_two(golem):
    one = run_balance(5, 16, ["random"], 11, 1, [golem])
    two = run_balance(5, 16, ["random"], 11, 2, [golem])
    assert one == two
    other = run_balance(5, 16, ["random"], 12, 1, [golem])
    assert [e["drawn"] for e in other["characters"]] != \
        [e["drawn"] for e in one["characters"]]


def test_each_games_draw_is_counted_once_and_wins_never_exceed_draws():
    games, players = 20, 6
    report = run_balance(players, games, ["heuristic", "random"] * 3, 5, 1)
    rows = report["characters"]
    assert [e["id"] for e in rows] == [c.id for c in builtin()]
    assert sum(e["drawn"] for e in rows) == games * players == report["field"]["drawn"]
    assert all(e["wins"] <= e["drawn"] <= games for e in rows)
    assert sum(e["wins"] for e in rows) == report["field"]["wins"]
    assert sum(g["drawn"] for g in report["communities"]) == games * players
    assert sum(g["wins"] for g in report["communities"]) == report["field"]["wins"]
    assert report["unfinished"] == 0 and report["mean_rounds"] >= 1


def test_play_one_deals_distinct_characters_and_summarise_counts_them_per_seat():
    report = run_balance(4, 1, ["random"], 0, 1)
    drawn = [e["id"] for e in report["characters"] if e["drawn"]]
    assert len(drawn) == 4
    pool = builtin()
    games = [Outcome(0, ("hane", "slime", "saint", "angel"), (1, 3), (0, 1, 0, 1), 4, 50, True,
                     "mission"),
             Outcome(1, ("slime", "zombie", "hane", "ifrit"), (1,), (1, 1, 0, 0), 6, 70, True,
                     "last_side")]
    s = summarise(pool, games, {})
    row = {e["id"]: e for e in s["characters"]}
    assert (row["slime"]["drawn"], row["slime"]["wins"], row["slime"]["survival_rate"]) == \
        (2, 1, 1.0)
    assert (row["hane"]["drawn"], row["hane"]["wins"], row["hane"]["mean_rounds"]) == \
        (2, 0, 5.0)
    assert row["zombie"]["mean_actions"] == 70 and row["templar"]["drawn"] == 0
    assert s["field"] == {"drawn": 8, "wins": 3, "win_rate": 3 / 8}
    east = next(g for g in s["communities"] if g["gate"] == "east")
    assert (east["drawn"], east["wins"]) == (3, 0)
    assert s["endings"] == {"mission": 1, "last_side": 1}


def test_play_one_reports_the_seats_characters_in_seat_order(golem):
    merged = pool_with([golem])
    assert merged is not None and len(merged["characters"]) == 10
    options = new_game(players=4).options | {"characters": merged}
    game = play_one(_Job(4, ("random",) * 4, 9, options), 2)
    state = ShadowHuntersState.new(4, game_seed(9, 2), options)
    assert game.drawn == tuple(state.pool[c].id for c in state.char)
    assert len(set(game.drawn)) == 4 and game.finished


@pytest.mark.slow
def test_an_overpowered_custom_character_is_flagged_and_its_guide_verdict_shown(golem, tmp_path):
    report = run_balance(6, 60, ["random"], 2, 2, [golem])
    row = next(e for e in report["characters"] if e["id"] == "golem")
    assert len(report["characters"]) == 10
    assert row["flag"] == "above", row
    assert row["ci95"][0] > report["field"]["win_rate"]
    assert row["guide"]["ok"] is False
    assert any("over 14 HP" in r for r in row["guide"]["remarks"])
    table = markdown(report)
    line = next(t for t in table.splitlines() if "(golem)" in t)
    assert "| above |" in line and "WARN: 3 skills; the guide allows 1-2 at over 14 HP" in line
    png = plot(report, tmp_path / "balance.png")
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000


def test_bad_settings_are_refused(golem, tmp_path):
    with pytest.raises(OptionError, match="unknown bot"):
        run_balance(4, 2, ["nobody"], 0, 1)
    with pytest.raises(OptionError, match="one bot per seat"):
        run_balance(4, 2, ["random", "random"], 0, 1)
    with pytest.raises(OptionError, match="players"):
        run_balance(9, 2, ["random"], 0, 1)
    with pytest.raises(DataError, match="used twice"):
        run_balance(4, 2, ["random"], 0, 1, [golem, golem])
    clash = tmp_path / "slime.yaml"
    clash.write_text(GOLEM.replace("id: golem", "id: slime"), encoding="utf-8")
    with pytest.raises(DataError, match="slime"):
        run_balance(4, 2, ["random"], 0, 1, [clash])
