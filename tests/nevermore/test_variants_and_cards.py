"""Nevermore's variants and card data: Specters, sourced-only, provenance and user card files."""

from __future__ import annotations

import random

import pytest
import yaml
from nvkit import (
    act,
    counts,
    events,
    finish_round,
    skip_windows,
    suit_card,
    suit_card_file,
    table,
    title,
    until,
)
from typer.testing import CliRunner

import candlelit
from candlelit.cli.app import app
from candlelit.engine import conformance as c
from candlelit.engine.errors import DataError, OptionError
from candlelit.games.nevermore.cards import builtin_cards, builtin_data, read_cards_file
from candlelit.games.nevermore.constants import (
    A_DONE,
    A_JOIN,
    A_PASS,
    A_PLAY,
    A_TARGET,
    LIGHT,
    SHADOW,
)
from candlelit.server.render import board_html

FAQ_TITLES = {"預言", "懺悔", "正義", "懲罰", "凍結", "收割", "徵收", "背叛", "流血", "黑暗降臨",
              "暴怒", "支配", "汲取", "誘騙", "凋零", "怨恨", "枯竭", "惡夢"}


def _random_game(players: int, seed: int, variant: str, visit=None):
    state = candlelit.load("nevermore", players, seed, variant=variant)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        assert step < state.max_game_length()
        if visit is not None:
            visit(state, step, rng)
        pending = state.pending_players()
        seat = pending[rng.randrange(len(pending))]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        step += 1
    c.check_outcome(state)
    return state


@pytest.mark.parametrize("players", [3, pytest.param(6, marks=pytest.mark.slow)])
def test_specters_games_keep_every_engine_invariant(players):
    def visit(state, step, rng):
        if step % 29 == 0:
            c.check_actions(state)
            c.check_illegal(state, rng)
        if step % 211 == 0:
            c.check_copies(state, rng)
            c.check_no_leak(state, rng, worlds=1)

    for seed in range(3):
        _random_game(players, seed, "specters", visit)


def test_specters_deals_two_characters_and_each_seat_keeps_one_in_secret():
    state = candlelit.load("nevermore", 4, 5, variant="specters")
    assert state.view(None)["decision"]["kind"] == "character_keep"
    for seat in range(4):
        options = state.view(seat)["you"]["character_options"]
        assert len(options) == 2
        assert "character_options" not in state.view(None)
        assert state.view((seat + 1) % 4)["you"]["character_options"] != options


def test_sourced_only_plays_only_the_cards_the_seed_faq_describes():
    state = candlelit.load("nevermore", 4, 2, variant="sourced-only")
    titles = {state.cards.magick[t].name_zh for t in state.ldeck + state.sdeck}
    held = {state.cards.magick[t].name_zh for seat in range(4)
            for t, n in enumerate(state.magick[seat]) if n}
    assert titles | held <= FAQ_TITLES
    assert not state.specters
    _random_game(4, 2, "sourced-only")


def test_the_built_in_decks_hold_twenty_five_cards_each_with_the_18_faq_titles():
    cards = builtin_cards()
    assert len(cards.deck_list(LIGHT, False)) == 25 and len(cards.deck_list(SHADOW, False)) == 25
    assert {c.name_zh for c in cards.magick if c.sourced} == FAQ_TITLES
    assert [c.id for c in cards.magick if not c.sourced] == ["X01"]


def test_every_card_keeps_its_source_and_confidence_and_reconstructions_stay_marked():
    data = builtin_data()
    for entry in data["light_magick"] + data["shadow_magick"]:
        assert entry["source"] and entry["confidence"] in ("high", "medium", "low", "invented")
        assert entry["effect_confidence"] != "high"
    for entry in data["characters"]:
        assert entry["confidence"] == "invented"
        assert entry["human_ability"]["confidence"] == "invented"
    view = candlelit.load("nevermore", 3, 1).view(0)
    assert all(card["confidence"] in ("low", "invented") for card in view["you"]["magick"])


def test_a_users_card_file_renames_cards_and_is_used_by_the_game(tmp_path):
    data = builtin_data()
    own = {"light_magick": [dict(c) for c in data["light_magick"]],
           "shadow_magick": [dict(c) for c in data["shadow_magick"]],
           "characters": data["characters"]}
    own["shadow_magick"][0]["name_en"] = "Treachery"
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(own, allow_unicode=True), encoding="utf-8")
    loaded = read_cards_file(path)
    state = candlelit.load("nevermore", 3, 0, {"cards": loaded})
    assert "Treachery" in {c.name_en for c in state.cards.magick}
    _ = state.serialize()


