"""Run many bot-vs-bot games in parallel processes, reproducibly whatever the job count."""

from __future__ import annotations

import json
import statistics
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from candlelit.bots.base import SeatObservation
from candlelit.bots.registry import make_bot
from candlelit.engine.errors import OptionError
from candlelit.engine.records import make_record
from candlelit.engine.registry import get, load
from candlelit.engine.rng import derive_seed
from candlelit.engine.state import TERMINAL
from candlelit.sim.backends import Backend, Local
from candlelit.sim.facts import SeatFacts, seat_facts
from candlelit.sim.stats import quantile, wilson

CHUNK = 250


@dataclass(frozen=True)
class SimulationSpec:
    """What to simulate: a game, its seats' bots, how many games and the master seed."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    variant: str | None = None
    options: dict[str, Any] = field(default_factory=dict)

    def seat_bots(self) -> tuple[str, ...]:
        """One bot name per seat (a single name fills every seat)."""
        if len(self.bots) == 1:
            return self.bots * self.players
        if len(self.bots) != self.players:
            raise OptionError(f"give one bot per seat ({self.players}), not {len(self.bots)}")
        return self.bots


@dataclass(frozen=True)
class GameResult:
    """The outcome of one simulated game."""

    index: int
    winners: tuple[int, ...]
    length: int
    finished: bool
    record: dict[str, Any] | None = None
    rounds: int | None = None  # the game's own round count at the end, if its view has one
    ending: str | None = None  # how the game ended, if its view says (e.g. "boss", "rounds")
    seats: tuple[SeatFacts, ...] | None = None  # each seat's facts at the end, if asked for


Sink = Callable[[Sequence[GameResult]], None]
"""Where a run hands each chunk of played games, in game order, as it goes (e.g. a table)."""


def game_seed(master: int, index: int) -> int:
    """The seed of game `index` in a run seeded with `master`."""
    return derive_seed("game", master, index)


def bot_seed(master: int, index: int, seat: int) -> int:
    """The seed of the bot in `seat` of game `index`."""
    return derive_seed("bot", master, index, seat)


def play_one(spec: SimulationSpec, index: int, keep_record: bool = False,
             facts: bool = False) -> GameResult:
    """Play game `index` of `spec` to the end (or to its length bound); `facts`: with each
    seat's facts at the end."""
    names = spec.seat_bots()
    state = load(spec.game, spec.players, game_seed(spec.seed, index), spec.options,
                 spec.variant)
    bots = [make_bot(name, spec.game, seat, bot_seed(spec.seed, index, seat))
            for seat, name in enumerate(names)]
    acts = [bot.act for bot in bots]
    start = state.clone() if facts else None
    seats = [SeatObservation(state, seat) for seat in range(spec.players)]
    limit = state.max_game_length()
    legal_actions, apply_action, current = (state.legal_actions, state.apply_action,
                                            state.current_player)
    length = 0
    while length < limit:
        player = current()
        if player == TERMINAL:
            break
        apply_action(acts[player](seats[player], legal_actions(player)), player)
        length += 1
    finished = state.is_terminal()
    record = make_record(state, seats=list(names)) if keep_record else None
    public = state.view(None)
    rounds = public.get("round")
    ending = (public.get("result") or {}).get("reason")
    return GameResult(index, tuple(state.winners()), length, finished, record,
                      rounds if isinstance(rounds, int) else None,
                      ending if isinstance(ending, str) else None,
                      None if start is None else seat_facts(state, public, start))


def _play_chunk(spec: SimulationSpec, keep_records: bool, facts: bool,
                bounds: tuple[int, int]) -> list[GameResult]:
    return [play_one(spec, i, keep_records, facts) for i in range(*bounds)]


def _handed(chunk: list[GameResult], sink: Sink | None) -> list[GameResult]:
    """`chunk` handed to `sink`, then as a run keeps it: without its seat facts."""
    if sink is None:
        return chunk
    sink(chunk)
    return [replace(r, seats=None) for r in chunk]


def _chunks(total: int) -> Iterator[tuple[int, int]]:
    for start in range(0, total, CHUNK):
        yield start, min(total, start + CHUNK)


