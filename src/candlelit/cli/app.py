"""The `candlelit` command: list, explain, play, simulate, rank bots, replay and verify games."""

from __future__ import annotations

import json
import os
import sys
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from candlelit.cli import console as tty
from candlelit.cli.console import fail
from candlelit.engine.errors import CandlelitError
from candlelit.i18n import LANGUAGES, check_language

if TYPE_CHECKING:
    from candlelit.sim.backends import Backend
    from candlelit.sim.parquet import GameTables

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Play and study five haunted tabletop card games.")

Lang = Annotated[str, typer.Option("--lang", help=f"language: {', '.join(LANGUAGES)}")]
Characters = Annotated[list[Path] | None, typer.Option(
    "--characters", help="a character file whose characters join the samples (repeatable)")]
_DATA_FILE = typer.Option("--cards", "--boards", help="your own card file (Divinare: board file)")
Where = Annotated[str, typer.Option(
    "--backend", help="where games run: local (--jobs processes) or ray (docs/scale.md)")]
Address = Annotated[str | None, typer.Option(
    help="the Ray cluster to join, e.g. HEAD:6379 (default: start Ray here with --jobs CPUs)")]


def _lang(value: str) -> str:
    try:
        return check_language(value)
    except ValueError as exc:
        fail(str(exc))
    return value


def _said_in(lang: str) -> str:
    """The language an error is told in: `lang` if it is one, else English."""
    return lang if lang in LANGUAGES else "en"


def _writable(path: Path | None, flag: str) -> None:
    """Fail before any work if `path` (an output file) is a directory or has no directory."""
    if path is None:
        return
    if path.is_dir():
        fail(f"{flag} {path}: is a directory; give a file name")
    if not path.absolute().parent.is_dir():
        fail(f"{flag} {path}: the directory {path.absolute().parent} does not exist")


def _tables(out: Path | None, only: bool = False) -> AbstractContextManager[GameTables | None]:
    """The Parquet tables `--out` asks for (a .parquet file: checked, opened), else nothing;
    `only`: the command writes no JSON lines, so any other file is refused."""
    from candlelit.sim.parquet import GameTables, is_parquet, seats_path

    if out is None or not is_parquet(out):
        if out is not None and only:
            fail(f"--out {out}: give a .parquet file (game records as JSON lines: "
                 f"candlelit simulate --out FILE.jsonl)")
        return nullcontext()
    _writable(out, "--out")
    _writable(seats_path(out), "--out")
    try:
        return GameTables(out)
    except CandlelitError as exc:
        fail(str(exc))


def _backend(ctx: typer.Context, name: str, jobs: int, address: str | None) -> Backend:
    """The backend `--backend`/`--address` name, released when the command ends (Ray starts
    at its first use, so bad settings fail first)."""
    from candlelit.sim.backends import open_backend

    try:
        return ctx.with_resource(open_backend(name, jobs, address))
    except CandlelitError as exc:
        fail(str(exc))


def _options(game: str, boards: Path | None, option: list[str] | None,
             characters: list[Path] | None = None) -> dict[str, Any]:
    """Options from `--boards FILE`, `--characters FILE…` and `--option name=value` (JSON)."""
    options: dict[str, Any] = {}
    for item in option or []:
        name, sep, raw = item.partition("=")
        if not sep:
            fail(f"--option takes name=value, not {item!r}")
        try:
            options[name] = json.loads(raw)
        except json.JSONDecodeError:
            options[name] = raw
        except (ValueError, RecursionError):  # a number past the digit limit, deep nesting
            fail(f"--option {name}: the value is nested too deeply or has too many digits")
    if boards is not None:
        from candlelit.cli.catalog import read_data_file
        from candlelit.engine.registry import get

        options[get(game).cards_option] = read_data_file(game, boards)
    if characters:
        from candlelit.cli.catalog import character_pool

        options["characters"] = character_pool(game, characters)
    return options


@app.command()
def games(lang: Lang = "en") -> None:
    """List the games, their player counts, options and variants."""
    from candlelit.cli.catalog import games_table

    tty.console.print(games_table(_lang(lang)))


@app.command()
def rules(game: str, lang: Lang = "en") -> None:
    """Show a short summary of GAME's rules."""
    from candlelit.cli.catalog import rules_text

    try:
        tty.console.print(rules_text(game, _lang(lang)))
    except CandlelitError as exc:
        fail(exc.says(_said_in(lang)))


