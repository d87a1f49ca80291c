"""bench/same_games.py: fingerprints are reproducible, seed-sensitive and compared per case."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_same_games",
                                                  ROOT / "bench" / "same_games.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # so that worker processes can unpickle its functions
    spec.loader.exec_module(module)
    return module


same_games = _load()


def tiny(seed: int) -> list[str]:
    """Divinare 2p: three random games and one bot game from `seed` on."""
    fingerprint = same_games.game_fingerprint
    return ([fingerprint("divinare", 2, None, "random", seed + i) for i in range(3)]
            + [fingerprint("divinare", 2, None, "bot", seed)])


def test_fingerprints_repeat_and_follow_the_seed() -> None:
    first = tiny(0)
    assert tiny(0) == first
    assert len(set(first)) == 4
    shifted = tiny(1)
    assert shifted[:2] == first[1:3]  # game seeds 1 and 2 again
    assert shifted[2] not in first and shifted[3] != first[3]


def test_variant_changes_the_fingerprint() -> None:
    random_game = same_games.game_fingerprint("divinare", 2, "left-pass", "random", 0)
    assert random_game != same_games.game_fingerprint("divinare", 2, "every-even", "random", 0)


def test_every_variant_is_a_case_and_jobs_do_not_matter() -> None:
    one = same_games.run("divinare", games_random=2, games_bot=1, players_only=2)
    assert one == same_games.run("divinare", games_random=2, games_bot=1, players_only=2,
                                 jobs=2)
    variants = {key.split("/")[2] for key in one}
    assert variants == {"standard", "left-pass", "every-even", "tie-break", "public-scores"}
    assert all(len(v) == (2 if k.endswith("/random") else 1) for k, v in one.items())


def test_compare_names_the_first_differing_seed(tmp_path: Path, capsys) -> None:
    old = {"settings": {"seed": 10}, "cases": {"g/2p/default/random": ["a", "b", "c"],
                                               "g/2p/default/bot": ["x"]}}
    new = {"settings": {"seed": 10}, "cases": {"g/2p/default/random": ["a", "B", "c"],
                                               "g/2p/default/bot": ["x"]}}
    paths = []
    for name, doc in (("old", old), ("new", new)):
        paths.append(tmp_path / f"{name}.json")
        paths[-1].write_text(json.dumps(doc))
    assert same_games.main(["--compare", str(paths[0]), str(paths[0])]) == 0
    assert same_games.main(["--compare", str(paths[0]), str(paths[1])]) == 1
    out = capsys.readouterr().out
    assert "g/2p/default/random: different (first at game seed 11)" in out
    assert "g/2p/default/bot: identical (1 games)" in out
    lines = same_games.compare(old, {"cases": {"g/2p/default/bot": ["x"]}})
    assert "g/2p/default/random: different (missing in NEW)" in lines


def test_compare_takes_fewer_games_as_the_first_ones_and_lists_a_new_game_apart() -> None:
    old = {"cases": {"g/2p/default/random": ["a", "b", "c"]}}
    shorter = {"cases": {"g/2p/default/random": ["a", "b"], "h/2p/default/random": ["z"]}}
    assert same_games.compare(old, shorter) == ["g/2p/default/random: identical (2 of 3 games)",
                                                "h/2p/default/random: new game, not in OLD"]
    wrong = {"cases": {"g/2p/default/random": ["a", "x"]}}
    assert same_games.compare(old, wrong) == ["g/2p/default/random: different (first at game "
                                              "seed 1)"]
    longer = {"cases": {"g/2p/default/random": ["a", "b", "c", "d"]}}
    assert "different" in same_games.compare(old, longer)[0]
