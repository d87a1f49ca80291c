"""What each Nevermore seat may see, and how illegal actions are refused.

A seat never learns another's hand, passed cards before they arrive, face-down commitment
before the reveal, magick cards or drawn cards; an illegal action names its reason and
changes nothing.
"""

from __future__ import annotations

import json
import random

import pytest
from nvkit import act, commit, table, title, until

import candlelit
from candlelit.engine import conformance as c
from candlelit.engine.errors import IllegalAction
from candlelit.games.nevermore.constants import (
    A_COMMIT,
    A_DONE,
    A_JOIN,
    A_PASS,
    A_PLAY,
    NUM_ACTIONS,
)


def _refused(s, action, seat, match: str | None) -> None:
    before = s.serialize()
    with pytest.raises(IllegalAction, match=match) as info:
        s.apply_action(action, seat)
    assert info.value.reason
    assert s.serialize() == before


def test_passing_a_suit_not_in_hand_is_refused_and_changes_nothing():
    s = table(4, ["AAAAA", "HHHHH", "LLLLL", "VVVVV"], phase="draft")
    _refused(s, A_PASS + 1, 0, "choose a card to pass")


def test_holding_back_suit_cards_or_extra_ravens_is_refused():
    s = table(4, ["AAR", "H", "", ""])
    _refused(s, A_COMMIT + 2, 0, "commit your cards")
    _refused(s, A_COMMIT + 5, 1, "commit your cards")


def test_acting_out_of_turn_is_refused():
    s = table(4, ["A", "H", "", ""])
    _refused(s, A_COMMIT, 2, "nothing to decide")
    _refused(s, A_COMMIT, 7, "no seat")
    _refused(s, A_COMMIT, -1, "no seat")


def test_playing_a_magick_card_not_held_or_out_of_its_window_is_refused():
    s = table(4, ["A", "H", "", ""], phase="before_resolution", magick={1: ["L05"]})
    _refused(s, A_PLAY + title("L05"), 1, "play a magick card")
    _refused(s, A_PLAY + title("D03"), 1, "play a magick card")
    _refused(s, A_JOIN + title("L05"), 1, "play a magick card")


def test_bad_action_values_are_refused():
    s = table(4, ["A", "H", "", ""])
    for bad in (None, "1", 1.5, True, [0]):
        _refused(s, bad, 0, None)
    _refused(s, NUM_ACTIONS, 0, "not a nevermore action")


def test_after_the_end_every_action_is_refused():
    s = table(3, ["AAA", "", "H"], ravens=[1], health=[5, 0, 2])
    until(s, "none")
    assert s.is_terminal()
    _refused(s, A_DONE, None, "game is over")
    _refused(s, A_DONE, 0, "game is over")


def test_refusals_name_no_hidden_card():
    s = table(4, ["AAR", "HHV", "", ""])
    for action in range(NUM_ACTIONS):
        if action in s.legal_actions(1):
            continue
        try:
            s.apply_action(action, 1)
        except IllegalAction as exc:
            text = exc.reason.lower()
            assert "attack" not in text and "raven" not in text and "healing" not in text


def test_views_hold_only_the_viewers_own_cards():
    s = table(4, ["AAR", "HHV", "LL", ""], magick={0: ["D01"], 2: ["L01"]},
              phase="before_resolution")
    for viewer in (None, 1, 3):
        text = json.dumps(s.view(viewer), ensure_ascii=False)
        assert "Betrayal" not in text and "背叛" not in text
    mine = s.view(0)["you"]
    assert mine["hand"]["attack"] == 2 and [m["card"]["en"] for m in mine["magick"]] == ["Betrayal"]
    public = s.view(None)["seats"]
    assert [p["hand"] for p in public] == [3, 3, 2, 0]
    assert [(p["light"], p["shadow"]) for p in public] == [(0, 1), (0, 0), (1, 0), (0, 0)]


def test_the_commitment_stays_hidden_until_everyone_reveals():
    s = table(4, ["AAR", "HHV", "", ""])
    act(s, 0, A_COMMIT + 1)
    other = table(4, ["AAA", "HHV", "", ""])
    act(other, 0, A_COMMIT)
    for viewer in (None, 1):
        assert s.view(viewer) == other.view(viewer)
        assert s.view(viewer)["seats"][0]["committed"] == 3 and s.view(viewer)["net"] is None
    assert s.view(0)["you"]["commit"] == {"cards": 2, "ravens": 1, "bluff": 0, "wild": 0}
    act(s, 1, A_COMMIT + 2)
    assert s.view(1)["net"][0] == 1


def test_dealt_passed_and_drawn_cards_are_logged_for_their_holders_only():
    s = candlelit.load("nevermore", 4, 3)
    rng = random.Random(3)
    while s.round == 1 and not s.is_terminal():
        seat = s.pending_players()[rng.randrange(len(s.pending_players()))]
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    private = {"nevermore.dealt", "nevermore.passed", "nevermore.drew",
               "nevermore.fx.new_hand", "nevermore.fx.nightmare_card"}
    for event in s.events():
        if event.key in private:
            assert event.visible_to is not None
    spectator = json.dumps(s.view(None)["log"], ensure_ascii=False)
    assert "nevermore.dealt" not in spectator and "nevermore.drew" not in spectator


def test_action_labels_name_the_viewers_choice_only():
    s = table(4, ["AAR", "H", "", ""])
    labels = [s.action_to_string(0, a) for a in s.legal_actions(0)]
    assert labels == ["Commit your 2 Attack with 0 Raven(s)",
                      "Commit your 2 Attack with 1 Raven(s)"]
    commit(s)
    until(s, "attack")
    assert [s.action_to_string(0, a) for a in s.legal_actions(0)] == [
        "Attack Seat 2", "Attack Seat 3", "Attack Seat 4"]


def test_information_state_keys_follow_every_step_of_the_first_draft():
    # who is still choosing during a simultaneous pass reaches no log: only the key's table
    # tells those states apart, which the sampled conformance check rarely meets
    rng = random.Random(3)
    seen: dict[object, str] = {}
    c.playout("nevermore", 4, 0, chooser=1, visit=lambda s, step: (
        c.check_keys(s, rng, 1, seen) if step < 60 else None))
    assert len(seen) > 100
