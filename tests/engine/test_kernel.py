"""The engine kernel's pieces on their own: step and task tables, windows, declared fields."""

from __future__ import annotations

from typing import Any

import pytest

from candlelit.engine.errors import CandlelitError
from candlelit.engine.fields import depth, state_fields
from candlelit.engine.flow import Step, Steps, Tasks
from candlelit.engine.state import State
from candlelit.engine.windows import NOBODY, Window


def _legal(state: Any, seat: int) -> list[int]:
    return [0]


def _apply(state: Any, seat: int, action: int) -> None:
    return None


def _step(name: str) -> Step[Any]:
    return Step(name, _legal, _apply, f"test.{name}")


def test_a_step_table_must_name_every_kind_once_and_only_known_kinds():
    Steps("t", (0, 1), {0: _step("a"), 1: _step("b")})
    with pytest.raises(CandlelitError, match=r"no handler for \[1\]"):
        Steps("t", (0, 1), {0: _step("a")})
    with pytest.raises(CandlelitError, match=r"unknown \[2\]"):
        Steps("t", (0, 1), {0: _step("a"), 1: _step("b"), 2: _step("c")})
    with pytest.raises(CandlelitError, match="share a step name"):
        Steps("t", (0, 1), {0: _step("a"), 1: _step("a")})


def test_a_bot_plan_must_cover_every_step_name():
    steps = Steps("t", ("x", "y"), {"x": _step("pick"), "y": _step("pass")})
    assert steps.plan({"pick": 1, "pass": 2}, "bot") == {"pick": 1, "pass": 2}
    assert steps.named("pass").prompt == "test.pass"
    with pytest.raises(CandlelitError, match=r"test bot table incomplete: no handler for \['pass"):
        steps.plan({"pick": 1}, "test bot")


def test_a_task_table_must_give_every_code_one_handler():
    def note(state: Any, task: list[int]) -> None:
        return None

    tasks: Tasks[Any] = Tasks("t", 2, {1: note, 0: note})
    assert tasks.handlers == (note, note)
    with pytest.raises(CandlelitError, match=r"no handler for \[1\]"):
        Tasks("t", 2, {0: note})
    with pytest.raises(CandlelitError, match=r"unknown \[2\]"):
        Tasks("t", 2, {0: note, 1: note, 2: note})


def _window(circular: bool, reopens: bool = False) -> Window[Any]:
    return Window("w", lambda s: s["order"], lambda s, seat: seat in s["able"],
                  circular=circular, reopens=reopens)


def test_a_window_asks_eligible_seats_in_order_skipping_those_that_passed():
    state = {"order": [2, 3, 0, 1], "able": {0, 1, 3}}
    line = _window(circular=False)
    assert line.askees(state) == (3, 0, 1)
    assert line.next_index(state, 0) == 1
    assert line.next_index(state, 2, passed=1 << 0) == 3
    assert line.next_index(state, 4) == NOBODY
    round_ = _window(circular=True)
    assert round_.askees(state, start=2) == (0, 1, 3)
    assert round_.next_index(state, 3, passed=1 << 1) == 1
    assert round_.next_index(state, 0, passed=0b1011) == NOBODY


def test_after_a_play_only_a_reopening_window_asks_again_who_passed():
    passed = _window(circular=True).after_pass(0, 3)
    assert passed == 0b1000
    assert _window(circular=True).after_play(passed) == passed
    assert _window(circular=True, reopens=True).after_play(passed) == 0


def test_field_depth_follows_the_annotation():
    assert depth("int") == 0 and depth("tuple[int, ...]") == 0 and depth("CardSet") == 0
    assert depth("list[int]") == 1 and depth("list[tuple[int, int]]") == 1
    assert depth("list[list[list[int]]]") == 3
    with pytest.raises(CandlelitError, match="dict"):
        depth("dict[str, int]")


@state_fields
class _Toy(State):
    shared: tuple[int, ...]
    flat: list[int]
    deep: list[list[list[int]]]
    count: int


_Toy.__abstractmethods__ = frozenset()  # only its fields are under test


def test_declared_fields_become_slots_in_order_and_a_deep_enough_clone():
    assert _Toy.__slots__ == ("shared", "flat", "deep", "count")
    toy = _Toy.blank("toy", 2, 0, {})
    toy.shared, toy.flat, toy.deep, toy.count = (1, 2), [1], [[[1], [2]]], 3
    copy = toy.clone()
    assert type(copy) is _Toy and copy.shared is toy.shared and copy.count == 3
    copy.flat.append(2)
    copy.deep[0][1].append(5)
    copy.deep[0].append([])
    assert toy.flat == [1] and toy.deep == [[[1], [2]]]
    assert copy.legal_memo is None and copy.history == [] and copy.history is not toy.history


class _Plain(State):
    __slots__ = ("shared", "deep")


_Plain.__abstractmethods__ = frozenset()  # only its copy is under test


def test_a_state_without_declared_fields_still_clones_every_list_level():
    plain = _Plain.blank("plain", 2, 0, {})
    plain.shared, plain.deep = (1, 2), [[1], [2, [3]]]
    copy = plain.clone()
    copy.deep[1][1].append(4)
    copy.deep[0].append(5)
    assert plain.deep == [[1], [2, [3]]] and copy.shared is plain.shared
    assert copy.legal_memo is None and type(copy) is _Plain
