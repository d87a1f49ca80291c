"""A ladder: round-robin matches between bot kinds, their win shares and their ratings.

A pairing puts one candidate seat of one kind against a field of another kind in every other
seat (at two players: one seat each, and each unordered pair is played once, since its games
answer both ways). Game `i` of every pairing is the same numbered deal (the simulation's game
seed `i`, the same bot seeds per seat) with the candidate in seat `i mod players`, so kinds
meet the same deals from every seat. Results do not depend on the job count: games are played
by number and tallied in a fixed order (by game number, then pairing).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any

from candlelit.bots.registry import make_bot
from candlelit.engine.errors import OptionError
from candlelit.engine.registry import get, load
from candlelit.sim.backends import Backend, Local
from candlelit.sim.columns import Pairing, setting
from candlelit.sim.ratings import Outcome, rate
from candlelit.sim.runner import GameResult, SimulationSpec, play_one, progress_bar
from candlelit.sim.stats import wilson

if TYPE_CHECKING:
    from candlelit.sim.parquet import GameTables

Task = tuple[int, int]
"""A ladder game: (pairing, game number)."""
LadderSink = Callable[[Sequence[tuple[Task, GameResult]]], None]
"""Where a ladder hands its played games with their seat facts, in task order, as it goes."""


@dataclass(frozen=True)
class LadderSpec:
    """What to play: a game at one player count, the bot kinds, and games per pairing."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    variant: str | None = None
    options: dict[str, Any] = field(default_factory=dict)

    def pairings(self) -> list[tuple[str, str]]:
        """(candidate, field) pairs: every ordered pair, or each unordered one at two players."""
        return [(a, b) for i, a in enumerate(self.bots) for j, b in enumerate(self.bots)
                if i != j and (self.players > 2 or i < j)]

    def seating(self, pairing: int, index: int) -> tuple[str, ...]:
        """The kind in each seat of game `index` of `pairing` (the candidate rotates)."""
        candidate, rest = self.pairings()[pairing]
        seats = [rest] * self.players
        seats[index % self.players] = candidate
        return tuple(seats)


def _play(spec: LadderSpec, pairing: int, index: int, facts: bool = False) -> GameResult:
    """Game `index` of `pairing`, played as the simulation plays its numbered games."""
    sim = SimulationSpec(spec.game, spec.players, spec.seating(pairing, index), spec.games,
                         spec.seed, spec.variant, spec.options)
    return play_one(sim, index, facts=facts)


def _play_tasks(spec: LadderSpec, facts: bool, tasks: Sequence[Task]) -> list[GameResult]:
    return [_play(spec, pairing, index, facts) for pairing, index in tasks]


def _handed(tasks: Sequence[Task], done: list[GameResult],
            sink: LadderSink | None) -> list[GameResult]:
    """`done`, the games of `tasks`, handed to `sink`, then as the ladder keeps them."""
    if sink is None:
        return done
    sink(list(zip(tasks, done, strict=True)))
    return [replace(r, seats=None) for r in done]


def table_sink(spec: LadderSpec, tables: GameTables) -> LadderSink:
    """Where a ladder of `spec` hands its games to become rows of `tables`."""
    run = setting(spec.game, spec.players, spec.seed, spec.variant, spec.options)
    pairings = spec.pairings()

    def add(played: Sequence[tuple[Task, GameResult]]) -> None:
        for (pairing, index), result in played:
            candidate, rest = pairings[pairing]
            tables.add(run, spec.seating(pairing, index), result,
                       Pairing(pairing, candidate, rest, index % spec.players))

    return add


def check(spec: LadderSpec) -> None:
    """Refuse bad settings before any game: kinds, game counts, players, bot names."""
    if len(spec.bots) < 2 or len(set(spec.bots)) != len(spec.bots):
        raise OptionError(f"give at least two different bots, each once, not "
                          f"{','.join(spec.bots)!r}")
    if spec.games < 1:
        raise OptionError("play at least one game per pairing")
    load(spec.game, spec.players, 0, spec.options, spec.variant)
    for name in spec.bots:
        make_bot(name, spec.game, 0, 0)


