"""Spirit deck files are read by candlelit's strict toolkit: one-line `file:line:` errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from candlelit.engine.errors import DataError

from candlelit_wickwatch.deck import builtin_deck, check_spirits_option, read_spirits_file

FOUR = "".join(f"  - {{id: s{i}, value: {v}}}\n" for i, v in enumerate((3, 2, -1, -4)))


def written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shipped_deck_is_ten_spirits_with_provenance():
    deck = builtin_deck()
    assert len(deck.spirits) == 10 and sum(c.value for c in deck.spirits) == 11
    assert all(c.source == ["W1"] and c.confidence == "high" for c in deck.spirits)


def test_a_good_file_is_the_options_value(tmp_path: Path):
    data = read_spirits_file(written(tmp_path, "spirits:\n" + FOUR))
    assert check_spirits_option(data) is data
    assert [c["value"] for c in data["spirits"]] == [3, 2, -1, -4]


@pytest.mark.parametrize(("text", "error"), [
    ("spirits:\n  - &x {id: a, value: 1}\n  - *x\n", ":2: anchors and aliases"),
    ("spirits:\n" + FOUR + "  - {id: s5, value: 1, colour: red}\n",
     ":6: spirits[4].colour: unknown key (known: id, value, source, confidence)"),
    ("spirits:\n  - {id: a, value: true}\n" + FOUR,
     ":2: spirits[0].value: should be a whole number, not True (id 'a')"),
    ("spirits:\n" + FOUR + "  - {id: s1, value: 5}\n", ":6: spirits[4].id: spirit id 's1' "
     "appears twice"),
    ("spirits:\n" + FOUR.replace("value: 2", "value: 0"), ":3: spirits[1].value: spirit 's1' "
     "is worth 0"),
    ("spirits:\n  - {id: a, value: 1}\n", ":1: spirits: should have at least 4 entries, not 1"),
    ("spirits:\n" + FOUR + "spirits: []\n", ":6: key 'spirits' is given twice"),
    ("- just a list\n", ":1: a spirit deck file is a YAML mapping"),
])
def test_a_bad_file_is_refused_in_one_line_naming_its_line_and_key(tmp_path: Path, text: str,
                                                                   error: str):
    path = written(tmp_path, text)
    with pytest.raises(DataError) as caught:
        read_spirits_file(path)
    assert str(caught.value).startswith(f"{path}{error}")
    assert "\n" not in str(caught.value)


def test_the_option_refuses_what_is_not_a_deck():
    with pytest.raises(DataError, match="spirits option"):
        check_spirits_option([1, 2])
    with pytest.raises(DataError, match=r"^spirits option: spirits\[0\]\.value: should be a "):
        check_spirits_option({"spirits": [{"id": "a", "value": "1"}] * 4})
