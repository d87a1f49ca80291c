"""Every installed candlelit game as an OpenSpiel python game (importing this registers them).

    import pyspiel, candlelit.rl.openspiel
    game = pyspiel.load_game("candlelit_divinare", {"players": 4})

Names: one per game, `candlelit_` + the game's name with `-` written `_` (`candlelit_fatal_frame`),
with the parameters `players` (default: the game's usual count), `deals` (see below) and every
game option whose default is a plain value (a string, a number or true/false: e.g.
`pass_direction`, `max_rounds`); options whose default is None (card files) keep it.

Game type: sequential (a simultaneous decision of candlelit is asked seat after seat, lowest
pending seat first, as `current_player()` does; no seat's commitment shows in another's view),
imperfect information, terminal rewards, general-sum: returns are 1 for every winner and 0 for
the others, and a shared win gives several 1s, so the sum is not constant.

Chance: candlelit draws all chance (deals, shuffles, dice) inside `apply_action` from a stream
keyed by the game's seed, so the seed decides every chance event and nothing else does. The
registration therefore has one explicit chance node, at the start, whose outcome `s` (uniform
over `deals` outcomes, default 2**16) is that seed: after it the game is deterministic given
the players' actions, and outcome `s` plays exactly `candlelit.load(game, players, seed=s)`.
Explicit rather than sampled, so that OpenSpiel's history replays a game and every bot sees a
chance node it can sample. What a seat does not know about the seed is hidden information like
the cards: `resample_from_infostate` asks the game's own `resample`, which re-deals what the
seat has not seen and draws a fresh seed for the chance still to come (a world drawn as if
`deals` were unbounded; such a world has no OpenSpiel history, its own candlelit one aside).

Observations: the default observer (`observation_tensor`, `observation_string`) writes the
game's observation tensor (`State.encode_observation`, named parts in `dict`) and words it as
`part=v,v,…`; the perfect-recall observer (`information_state_string`) is the game's
information-state string (its view with its log). No information-state tensor is provided.
States clone through candlelit's cheap `clone` and serialise through OpenSpiel's pickle of the
python attributes (the candlelit state pickles as its snapshot).
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
import pyspiel

from candlelit.engine.options import resolve_options
from candlelit.engine.registry import GameSpec, games, get
from candlelit.engine.state import TERMINAL, State, stored_slots

if TYPE_CHECKING:
    from candlelit.engine.tensors import Layout, Tensor

PREFIX = "candlelit_"
DEALS = 1 << 16
"""Default number of chance outcomes of the opening chance node (candlelit seeds 0..DEALS-1)."""
WORLD_SEEDS = 1 << 53
"""Seeds of the random stream a resampled world is drawn with (one OpenSpiel sampler draw)."""

assert int(pyspiel.PlayerId.TERMINAL) == TERMINAL  # candlelit's TERMINAL is OpenSpiel's
CHANCE = int(pyspiel.PlayerId.CHANCE)


def short_name(game: str) -> str:
    """OpenSpiel's name of candlelit game `game` (`fatal-frame` → `candlelit_fatal_frame`)."""
    return PREFIX + game.replace("-", "_")


def load_game(game: str, players: int | None = None, **params: Any) -> Any:
    """`pyspiel.load_game` of candlelit game `game` (default: its usual player count)."""
    settings = dict(params, players=players if players is not None else get(game).usual_players)
    return pyspiel.load_game(short_name(game), settings)


def plain_options(spec: GameSpec) -> dict[str, Any]:
    """The game's options offered as OpenSpiel parameters: those with a str, int, float or
    bool default (an OpenSpiel parameter cannot be None), with their defaults."""
    return {o.name: o.default for o in spec.options
            if type(o.default) in (str, int, float, bool)}


def game_type(spec: GameSpec) -> Any:
    """The OpenSpiel `GameType` of `spec` (see the module docstring)."""
    parameters = {"players": spec.usual_players, "deals": DEALS, **plain_options(spec)}
    assert len(parameters) == 2 + len(plain_options(spec)), "an option is named players/deals"
    kinds = pyspiel.GameType
    return kinds(
        short_name=short_name(spec.name), long_name=f"Candlelit {spec.title}",
        dynamics=kinds.Dynamics.SEQUENTIAL,
        chance_mode=kinds.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kinds.Information.IMPERFECT_INFORMATION,
        utility=kinds.Utility.GENERAL_SUM, reward_model=kinds.RewardModel.TERMINAL,
        max_num_players=spec.max_players, min_num_players=spec.min_players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameters)


