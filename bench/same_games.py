#!/usr/bin/env python3
"""Same games before and after: fingerprints of many seeded games, to compare two commits.

For every registered game, player count and variant (each of the spec's variants, plus the
default options when no variant equals them), it plays `--games-random` uniformly random games
(default 200) and `--games-bot` games with the game's strongest heuristic bot in every seat
(default 50). Game i uses seed `--seed + i`. Each game gives one fingerprint, a SHA-256 (first
16 hex digits kept) over:

  - at every step: the step number, the pending seats, each pending seat's legal actions, the
    acting seat and its action;
  - the views of every seat and of the spectator (`json.dumps(views, sort_keys=True)`,
    compact) at 8 steps sampled uniformly from the game (reservoir sampling seeded by the
    game's seed, over `clone()`s of the state, so only the 8 kept steps pay for views) and
    at the end;
  - the serialized final state, whether it is terminal, the returns and the winners.

An option renamed in its game's declaration (`Option.formerly`) is fingerprinted under its
former name, in the serialized state and in a view's "options", so a rename alone changes no
fingerprint (and records made under the former name keep verifying, engine/records.py).

Random games choose a pending seat, then one of its legal actions, from
`random.Random("same-games:chooser:<seed>")`. Bot games let `current_player()` act, as
`candlelit simulate` does, with the bot of seat s seeded `derive_seed("same-games", seed, s)`.

Output: one JSON file `{"commit": ..., "settings": ..., "cases": {"<game>/<n>p/<variant>/
<random|bot>": [fingerprint of game 0, game 1, ...]}}`.

To fingerprint a commit other than the working tree's, export its sources and put them first
on the path: `git archive <commit> src | tar -x -C /tmp/old && PYTHONPATH=/tmp/old/src
.venv/bin/python bench/same_games.py --commit <commit> --out /tmp/old.json`.

Usage
  .venv/bin/python bench/same_games.py --jobs 2    # -> bench/results/same_games-latest.json
  .venv/bin/python bench/same_games.py --compare bench/results/same_games-baseline.json \
      bench/results/same_games-latest.json   # exit 1 if any case differs
  .venv/bin/python bench/same_games.py --only divinare --games-random 20 --games-bot 5
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from candlelit.bots.base import Bot, SeatObservation
from candlelit.bots.registry import LEVELS, bot_names, make_bot
from candlelit.engine.options import resolve_options
from candlelit.engine.registry import GameSpec, games, get, load
from candlelit.engine.rng import derive_seed
from candlelit.engine.state import State, serialize_snapshot

ROOT = Path(__file__).resolve().parent.parent
LATEST = ROOT / "bench" / "results" / "same_games-latest.json"
SAMPLED_STEPS = 8
HASH_DIGITS = 16
BLOCK = 25
BEST_BOT = {"divinare": "expectation"}
"""Games whose strongest bot is not their only non-random one."""


def best_bot(game: str) -> str:
    """The strongest heuristic bot of `game`: BEST_BOT's choice, else its only bot of its own
    (not random, the search or a level)."""
    if game in BEST_BOT:
        return BEST_BOT[game]
    others = [name for name in bot_names(game) if name not in ("random", "ismcts", *LEVELS)]
    if len(others) != 1:
        raise SystemExit(f"{game}: pick its strongest bot among {others} in BEST_BOT")
    return others[0]


def variant_names(spec: GameSpec) -> list[str | None]:
    """The spec's variants, preceded by None (the defaults) unless a variant equals them."""
    names: list[str | None] = [v.name for v in spec.variants]
    default = resolve_options(spec.options, spec.variants, None, None)
    if not any(resolve_options(spec.options, spec.variants, name, None) == default
               for name in names):
        names.insert(0, None)
    return names


def case_key(game: str, players: int, variant: str | None, kind: str) -> str:
    """The JSON key of one case."""
    return f"{game}/{players}p/{variant or 'default'}/{kind}"


def all_cases(only: str | None = None, players_only: int | None = None,
              ) -> Iterator[tuple[str, int, str | None]]:
    """(game, players, variant) for every game (or game `only`), player count (or
    `players_only`) and variant."""
    for spec in games():
        if only is None or spec.name == only:
            for players in spec.player_counts:
                if players_only not in (None, players):
                    continue
                for variant in variant_names(spec):
                    yield spec.name, players, variant


