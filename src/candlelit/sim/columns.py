"""The two tables a run of games writes (`--out games.parquet`): a row per game and a row per
seat, their columns and what each means, and a run's rows gathered column by column in the
order the games are numbered (never the order processes finish them)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from candlelit.engine.registry import get
from candlelit.sim.runner import GameResult, game_seed


@dataclass(frozen=True)
class Column:
    """One column: its name, its Arrow type, whether it may be null, and what it holds."""

    name: str
    kind: str
    meaning: str
    nullable: bool = False


GAME_COLUMNS = (
    Column("game_id", "int64", "the game's row number in this file; the seat table's key"),
    Column("game", "string", "the game's name, e.g. divinare"),
    Column("players", "int32", "the number of seats"),
    Column("variant", "string", "the named variant played (null: none named)", True),
    Column("options", "string", "the options given, as JSON text (card/board data left out)"),
    Column("custom_data", "bool", "whether the game used custom card, board or character data"),
    Column("run_seed", "int64", "the run's master seed (`--seed`)"),
    Column("number", "int64", "the game's number in its run (a ladder: in its pairing), from 0; "
           "its seed derives from it and run_seed"),
    Column("seed", "int64", "the game's own seed: candlelit.load(game, players, seed, …) "
           "deals it again"),
    Column("bots", "list<string>", "the bot in each seat, seat 0 first"),
    Column("winners", "list<int32>", "the winning seats (empty if none or unfinished)"),
    Column("length", "int32", "the game's length in actions"),
    Column("finished", "bool", "false if the game hit the engine's length bound"),
    Column("rounds", "int32", "the game's own round count at its end, where it has rounds", True),
    Column("ending", "string", "how the game ended, where the game says (e.g. rounds, boss)",
           True),
    Column("pairing", "int32", "ladder: the pairing's number (null outside a ladder)", True),
    Column("candidate", "string", "ladder: the candidate bot kind", True),
    Column("field", "string", "ladder: the bot kind in every other seat", True),
    Column("candidate_seat", "int32", "ladder: the candidate's seat in this game", True),
)

SEAT_COLUMNS = (
    Column("game_id", "int64", "the game's row in the game table"),
    Column("seed", "int64", "the game's own seed (as in the game table)"),
    Column("seat", "int32", "the seat, from 0, as in the game's views and records"),
    Column("bot", "string", "the bot in this seat"),
    Column("won", "bool", "whether this seat is among the winners"),
    Column("return", "float64", "the seat's return (the engine's returns())"),
    Column("score", "int64", "the seat's final score or points, where the game keeps one", True),
    Column("character", "string", "the character the seat was dealt (Shadow Hunters: its id, "
           "even if it later rose as a zombie) or drafted (Nevermore's Specters: its English "
           "name), where the game has characters", True),
    Column("alive", "bool", "whether the seat's character lived to the end, where it can die",
           True),
)


@dataclass(frozen=True)
class Setting:
    """What every game of one run shares: the game, its seats, options and master seed."""

    game: str
    players: int
    variant: str | None
    options: str
    custom_data: bool
    run_seed: int


@dataclass(frozen=True)
class Pairing:
    """A ladder game's pairing: its number, the candidate kind, the field kind and its seat."""

    number: int
    candidate: str
    field: str
    seat: int


def setting(game: str, players: int, seed: int, variant: str | None,
            options: dict[str, Any]) -> Setting:
    """The setting of a run of `game` with `options` (its card or board data only flagged)."""
    data_option = get(game).cards_option
    shown = {k: v for k, v in options.items() if k != data_option}
    return Setting(game, players, variant, json.dumps(shown, ensure_ascii=False, sort_keys=True),
                   options.get(data_option) is not None, seed)


class Rows:
    """Game and seat rows gathered column by column; games are numbered as they are added."""

    def __init__(self) -> None:
        self.added = 0
        self.games: dict[str, list[Any]] = {c.name: [] for c in GAME_COLUMNS}
        self.seats: dict[str, list[Any]] = {c.name: [] for c in SEAT_COLUMNS}

    def pending(self) -> int:
        """How many games are gathered and not yet taken."""
        return len(self.games["game_id"])

    def add(self, run: Setting, bots: Sequence[str], result: GameResult,
            pairing: Pairing | None = None) -> None:
        """Add game `result` of `run` with `bots` seated (played with its seat facts)."""
        if result.seats is None:
            raise ValueError("a game row needs its seat facts: play it with facts=True")
        seed = game_seed(run.run_seed, result.index)
        game_id = self.added
        self.added += 1
        values: dict[str, Any] = {
            "game_id": game_id, "game": run.game, "players": run.players,
            "variant": run.variant, "options": run.options, "custom_data": run.custom_data,
            "run_seed": run.run_seed, "number": result.index, "seed": seed,
            "bots": list(bots), "winners": list(result.winners), "length": result.length,
            "finished": result.finished, "rounds": result.rounds, "ending": result.ending,
            "pairing": None if pairing is None else pairing.number,
            "candidate": None if pairing is None else pairing.candidate,
            "field": None if pairing is None else pairing.field,
            "candidate_seat": None if pairing is None else pairing.seat,
        }
        for name, value in values.items():
            self.games[name].append(value)
        for seat, fact in enumerate(result.seats):
            row = {"game_id": game_id, "seed": seed, "seat": seat, "bot": bots[seat],
                   "won": seat in result.winners, "return": fact.return_, "score": fact.score,
                   "character": fact.character, "alive": fact.alive}
            for name, value in row.items():
                self.seats[name].append(value)

    def take(self) -> tuple[dict[str, list[Any]], dict[str, list[Any]]]:
        """The gathered game and seat columns, leaving none gathered."""
        taken = self.games, self.seats
        self.games = {c.name: [] for c in GAME_COLUMNS}
        self.seats = {c.name: [] for c in SEAT_COLUMNS}
        return taken
