"""Card files of every game: strict reading, one-line `file:line: path: problem` errors, and
shipped data that round-trips through a user's file."""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from candlelit.engine.cardfile import (
    MAX_DEPTH,
    MAX_NODES,
    USER_LIMIT,
    Source,
    dotted,
    parse_text,
    read_shipped,
)
from candlelit.engine.datafiles import CardData
from candlelit.engine.errors import DataError
from candlelit.games.anima import cards as anima
from candlelit.games.divinare import boards as divinare
from candlelit.games.fatal_frame import cards as fatal_frame
from candlelit.games.nevermore import cards as nevermore
from candlelit.games.shadow_hunters import cards as sh_cards
from candlelit.games.shadow_hunters import characters as sh_characters


@dataclasses.dataclass(frozen=True)
class Format:
    """One game's file format, and where to break a copy of its shipped data."""

    data: CardData[Any]
    shipped: Callable[[], dict[str, Any]]
    entry: tuple[str | int, ...]
    """A mapping inside the data: a misspelt key goes there."""
    misspelt: tuple[str, str]
    """(the misspelt key, the key it means)."""
    whole_number: tuple[str | int, ...]
    """A key whose value is a whole number."""


FORMATS = {
    "divinare": Format(divinare.LAYOUTS, lambda: read_shipped(
        "candlelit.games.divinare", "boards.yaml")[0], ("boards", 1, "numbered_spaces"),
        ("confidance", "confidence"), ("boards", 0, "numbered_spaces", "value", 0)),
    "nevermore": Format(nevermore.CARDS, nevermore.builtin_data, ("light_magick", 3),
                        ("copeis", "copies"), ("light_magick", 0, "copies")),
    "fatal-frame": Format(fatal_frame.CARDS, fatal_frame.builtin_data, ("cards", 5),
                          ("powr", "power"), ("cards", 5, "count")),
    "anima": Format(anima.CARDS, anima.builtin_data, ("characters", 2), ("sped", "speed"),
                    ("characters", 0, "combat")),
    "shadow-hunters cards": Format(
        sh_cards.CARDS, lambda: read_shipped(
            "candlelit.games.shadow_hunters", "cards.yaml")[0], ("cards", 4),
        ("elemnt", "element"), ("cards", 0, "number")),
    "shadow-hunters characters": Format(
        sh_characters.CHARACTERS, sh_characters.builtin_data, ("characters", 1, "技能", 0),
        ("hok", "hook"), ("characters", 0, "HP")),
}
BILLION_LAUGHS = "\n".join(
    ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [f"{c}: &{c} [{', '.join(['*' + p] * 9)}]"
       for p, c in zip("abcdefgh", "bcdefghi", strict=True)]
) + "\n"


def _at(data: Any, loc: tuple[str | int, ...]) -> Any:
    for part in loc:
        data = data[part]
    return data


def _write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def _refusal(read: Callable[[], Any]) -> str:
    with pytest.raises(DataError) as info:
        read()
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    assert "_File" not in message and "pydantic" not in message
    return message


def _without_origin(built: Any) -> Any:
    if dataclasses.is_dataclass(built) and hasattr(built, "origin"):
        return dataclasses.replace(built, origin="")  # type: ignore[type-var]
    return built


@pytest.fixture(params=sorted(FORMATS))
def fmt(request: pytest.FixtureRequest) -> Format:
    return FORMATS[request.param]


def test_shipped_data_round_trips_through_a_users_file(fmt, tmp_path):
    path = _write(tmp_path, fmt.shipped())
    option = fmt.data.read_file(path)
    assert option == fmt.shipped()
    assert _without_origin(fmt.data.chosen(option)) == _without_origin(fmt.data.builtin())


def test_shipped_data_that_went_through_json_is_still_valid_option_data(fmt):
    carried = json.loads(json.dumps(fmt.shipped()))  # as records and the server carry it
    assert fmt.data.check(carried) is carried
    assert _without_origin(fmt.data.chosen(carried)) == _without_origin(fmt.data.builtin())


def test_a_misspelt_key_names_the_file_the_line_and_the_key(fmt, tmp_path):
    data = copy.deepcopy(fmt.shipped())
    wrong, meant = fmt.misspelt
    _at(data, fmt.entry)[wrong] = "x"
    path = _write(tmp_path, data)
    line = next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if text.strip().removeprefix("- ").startswith(f"{wrong}:"))
    message = _refusal(lambda: fmt.data.read_file(path))
    assert message.startswith(f"{path}:{line}: {dotted((*fmt.entry, wrong))}: unknown key "
                              f"(did you mean {meant!r}? known: ")


def test_a_key_misspelt_in_place_of_the_real_one_is_named_before_the_missing_one(fmt):
    data = copy.deepcopy(fmt.shipped())
    wrong, meant = fmt.misspelt
    entry = _at(data, fmt.entry)
    entry[wrong] = entry.pop(meant, "x")
    message = _refusal(lambda: fmt.data.check(data))
    assert f"{dotted((*fmt.entry, wrong))}: unknown key (did you mean {meant!r}?" in message


