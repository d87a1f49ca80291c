"""The balance lab: many bot games with random character draws, summarised per character.

`run_balance` plays the games (seeded per game and seat as in candlelit.sim.runner, so the
result is the same whatever the number of processes), `markdown` renders its report as a
table and `plot` draws win rates with their 95 % Wilson intervals against the field's rate.
"""

from __future__ import annotations

import json
import math
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from candlelit.bots.base import SeatObservation
from candlelit.bots.registry import make_bot
from candlelit.engine.errors import OptionError
from candlelit.engine.options import resolve_options
from candlelit.engine.state import TERMINAL
from candlelit.games.shadow_hunters import SPEC
from candlelit.games.shadow_hunters.characters import (
    Character,
    characters_for,
    check,
    pool_with,
)
from candlelit.games.shadow_hunters.rules import ShadowHuntersState
from candlelit.sim.backends import Backend, Local
from candlelit.sim.columns import Setting
from candlelit.sim.facts import SeatFacts
from candlelit.sim.runner import GameResult, bot_seed, game_seed
from candlelit.sim.stats import wilson

if TYPE_CHECKING:
    from candlelit.sim.parquet import GameTables

CHUNK = 50
SOLO = "none"


@dataclass(frozen=True)
class Outcome:
    """One game as the lab counts it: who drew what, who won, who lived, how long it ran."""

    index: int
    drawn: tuple[str, ...]
    winners: tuple[int, ...]
    alive: tuple[int, ...]
    rounds: int
    actions: int
    finished: bool
    reason: str
    returns: tuple[float, ...] = ()


Sink = Callable[[Sequence[Outcome]], None]
"""Where the lab hands each chunk of played games, in game order, as it goes."""


@dataclass(frozen=True)
class _Job:
    players: int
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any]


