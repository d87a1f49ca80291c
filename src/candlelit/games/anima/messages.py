"""How Anima's actions are described and its message arguments read in each language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from candlelit.engine.errors import IllegalAction
from candlelit.games.anima.cards import builtin_cards
from candlelit.games.anima.constants import (
    A_ABILITY,
    A_ACCEPT,
    A_ATTACK,
    A_CHARACTER,
    A_CULL,
    A_DISCARD,
    A_DONE,
    A_EXPLORE,
    A_FIRST,
    A_MINUS,
    A_MISSION,
    A_OFFER_ADV,
    A_OFFER_CHAR,
    A_PEEK,
    A_PLAY,
    A_PLUS,
    A_REST,
    A_REVEAL,
    A_REVEAL_KIND,
    A_REWARD,
    A_ROLL,
    A_SALVAGE_ADV,
    A_SALVAGE_CHAR,
    A_SEAT,
    A_SECOND,
    A_STAY,
    A_TRADE,
    A_TRAVEL,
    NUM_ACTIONS,
    S_AFTER_ROLL,
    S_ATTACKED,
    S_CHECK,
    S_DEATH,
    S_DISCARD,
    S_EXPLORE,
    S_GIVE,
    S_INACTIVATE,
    S_INTERACT,
    S_KEEP_CHARACTER,
    S_KEEP_ONE,
    S_LOSE_CHARACTER,
    S_REACT,
    S_RESET,
    S_RETURN_ADVANTAGE,
    S_REVEALED,
    S_SAVE_AREA,
    S_SNEAK,
    S_STEAL_CHARACTER,
    S_TRADE_CONFIRM,
    S_TRADE_OFFER,
    S_TRADE_REPLY,
    S_UNVEIL,
)
from candlelit.i18n import list_sep, t

if TYPE_CHECKING:
    from candlelit.games.anima.state import AnimaFields

GAME = "anima"
_DONE = {S_RESET: "end_reset", S_INTERACT: "end_interaction", S_SAVE_AREA: "let_go",
         S_TRADE_OFFER: "cancel_trade", S_TRADE_REPLY: "decline", S_TRADE_CONFIRM: "decline",
         S_AFTER_ROLL: "keep_dice", S_DEATH: "let_die", S_REVEALED: "face_it",
         S_ATTACKED: "accept_fight", S_EXPLORE: "hold_only", S_REACT: "let_it_be",
         S_UNVEIL: "not_yet"}
_SIMPLE = {A_REVEAL: "reveal", A_REST: "rest", A_STAY: "stay", A_EXPLORE: "explore",
           A_ACCEPT: "accept", A_PLUS: "plus", A_MINUS: "minus", A_FIRST: "first_roll",
           A_SECOND: "second_roll"}
_CHARACTER = {S_KEEP_CHARACTER: "keep_character", S_RESET: "dismiss",
              S_LOSE_CHARACTER: "lose_character", S_INACTIVATE: "inactivate",
              S_STEAL_CHARACTER: "take_character"}
_DISCARD = {S_RETURN_ADVANTAGE: "return_card", S_SAVE_AREA: "save_area",
            S_DISCARD: "discard"}


def _s(name: str, **args: Any) -> dict[str, Any]:
    return {"kind": name, "key": f"anima.action.{name}", **args}


def _id(group: tuple[Any, ...], kind: int) -> str:
    return group[kind].id if 0 <= kind < len(group) else "unknown"


def _area_at(s: AnimaFields, slot: int) -> str:
    if 0 <= slot < len(s.area_at) and s.area_at[slot] >= 0:
        return str(s.cards.areas[s.area_at[slot]].id)
    return "unknown"


def action_struct(s: AnimaFields, action: int) -> dict[str, Any]:
    """{"kind", "key", ...args} for any action of the fixed action space."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise IllegalAction(f"{action!r} is not an Anima action")
    cards = s.cards
    step = s.step
    if action == A_DONE:
        return _s(_DONE.get(step, "done"))
    if action == A_ROLL:
        return _s("roll_check" if step == S_CHECK else "roll")
    if action == A_REVEAL and step == S_UNVEIL:
        return _s("reveal_final")
    if action == A_ACCEPT and step in (S_TRADE_OFFER, S_TRADE_REPLY):
        return _s("make_offer" if step == S_TRADE_OFFER else "give_answer")
    if action in _SIMPLE:
        return _s(_SIMPLE[action])
    if action < A_CULL:
        return _s("sneak" if step == S_SNEAK else "travel",
                  area=_area_at(s, action - A_TRAVEL))
    if action < A_REVEAL_KIND:
        return _s("cull", area=_area_at(s, action - A_CULL))
    if action < A_PLAY:
        return _s("reveal_kind", area=_id(cards.areas, action - A_REVEAL_KIND))
    if action < A_DISCARD:
        return _s("play", card=_id(cards.advantages, action - A_PLAY))
    if action < A_SALVAGE_ADV:
        return _s(_DISCARD.get(step, "discard"), card=_id(cards.advantages, action - A_DISCARD))
    if action < A_OFFER_ADV:
        return _s("salvage", card=_id(cards.advantages, action - A_SALVAGE_ADV))
    if action < A_ABILITY:
        name = "keep_card" if step == S_KEEP_ONE else "offer"
        return _s(name, card=_id(cards.advantages, action - A_OFFER_ADV))
    if action < A_CHARACTER:
        return _s("ability", card=_id(cards.characters, action - A_ABILITY))
    if action < A_SALVAGE_CHAR:
        return _s(_CHARACTER.get(step, "character"),
                  card=_id(cards.characters, action - A_CHARACTER))
    if action < A_OFFER_CHAR:
        return _s("salvage", card=_id(cards.characters, action - A_SALVAGE_CHAR))
    if action < A_ATTACK:
        return _s("offer", card=_id(cards.characters, action - A_OFFER_CHAR))
    if action < A_TRADE:
        return _s("attack", to=action - A_ATTACK)
    if action < A_SEAT:
        return _s("trade", to=action - A_TRADE)
    if action < A_MISSION:
        return _s("give" if step == S_GIVE else "target", to=action - A_SEAT)
    if action < A_REWARD:
        return _s("mission", slot=action - A_MISSION + 1)
    if action < A_PEEK:
        index = action - A_REWARD
        reward = "unknown"
        if s.loc[s.actor] >= 0:
            rewards = cards.areas[s.area_at[s.loc[s.actor]]].rewards
            if index < len(rewards):
                reward = rewards[index]
        return _s("reward", reward=reward)
    return _s("peek", area=_area_at(s, action - A_PEEK))


