"""The view checker: keys exactly, values of the declared types, the mismatch's path named."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

import pytest

from candlelit.engine.viewcheck import check_view_type, optional_paths


class Item(TypedDict):
    """A toy nested TypedDict."""

    kind: Literal["a", "b"]
    count: int
    note: NotRequired[str]


Toy = TypedDict("Toy", {  # noqa: UP013
    "items": list[Item],
    "ratio": float,
    "pair": tuple[int, str],
    "scores": dict[str, int | None],
    "extra": NotRequired[Item | None],
})


GOOD = {"items": [{"kind": "a", "count": 1}, {"kind": "b", "count": 2, "note": "x"}],
        "ratio": 1, "pair": (1, "x"), "scores": {"x": None, "y": 3}}


def test_a_fitting_value_passes_and_its_optional_keys_are_reported():
    assert check_view_type(GOOD, Toy) == {"view.items[].note"}
    assert check_view_type({**GOOD, "extra": None}, Toy, "t") == {"t.items[].note", "t.extra"}
    assert optional_paths(Toy) == {"view.items[].note", "view.extra", "view.extra.note"}


@pytest.mark.parametrize(("bad", "message"), [
    ({**GOOD, "surplus": 1}, r"view: keys Toy does not declare: \['surplus'\]"),
    ({k: v for k, v in GOOD.items() if k != "ratio"}, r"view: Toy keys missing: \['ratio'\]"),
    ({**GOOD, "items": [{"kind": "a", "count": True}]},
     r"view\.items\[0\]\.count: True is not int"),
    ({**GOOD, "items": [{"kind": "c", "count": 1}]}, r"view\.items\[0\]\.kind: 'c' is not one of"),
    ({**GOOD, "items": [{"kind": "a"}]}, r"view\.items\[0\]: Item keys missing: \['count'\]"),
    ({**GOOD, "ratio": "1"}, r"view\.ratio: '1' is not a float"),
    ({**GOOD, "pair": (1, 2)}, r"view\.pair\[1\]: 2 is not str"),
    ({**GOOD, "scores": {"x": 1.5}}, r"view\.scores\['x'\]: 1\.5 is not int"),
    ({**GOOD, "extra": {"kind": "a", "count": 1, "more": 0}}, r"view\.extra: keys Item does not"),
])
def test_the_first_mismatch_is_reported_with_its_path(bad, message):
    with pytest.raises(AssertionError, match=message):
        check_view_type(bad, Toy)