@dataclass(frozen=True, eq=False)
class Settings:
    """One loaded OpenSpiel game's candlelit settings (its states share them: deep copies keep
    the same object)."""

    game: str
    players: int
    options: dict[str, Any]
    deals: int

    def __deepcopy__(self, memo: dict[int, Any]) -> Settings:
        return self

    def deal(self, seed: int) -> State:
        """The candlelit game of chance outcome `seed`."""
        return get(self.game).new_state(self.players, seed, self.options)

    def layout(self) -> Layout:
        """The game's observation layout for these settings."""
        return get(self.game).state_class.declare_observation(self.players, self.options)


class Table:
    """A state's candlelit side: its settings and its world (None before the deal); deep
    copies clone the world (candlelit's clone), pickles carry it as its snapshot."""

    __slots__ = ("settings", "world")

    def __init__(self, settings: Settings, world: State | None) -> None:
        self.settings, self.world = settings, world

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return Table(self.settings, None if self.world is None else self.world.clone())

    def __reduce__(self) -> tuple[type[Table], tuple[Settings, State | None]]:
        return Table, (self.settings, self.world)


@functools.cache
def uniform_outcomes(deals: int) -> list[tuple[int, float]]:
    """The opening chance node's outcomes: every seed below `deals`, equally likely (one
    list per size, shared: callers must not change it)."""
    p = 1.0 / deals
    return [(seed, p) for seed in range(deals)]


