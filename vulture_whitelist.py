"""Names `vulture` cannot see used (read by `make lint`); mypy checks that each one exists."""

from __future__ import annotations

import logging

from open_spiel.python.algorithms import ismcts
from rich.table import Table

from candlelit.bots.base import SeatObservation
from candlelit.games.anima import constants as anima_constants
from candlelit.games.anima.bot import HeuristicBot as AnimaBot
from candlelit.games.anima.cards import _Character as AnimaCharacterEntry
from candlelit.games.anima.cards import _Encounter as AnimaEncounterEntry
from candlelit.games.anima.cards import _File as AnimaFile
from candlelit.games.anima.catalogue import board_context as anima_board
from candlelit.games.divinare.boards import _ActionCard as DivinareActionCard
from candlelit.games.divinare.boards import _Board as DivinareBoard
from candlelit.games.divinare.boards import _Fact as DivinareFact
from candlelit.games.divinare.boards import _File as DivinareFile
from candlelit.games.divinare.boards import _Schedule as DivinareSchedule
from candlelit.games.divinare.bot import ExpectationBot
from candlelit.games.divinare.catalogue import board_context as divinare_board
from candlelit.games.fatal_frame.board_looks import board_context as fatal_frame_board
from candlelit.games.fatal_frame.cards import _Card as FatalFrameCard
from candlelit.games.fatal_frame.cards import _Weakness as FatalFrameWeaknessEntry
from candlelit.games.nevermore import constants as nevermore_constants
from candlelit.games.nevermore.cards import _Character as NevermoreCharacter
from candlelit.games.nevermore.cards import _File as NevermoreFile
from candlelit.games.nevermore.cards import _Magick as NevermoreMagick
from candlelit.games.nevermore.cards import _SourceRef as NevermoreSourceRef
from candlelit.games.shadow_hunters.catalogue import board_context as shadow_hunters_board
from candlelit.games.shadow_hunters.commands import register as shadow_hunters_commands
from candlelit.games.shadow_hunters.vocabulary import BlockType
from candlelit.rl.openspiel import CandlelitGame, CandlelitState
from candlelit.server.app import app_from_env
from candlelit.server.render import _GameTemplates, env

__all__ = ["CARD_FILE_NOTES", "USED_WHERE_VULTURE_CANNOT_SEE"]

_anima, _anima_enc = AnimaFile.model_construct(), AnimaEncounterEntry.model_construct()
_board, _file = DivinareBoard.model_construct(), DivinareFile.model_construct()
_card, _ff = DivinareActionCard.model_construct(), FatalFrameCard.model_construct()
_magick, _nevermore = NevermoreMagick.model_construct(), NevermoreFile.model_construct()
CARD_FILE_NOTES = (
    # card-file notes: the models declare them so that a misspelt key is refused; they are
    # kept in the data for readers (`candlelit cards`, the card pages) and no rule reads them
    AnimaCharacterEntry.model_construct().organization, _anima_enc.symbol,
    _anima.unplaced_names, _anima.organizations,
    DivinareFact.model_construct().alternatives, DivinareSchedule.model_construct().alternatives,
    _board.card_count, _board.possible_counts, _board.count_probability_pct, _board.mean_count,
    _board.design_note, _card.set_aside_per_round, _card.start_of_round_discard,
    _card.end_of_round_reveal, _card.rule_text, _file.components, _file.board_rules,
    _file.scoring, _file.token_supply, _file.end_of_game, _file.turn_structure,
    _file.invented_layout_rationale,
    _ff.aliases, _ff.film_slots, _ff.function_slots, _ff.spirit_orb_slots, _ff.max_equipped,
    _ff.pip_bonus, _ff.modifier_kind, _ff.stays_in_play,
    _magick.name_en_confidence, _magick.name_zh_confidence, _magick.deck_confidence,
    _magick.copies_confidence, _magick.timing_confidence, _magick.effect_source,
    _magick.source_supports, _magick.research_placeholder,
    NevermoreCharacter.model_construct().name_zh_confidence,
    NevermoreSourceRef.model_construct().used_for, _nevermore.composition,
    _nevermore.resolution_tokens, _nevermore.magick_system, _nevermore.magick_card_names_known,
    _nevermore.specters_character_rules, _nevermore.printing_differences,
    _nevermore.confidence_counts,
)

_record = logging.LogRecord("uvicorn.error", logging.ERROR, "", 0, "", None, None)
USED_WHERE_VULTURE_CANNOT_SEE = (
    # each game's manifest names its pieces as "module:attribute" strings, loaded on demand
    ExpectationBot, anima_board, divinare_board, fatal_frame_board, shadow_hunters_board,
    shadow_hunters_commands,
    # Jinja asks a loader for a template's source
    _GameTemplates.get_source,
    # Jinja makes each render's context from its environment's class
    env.context_class,
    # public window of a bot seat: bots outside this repository may call it
    SeatObservation.information_state,
    # rich reads these attributes when it draws a table
    Table().caption, Table().caption_justify,
    # logging's handlers read these attributes of a record the client-mistake filter rewrites
    _record.levelname, _record.exc_info, _record.exc_text,
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
    # `serve --workers N` hands uvicorn this factory as an import string
    app_from_env,
    # OpenSpiel's C++ side calls a python game's methods by these names
    CandlelitGame.make_py_observer, CandlelitState._legal_actions,
    CandlelitState._apply_action, CandlelitState._action_to_string,
    # OpenSpiel's python ISMCTS draws each world with this method (bench/openspiel_duel.py
    # overrides it to stop the search on time)
    ismcts.ISMCTSBot.sample_root_state,
)