def test_a_card_file_with_an_unknown_or_mistimed_effect_is_refused(tmp_path):
    data = builtin_data()
    own = {"light_magick": [dict(c) for c in data["light_magick"]],
           "shadow_magick": [dict(c) for c in data["shadow_magick"]]}
    own["light_magick"][0]["engine"] = "fireball"
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(own, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError, match="unknown engine effect"):
        read_cards_file(path)
    own["light_magick"][0]["engine"] = "prophecy"
    own["light_magick"][0]["timing"] = "after_resolution"
    path.write_text(yaml.safe_dump(own, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError, match="does not match"):
        read_cards_file(path)


@pytest.mark.parametrize(("name", "value"), [("raven_cancel", "sometimes"),
                                             ("shadow_ravens", "all"),
                                             ("max_rounds", 0), ("characters", "yes")])
def test_bad_option_values_are_refused(name, value):
    with pytest.raises(OptionError):
        candlelit.load("nevermore", 4, 0, {name: value})


# -- 魔法牌 6: magick cards that count as suit cards ----------------------------------------
def test_a_users_card_that_counts_as_a_suit_card_joins_the_hand_and_wins_the_step(tmp_path):
    _, loaded = suit_card_file(tmp_path)
    s = table(4, ["A", "A", "", ""], phase="before_resolution", magick={0: ["U01"]},
              options={"cards": loaded})
    blade = title("U01", s.cards)
    assert s.pending == [0] and s.legal_actions(0) == [A_JOIN + blade, A_DONE]
    assert s.view(0)["you"]["magick"][0]["joins_as"] == "attack"
    board = board_html("nevermore", s.view(0), "en", ["a", "b", "c", "d"], 0)
    assert "Can join your hand, counting as Attack" in board
    act(s, 0, A_JOIN + blade)
    assert s.hand[0] == counts("AA") and sum(s.magick[0]) == 0 and s.adrift == [blade]
    assert events(s, "nevermore.adds_to_hand")[0]["suit"] == "attack"
    until(s, "attack")
    won = events(s, "nevermore.step_won")[0]
    assert (won["seats"], won["most"], won["value"]) == ([0], 2, 1)
    assert s.front[0] == counts("AA")


def test_a_suit_card_with_an_effect_may_be_played_or_join_the_hand(tmp_path):
    _, loaded = suit_card_file(tmp_path)
    s = table(4, ["H", "H", "", ""], phase="before_resolution", magick={2: ["U02"]},
              options={"cards": loaded})
    cup = title("U02", s.cards)
    assert s.legal_actions(2) == [A_PLAY + cup, A_JOIN + cup, A_DONE]
    act(s, 2, A_JOIN + cup)
    finish_round(s)
    won = events(s, "nevermore.step_won")
    assert [(e["suit"], e["seats"]) for e in won if e["suit"] == "healing"] == \
        [("healing", [1, 2, 0])]


def test_a_users_suit_card_joins_before_drafting_and_can_be_passed(tmp_path):
    _, loaded = suit_card_file(tmp_path)
    s = table(4, ["AAAAA", "HHHHH", "LLLLL", "VVVVV"], phase="before_draft",
              magick={0: ["U01"]}, options={"cards": loaded})
    act(s, 0, A_JOIN + title("U01", s.cards))
    assert s.hand[0] == counts("AAAAAA")
    skip_windows(s)
    for seat, letter in ((0, "A"), (1, "H"), (2, "L"), (3, "V")):
        while seat in s.pending:
            act(s, seat, A_PASS + "AHLVR".index(letter))
    assert s.hand[1] == counts("AAAHH") and s.hand[0] == counts("AAAVVV")


@pytest.mark.parametrize("players", [3, 6])
def test_games_with_suit_cards_from_a_card_file_keep_every_engine_invariant(tmp_path, players):
    path, loaded = suit_card_file(tmp_path)
    joined = 0
    for seed in range(3):
        state = candlelit.load("nevermore", players, seed, {"cards": loaded})
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.pending_players()[0]
            legal = state.legal_actions(seat)
            joins = [a for a in legal if A_JOIN <= a < A_TARGET]
            action = joins[0] if joins else rng.choice(legal)
            joined += action in joins
            state.apply_action(action, seat)
        c.check_outcome(state)
    assert joined
    result = CliRunner().invoke(app, ["simulate", "nevermore", "-n", "2", "--players", "3",
                                      "--boards", str(path), "--json"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(("value", "engine", "message"), [
    (True, None, "names the suit the card counts as"),
    ("spade", None, "counts_as_suit_card"),
    (False, "suit_card", "needs counts_as_suit_card")])
def test_a_badly_declared_suit_card_is_refused(tmp_path, value, engine, message):
    data = builtin_data()
    card = suit_card("U01", "Blade", "light", "attack", counts_as_suit_card=value)
    if engine is not None:
        card["engine"] = engine
    own = {"light_magick": [dict(x) for x in data["light_magick"]] + [card],
           "shadow_magick": [dict(x) for x in data["shadow_magick"]]}
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(own, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError, match=message):
        read_cards_file(path)