def _former(state: State) -> dict[str, str]:
    """Current -> former name of the game's renamed options (fingerprints use the former
    names, so a rename alone leaves every fingerprint as it was)."""
    return {o.name: o.formerly for o in get(state.game).options if o.formerly is not None}


def _as_formerly(data: Any, former: dict[str, str]) -> Any:
    """`data` (a view) with the keys of its top-level "options" mapping under former names."""
    if former and isinstance(data, dict) and isinstance(data.get("options"), dict):
        data = dict(data)
        data["options"] = {former.get(k, k): v for k, v in data["options"].items()}
    return data


def _views(state: State) -> str:
    seats: list[int | None] = [*range(state.num_players), None]
    former = _former(state)
    return json.dumps([_as_formerly(state.view(seat), former) for seat in seats],
                      sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _serialized(state: State) -> str:
    """`state.serialize()`, with renamed options under their former names."""
    former = _former(state)
    if not former:
        return state.serialize()
    snapshot = state.snapshot()
    snapshot["options"] = {former.get(k, k): v for k, v in snapshot["options"].items()}
    return serialize_snapshot(snapshot)


def game_fingerprint(game: str, players: int, variant: str | None, kind: str,
                     seed: int) -> str:
    """The fingerprint of one seeded game (kind 'random' or 'bot'); see the module docstring."""
    state = load(game, players, seed, None, variant)
    sampler = random.Random(f"same-games:sample:{seed}")
    chooser = random.Random(f"same-games:chooser:{seed}")
    bots: list[Bot] = []
    if kind == "bot":
        name = best_bot(game)
        bots = [make_bot(name, game, s, derive_seed("same-games", seed, s))
                for s in range(players)]
    elif kind != "random":
        raise ValueError(f"kind must be 'random' or 'bot', not {kind!r}")
    windows = [SeatObservation(state, s) for s in range(players)]
    digest = hashlib.sha256()
    kept: list[tuple[int, State]] = []
    limit = state.max_game_length()
    step = 0
    while step < limit and not state.is_terminal():
        pending = state.pending_players()
        legal = {p: state.legal_actions(p) for p in pending}
        digest.update(f"{step} {pending} {[legal[p] for p in pending]}\n".encode())
        if step < SAMPLED_STEPS:
            kept.append((step, state.clone()))
        else:
            slot = sampler.randrange(step + 1)
            if slot < SAMPLED_STEPS:
                kept[slot] = (step, state.clone())
        if bots:
            player = state.current_player()
            action = bots[player].act(windows[player], list(legal[player]))
        else:
            player = pending[chooser.randrange(len(pending))]
            action = chooser.choice(legal[player])
        digest.update(f"> {player} {action}\n".encode())
        state.apply_action(action, player)
        step += 1
    for at, copy in sorted(kept, key=lambda pair: pair[0]):
        digest.update(f"views {at} {_views(copy)}\n".encode())
    digest.update(f"end {step} {state.is_terminal()} {_views(state)}\n".encode())
    digest.update(_serialized(state).encode())
    digest.update(f"\n{json.dumps(state.returns())} {json.dumps(state.winners())}".encode())
    return digest.hexdigest()[:HASH_DIGITS]


def _block(game: str, players: int, variant: str | None, kind: str,
           seeds: range) -> list[str]:
    return [game_fingerprint(game, players, variant, kind, seed) for seed in seeds]


def run(only: str | None = None, games_random: int = 200, games_bot: int = 50,
        seed: int = 0, jobs: int = 1, players_only: int | None = None) -> dict[str, list[str]]:
    """Fingerprints per case key, in seed order, for every case (or game `only`, player count
    `players_only`)."""
    tasks: list[tuple[str, tuple[str, int, str | None, str, range]]] = []
    for game, players, variant in all_cases(only, players_only):
        for kind, count in (("random", games_random), ("bot", games_bot)):
            key = case_key(game, players, variant, kind)
            for start in range(seed, seed + count, BLOCK):
                seeds = range(start, min(start + BLOCK, seed + count))
                tasks.append((key, (game, players, variant, kind, seeds)))
    results: dict[str, list[str]] = {key: [] for key, _ in tasks}
    if jobs == 1:
        for key, args in tasks:
            results[key].extend(_block(*args))
    else:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = [(key, pool.submit(_block, *args)) for key, args in tasks]
            for key, future in futures:
                results[key].extend(future.result())
    return results


def source_commit() -> str:
    """The commit of the candlelit that is imported, '+dirty' if its src/ has edits."""
    import candlelit

    src = Path(candlelit.__file__).resolve().parents[1]
    if src != ROOT / "src":
        return f"unknown (candlelit imported from {src}; name it with --commit)"

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                              check=False)
        return done.stdout.strip()

    head = git("rev-parse", "HEAD") or "unknown"
    return head + ("+dirty" if git("status", "--porcelain", "--", "src") else "")