def test_a_misspelt_key_in_option_data_names_its_path(fmt):
    data = copy.deepcopy(fmt.shipped())
    _at(data, fmt.entry)[fmt.misspelt[0]] = "x"
    message = _refusal(lambda: fmt.data.check(data))
    assert message.startswith(f"{fmt.data.option} option: "
                              f"{dotted((*fmt.entry, fmt.misspelt[0]))}: unknown key")


def test_true_where_a_whole_number_belongs_is_refused(fmt, tmp_path):
    data = copy.deepcopy(fmt.shipped())
    _at(data, fmt.whole_number[:-1])[fmt.whole_number[-1]] = True
    path = _write(tmp_path, data)
    message = _refusal(lambda: fmt.data.read_file(path))
    assert re.match(rf"{re.escape(str(path))}:\d+: {re.escape(dotted(fmt.whole_number))}: "
                    r"should be a whole number, not True", message)


def test_a_file_that_is_not_utf8_is_refused_naming_the_byte(fmt, tmp_path):
    path = tmp_path / "latin1.yaml"
    raw = "format: x\nname: caf\u00e9\n".encode("latin-1")
    path.write_bytes(raw)
    message = _refusal(lambda: fmt.data.read_file(path))
    assert message == (f"{path}: not UTF-8 text (byte offset {raw.index(0xE9)}); save the "
                       f"file as UTF-8")


def test_an_oversized_file_is_refused_before_it_is_parsed(fmt, tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_text("#" * (USER_LIMIT - 1) + "\nx: [" + "1, " * 1000 + "]\n")
    message = _refusal(lambda: fmt.data.read_file(path))
    assert message.startswith(f"{path}: a ") and f"at most {USER_LIMIT:,} bytes" in message


def test_an_alias_bomb_is_refused_at_its_first_anchor(fmt, tmp_path):
    path = tmp_path / "bomb.yaml"
    path.write_text(BILLION_LAUGHS)
    assert len(BILLION_LAUGHS) < 400
    message = _refusal(lambda: fmt.data.read_file(path))
    assert message == f"{path}:1: anchors and aliases (& and *) are not allowed in card files"


def test_a_file_that_is_not_a_mapping_is_refused(fmt, tmp_path):
    path = tmp_path / "list.yaml"
    path.write_text("- 1\n- 2\n")
    assert _refusal(lambda: fmt.data.read_file(path)).startswith(f"{path}:1: a ")


def test_option_data_that_is_not_a_mapping_is_refused(fmt):
    assert "(a mapping), or None" in _refusal(lambda: fmt.data.check(["boards"]))


# -- the reader itself --------------------------------------------------------------------
@pytest.mark.parametrize(("text", "message"), [
    ("a: 1\na: 2\n", "t.yaml:2: key 'a' is given twice"),
    ("a: [1\n", "t.yaml:2: expected ',' or ']', but got '<stream end>'"),
    ("a: *x\n", "t.yaml:1: anchors and aliases (& and *) are not allowed in card files"),
    ("a: !!python/object:os.system x\n", "t.yaml:1: could not determine a constructor for "
                                        "the tag 'tag:yaml.org,2002:python/object:os.system'"),
    ("a: \x00\n", "t.yaml: character U+0000 at offset 3 is not allowed in YAML"),
    ("[" * 500_000, f"t.yaml:1: nested more than {MAX_DEPTH} levels deep"),
    ("- " * 300_000 + "x\n", f"t.yaml:1: nested more than {MAX_DEPTH} levels deep"),
    ("", "t.yaml: a card file is a YAML mapping (key: value lines)"),
    ("a: [" + "1, " * (MAX_NODES + 10) + "]\n",
     f"t.yaml:1: more than {MAX_NODES:,} values (keys, entries and texts)"),
])
def test_bad_yaml_is_refused_in_one_line(text, message):
    assert _refusal(lambda: parse_text(text, "t.yaml", "card file")) == message


def test_a_source_names_the_line_of_the_deepest_key_it_finds():
    _, source = parse_text("a:\n  b:\n    - x: 1\n    - y: 2\n      z: 3\nc: 4\n", "t.yaml", "f")
    assert [source.line(loc) for loc in [(), ("a",), ("a", "b", 1, "z"), ("c",), ("a", "q")]] \
        == [1, 1, 5, 6, 1]
    assert str(source.error(("a", "b", 1, "z"), "bad")) == "t.yaml:5: a.b[1].z: bad"
    assert str(Source("option").error(("a", 0), "bad")) == "option: a[0]: bad"
    assert str(source.entry(("a", "b", 0), "card x")("no", "x")) == "t.yaml:3: a.b[0].x: card x: no"


def test_an_error_inside_a_card_names_its_id_too(tmp_path):
    data = copy.deepcopy(fatal_frame.builtin_data())
    data["cards"][5]["count"] = "two"
    message = _refusal(lambda: fatal_frame.CARDS.check(data))
    assert message == (f"cards option: cards[5].count: should be a whole number, not 'two' "
                       f"(id {data['cards'][5]['id']!r})")
