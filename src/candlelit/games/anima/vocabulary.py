"""The effects candlelit can play for Anima cards: a small vocabulary every card file uses.

A card names what it does as a list of `{op: NAME, ...parameters}` entries: `does` on
advantages and encounters, `ability.does` on characters and `special_does` on areas. The
op fixes *when* the effect can be used (the window below), so the printed timing only has
to agree with it. A card whose op is not listed here is refused with the list of known ops.

Windows (where an op is offered or applied):
  combat      before the dice of a combat your party fights (advantage, ability, passive)
  check       before the die of your party's Speed check
  death       when one of your characters would die
  explore     after your exploration die is rolled
  reset       your Reset turn
  movement    your Movement turn
  interaction your Interaction turn
  revealed    an encounter was just revealed against your party
  attacked    your party was just attacked by another party
  any         any of your own phase turns (Reset, Movement, Interaction)
  passive     always on while the card is in play (characters; joined organizations)
  encounter   printed on an encounter: applied when it is faced
  special     an area's special event (the EX result of its exploration table)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SKILLS = ("Trickery", "Magic", "Ki")
CREATURE_TYPES = ("Beast", "Darkness", "Spirit", "Human", "Construct")


@dataclass(frozen=True)
class Op:
    """One effect entry: `op` with its parameters (unused ones keep their defaults)."""

    op: str
    amount: int = 0
    count: int = 0
    vs: str = ""
    types: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    skill: str = ""
    target: int = 0
    fail: str = ""
    margin: int = 0
    trade_count: int = 0
    discard: int = 0
    choose: bool = False


@dataclass(frozen=True)
class OpSpec:
    """Where an op may appear, the window it acts in and the parameters it takes."""

    places: tuple[str, ...]
    window: str
    params: tuple[str, ...] = ()
    help: str = ""


_CARD = ("advantage", "ability")
VOCABULARY: dict[str, OpSpec] = {
    # advantages and abilities
    "combat": OpSpec(_CARD, "combat", ("amount", "vs", "types"),
                     "+amount Combat (vs: creature | party; types: creature types)"),
    "combat_per_character": OpSpec(_CARD, "combat", ("amount",),
                                   "+amount Combat per active character"),
    "opponent_minus": OpSpec(_CARD, "combat", ("amount",), "the other side's total -amount"),
    "escape": OpSpec(_CARD, "combat", (), "leave a creature combat: nobody wins"),
    "combat_reroll": OpSpec(("ability",), "combat", (), "re-roll your combat die once"),
    "kill_on_win": OpSpec(_CARD, "combat", (), "beat a party: one of its characters dies"),
    "big_win_draw": OpSpec(_CARD, "combat", ("count",), "win by 5 or more: draw count"),
    "check_bonus": OpSpec(_CARD, "check", ("amount",), "+amount to one Speed check"),
    "prevent_death": OpSpec(_CARD, "death", (), "a character that would die survives"),
    "death_guard": OpSpec(("ability",), "death", (),
                          "once per round, a death is prevented without exhausting"),
    "explore_adjust": OpSpec(_CARD, "explore", ("amount",), "exploration die +/- amount"),
    "explore_reroll": OpSpec(_CARD, "explore", ("choose",),
                             "re-roll the exploration die (choose: keep either result)"),
    "speed_round": OpSpec(_CARD, "reset", ("amount",), "+amount Speed this round"),
    "refresh_inactive": OpSpec(("advantage", "ability", "encounter", "special"), "reset", (),
                               "turn your inactive characters face up"),
    "recruit": OpSpec(("advantage", "ability", "encounter"), "reset", (),
                      "draw a character if the party has room"),
    "draw": OpSpec(("advantage", "ability", "encounter", "special"), "reset",
                   ("count", "trade_count"), "draw count advantages (trade_count on a trade area)"),
    "peek_encounter": OpSpec(_CARD, "movement", (), "look at an area's face-down encounter"),
    "extra_reveal": OpSpec(_CARD, "movement", (), "reveal a new area even if one was revealed"),
    "scout_areas": OpSpec(_CARD, "movement", ("count",),
                          "reveal a new area choosing among the top count"),
    "sneak_in": OpSpec(_CARD, "movement", (), "go to an area without facing its encounter"),
    "swap_encounter": OpSpec(("ability",), "revealed", (),
                             "in Movement, discard the revealed encounter for the next one"),
    "cancel_event": OpSpec(_CARD, "revealed", (), "cancel a revealed event"),
    "cancel_attack": OpSpec(_CARD, "attacked", (), "cancel an attack on your party"),
    "steal_advantage": OpSpec(_CARD, "interaction", (),
                              "take a random advantage from a party in your area"),
    "steal_character": OpSpec(_CARD, "interaction", (),
                              "take a character (not the last) from a party in your area"),
    "sabotage": OpSpec(_CARD, "any", ("amount",), "another party -amount Speed this round"),
    # organizations (passive while joined)
    "speed": OpSpec(("advantage",), "passive", ("amount",), "+amount party Speed"),
    "draw_on_win": OpSpec(("advantage",), "passive", ("count",),
                          "once per round, win a combat: draw count"),
    "draw_on_trade": OpSpec(("advantage",), "passive", ("count",),
                            "once per round, trade: draw count"),
    # encounters
    "only_skills_add": OpSpec(("encounter",), "encounter", ("skills",),
                              "only characters with these skills add Combat"),
    "half_without": OpSpec(("encounter",), "encounter", ("skills",),
                           "characters without these skills add half (round down)"),
    "bonus_vs_skill": OpSpec(("encounter",), "encounter", ("skill", "amount"),
                             "+amount Combat against a party with an active skill character"),
    "immune_card_types": OpSpec(("encounter",), "encounter", ("types",),
                                "advantages of these types add nothing against it"),
    "ignore_card_bonuses": OpSpec(("encounter",), "encounter", (),
                                  "advantages add no Combat against it"),
    "death_margin": OpSpec(("encounter",), "encounter", ("margin",),
                           "a character dies when the party loses by more than margin"),
    "win_steal_advantage": OpSpec(("encounter",), "encounter", (),
                                  "it wins: the party loses a random advantage"),
    "win_inactivate": OpSpec(("encounter",), "encounter", (),
                             "it wins: a character of the party's choice becomes inactive"),
    "win_grow": OpSpec(("encounter",), "encounter", ("amount",), "it wins: +amount Combat"),
    "win_discard_advantage": OpSpec(("encounter",), "encounter", (),
                                    "it wins: the party discards an advantage of its choice"),
    "defeat_recruit": OpSpec(("encounter",), "encounter", (), "beaten: the party recruits"),
    "defeat_draw": OpSpec(("encounter",), "encounter", ("count",), "beaten: draw count"),
    "defeat_see_finals": OpSpec(("encounter",), "encounter", (),
                                "beaten: the party's player sees the hidden final missions"),
    "speed_check": OpSpec(("encounter",), "encounter", ("target", "fail", "amount"),
                          "Speed check; fail: no_reward | ambush (next encounter, -amount) | "
                          "inactivate"),
    "stranger": OpSpec(("encounter",), "encounter", ("count",),
                       "draw count, keep one, give the others to other players"),
    "all_check": OpSpec(("encounter", "special"), "encounter", ("target", "fail"),
                        "every party in the area makes a Speed check; fail: discard_random | die"),
    "expel_all": OpSpec(("encounter",), "encounter", (), "every party in the area is expelled"),
    # area specials
    "recruit_as_reward": OpSpec(("special",), "special", (), "recruit as this round's reward"),
    "draw_keep": OpSpec(("special",), "special", ("count", "discard"),
                        "draw count, then discard `discard` of your choice"),
    "take_reward": OpSpec(("special",), "special", (), "then take one of the area's rewards"),
    "check_or_expel": OpSpec(("special",), "special", ("target",),
                             "Speed check or the party is expelled with no reward"),
    "inactivate_one": OpSpec(("special",), "special", (),
                             "a character of your choice becomes inactive"),
    "check_two_rewards": OpSpec(("special",), "special", ("target",),
                                "Speed check: two different rewards; failure: expelled"),
}
FAILS = ("no_reward", "ambush", "inactivate", "discard_random", "die")
VS = ("", "creature", "party")


def parse_ops(raw: Any, place: str, where: str) -> tuple[Op, ...]:
    """Validate a `does` list for a card `place`; ValueError naming `where` on any problem."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ValueError(f"{where}: `does` is a list of {{op: ...}} entries")
    out = []
    for entry in raw:
        if not isinstance(entry, dict) or "op" not in entry:
            raise ValueError(f"{where}: every `does` entry is a mapping with an `op`")
        name = entry["op"]
        spec = VOCABULARY.get(name)
        if spec is None:
            raise ValueError(f"{where}: unknown op {name!r} (known: {', '.join(VOCABULARY)})")
        if place not in spec.places:
            raise ValueError(f"{where}: op {name!r} cannot appear on a {place}")
        extra = set(entry) - {"op", *spec.params}
        if extra:
            raise ValueError(f"{where}: op {name!r} takes no {', '.join(sorted(extra))} "
                             f"(takes: {', '.join(spec.params) or 'nothing'})")
        args: dict[str, Any] = {}
        for key, value in entry.items():
            if key == "op":
                continue
            if key in ("types", "skills"):
                if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                    raise ValueError(f"{where}: {name}.{key} is a list of names")
                known = SKILLS + CREATURE_TYPES + ("Plot",)
                bad = [v for v in value if v not in known]
                if bad:
                    raise ValueError(f"{where}: {name}.{key}: unknown {', '.join(bad)}")
                args[key] = tuple(value)
            elif key == "choose":
                if type(value) is not bool:
                    raise ValueError(f"{where}: {name}.choose is true or false")
                args[key] = value
            elif key in ("vs", "fail", "skill"):
                allowed = {"vs": VS, "fail": FAILS, "skill": SKILLS}[key]
                if value not in allowed:
                    raise ValueError(f"{where}: {name}.{key} is one of {', '.join(allowed)}")
                args[key] = value
            else:
                if type(value) is not int or not 0 <= value <= 30:
                    raise ValueError(f"{where}: {name}.{key} is a whole number 0-30")
                args[key] = value
        if name == "speed_check" and args.get("fail") not in ("no_reward", "ambush",
                                                            "inactivate"):
            raise ValueError(f"{where}: speed_check.fail is no_reward, ambush or inactivate")
        if name == "all_check" and args.get("fail") not in ("discard_random", "die"):
            raise ValueError(f"{where}: all_check.fail is discard_random or die")
        out.append(Op(name, **args))
    if place in ("advantage", "ability"):
        windows = {VOCABULARY[o.op].window for o in out}
        if len(windows) > 1:
            raise ValueError(f"{where}: the ops of one card must act in one window, not "
                             f"{', '.join(sorted(windows))}")
    return tuple(out)


def window_of(op: Op) -> str:
    """The window an op acts in (see the module docstring)."""
    return VOCABULARY[op.op].window
