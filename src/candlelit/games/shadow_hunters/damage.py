"""Damage, heals and deaths in 箱庭版暗影獵人: every wound and every heal goes through here.

`hit_many` and `heal` apply the skills that react to an element (D18); deaths settle
together (D22) after revival treasures (秘寶, D21) had their say; the dead's equipment
goes by the `dead_equipment` option and the killer gets its credit (D20). The two death
hooks of the sample characters (聖堂英靈, 自體爆炸) are carried out here too.
"""

from __future__ import annotations

from collections.abc import Callable

from candlelit.engine.flow import check_complete
from candlelit.games.shadow_hunters.constants import A_CARD, A_CELL, CELLS
from candlelit.games.shadow_hunters.state import F_UNRESTRICTED, ShadowHuntersFields
from candlelit.games.shadow_hunters.table import auto_reveal, discard, place
from candlelit.games.shadow_hunters.victory import check_end
from candlelit.games.shadow_hunters.vocabulary import TREASURE_EFFECTS

LAKE_TREASURE_HP = 5
"""湖之秘寶 revives with this many HP (at most the maximum)."""
TEMPLAR_SPIRIT_HP = 6
"""聖堂英靈 revives with this many HP (at most the maximum)."""
TEMPLAR_SPIRIT_CELL = 2
"""聖堂英靈 revives at 高山聖堂."""
EXPLOSION_DAMAGE = 2
"""自體爆炸: damage to everyone on the dying character's location."""


def shares(names: tuple[str, ...], elements: tuple[str, ...]) -> bool:
    """Whether a skill block's element names meet any element the damage or heal carries."""
    return any(e in elements for e in names)


def element_arg(elements: tuple[str, ...]) -> str | list[str]:
    """The log argument of `elements`: 'none', the element, or the list of several."""
    if not elements:
        return "none"
    return elements[0] if len(elements) == 1 else list(elements)


def hit_many(state: ShadowHuntersFields, hits: list[tuple[int, int]],
             elements: tuple[str, ...], source: int, cause: str, bypass: bool = False) -> None:
    """Deal damage carrying `elements` (none: ()) to several characters at once, then
    settle deaths together (D22); every element the damage carries meets the skills.

    `bypass`: the amounts already went through the attack pipeline's reductions.
    """
    dying = []
    shown = (elements[0] if len(elements) == 1 else list(elements)) if elements else "none"
    for tgt, amount in hits:
        if not state.alive[tgt]:
            continue
        if elements:
            if source >= 0 and state.alive[source] and cause != "attack":
                amount += sum(b["amount"] for b in state.blocks(source, "element_damage_dealt")
                              if shares(b["element"], elements))
            bonus = [b for b in state.blocks(tgt, "element_damage_taken", automatic=True)
                     if shares(b["element"], elements)]
            if bonus:
                auto_reveal(state, tgt)
                amount += sum(b["amount"] for b in bonus)
        if not bypass:
            for _ in range(state.shelter[tgt]):
                amount = max(1, amount - 1) if amount else 0
        state.hp[tgt] -= amount
        state._emit("damage", "shadow_hunters.log.damage",
                    {"seat": tgt, "n": amount, "element": shown, "cause": cause})
        if elements and state.hp[tgt] > 0:
            for b in state.blocks(tgt, "element_heal_on_damage", automatic=True):
                if shares(b["element"], elements):
                    auto_reveal(state, tgt)
                    heal(state, tgt, b["amount"], (), tgt)
        if state.hp[tgt] <= 0:
            dying.append(tgt)
    if dying:
        _settle_deaths(state, dying, source, cause)
    check_end(state)