def run(spec: SimulationSpec, jobs: int = 1, progress: bool = False,
        records: Path | None = None, sink: Sink | None = None,
        backend: Backend | None = None) -> dict[str, Any]:
    """Play `spec.games` games on `backend` (default: `jobs` local processes) and summarise
    them (see `summarise`); `sink` gets the games with their seat facts, chunk by chunk in
    game order."""
    names = spec.seat_bots()
    load(spec.game, spec.players, 0, spec.options, spec.variant)  # fail early on bad settings
    for seat, name in enumerate(names):
        make_bot(name, spec.game, seat, 0)
    keep = records is not None
    facts = sink is not None
    results: list[GameResult] = []
    bar = progress_bar(spec.games, "simulating") if progress else None
    where = Local(jobs) if backend is None else backend
    for chunk in where.map(partial(_play_chunk, spec, keep, facts), list(_chunks(spec.games))):
        chunk = _handed(chunk, sink)
        results.extend(chunk)
        if bar is not None:
            bar[0].update(bar[1], advance=len(chunk))
    if bar is not None:
        bar[0].stop()
    results.sort(key=lambda r: r.index)
    if records is not None:
        with records.open("w", encoding="utf-8") as fh:
            for r in results:
                fh.write(json.dumps(r.record, ensure_ascii=False) + "\n")
    return summarise(spec, results)


def progress_bar(total: int, label: str) -> tuple[Any, Any]:
    """A started transient Rich progress bar and its task, `total` steps called `label`."""
    from rich.progress import Progress

    bar = Progress(transient=True)
    bar.start()
    return bar, bar.add_task(label, total=total)


def summarise(spec: SimulationSpec, results: Sequence[GameResult]) -> dict[str, Any]:
    """Win counts and 95 % Wilson intervals per seat and per bot, and game lengths (the
    options without the card/board data, which is only flagged as custom or not)."""
    data_option = get(spec.game).cards_option
    names = spec.seat_bots()
    finished = [r for r in results if r.finished]
    wins = [0] * spec.players
    for r in finished:
        for seat in r.winners:
            wins[seat] += 1
    total = len(finished)
    seats = []
    for seat, name in enumerate(names):
        lo, hi = wilson(wins[seat], total)
        seats.append({"seat": seat, "bot": name, "wins": wins[seat],
                      "win_rate": wins[seat] / total if total else 0.0, "ci95": [lo, hi]})
    bots: dict[str, dict[str, Any]] = {}
    for seat, name in enumerate(names):
        entry = bots.setdefault(name, {"seats": [], "games": 0, "wins": 0})
        entry["seats"].append(seat)
        entry["games"] += total
        entry["wins"] += wins[seat]
    for entry in bots.values():
        entry["win_rate"] = entry["wins"] / entry["games"] if entry["games"] else 0.0
        entry["ci95"] = list(wilson(entry["wins"], entry["games"]))
    lengths = sorted(r.length for r in finished)
    rounds = sorted(r.rounds for r in finished if r.rounds is not None)
    return {
        "game": spec.game,
        "players": spec.players,
        "games": len(results),
        "seed": spec.seed,
        "variant": spec.variant,
        "options": {k: v for k, v in spec.options.items() if k != data_option},
        "custom_data": spec.options.get(data_option) is not None,
        "seats": seats,
        "bots": bots,
        "shared_wins": sum(1 for r in finished if len(r.winners) > 1),
        "length": spread(lengths),
        "rounds": spread(rounds) if rounds else None,
        "rounds_counts": {str(k): v for k, v in sorted(Counter(rounds).items())},
        "endings": dict(sorted(Counter(r.ending for r in finished if r.ending).items())),
        "unfinished": len(results) - total,
    }


def spread(values: Sequence[int]) -> dict[str, float]:
    """Mean, standard deviation, median, 90th percentile and maximum of ascending `values`."""
    return {
        "mean": statistics.fmean(values) if values else 0.0,
        "stdev": statistics.pstdev(values) if values else 0.0,
        "p50": quantile(values, 0.5),
        "p90": quantile(values, 0.9),
        "max": values[-1] if values else 0,
    }
