"""HTML for pages and for each seat's live table, always built from the engine's view(seat)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import _lru_cache_wrapper, lru_cache
from types import BuiltinFunctionType, FunctionType
from typing import Any

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    PackageLoader,
    TemplateNotFound,
    select_autoescape,
)
from jinja2.runtime import Context, Macro
from markupsafe import Markup

from candlelit.engine.errors import UnknownGame
from candlelit.engine.plugins import resolve
from candlelit.engine.registry import get
from candlelit.i18n import bot_title, message, seat_name, t, t_or
from candlelit.server.absence import DEFAULT_GRACE, GRACE_CHOICES, TIMERS, duration
from candlelit.server.away_view import bot_reason_text, seat_marks, table_rules
from candlelit.server.faces import face, provenance
from candlelit.server.lastaction import aimed_at, last_by_seat, last_line_by_seat
from candlelit.server.logrounds import grouped, line_rounds
from candlelit.server.picks import follow_ups, pick_struct
from candlelit.server.tables import LiveTable

_DICT_METHODS = frozenset(dir(dict))


class _Environment(Environment):
    """Jinja with `view.key` read as an item first for plain dicts (views are dicts)."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        """`obj[attribute]` for a dict that has it and where it names no dict method."""
        if type(obj) is dict and attribute not in _DICT_METHODS:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


_PLAIN_CALLABLES = (Macro, BuiltinFunctionType)
_UNMARKED_CALLABLES = (FunctionType, _lru_cache_wrapper)  # marked: `jinja_pass_arg` attribute


class _Context(Context):
    """Jinja's context, calling a template's macros, builtins and undecorated Python functions
    straight away (a board makes hundreds of calls per render); any other callable, or a
    function marked `pass_context` and the like, as Jinja does."""

    def call(__self, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        """`__obj(*args, **kwargs)`, the context or environment first where Jinja would."""
        kind = type(__obj)
        if kind in _PLAIN_CALLABLES or (kind in _UNMARKED_CALLABLES
                                         and "jinja_pass_arg" not in __obj.__dict__):
            if kwargs:
                kwargs.pop("_block_vars", None)
                kwargs.pop("_loop_vars", None)
            try:
                return __obj(*args, **kwargs)
            except StopIteration:
                return __self.environment.undefined(
                    "value was undefined because a callable raised a StopIteration exception")
        return super().call(__obj, *args, **kwargs)


class _GameTemplates(BaseLoader):
    """`<game>/board.html` and `<game>/cards.html` from each installed game's `web/` folder."""

    def get_source(self, _environment: Environment,
                   template: str) -> tuple[str, str | None, Callable[[], bool] | None]:
        """The template's text, read from the game the name's first part names."""
        game, _, rest = template.partition("/")
        try:
            spec = get(game)
        except UnknownGame:
            raise TemplateNotFound(template) from None
        source = spec.resource("web", *rest.split("/"))
        if not rest or not source.is_file():
            raise TemplateNotFound(template)
        return source.read_text(encoding="utf-8"), None, lambda: True


env = _Environment(
    loader=ChoiceLoader([PackageLoader("candlelit.server", "templates"), _GameTemplates()]),
    autoescape=select_autoescape(default=True),
    trim_blocks=True,
    auto_reload=False,
    lstrip_blocks=True,
)
env.context_class = _Context
LOG_LINES = 40


def pick(indices: list[int], items: list[str]) -> list[str]:
    """`items[i]` for each i of `indices` (a template filter: seat numbers to names)."""
    return [items[i] for i in indices]


def seats_at(positions: list[Any], where: Any) -> list[int]:
    """The seats whose position is `where` (a template filter: whose tokens sit there)."""
    return [seat for seat, position in enumerate(positions) if position == where]


env.filters["pick"] = pick
env.filters["seats_at"] = seats_at
env.filters["last_by_seat"] = last_by_seat
env.filters["last_line_by_seat"] = last_line_by_seat
env.filters["aimed_at"] = aimed_at
env.filters["duration"] = duration
env.globals.update(grace_choices=GRACE_CHOICES, default_grace=DEFAULT_GRACE, timers=TIMERS)
env.globals.update(face=face, provenance=provenance)


def translator(lang: str) -> Callable[..., str]:
    """`t` bound to one language, for templates (memoised: catalogs never change at run time)."""
    return _TRANSLATORS[lang] if lang in _TRANSLATORS else _TRANSLATORS.setdefault(
        lang, _memo_translator(lang))


def _memo_translator(lang: str) -> Callable[..., str]:
    @lru_cache(maxsize=8192)
    def plain(key: str) -> str:
        return t(key, lang)

    @lru_cache(maxsize=8192)
    def formatted(key: str, args: tuple[tuple[str, Any], ...]) -> str:
        return t(key, lang, **dict(args))

    def tr(key: str, **args: Any) -> str:
        if not args:
            return plain(key)
        if any(type(value) is Markup for value in args.values()):
            # markup passed in (a macro's output) is read as its text: the message is escaped
            # once, on output (it showed "Researcher&#39;s Notes" before)
            args = {name: value.striptags() if type(value) is Markup else value
                    for name, value in args.items()}
        try:
            return formatted(key, tuple(args.items()))
        except TypeError:  # an unhashable argument
            return t(key, lang, **args)
    return tr