def heal(state: ShadowHuntersFields, tgt: int, amount: int, elements: tuple[str, ...], source: int,
         quiet: bool = False) -> None:
    """Heal carrying `elements` up to max HP (D19); 死者 refuses heals; a heal of an
    element the target takes as harm (水屬治療視為攻擊) wounds instead."""
    if not state.alive[tgt] or amount <= 0:
        return
    if elements and any(
            shares(b["element"], elements)
            for b in state.blocks(tgt, "heal_as_damage", automatic=True)):
        auto_reveal(state, tgt)
        hit_many(state, [(tgt, amount)], elements, source, "heal_as_attack")
        return
    if state.blocks(tgt, "no_heal", automatic=True):
        if state.hp[tgt] < state.max_hp(tgt):  # a refused heal shows only when hurt (D11)
            auto_reveal(state, tgt)
        if not quiet:
            state._emit("heal", "shadow_hunters.log.heal",
                        {"seat": tgt, "n": 0, "element": element_arg(elements)})
        return
    gained = min(amount, state.max_hp(tgt) - state.hp[tgt])
    state.hp[tgt] += gained
    if not quiet:
        state._emit("heal", "shadow_hunters.log.heal",
                    {"seat": tgt, "n": gained, "element": element_arg(elements)})


def _settle_deaths(state: ShadowHuntersFields, dying: list[int], source: int, cause: str) -> None:
    """Treasures replace deaths (D21); the rest die together, then chains resolve (D22)."""
    dead = []
    for seat in dying:
        if not _treasure(state, seat, source):
            dead.append(seat)
    if not dead:
        return
    state.deaths += 1
    for seat in dead:
        state.alive[seat] = 0
        state.hp[seat] = 0
        state.revealed[seat] = 1
        state.death_rank[seat] = state.deaths
        state.shelter[seat] = state.ward[seat] = state.guard[seat] = 0
        killer = source if source >= 0 and source != seat else -1
        state.killer[seat] = killer
        state._emit("death", "shadow_hunters.log.death",
                    {"seat": seat, "character": state.character(seat).id,
                     "by": killer if killer >= 0 else "none"})
        _drop_equipment(state, seat, killer)
    for seat in dead:
        k = state.killer[seat]
        if k >= 0:
            _credit_kill(state, k, seat)
        if state.strike and state.strike[1] == seat and state.strike[6] >= 0:
            cheerer = state.strike[6]
            if any(m["mission"] == "kill_with_skill"
                   for m in state.character(cheerer).missions):
                state.trig.append(cheerer)
    for seat in sorted(dead, key=lambda s: _turn_distance(state, s)):
        if state.character(seat).has_hook("self_destruct") and not state.alive[seat] and \
                not (source == seat and cause == "skill"):
            self_destruct(state, seat)
            if state.cell[seat] in _mission_cells(state, seat, "self_destruct_at"):
                state.trig.append(seat)


def _turn_distance(state: ShadowHuntersFields, seat: int) -> int:
    """How many turns after the current one `seat` plays (0: its turn now)."""
    return (state.order.index(seat) - state.turn) % state.num_players


def _mission_cells(state: ShadowHuntersFields, seat: int, mission: str) -> list[int]:
    """The cells named by the seat's missions of kind `mission`."""
    return [c for m in state.character(seat).missions if m["mission"] == mission
            for c in m["cells"]]


def _treasure(state: ShadowHuntersFields, seat: int, source: int) -> bool:
    """Use the first 秘寶 the seat wears instead of dying; whether it saved the seat."""
    if state.blocks(seat, "no_heal", automatic=True):
        return False
    for card in sorted(state.equip[seat]):
        revive = TREASURES.get(state.cards[card].effect)
        if revive is None:
            continue
        state.equip[seat].remove(card)
        state.removed.append(card)
        state._emit("treasure", "shadow_hunters.log.treasure",
                    {"seat": seat, "card": state.cards[card].id})
        return revive(state, seat, source)
    return False


def _drop_equipment(state: ShadowHuntersFields, seat: int, killer: int) -> None:
    """D20: the dead's equipment is discarded, left behind, or partly the killer's."""
    gone = state.equip[seat]
    state.equip[seat] = []
    for c in state.held[seat]:
        discard(state, c)
    state.held[seat] = []
    mode = state.options["dead_equipment"]
    if mode == "left-on-location":
        state.dropped[CELLS.index(state.cell[seat])].extend(gone)
        return
    if mode == "killer-takes-one" and killer >= 0 and state.alive[killer] and gone:
        state.queue.append(["equip", killer, [A_CARD + c for c in gone], "spoils", seat])
        state.equip[seat] = gone
        return
    for c in gone:
        discard(state, c)


