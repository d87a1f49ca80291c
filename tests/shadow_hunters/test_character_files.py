"""The character file format: the seed's samples load, bad files fail clearly, 平衡準則 verdicts."""

from __future__ import annotations

import pytest
import yaml

from candlelit.engine.errors import DataError
from candlelit.games.shadow_hunters import characters as ch
from candlelit.games.shadow_hunters.cards import builtin as builtin_cards

SAMPLES = {"hane": ("羽", 8, 2), "zombie": ("殭屍", 13, 3), "slime": ("史萊姆", 15, 2),
           "saint": ("聖女", 8, 3), "templar": ("聖堂武士", 14, 2),
           "ranger": ("精靈遊俠", 11, 3), "fire_spirit": ("火炎精靈", 13, 3),
           "angel": ("片翼天使", 12, 3), "ifrit": ("伊夫利特", 14, 3)}


@pytest.mark.parametrize("cid", sorted(SAMPLES))
def test_each_sample_character_loads_with_the_seeds_name_hp_and_skills(cid):
    char = {c.id: c for c in ch.builtin()}[cid]
    assert (char.name, char.hp, len(char.skills)) == SAMPLES[cid]
    assert char.missions and char.source and char.confidence == "high"


def test_sub_communities_count_as_their_gate():
    gates = {c.id: (c.community, c.gate) for c in ch.builtin()}
    assert gates["saint"] == ("湖之神殿", "east") and gates["hane"] == ("晨星", "east")
    assert gates["templar"][1] == "south" and gates["ranger"][1] == "west"
    assert gates["fire_spirit"][1] == "north" and gates["slime"] == ("獨行俠", "none")


def _one(**changes):
    base = {"id": "x", "名稱": "測試", "HP": 12, "共同體": {"名稱": "獨行俠", "gate": "none"},
            "技能": [{"名稱": "硬皮", "時機": "when_attacked", "型式": "常駐式", "效果": "減傷",
                    "blocks": [{"block": "damage_reduction", "amount": 1, "floor": 1}]}],
            "任務": {"效果": "存活", "判定": [{"mission": "survive"}]}}
    base.update(changes)
    return {"format": ch.FORMAT, "characters": [base]}


def test_a_minimal_custom_character_parses():
    (char,) = ch.parse(_one())
    assert char.blocks("damage_reduction") == [{"block": "damage_reduction", "amount": 1,
                                                "floor": 1}]


@pytest.mark.parametrize(("changes", "message"), [
    ({"HP": "twelve"}, "HP: should be a whole number"),
    ({"HP": True}, "HP: should be a whole number"),
    ({"HP": 0}, "HP: should be at least 1"),
    ({"hp": 12}, r"hp: unknown key \(did you mean 'HP'\?"),
    ({"共同體": {"gate": "centre"}}, "gate must be one of"),
    ({"技能": []}, "技能: should have at least 1 entry"),
    ({"技能": [{"名稱": "a", "時機": "sometimes", "型式": "常駐式", "效果": "-",
               "blocks": [{"block": "no_heal"}]}]}, "時機 'sometimes'"),
    ({"技能": [{"名稱": "a", "時機": "passive", "型式": "常駐式", "效果": "-",
               "blocks": [{"block": "teleport"}]}]}, "unknown block 'teleport'"),
    ({"技能": [{"名稱": "a", "時機": "passive", "型式": "常駐式", "效果": "-",
               "blocks": [{"block": "on_kill_heal", "amount": "2"}]}]}, "wrong type"),
    ({"技能": [{"名稱": "a", "時機": "passive", "型式": "常駐式", "效果": "-",
               "hook": "nope"}]}, "unknown hook 'nope'"),
    ({"技能": [{"名稱": "a", "時機": "passive", "型式": "常駐式", "效果": "-"}]},
     "needs blocks or a hook"),
    ({"任務": {"判定": [{"mission": "stand_at", "cell": 5}]}}, "cell 5 holds no location"),
    ({"任務": {"判定": [{"mission": "survive"}], "otherwise_join": "moon"}}, "otherwise_join"),
])
def test_bad_files_name_the_character_and_the_problem(changes, message):
    with pytest.raises(DataError, match=message) as info:
        ch.parse(_one(**changes))
    assert str(info.value).startswith("character data: characters[0]")


def test_files_without_the_format_line_or_with_duplicate_ids_are_refused(tmp_path):
    with pytest.raises(DataError, match="format"):
        ch.parse({"characters": []})
    doubled = _one()
    doubled["characters"] *= 2
    with pytest.raises(DataError, match="used twice: x"):
        ch.parse(doubled)
    path = tmp_path / "c.yaml"
    path.write_text("format: [", encoding="utf-8")
    with pytest.raises(DataError, match=r"c\.yaml:1: "):
        ch.load_file(path)


def test_a_file_round_trips_through_disk(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(_one(), allow_unicode=True), encoding="utf-8")
    assert ch.load_file(path)[0].name == "測試"


@pytest.mark.parametrize(("hp", "skills", "ok"), [
    (12, 2, True), (12, 3, False), (12, 1, False), (9, 2, True), (9, 3, True), (9, 1, False),
    (10, 3, False), (14, 2, True), (15, 1, True), (15, 2, True), (15, 3, False)])
def test_balance_guide_skill_counts_by_hp(hp, skills, ok):
    one = _one(HP=hp)
    one["characters"][0]["技能"] = one["characters"][0]["技能"] * skills
    (verdict,) = ch.check(ch.parse(one))
    assert verdict.ok is ok


def test_balance_report_on_the_samples_flags_the_three_skill_mid_hp_characters():
    verdicts = {v.character: v.ok for v in ch.check(ch.builtin())}
    assert {k for k, ok in verdicts.items() if not ok} == {
        "zombie", "ranger", "fire_spirit", "angel", "ifrit"}
    assert "WARN zombie" in ch.report(ch.builtin())


def test_the_card_file_holds_65_cards_with_provenance():
    cards = builtin_cards()
    assert len(cards) == 65
    assert all(c.source and c.confidence == "high" for c in cards)
    assert [c.kind for c in cards if c.number == 13 and c.colour != "white"] == ["orb"] * 4


def test_every_hook_a_file_may_name_is_carried_out_by_the_rule_module_hooks_py_names():
    import importlib

    from candlelit.games.shadow_hunters.hooks import HOOKS

    for name, where in HOOKS.items():
        module = importlib.import_module(
            f"candlelit.games.shadow_hunters.{where.split('.py:')[0]}")
        assert callable(getattr(module, name, None)), (name, where)
    used = {sk.hook for c in ch.builtin() for sk in c.skills if sk.hook}
    assert used == set(HOOKS)