class CandlelitGame(pyspiel.Game):
    """One candlelit game at one player count and set of options, as OpenSpiel sees it
    (`register` makes one subclass per game, naming it in `candlelit`)."""

    candlelit: ClassVar[str]
    """The candlelit game's registered name."""

    def __init__(self, params: dict[str, Any]) -> None:
        game = self.candlelit
        spec = get(game)
        players, deals = params["players"], params["deals"]
        if players not in spec.player_counts:
            raise ValueError(f"{short_name(game)}: players must be {spec.min_players} to "
                             f"{spec.max_players}, not {players}")
        if not 1 <= deals < 1 << 31:
            raise ValueError(f"{short_name(game)}: deals must be 1 to 2**31 - 1, not {deals}")
        options = resolve_options(spec.options, spec.variants, None,
                                  {k: params[k] for k in plain_options(spec)}, spec.name)
        self.settings = Settings(game, players, options, deals)
        first = self.settings.deal(0)
        info = pyspiel.GameInfo(
            num_distinct_actions=first.num_distinct_actions(), max_chance_outcomes=deals,
            num_players=players, min_utility=0.0, max_utility=1.0,
            max_game_length=first.max_game_length())
        super().__init__(game_type(spec), info, params)

    def new_initial_state(self) -> CandlelitState:
        """The opening chance node (nothing dealt yet)."""
        return CandlelitState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        """The observer of `iig_obs_type`: perfect recall → the information-state string,
        else (and by default) the observation tensor; only a seat's own point of view."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None:
            return Observer(self.settings.layout())
        if not iig_obs_type.public_info or \
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("candlelit observes one seat's view: public information and "
                             "that seat's private information")
        return Observer(None if iig_obs_type.perfect_recall else self.settings.layout())


class CandlelitState(pyspiel.State):
    """An OpenSpiel state over one candlelit state (see the module docstring)."""

    def __init__(self, game: CandlelitGame) -> None:
        super().__init__(game)
        self._table = Table(game.settings, None)

    def current_player(self) -> int:
        """Chance before the deal, then the lowest pending seat, TERMINAL at the end."""
        world = self._table.world
        return CHANCE if world is None else world.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        """The seat's legal actions, ascending (asked for the current player only)."""
        world = self._table.world
        assert world is not None
        return world.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every deal seed, equally likely (shared list: do not change it)."""
        return uniform_outcomes(self._table.settings.deals)

    def _apply_action(self, action: int) -> None:
        """Deal game `action` at the chance node, else play it for the current player
        (candlelit refuses an illegal action with IllegalAction, state unchanged)."""
        table = self._table
        world = table.world
        if world is None:
            table.world = table.settings.deal(action)
        else:
            world.apply_action(action, world.current_player())

    def _action_to_string(self, player: int, action: int) -> str:
        """The game's label of the action (`deal <seed>` for chance)."""
        world = self._table.world
        if player == CHANCE or world is None:
            return f"deal {action}"
        return world.action_to_string(player, action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        world = self._table.world
        return world is not None and world.is_terminal()

    def returns(self) -> list[float]:
        """1.0 for each winner, 0.0 for the others; all 0.0 before the end."""
        table = self._table
        if table.world is None:
            return [0.0] * table.settings.players
        return table.world.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state `player_id` cannot tell from this one: the game's `resample` of the world
        with a stream seeded by one draw of `probability_sampler` (no OpenSpiel history)."""
        table = self._table
        if table.world is None:
            return self.clone()
        rng = random.Random(int(probability_sampler() * WORLD_SEEDS))
        twin = self.get_game().new_initial_state()
        twin._table = Table(table.settings, table.world.resample(player_id, rng))
        return twin

    def world(self) -> State | None:
        """The candlelit state under this one (None before the deal): read, do not change."""
        return self._table.world

    def __str__(self) -> str:
        """The world's stored fields but its log, as JSON (equal for equal states)."""
        world = self._table.world
        if world is None:
            settings = self._table.settings
            return f"{short_name(settings.game)}, {settings.players} players: before the deal"
        fields = {name: getattr(world, name) for name in stored_slots(type(world))
                  if name != "log"}
        return json.dumps(fields, sort_keys=True, separators=(",", ":"))


class Observer:
    """OpenSpiel's python observer of one seat: the observation tensor and its words
    (`layout` given), or the information-state string (`layout` None, perfect recall)."""

    def __init__(self, layout: Layout | None) -> None:
        self.layout = layout
        self.tensor: Tensor | None = None if layout is None else layout.zeros()
        self.dict: dict[str, Tensor] = {}
        if layout is not None and self.tensor is not None:
            for part in layout.parts:
                self.dict[part.name] = self.tensor[layout.span(part.name)]

    def set_from(self, state: CandlelitState, player: int) -> None:
        """Write `player`'s observation of `state` into `tensor` (zeros before the deal)."""
        tensor, layout = self.tensor, self.layout
        if tensor is None or layout is None:
            return
        tensor.fill(0.0)
        world = state.world()
        if world is not None:
            world.encode_observation(player, layout, tensor)

    def string_from(self, state: CandlelitState, player: int) -> str:
        """`player`'s information-state string (perfect recall), else its tensor in words."""
        if self.layout is None or self.tensor is None:
            world = state.world()
            return "" if world is None else world.information_state_string(player)
        self.set_from(state, player)
        return words(self.layout, self.tensor)


def words(layout: Layout, tensor: Tensor) -> str:
    """A tensor as `part=v,v,… part=…` in the layout's order (whole numbers without `.0`)."""
    whole = tensor.astype(np.int64)
    texts = list(map(str, whole.tolist() if (whole == tensor).all() else tensor.tolist()))
    at = layout.at
    return " ".join(f"{part.name}={','.join(texts[at[part.name]:at[part.name] + part.size])}"
                    for part in layout.parts)


def register() -> list[str]:
    """Register every installed candlelit game not registered yet; all their short names."""
    known = set(pyspiel.registered_names())
    names = []
    for spec in games():
        name = short_name(spec.name)
        if name not in known:
            # a class, as OpenSpiel's own python games pass: OpenSpiel keeps it until the
            # process ends, and a class is never freed there (a plain function would be freed
            # after Python has shut down, which aborts the process)
            creator = type(f"Candlelit{spec.name.title().replace('-', '')}Game",
                           (CandlelitGame,), {"candlelit": spec.name})
            pyspiel.register_game(game_type(spec), creator)
        names.append(name)
    return names


NAMES = register()
"""The short names of the registered candlelit games."""
