"""Names `vulture` cannot see used (read by `make lint`); mypy checks that each one exists."""

from __future__ import annotations

from rich.table import Table

from candlelit.bots.base import SeatObservation
from candlelit.games.anima import constants as anima_constants
from candlelit.games.anima.bot import HeuristicBot as AnimaBot
from candlelit.games.anima.cards import _Character as AnimaCharacterEntry
from candlelit.games.divinare.bot import ExpectationBot
from candlelit.games.fatal_frame.cards import _Weakness as FatalFrameWeaknessEntry
from candlelit.games.nevermore import constants as nevermore_constants
from candlelit.games.shadow_hunters.vocabulary import BlockType

__all__ = ["USED_WHERE_VULTURE_CANNOT_SEE"]

USED_WHERE_VULTURE_CANNOT_SEE = (
    # bots/registry.py names bot classes as "module:Class" strings, imported on demand
    ExpectationBot,
    # public window of a bot seat: bots outside this repository may call it
    SeatObservation.information_state,
    # rich reads these attributes when it draws a table
    Table().caption, Table().caption_justify,
    # card-file fields: pydantic validates them from the YAML data (Anima `gender`, Fatal
    # Frame `applies_to: each_attack_die`) although no rule reads them
    AnimaCharacterEntry.model_construct().gender,
    FatalFrameWeaknessEntry.model_construct().applies_to,
    # members of an enumeration whose numbers appear in states or card data; each value keeps
    # its name even where no rule compares against it
    anima_constants.O_INTERACTION, anima_constants.ARM_SNEAK, nevermore_constants.WHEN_LETHAL,
    # the Anima bot answers each decision step with its method "_" + step name
    AnimaBot._trade_offer, AnimaBot._trade_reply, AnimaBot._trade_confirm,
    # the one-line contract of each effect block: documentation the rules honour, read by people
    BlockType("name", {}, "contract").contract,
)
