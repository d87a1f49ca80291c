"""Seeded chance: draws are reproducible, keyed by seed and draw, and fair."""

from collections import Counter

from candlelit.engine.rng import chance_below, chance_stream, derive_seed


def test_a_draw_depends_only_on_seed_draw_and_range():
    assert [chance_below(7, d, 6) for d in range(50)] == \
        [chance_below(7, d, 6) for d in range(50)]
    assert [chance_below(7, d, 6) for d in range(50)] != \
        [chance_below(8, d, 6) for d in range(50)]


def test_draws_stay_in_range_and_are_close_to_uniform():
    for n in (1, 2, 6, 8, 1 << 30):
        assert all(0 <= chance_below(3, d, n) < n for d in range(2000))
    counts = Counter(chance_below(11, d, 6) for d in range(60_000))
    assert sorted(counts) == [0, 1, 2, 3, 4, 5]
    # 10,000 expected per face; 5 standard deviations is about 460
    assert all(abs(c - 10_000) < 460 for c in counts.values()), counts


def test_consecutive_draws_are_not_correlated():
    pairs = Counter((chance_below(5, d, 6), chance_below(5, d + 1, 6)) for d in range(36_000))
    assert len(pairs) == 36
    assert all(abs(c - 1000) < 200 for c in pairs.values()), pairs


def test_streams_and_derived_seeds_are_reproducible():
    assert chance_stream(1, 2).random() == chance_stream(1, 2).random()
    assert chance_stream(1, 2).random() != chance_stream(1, 3).random()
    assert derive_seed("a", 1) == derive_seed("a", 1) != derive_seed("a", 2)
    assert 0 <= derive_seed("x") < 1 << 63
