"""Python hooks: the skills of the sample characters that the block vocabulary cannot say.

Each hook is named in a character file (`hook: NAME`); the rules call it at the skill's
timing and change the state only through their own helpers, so win checks and the log
follow as for any other effect. The character loader accepts exactly the names below; each
is carried out by the function of the same name in the module listed.
"""

from __future__ import annotations

HOOKS: dict[str, str] = {
    "templar_spirit": "damage.py: 聖堂英靈, the Sanctuary treasure revives at 高山聖堂 with "
                      "6 HP and 大地聖劍 loses its limit",
    "self_fireball": "skills.py: 自發火球, the target and the user take 2 damage at the "
                     "same time",
    "self_destruct": "damage.py: 自體爆炸, everyone on the dying character's location "
                     "takes 2 damage",
}
"""Hook name -> where it is carried out and what it does."""