@app.command()
def cards(game: str, lang: Lang = "en",
          boards: Annotated[Path | None, _DATA_FILE] = None,
          ) -> None:
    """Show GAME's cards and boards with their provenance (what is reconstructed)."""
    from candlelit.cli.catalog import cards_view

    try:
        tty.console.print(cards_view(game, _lang(lang), boards))
    except CandlelitError as exc:
        fail(exc.says(_said_in(lang)))


@app.command()
def play(
    game: str,
    players: Annotated[int, typer.Option("--players", "-p")] = 4,
    seat: Annotated[int, typer.Option(help="your seat, 0-based")] = 0,
    bots: Annotated[str | None, typer.Option(help="bots for the other seats, comma-separated")]
    = None,
    seed: Annotated[int | None, typer.Option(help="seed (default: random)")] = None,
    lang: Lang = "en",
    variant: Annotated[str | None, typer.Option(help="a named variant")] = None,
    boards: Annotated[Path | None, _DATA_FILE] = None,
    characters: Characters = None,
    option: Annotated[list[str] | None, typer.Option(help="name=value, repeatable")] = None,
    record: Annotated[Path | None, typer.Option(help="save the game record here")] = None,
) -> None:
    """Play GAME in the terminal against bots."""
    import secrets

    from candlelit.cli.play import play_game

    try:
        play_game(game, players=players, seat=seat, bots=bots,
                  seed=secrets.randbelow(2**31) if seed is None else seed,
                  lang=_lang(lang), variant=variant,
                  options=_options(game, boards, option, characters), record=record,
                  console=tty.console)
    except CandlelitError as exc:
        fail(exc.says(_said_in(lang)))


