"""Candlelit: rules-enforced play, bots and simulation for five haunted card games."""

from candlelit.engine.errors import CandlelitError, IllegalAction, OptionError, UnknownGame
from candlelit.engine.registry import deserialize, games, load
from candlelit.engine.state import TERMINAL, State

__version__ = "0.1.0"
__all__ = [
    "TERMINAL",
    "CandlelitError",
    "IllegalAction",
    "OptionError",
    "State",
    "UnknownGame",
    "deserialize",
    "games",
    "load",
]