def compare(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """One line per case of either file: identical, or how it differs; 'different' marks any.

    Cases missing from NEW count as different unless NEW was restricted by --only/--players;
    a game OLD never had (a game installed since) is listed as new, not as a difference. When
    NEW played fewer games per case (same --seed), its games are compared with OLD's first ones.
    """
    lines = []
    old_cases, new_cases = old["cases"], new["cases"]
    base = old.get("settings", {}).get("seed", 0)
    restricted = any(new.get("settings", {}).get(k) is not None for k in ("only", "players"))
    old_games = {key.split("/")[0] for key in old_cases}
    for key in sorted(set(old_cases) | set(new_cases)):
        if key not in new_cases and restricted:
            continue  # NEW ran with --only/--players: compare what it covers
        if key not in old_cases and key.split("/")[0] not in old_games:
            lines.append(f"{key}: new game, not in OLD")
            continue
        if key not in new_cases or key not in old_cases:
            side = "NEW" if key not in new_cases else "OLD"
            lines.append(f"{key}: different (missing in {side})")
            continue
        a, b = old_cases[key], new_cases[key]
        first = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
        if first is not None:
            lines.append(f"{key}: different (first at game seed {base + first})")
        elif len(a) < len(b):
            lines.append(f"{key}: different ({len(a)} games before, {len(b)} after)")
        else:
            of = f" of {len(a)}" if len(b) < len(a) else ""
            lines.append(f"{key}: identical ({len(b)}{of} games)")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Write fingerprints (default) or compare two files (--compare); see the docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"), type=Path)
    parser.add_argument("--out", type=Path, default=LATEST,
                        help=f"where to write (default {LATEST.relative_to(ROOT)})")
    parser.add_argument("--games-random", type=int, default=200)
    parser.add_argument("--games-bot", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0, help="seed of game 0 (default 0)")
    parser.add_argument("--only", metavar="GAME")
    parser.add_argument("--players", type=int, metavar="N", help="this player count only")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--commit", help="the commit to record (default: that of the imported "
                        "candlelit's checkout)")
    args = parser.parse_args(argv)
    if args.compare:
        old, new = (json.loads(p.read_text(encoding="utf-8")) for p in args.compare)
        if old.get("settings") != new.get("settings"):
            print(f"note: settings differ: {old.get('settings')} vs {new.get('settings')}")
        lines = compare(old, new)
        print("\n".join(lines))
        differ = sum("different" in line for line in lines)
        print(f"{len(lines) - differ} identical, {differ} different")
        return 1 if differ else 0
    if args.only is not None:
        get(args.only)
    started = time.perf_counter()
    cases = run(args.only, args.games_random, args.games_bot, args.seed, args.jobs,
                args.players)
    seconds = time.perf_counter() - started
    settings = {"games_random": args.games_random, "games_bot": args.games_bot,
                "seed": args.seed, "only": args.only, "players": args.players,
                "bots": {spec.name: best_bot(spec.name) for spec in games()
                         if args.only in (None, spec.name)}}
    body = ",\n".join(f"  {json.dumps(key)}: {json.dumps(value)}"
                      for key, value in sorted(cases.items()))
    head = json.dumps({"commit": args.commit or source_commit(), "seconds": round(seconds, 1),
                       "jobs": args.jobs, "settings": settings})
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(f"{head[:-1]},\n\"cases\": {{\n{body}\n}}}}\n", encoding="utf-8")
    print(f"{len(cases)} cases, {sum(map(len, cases.values()))} games in {seconds:.1f} s "
          f"-> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