def seat_bots(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """One bot name per seat (a single name fills every seat: any name the bot registry
    knows, levels included); OptionError if unknown."""
    names = tuple(bots)
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise OptionError(f"give one bot per seat ({players}), not {len(names)}")
    for seat, name in enumerate(names):
        make_bot(name, SPEC.name, seat, 0)
    return names


def play_one(job: _Job, index: int) -> Outcome:
    """Play game `index` of a run to its end (or the engine's length bound)."""
    state = ShadowHuntersState.new(job.players, game_seed(job.seed, index), job.options)
    drawn = tuple(state.pool[c].id for c in state.char)
    bots = [make_bot(name, SPEC.name, seat, bot_seed(job.seed, index, seat))
            for seat, name in enumerate(job.bots)]
    seats = [SeatObservation(state, seat) for seat in range(job.players)]
    limit = state.max_game_length()
    actions = 0
    while actions < limit:
        player = state.current_player()
        if player == TERMINAL:
            break
        state.apply_action(bots[player].act(seats[player], state.legal_actions(player)),
                           player)
        actions += 1
    return Outcome(index, drawn, tuple(state.winners()), tuple(state.alive), state.round,
                   actions, state.is_terminal(), state.reason, tuple(state.returns()))


def _play_chunk(job: _Job, bounds: tuple[int, int]) -> list[Outcome]:
    return [play_one(job, i) for i in range(*bounds)]


def _handed(chunks: Iterable[list[Outcome]], sink: Sink | None) -> list[Outcome]:
    """Every outcome of `chunks`, each chunk handed to `sink` as it comes."""
    kept = []
    for chunk in chunks:
        if sink is not None:
            sink(chunk)
        kept.extend(chunk)
    return kept


def _play_all(job: _Job, games: int, backend: Backend, sink: Sink | None = None,
              ) -> list[Outcome]:
    size = max(1, min(CHUNK, math.ceil(games / max(1, 4 * backend.workers))))
    bounds = [(a, min(games, a + size)) for a in range(0, games, size)]
    return _handed(backend.map(partial(_play_chunk, job), bounds), sink)


def table_sink(tables: GameTables, job: _Job, variant: str | None,
               shown: dict[str, Any], custom: bool) -> Sink:
    """Where the lab hands its games to become rows of `tables` (each seat's character
    and whether it lived)."""
    run = Setting(SPEC.name, job.players, variant,
                  json.dumps(shown, ensure_ascii=False, sort_keys=True), custom, job.seed)

    def add(outcomes: Sequence[Outcome]) -> None:
        for o in outcomes:
            seats = tuple(SeatFacts(o.returns[s], None, o.drawn[s], bool(o.alive[s]))
                          for s in range(job.players))
            tables.add(run, job.bots, GameResult(o.index, o.winners, o.actions, o.finished,
                                                 None, o.rounds, o.reason, seats))

    return add


def run_balance(players: int, games: int, bots: Sequence[str], seed: int, jobs: int,
                character_files: Sequence[str | Path] = (),
                options: dict[str, Any] | None = None,
                tables: GameTables | None = None,
                backend: Backend | None = None) -> dict[str, Any]:
    """Play `games` games with random character draws (on `backend`, default: `jobs` local
    processes) and report each character's results; `tables` (if given) gets every game as
    it is played."""
    if games < 1:
        raise OptionError(f"the number of games must be at least 1, not {games}")
    if not SPEC.min_players <= players <= SPEC.max_players:
        raise OptionError(f"{SPEC.title} takes {SPEC.min_players}-{SPEC.max_players} "
                          f"players, not {players}")
    names = seat_bots(bots, players)
    overrides = dict(options or {})
    variant = overrides.pop("variant", None)
    resolved = resolve_options(SPEC.options, SPEC.variants, variant, overrides)
    base = resolved["characters"]
    resolved["characters"] = pool_with(character_files, base)
    pool = characters_for(resolved["characters"])
    if len(pool) < players:
        raise OptionError(f"{len(pool)} characters cannot fill {players} seats")
    shown = {k: v for k, v in resolved.items() if k != "characters"}
    shown["characters"] = "custom" if base is not None else None
    job = _Job(players, names, seed, resolved)
    custom = base is not None or bool(character_files)
    outcomes = _play_all(job, games, Local(max(1, jobs)) if backend is None else backend,
                         None if tables is None else
                         table_sink(tables, job, variant, shown, custom))
    return summarise(pool, outcomes, {
        "game": SPEC.name, "players": players, "games": games, "seed": seed,
        "bots": list(names), "variant": variant, "options": shown,
        "character_files": [str(p) for p in character_files]})


def _rates(wins: int, drawn: int, field: float) -> dict[str, Any]:
    lo, hi = wilson(wins, drawn)
    flag = "above" if drawn and lo > field else "below" if drawn and hi < field else ""
    return {"win_rate": wins / drawn if drawn else 0.0, "ci95": [lo, hi], "flag": flag}


def _mean(values: Sequence[int]) -> float:
    return statistics.fmean(values) if values else 0.0


def summarise(pool: Sequence[Character], outcomes: Sequence[Outcome],
              header: dict[str, Any]) -> dict[str, Any]:
    """Per character and per community: draws, wins, intervals, survival and game length."""
    tally: dict[str, dict[str, Any]] = {
        c.id: {"drawn": 0, "wins": 0, "survived": 0, "rounds": [], "actions": []}
        for c in pool}
    for o in outcomes:
        for seat, cid in enumerate(o.drawn):
            t = tally[cid]
            t["drawn"] += 1
            t["wins"] += seat in o.winners
            t["survived"] += bool(o.alive[seat])
            t["rounds"].append(o.rounds)
            t["actions"].append(o.actions)
    draws = sum(t["drawn"] for t in tally.values())
    wins = sum(t["wins"] for t in tally.values())
    field = wins / draws if draws else 0.0
    verdicts = {v.character: v for v in check(tuple(pool))}
    characters = []
    for c in pool:
        t = tally[c.id]
        v = verdicts[c.id]
        characters.append({
            "id": c.id, "name": c.name, "hp": c.hp, "skills": len(c.skills),
            "community": c.community, "gate": c.gate, "drawn": t["drawn"], "wins": t["wins"],
            **_rates(t["wins"], t["drawn"], field),
            "survival_rate": t["survived"] / t["drawn"] if t["drawn"] else 0.0,
            "mean_rounds": _mean(t["rounds"]), "mean_actions": _mean(t["actions"]),
            "guide": {"ok": v.ok, "remarks": list(v.remarks)}})
    communities = []
    for gate in sorted({c.gate for c in pool}, key=_gate_order):
        members = [e for e in characters if e["gate"] == gate]
        drawn = sum(e["drawn"] for e in members)
        won = sum(e["wins"] for e in members)
        communities.append({"gate": gate, "characters": [e["id"] for e in members],
                            "drawn": drawn, "wins": won, **_rates(won, drawn, field)})
    return {**header,
            "field": {"drawn": draws, "wins": wins, "win_rate": field},
            "unfinished": sum(1 for o in outcomes if not o.finished),
            "no_winner": sum(1 for o in outcomes if not o.winners),
            "endings": dict(Counter(o.reason for o in outcomes if o.finished).most_common()),
            "mean_rounds": _mean([o.rounds for o in outcomes]),
            "mean_actions": _mean([o.actions for o in outcomes]),
            "characters": characters, "communities": communities}


def _gate_order(gate: str) -> int:
    return ("east", "south", "west", "north", SOLO).index(gate)


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def markdown(report: dict[str, Any]) -> str:
    """The report as Markdown: a line on the run, a character table and a community table."""
    f = report["field"]
    lines = [
        f"{report['games']} games, {report['players']} players, bots "
        f"{', '.join(sorted(set(report['bots'])))}, seed {report['seed']}; field win rate "
        f"{_pct(f['win_rate'])} ({f['wins']} wins in {f['drawn']} draws); mean length "
        f"{report['mean_rounds']:.1f} rounds, {report['mean_actions']:.0f} actions; "
        f"{report['unfinished']} unfinished, {report['no_winner']} without a winner. Endings: "
        + ", ".join(f"{k} {_pct(v / report['games'])}" for k, v in report["endings"].items())
        + ".",
        "",
        "| character | HP | skills | community | drawn | wins | win rate | 95 % interval "
        "| vs field | survival | rounds | actions | 平衡準則 |",
        "|---|---:|---:|---|---:|---:|---:|---|---|---:|---:|---:|---|",
    ]
    for e in report["characters"]:
        lo, hi = e["ci95"]
        guide = "ok" if e["guide"]["ok"] else "WARN"
        if e["guide"]["remarks"]:
            guide += ": " + "; ".join(e["guide"]["remarks"])
        lines.append(
            f"| {e['name']} ({e['id']}) | {e['hp']} | {e['skills']} | {e['community']} "
            f"({e['gate']}) | {e['drawn']} | {e['wins']} | {_pct(e['win_rate'])} "
            f"| {_pct(lo)} – {_pct(hi)} | {e['flag'] or '–'} | {_pct(e['survival_rate'])} "
            f"| {e['mean_rounds']:.1f} | {e['mean_actions']:.0f} | {guide} |")
    lines += ["", "| community | characters | drawn | wins | win rate | 95 % interval "
              "| vs field |", "|---|---|---:|---:|---:|---|---|"]
    for g in report["communities"]:
        lo, hi = g["ci95"]
        lines.append(f"| {g['gate']} | {', '.join(g['characters'])} | {g['drawn']} "
                     f"| {g['wins']} | {_pct(g['win_rate'])} | {_pct(lo)} – {_pct(hi)} "
                     f"| {g['flag'] or '–'} |")
    return "\n".join(lines) + "\n"


def plot(report: dict[str, Any], path: str | Path) -> Path:
    """Write a PNG of each character's win rate with its interval and the field's rate."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = report["characters"]
    labels = [e["id"] for e in rows]
    rates = [e["win_rate"] for e in rows]
    low = [e["win_rate"] - e["ci95"][0] for e in rows]
    high = [e["ci95"][1] - e["win_rate"] for e in rows]
    colours = ["tab:red" if e["flag"] == "above" else "tab:blue" if e["flag"] == "below"
               else "tab:grey" for e in rows]
    fig, ax = plt.subplots(figsize=(max(6.0, 0.7 * len(rows) + 2), 4.5))
    try:
        xs = list(range(len(rows)))
        ax.scatter(xs, rates, c=colours, zorder=3)
        ax.errorbar(xs, rates, yerr=[low, high], fmt="none", ecolor="black", capsize=4,
                    zorder=2)
        field = report["field"]["win_rate"]
        ax.axhline(field, color="tab:green", linestyle="--",
                   label=f"field {100 * field:.1f} %")
        for colour, text in (("tab:red", "above the field"), ("tab:blue", "below the field")):
            if colour in colours:
                ax.scatter([], [], c=colour, label=text)
        ax.set_xticks(xs, labels, rotation=30, ha="right")
        ax.set_ylim(0, 1.02)
        ax.set_ylabel("win rate (95 % Wilson interval)")
        ax.set_title(f"Shadow Hunters: {report['games']} games, {report['players']} players")
        ax.legend(loc="best", framealpha=0.85)
        fig.tight_layout()
        target = Path(path)
        fig.savefig(target, dpi=100)
    finally:
        plt.close(fig)
    return target
