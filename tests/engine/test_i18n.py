"""Every message a game emits reads in both languages."""

from __future__ import annotations

import pytest

from candlelit.engine import conformance as c
from candlelit.engine.registry import games
from candlelit.i18n import LANGUAGES, catalog, message

CASES = [(spec.name, n) for spec in games() for n in spec.player_counts]


def test_catalogs_have_the_same_keys_in_every_language():
    keys = {lang: set(catalog(lang)) for lang in LANGUAGES}
    assert keys["en"] == keys["zh-TW"], keys["en"] ^ keys["zh-TW"]


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_every_event_and_action_renders_in_both_languages(game, players):
    labels: dict[str, set[str]] = {lang: set() for lang in LANGUAGES}

    def visit(state, _step):
        for p in state.pending_players():
            for a in state.legal_actions(p):
                for lang in LANGUAGES:
                    labels[lang].add(state.action_to_string(p, a, lang))

    final = c.playout(game, players, 2, chooser=3, visit=visit)
    seen = set()
    for event in final.events():
        seen.add(event.key)
        en = message(game, event.key, event.args, "en")
        zh = message(game, event.key, event.args, "zh-TW")
        assert en and zh and en != zh, event.key
        assert "{" not in en + zh, f"unformatted placeholder in {event.key}"
    assert len(seen) >= 6
    assert labels["en"].isdisjoint(labels["zh-TW"])