_TRANSLATORS: dict[str, Callable[..., str]] = {}


def refusal(message: str, lang: str) -> str:
    """A refusal the server words in English, in `lang` (`refusal.<text>`; else as it is)."""
    return message if "." in message else t_or(f"refusal.{message}", lang, message)


env.globals.update(refusal=refusal, bot_title=bot_title)


def seat_label(table: LiveTable, seat: int, lang: str, viewer: int | None) -> str:
    """'Seat 2 (you)' / 'Seat 3 (bot Expectation)'; the player's chosen name for the seat's
    number when there is one ('Ada (you)')."""
    row = table.row.seats[seat]
    name = row.name or seat_name(seat, lang)
    if seat == viewer:
        return f"{name} ({t('seat.you', lang)})"
    if row.kind == "bot" or row.bot_playing:
        return f"{name} ({t('ui.bot', lang, name=bot_title(row.bot, lang))})"
    return name


def page(template: str, lang: str, **context: Any) -> str:
    """A whole page in `lang`."""
    return env.get_template(template).render(t=translator(lang), lang=lang, **context)


def board_html(game: str, view: Mapping[str, Any], lang: str, names: list[str],
               viewer: int | None) -> str:
    """The game's own board template for `view` (a generic one if it has none)."""
    spec = get(game)
    try:
        template = env.get_template(f"{game}/board.html")
    except TemplateNotFound:
        template = env.get_template("games/_generic.html")
    extra = resolve(spec.template_context)(view) if spec.template_context else {}
    return template.render(view=view, t=translator(lang), lang=lang, names=names,
                           viewer=viewer, **extra)


def log_html(game: str, log: list[dict[str, Any]], lang: str, names: list[str]) -> str:
    """The most recent log lines, newest last."""
    shown = tuple(names)
    lines = []
    for e in log[-LOG_LINES:]:
        try:
            lines.append(_line(game, e["key"], _frozen(e["args"]), lang, shown))
        except TypeError:  # an argument that cannot be a cache key
            lines.append(message(game, e["key"], e["args"], lang, names))
    groups = grouped(lines, line_rounds(log, max(0, len(log) - LOG_LINES)))
    return env.get_template("log.html").render(groups=groups, t=translator(lang))


def _frozen(args: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in args.items())


@lru_cache(maxsize=65536)
def _line(game: str, key: str, args: tuple[tuple[str, Any], ...], lang: str,
          names: tuple[str, ...]) -> str:
    """One log line (memoised: a line never changes once logged)."""
    return message(game, key, {k: list(v) if isinstance(v, tuple) else v for k, v in args},
                   lang, list(names))


def table_message(table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    """The live-table update for one watcher: board, controls, seats and log."""
    state = table.state
    view = state.view(seat)
    game = table.row.game
    names = [seat_label(table, s, lang, seat) for s in range(state.num_players)]
    controls: list[dict[str, Any]] = []
    if seat is not None and not table.bot_plays(seat):
        for action in state.legal_actions(seat):
            struct = state.action_to_struct(seat, action)
            controls.append({"action": action, "kind": struct["kind"],
                             "suit": struct.get("suit"), "struct": pick_struct(struct),
                             "then": follow_ups(state, seat, action, lang),
                             "label": state.action_to_string(seat, action, lang)})
    tr = translator(lang)
    return {
        "type": "state",
        "status": table.row.status,
        "seat_version": table.seat_version(seat) if seat is not None else 0,
        "board": board_html(game, view, lang, names, seat),
        "actions": env.get_template("actions.html").render(
            controls=controls, t=tr, seat=seat, view=view, table_id=table.id,
            finished=table.row.status == "finished", rematch=bool(table.row.rematch),
            closed=f"{table.closed_after:g}" if table.row.status == "closed" else "",
            waiting=[names[p] for p in state.pending_players()],
            bot_playing=seat is not None and table.bot_plays(seat),
            reason=bot_reason_text(table, seat, lang)),
        "seats": seats_html(table, seat, lang, names),
        "log": log_html(game, view["log"], lang, names),
    }


def seats_html(table: LiveTable, seat: int | None, lang: str,
               names: list[str] | None = None) -> str:
    """The seat list as `seat` sees it: names, who is to act, who is away."""
    state = table.state
    if names is None:
        names = [seat_label(table, s, lang, seat) for s in range(state.num_players)]
    pending = state.pending_players()
    seats = [{"seat": s, "name": names[s], "pending": s in pending,
              "human": table.row.seats[s].kind == "human",
              "bot_playing": table.row.seats[s].bot_playing,
              "connected": table.connected(s)} | seat_marks(table, s, seat, lang)
             for s in range(state.num_players)]
    return env.get_template("seats.html").render(seats=seats, viewer=seat, t=translator(lang),
                                                 rules=table_rules(table, lang))