def _credit_kill(state: ShadowHuntersFields, killer: int, victim: int) -> None:
    """Kill credit (D20): 吞噬攝食, 病毒感染 and kill missions."""
    for m in state.character(killer).missions:
        if m["mission"] == "kill_character_holding" and \
                state.character(victim).id == m["character"] and \
                any(state.cards[c].effect in TREASURES for c in state.equip[killer]):
            state.trig.append(killer)
    if state.alive[killer]:
        for b in state.blocks(killer, "on_kill_heal", automatic=True):
            auto_reveal(state, killer)
            heal(state, killer, b["amount"], (), killer)
    for b in state.blocks(killer, "zombify_kills", automatic=True):
        if state.character(victim).blocks("no_heal"):
            continue
        auto_reveal(state, killer)
        state.zombie_of[victim] = state.char[killer] if state.zombie_of[killer] < 0 \
            else state.zombie_of[killer]
        state.zmax[victim] = b["max_hp"]
        state.hp[victim] = b["hp"]
        state.alive[victim] = 1
        state._emit("zombie", "shadow_hunters.log.zombie", {"seat": victim})



# == the death hooks (hooks.py names them) ==================================================
def templar_spirit(state: ShadowHuntersFields, seat: int) -> None:
    """聖堂英靈: the Sanctuary treasure revives at 高山聖堂 with 6 HP; 大地聖劍 loses its limit."""
    state.hp[seat] = min(TEMPLAR_SPIRIT_HP, state.max_hp(seat))
    place(state, seat, TEMPLAR_SPIRIT_CELL)
    state.flags[seat] |= F_UNRESTRICTED


def self_destruct(state: ShadowHuntersFields, seat: int) -> None:
    """自體爆炸: everyone on the dying character's location takes 2 damage."""
    cell = state.cell[seat]
    victims = [(s, EXPLOSION_DAMAGE) for s in state.living() if state.cell[s] == cell
               and s != seat]
    state.exploded_at[seat] = cell
    if victims:
        hit_many(state, victims, (), seat, "explosion")



# == the treasures (秘寶, D21), in deck order ==============================================
def _lake_treasure(state: ShadowHuntersFields, seat: int, source: int) -> bool:
    """湖之秘寶: back with 5 HP (at most the maximum)."""
    state.hp[seat] = min(LAKE_TREASURE_HP, state.max_hp(seat))
    return True


def _sanctuary_treasure(state: ShadowHuntersFields, seat: int, source: int) -> bool:
    """聖堂秘寶: back with 1 HP on a location of the seat's choice (聖堂英靈: its own way)."""
    if state.character(seat).has_hook("templar_spirit"):
        auto_reveal(state, seat)
        templar_spirit(state, seat)
    else:
        state.hp[seat] = 1
        state.queue.append(["cell", seat, [A_CELL + k for k in range(8)], "sanctuary"])
    return True


def _forest_treasure(state: ShadowHuntersFields, seat: int, source: int) -> bool:
    """叢森秘寶: back with 1 HP, and the seat takes an item of the one who dealt the blow."""
    state.hp[seat] = 1
    if source >= 0 and source != seat and state.equip[source]:
        state.queue.append(["equip", seat, [A_CARD + c for c in state.equip[source]],
                            "steal", source])
    return True


def _flame_treasure(state: ShadowHuntersFields, seat: int, source: int) -> bool:
    """炎之秘寶: every item is discarded; back with 1 HP per red one (none: no rescue),
    and the one who dealt the blow takes that much fire."""
    gone = list(state.equip[seat])
    reds = sum(1 for c in gone if state.cards[c].colour == "red")
    state.equip[seat] = []
    for c in gone:
        discard(state, c)
    if reds == 0:
        return False
    state.hp[seat] = min(reds, state.max_hp(seat))
    if source >= 0 and source != seat and state.alive[source]:
        hit_many(state, [(source, reds)], ("fire",), seat, "treasure")
    return True


TREASURES: dict[str, Callable[[ShadowHuntersFields, int, int], bool]] = {
    "lake_treasure": _lake_treasure,
    "sanctuary_treasure": _sanctuary_treasure,
    "forest_treasure": _forest_treasure,
    "flame_treasure": _flame_treasure,
}
"""Treasure effect -> how it replaces a death (state, the dying seat, the blow's source);
whether it saved the seat."""
check_complete("shadow-hunters: treasure", TREASURE_EFFECTS, TREASURES)