@app.command()
def simulate(
    ctx: typer.Context,
    game: str,
    n: Annotated[int, typer.Option("-n", help="number of games")] = 100,
    players: Annotated[int, typer.Option("--players", "-p")] = 4,
    bots: Annotated[str | None, typer.Option(help="one bot per seat, comma-separated")] = None,
    seed: int = 0,
    jobs: Annotated[int, typer.Option(help="parallel processes")] = 1,
    backend: Where = "local",
    address: Address = None,
    variant: str | None = None,
    boards: Annotated[Path | None, _DATA_FILE] = None,
    characters: Characters = None,
    option: Annotated[list[str] | None, typer.Option(help="name=value, repeatable")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    out: Annotated[Path | None, typer.Option(
        help="write every game record (JSON lines), or game and seat tables if FILE ends "
             "in .parquet (FILE and FILE.seats.parquet)")]
    = None,
    plot: Annotated[Path | None, typer.Option(help="write a PNG of wins per seat and length")]
    = None,
) -> None:
    """Run N games between bots and report win rates and game length."""
    from candlelit.sim.plots import plot_summary
    from candlelit.sim.report import render_summary
    from candlelit.sim.runner import SimulationSpec, run

    if n < 1 or jobs < 1:
        fail("-n and --jobs must be at least 1")
    _writable(out, "--out")
    _writable(plot, "--plot")
    names = (bots or ",".join(["random"] * players)).split(",")
    where = _backend(ctx, backend, jobs, address)
    try:
        spec = SimulationSpec(game=game, players=players, bots=tuple(names), games=n, seed=seed,
                              variant=variant,
                              options=_options(game, boards, option, characters))
        with _tables(out) as tables:
            summary = run(spec, jobs=jobs, progress=not as_json and sys.stderr.isatty(),
                          records=out if tables is None else None,
                          sink=None if tables is None else tables.sink(spec), backend=where)
        if plot is not None:
            plot_summary(summary, plot)
    except CandlelitError as exc:
        fail(str(exc))
        return
    if as_json:
        sys.stdout.write(json.dumps(summary, ensure_ascii=False) + "\n")
    else:
        tty.console.print(render_summary(summary))


@app.command()
def compare(
    ctx: typer.Context,
    game: str,
    variants: Annotated[str, typer.Option(help="comma-separated variant names")] = "standard",
    players: Annotated[str | None, typer.Option(
        "--players", "-p", help="comma-separated player counts (default: all)")] = None,
    n: Annotated[int, typer.Option("-n", help="games per variant and player count")] = 200,
    bot: Annotated[str, typer.Option(help="the bot in every seat")] = "random",
    seed: int = 0,
    jobs: Annotated[int, typer.Option(help="parallel processes")] = 1,
    backend: Where = "local",
    address: Address = None,
    option: Annotated[list[str] | None, typer.Option(help="name=value, repeatable")] = None,
    plot: Annotated[Path | None, typer.Option(help="write a PNG: length and seat 1's wins")]
    = None,
    md: Annotated[Path | None, typer.Option(help="write the table as Markdown")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    out: Annotated[Path | None, typer.Option(
        help="write game and seat tables: FILE.parquet and FILE.seats.parquet")] = None,
) -> None:
    """Compare variants across player counts: game length and the first seat's edge."""
    from candlelit.engine.registry import get
    from candlelit.sim.compare import compare as run_compare
    from candlelit.sim.compare import markdown
    from candlelit.sim.plots import plot_compare

    if n < 1 or jobs < 1:
        fail("-n and --jobs must be at least 1")
    _writable(plot, "--plot")
    _writable(md, "--md")
    where = _backend(ctx, backend, jobs, address)
    try:
        spec = get(game)
        counts = (list(spec.player_counts) if players is None
                  else [int(p) for p in players.split(",")])
    except ValueError:
        fail(f"--players takes whole numbers separated by commas, not {players!r}")
        return
    except CandlelitError as exc:
        fail(str(exc))
        return
    try:
        with _tables(out, only=True) as tables:
            result = run_compare(spec.name, variants.split(","), counts, n, bot, seed, jobs,
                                 _options(spec.name, None, option), tables, backend=where)
        if plot is not None:
            plot_compare(result, plot)
    except CandlelitError as exc:
        fail(str(exc))
        return
    table = markdown(result)
    if md is not None:
        md.write_text(table, encoding="utf-8")
    if as_json:
        sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    else:
        tty.console.print(table, markup=False, highlight=False, soft_wrap=True)


@app.command()
def ladder(
    ctx: typer.Context,
    game: str,
    bots: Annotated[str, typer.Option(
        help="the bot kinds, comma-separated (default: random and every level)")]
    = "random,easy,normal,hard",
    players: Annotated[int | None, typer.Option(
        "--players", "-p", help="players per game (default: the game's usual count)")] = None,
    n: Annotated[int, typer.Option("--games", "-n", help="games per pairing")] = 20,
    seed: int = 0,
    jobs: Annotated[int, typer.Option(help="parallel processes")] = 1,
    backend: Where = "local",
    address: Address = None,
    variant: str | None = None,
    option: Annotated[list[str] | None, typer.Option(help="name=value, repeatable")] = None,
    as_json: Annotated[Path | None, typer.Option("--json", help="write the summary as JSON")]
    = None,
    plot: Annotated[Path | None, typer.Option(help="write a PNG of ratings and win shares")]
    = None,
    md: Annotated[Path | None, typer.Option(help="write the tables as Markdown")] = None,
    out: Annotated[Path | None, typer.Option(
        help="write game and seat tables: FILE.parquet and FILE.seats.parquet")] = None,
) -> None:
    """Round-robin matches between bot kinds (one seat of a kind against a field of another,
    seats rotated, the same deals for every pairing): ratings and win shares."""
    from candlelit.engine.registry import get
    from candlelit.sim.ladder import LadderSpec, run_ladder, table_sink
    from candlelit.sim.ladder_report import ladder_markdown, render_ladder
    from candlelit.sim.plots import plot_ladder

    if jobs < 1:
        fail("--jobs must be at least 1")
    for path, flag in ((as_json, "--json"), (plot, "--plot"), (md, "--md")):
        _writable(path, flag)
    where = _backend(ctx, backend, jobs, address)
    try:
        manifest = get(game)
        spec = LadderSpec(game=manifest.name,
                          players=manifest.usual_players if players is None else players,
                          bots=tuple(b.strip() for b in bots.split(",")), games=n, seed=seed,
                          variant=variant, options=_options(manifest.name, None, option))
        with _tables(out, only=True) as tables:
            summary = run_ladder(spec, jobs=jobs, progress=sys.stderr.isatty(),
                                 sink=None if tables is None else table_sink(spec, tables),
                                 backend=where)
        if plot is not None:
            plot_ladder(summary, plot)
    except CandlelitError as exc:
        fail(str(exc))
        return
    if as_json is not None:
        as_json.write_text(json.dumps(summary, ensure_ascii=False, indent=1) + "\n",
                           encoding="utf-8")
    if md is not None:
        md.write_text(ladder_markdown(summary), encoding="utf-8")
    tty.console.print(render_ladder(summary))


def _lab_backend(game: str, lab: Any, name: str, where: Backend) -> dict[str, Backend]:
    """`run_balance`'s backend keyword: given to a lab that takes one; a lab without it runs
    locally, and refuses --backend ray in one line."""
    import inspect

    if "backend" in inspect.signature(lab.run_balance).parameters:
        return {"backend": where}
    if name != "local":
        raise CandlelitError(f"{game}'s balance lab runs on local processes only, "
                             f"not --backend {name}")
    return {}


@app.command()
def balance(
    ctx: typer.Context,
    game: str,
    characters: Characters = None,
    n: Annotated[int, typer.Option("-n", help="number of games")] = 2000,
    players: Annotated[int, typer.Option("--players", "-p")] = 6,
    bots: Annotated[str, typer.Option(help="one bot per seat, or one for every seat")]
    = "heuristic",
    seed: int = 0,
    jobs: Annotated[int, typer.Option(help="parallel processes")] = 1,
    backend: Where = "local",
    address: Address = None,
    variant: str | None = None,
    option: Annotated[list[str] | None, typer.Option(help="name=value, repeatable")] = None,
    plot: Annotated[Path | None, typer.Option(help="the PNG of win rate per character")]
    = Path("balance.png"),
    md: Annotated[Path | None, typer.Option(help="also write the report as Markdown")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    out: Annotated[Path | None, typer.Option(
        help="write game and seat tables: FILE.parquet and FILE.seats.parquet")] = None,
) -> None:
    """Play N games with random character draws: each character's win rate, survival, length."""
    from candlelit.engine.plugins import resolve
    from candlelit.engine.registry import games, get

    _writable(plot, "--plot")
    _writable(md, "--md")
    where = _backend(ctx, backend, jobs, address)
    try:
        spec = get(game)
        if spec.balance is None:
            labs = ", ".join(s.name for s in games() if s.balance) or "none"
            raise CandlelitError(f"{spec.name} has no balance lab (games with one: {labs})")
        lab = resolve(spec.balance)

        options = _options(spec.name, None, option) | ({"variant": variant} if variant else {})
        with _tables(out, only=True) as tables:
            report = lab.run_balance(players, n, bots.split(","), seed, jobs, characters or [],
                                     options, **({} if tables is None else {"tables": tables}),
                                     **_lab_backend(spec.name, lab, backend, where))
        if plot is not None:
            lab.plot(report, plot)
    except CandlelitError as exc:
        fail(str(exc))
        return
    table = lab.markdown(report)
    if md is not None:
        md.write_text(table, encoding="utf-8")
    if as_json:
        sys.stdout.write(json.dumps(report, ensure_ascii=False) + "\n")
    else:
        tty.console.print(table, markup=False, highlight=False, soft_wrap=True)
        if plot is not None:
            tty.console.print(f"plot: {plot}", markup=False, highlight=False)


@app.command()
def replay(
    file: Path,
    seat: Annotated[int | None, typer.Option(help="whose view to show (default: public)")]
    = None,
    lang: Lang = "en",
    step: Annotated[bool, typer.Option(help="wait for Enter after each action")] = False,
) -> None:
    """Step through a game record, from one seat's view or the public one."""
    from candlelit.cli.replay import replay_file

    try:
        replay_file(file, seat=seat, lang=_lang(lang), interactive=step, console=tty.console)
    except CandlelitError as exc:
        fail(exc.says(_said_in(lang)))


@app.command()
def verify(file: Path) -> None:
    """Check that a game record (or a JSON-lines file of records) replays as it claims."""
    from candlelit.cli.replay import verify_file

    try:
        ok = verify_file(file, console=tty.console)
    except CandlelitError as exc:
        fail(str(exc))
        return
    raise typer.Exit(0 if ok else 1)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port")] = 8000,
    db: Annotated[str, typer.Option(help="database URL (SQLite file or postgresql://…)")]
    = "sqlite:///candlelit.db",
    bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before acting")] = 0.6,
    bot_processes: Annotated[int | None, typer.Option(
        min=1, help="processes in which searching bots (hard, ismcts…) decide, per worker "
                    "(default: every core but one)")] = None,
    connections_per_client: Annotated[int, typer.Option(
        min=0, help="table connections one client address may hold at once (0: no limit)")]
    = 20,
    spectators_per_table: Annotated[int, typer.Option(
        min=0, help="spectators one table may have at once (0: no limit)")] = 300,
    public_url: Annotated[str | None, typer.Option(
        help="the URL players use, e.g. https://cards.example/ (default: http://HOST:PORT/)")]
    = None,
    create_limit: Annotated[int, typer.Option(
        help="tables one address may create per minute (0: no limit)", min=0)] = 10,
    join_limit: Annotated[int, typer.Option(
        help="seats one address may join (and other forms) per minute (0: no limit)",
        min=0)] = 30,
    trusted_proxy: Annotated[str, typer.Option(
        help="address(es) of your reverse proxy, comma-separated: only its "
             "X-Forwarded-For/-Proto headers are believed")] = "127.0.0.1",
    idle_close: Annotated[float, typer.Option(
        help="hours without a move after which a table is closed", min=0.001)] = 72.0,
    workers: Annotated[int, typer.Option(
        help="worker processes (more than 1 needs PostgreSQL)", min=1)] = 1,
) -> None:
    """Serve the lobby and tables in the browser."""
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from candlelit.server.app import SETTINGS_VARIABLE, create_app
    from candlelit.server.site import WILDCARD_HOSTS, listen_url, parse_public_url
    from candlelit.server.tables import Lifecycle

    if db.startswith("postgresql://"):
        db = "postgresql+psycopg://" + db.removeprefix("postgresql://")
    if workers > 1 and not db.startswith("postgresql"):
        fail("--workers above 1 needs PostgreSQL (--db postgresql://…)")
    listen = listen_url(host, port)
    if public_url is None and host in WILDCARD_HOSTS:
        fail(f"--host {host} needs --public-url: the address players type "
             f"(e.g. http://192.168.1.20:{port}/)")
    try:
        public = parse_public_url(public_url or listen)
    except ValueError as exc:
        fail(f"--public-url: {exc}")
    app_settings: dict[str, Any] = {
        "db_url": db, "bot_delay": bot_delay, "bot_processes": bot_processes,
        "public_url": public, "listen": listen,
        "create_limit": create_limit, "join_limit": join_limit,
        "connections_per_client": connections_per_client,
        "spectators_per_table": spectators_per_table}
    server: dict[str, Any] = {
        "host": host, "port": port, "ws_max_size": 65536, "ws_per_message_deflate": False,
        "log_level": "warning", "forwarded_allow_ips": trusted_proxy,
        "access_log": False}  # no access log: URLs hold seat tokens
    try:
        if workers > 1:  # the schema, made once here rather than by racing workers
            from candlelit.server.store import Store

            Store(db).close()
        else:
            web = create_app(**app_settings, lifecycle=Lifecycle(idle_close=idle_close * 3600))
    except SQLAlchemyError as exc:  # the URL is not echoed: it may hold a password
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        fail(f"cannot open the database given by --db: {reason}")
    where = "" if public == listen else f", listening on {listen}"
    tty.console.print(f"Candlelit is serving at [bold]{public}[/]{where}  (Ctrl+C stops)")
    if workers > 1:  # each worker process builds its app from this variable
        os.environ[SETTINGS_VARIABLE] = json.dumps(
            app_settings | {"idle_close": idle_close, "workers": workers})
        uvicorn.run("candlelit.server.app:app_from_env", factory=True, workers=workers,
                    **server)
        return
    uvicorn.run(web, **server)


def _game_commands() -> None:
    """Add every game's own commands (its manifest's `commands`) to the `candlelit` command."""
    from candlelit.engine.plugins import resolve
    from candlelit.engine.registry import games

    for spec in games():
        if spec.commands is not None:
            resolve(spec.commands)(app)


_game_commands()


def main() -> None:
    """Console entry point."""
    app()


if __name__ == "__main__":
    main()
