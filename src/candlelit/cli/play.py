"""Play in the terminal: one person at one seat, bots at the others, each seeing only its view."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.text import Text

from candlelit.bots.base import Bot, SeatObservation
from candlelit.bots.registry import default_bot, make_bot
from candlelit.cli import render
from candlelit.engine.errors import CandlelitError, OptionError
from candlelit.engine.records import make_record
from candlelit.engine.registry import load
from candlelit.engine.rng import derive_seed
from candlelit.engine.state import State
from candlelit.i18n import bot_title, t

HUMAN = "human"
"""How the person's seat is named in game records."""


def choose_bots(game: str, players: int, seat: int, bots: str | None) -> dict[int, str]:
    """Bot names for every seat but `seat`: one per other seat in order, or one for all."""
    others = [s for s in range(players) if s != seat]
    if bots is None:
        names = [default_bot(game)]
    else:
        names = [name.strip() for name in bots.split(",")]
        if not all(names):
            raise OptionError(f"--bots has an empty bot name: {bots!r}")
    if len(names) == 1:
        names = names * len(others)
    if len(names) != len(others):
        raise OptionError(f"--bots takes one name for every other seat or {len(others)} "
                          f"names (one per other seat, in seat order), not {len(names)}")
    return dict(zip(others, names, strict=True))


def _make(name: str, game: str, seat: int, seed: int) -> Bot:
    try:
        return make_bot(name, game, seat, seed)
    except ImportError as exc:
        raise OptionError(f"bot {name!r} is not available ({exc}); try --bots random") from exc


def save_record(path: Path | None, state: State, seats: Sequence[str], console: Console,
                lang: str) -> None:
    """Write the game record of `state` to `path` as JSON (nothing if `path` is None)."""
    if path is None:
        return
    data = make_record(state, seats=list(seats))
    try:
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        raise CandlelitError(f"cannot write the record to {path}: {exc}") from exc
    console.print(Text(t("ui.record_saved", lang, path=str(path)), style="dim"))


class TerminalGame:
    """A game between a person at `seat`, who sees only `state.view(seat)`, and bots."""

    def __init__(self, state: State, seat: int, bots: Mapping[int, Bot], lang: str,
                 console: Console, seed: int | None = None) -> None:
        self.state = state
        self.seat = seat
        self.bots = dict(bots)
        self.windows = {s: SeatObservation(state, s) for s in self.bots}
        self.lang = lang
        self.console = console
        self.seed = seed
        self.names = render.seat_names(state.num_players, seat, lang)
        self.who = [t("seat.you", lang) if s == seat
                    else t("ui.bot", lang, name=bot_title(self.bots[s].name, lang))
                    for s in range(state.num_players)]
        self.shown = -1  # the seat's log entries already on screen (-1: nothing drawn yet)

    def run(self) -> None:
        """Play to the end: the person whenever its seat may act, else a pending bot."""
        state = self.state
        while not state.is_terminal():
            pending = state.pending_players()
            if self.seat in pending:
                state.apply_action(self.ask(), self.seat)
            else:
                bot_seat = pending[0]
                bot = self.bots[bot_seat]
                action = bot.act(self.windows[bot_seat], state.legal_actions(bot_seat))
                state.apply_action(action, bot_seat)
        self.show_end()

    def _draw(self, view: Mapping[str, Any], full: bool = False) -> None:
        game, lang, log = self.state.game, self.lang, view["log"]
        new = log[max(self.shown, 0):]
        if new or full or self.shown < 0:
            self.console.print()
            # the seed fixes every future deal: show it only once the game is over
            seed = self.seed if self.state.is_terminal() else None
            self.console.print(render.header(game, view, lang, self.names, seed))
            panel = render.log_panel(game, new, lang, self.names)
            if panel is not None:
                self.console.print(panel)
            self.console.print(render.render_view(view, lang, self.who))
        else:
            status = render.status_panel(game, view, lang)
            if status is not None:
                self.console.print(status)
        self.shown = len(log)

    def ask(self) -> int:
        """Show the seat's view and choices; return the action it picks."""
        state = self.state
        view = state.view(self.seat)
        self._draw(view)
        legal = state.legal_actions(self.seat)
        labels = [state.action_to_string(self.seat, a, self.lang) for a in legal]
        self.console.print(render.choices_panel(labels, self.lang))
        return legal[self.read_choice(len(legal)) - 1]

    def read_choice(self, count: int) -> int:
        """A number from 1 to `count` typed by the person; re-asks until it gets one.

        Piped answers are echoed so that a transcript reads like the screen.
        """
        prompt = Text(t("ui.prompt", self.lang, n=count), style="bold cyan")
        while True:
            raw = self.console.input(prompt).strip()
            if not sys.stdin.isatty():
                self.console.print(Text(raw), highlight=False)
            if raw.isdecimal() and 1 <= int(raw) <= count:
                return int(raw)
            self.console.print(Text(t("ui.bad_choice", self.lang, n=count), style="yellow"))

    def show_end(self) -> None:
        """The final table, the last log entries, and the scores and winners."""
        view = self.state.view(self.seat)
        self._draw(view, full=True)
        result = view.get("result")
        winners = result.get("winners") if isinstance(result, dict) else None
        self.console.print(render.result_panel(
            view, self.lang, self.names, self.state.winners() if winners is None else winners))


def play_game(game: str, *, players: int, seat: int, bots: str | None, seed: int, lang: str,
              variant: str | None, options: dict[str, Any], record: Path | None,
              console: Console) -> None:
    """Play `game` with a person at `seat` (0-based) against bots; save the record if asked."""
    state = load(game, players, seed, options, variant)
    if type(seat) is not int or not 0 <= seat < players:
        raise OptionError(f"--seat must be from 0 to {players - 1} with {players} players, "
                          f"not {seat!r}")
    chosen = choose_bots(game, players, seat, bots)
    opponents = {s: _make(name, game, s, derive_seed("bot", seed, s))
                 for s, name in chosen.items()}
    seats = [HUMAN if s == seat else chosen[s] for s in range(players)]
    table = TerminalGame(state, seat, opponents, lang, console, seed)
    try:
        table.run()
    except (EOFError, KeyboardInterrupt) as stop:
        ended = isinstance(stop, EOFError)
        console.print()
        console.print(Text(t("ui.eof" if ended else "ui.interrupted", lang), style="bold yellow"))
        save_record(record, state, seats, console, lang)
        raise typer.Exit(1 if ended else 130) from None
    save_record(record, state, seats, console, lang)