def run_ladder(spec: LadderSpec, jobs: int = 1, progress: bool = False,
               sink: LadderSink | None = None,
               backend: Backend | None = None) -> dict[str, Any]:
    """Play every pairing's games on `backend` (default: `jobs` local processes) and
    summarise them (see `summarise`); `sink` gets the games with their seat facts, in task
    order, as they are played."""
    check(spec)
    tasks = [(p, i) for i in range(spec.games) for p in range(len(spec.pairings()))]
    bar = progress_bar(len(tasks), "ladder") if progress else None
    results: list[GameResult] = []
    facts = sink is not None
    where = Local(jobs) if backend is None else backend
    workers = where.workers
    size = 1 if workers == 1 else max(1, len(tasks) // (4 * workers))
    chunks = [tasks[k:k + size] for k in range(0, len(tasks), size)]
    for chunk, played in zip(chunks, where.map(partial(_play_tasks, spec, facts), chunks),
                             strict=True):
        done = _handed(chunk, played, sink)
        results.extend(done)
        if bar is not None:
            bar[0].update(bar[1], advance=len(done))
    if bar is not None:
        bar[0].stop()
    return summarise(spec, list(zip(tasks, results, strict=True)))


def _share(kind: str, rest: str, games: int, wins: int, unfinished: int,
           fair: float) -> dict[str, Any]:
    lo, hi = wilson(wins, games)
    return {"candidate": kind, "field": rest, "games": games, "wins": wins,
            "share": wins / games if games else 0.0, "ci95": [lo, hi],
            "beats_fair": lo > fair, "unfinished": unfinished}


def summarise(spec: LadderSpec,
              played: Sequence[tuple[tuple[int, int], GameResult]]) -> dict[str, Any]:
    """Win shares of each candidate against each field with 95 % Wilson intervals (a shared
    win counts for each winner; unfinished games are left out), whether the interval's lower
    bound beats the fair share 1 / players, and every kind's rating from the finished games'
    duels (see `ratings`)."""
    pairings = spec.pairings()
    fair = 1 / spec.players
    outcomes: list[Outcome] = []
    tally = {p: [0, 0, 0, 0] for p in range(len(pairings))}  # games, cand. wins, field, unfin.
    for (pairing, index), result in played:
        counts = tally[pairing]
        if not result.finished:
            counts[3] += 1
            continue
        candidate_seat = index % spec.players
        outcomes.append(Outcome(spec.seating(pairing, index), candidate_seat, result.winners))
        counts[0] += 1
        counts[1] += candidate_seat in result.winners
        counts[2] += any(seat != candidate_seat for seat in result.winners)
    shares = []
    for p, (kind, rest) in enumerate(pairings):
        games, wins, field_wins, unfinished = tally[p]
        shares.append(_share(kind, rest, games, wins, unfinished, fair))
        if spec.players == 2:  # the same games, read from the other seat
            shares.append(_share(rest, kind, games, field_wins, unfinished, fair))
    order = {kind: k for k, kind in enumerate(spec.bots)}
    shares.sort(key=lambda s: (order[s["candidate"]], order[s["field"]]))
    data_option = get(spec.game).cards_option
    return {
        "game": spec.game,
        "players": spec.players,
        "games": spec.games,
        "seed": spec.seed,
        "variant": spec.variant,
        "options": {k: v for k, v in spec.options.items() if k != data_option},
        "custom_data": spec.options.get(data_option) is not None,
        "bots": list(spec.bots),
        "fair_share": fair,
        "pairings": shares,
        "ratings": [{"bot": r.bot, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal,
                     "duels": r.duels} for r in rate(spec.bots, outcomes)],
        "unfinished": sum(counts[3] for counts in tally.values()),
    }