def card_name(card_id: str, lang: str) -> str:
    """A card's name by id (built-in cards; other ids are shown as they are)."""
    try:
        card = builtin_cards().by_id(card_id)
    except KeyError:
        return t("anima.unknown_card", lang) if card_id == "unknown" else card_id
    return card.name_zh if lang == "zh-TW" else card.name_en


def foe_name(name: str, lang: str) -> str:
    """A mission foe (or a final mission fought as one), logged by its English name, in
    `lang` (built-in missions; other names are shown as they are)."""
    if lang != "zh-TW":
        return name
    cards = builtin_cards()
    for mission in (*cards.basic, *cards.finals):
        if mission.name_en == name:
            return mission.name_zh
        for step in mission.steps:
            if step.foe_name == name:
                return step.foe_name_zh
    return name


def reward_text(reward: str, lang: str) -> str:
    """'advantage:2' → 'draw 2 advantages' etc."""
    if reward.startswith("advantage:"):
        return t("anima.reward_kind.advantage", lang, n=reward.split(":")[1])
    return t(f"anima.reward_kind.{reward}", lang)


def format_arg(name: str, value: Any, lang: str) -> str | None:
    if name in ("card", "area") and isinstance(value, str):
        return card_name(value, lang)
    if name == "areas" and isinstance(value, list):
        return list_sep(lang).join(card_name(v, lang) for v in value)
    if name == "foe" and isinstance(value, str):
        return foe_name(value, lang)
    if name == "reward" and isinstance(value, str):
        return reward_text(value, lang)
    if name in ("phase", "result", "deck") and isinstance(value, str):
        return t(f"anima.{name}_name.{value}", lang)
    if name in ("dice", "totals", "speeds") and isinstance(value, list):
        return " / ".join(str(v) for v in value)
    if name == "order" and isinstance(value, list):
        from candlelit.i18n import seat_name

        return list_sep(lang).join(seat_name(v, lang) for v in value)
    if name == "passed" and isinstance(value, bool):
        return t(f"anima.passed.{str(value).lower()}", lang)
    return None
