"""Deals drawn a chunk at a time (``deal --count 10000000`` writes as it draws): the same
deals, in the same order, as one ``DealSampler.sample`` call, memory bounded by a chunk."""

from __future__ import annotations

from typing import Iterator

from .sampler import DealSampler, SampleResult


def sample_chunks(sampler: DealSampler, n: int, seed: int, *, method: str = "auto",
                  max_attempts: int | None = None, chunk: int = 100_000
                  ) -> Iterator[SampleResult]:
    """The deals of ``sampler.sample(n, seed, method=…)`` as ``SampleResult``s of at most
    ``chunk`` deals each: the generator's state and the cards the kernels shuffle carry on
    from chunk to chunk. ``attempts`` and ``max_attempts`` (the rejection ceiling) are per
    chunk. Raises as ``sample``, before the first chunk for a bad argument."""
    n, state, method = sampler._check(n, seed, method)
    return _chunks(sampler, n, state, seed, method, max_attempts, max(1, int(chunk)))


def _chunks(sampler, n, state, seed, method, max_attempts, chunk):
    cards, cls_cards = sampler._free_cards.copy(), sampler._cls_cards.copy()
    for start in range(0, max(n, 1), chunk):
        yield sampler._fill(min(chunk, n - start), state, cards, cls_cards, seed, method,
                            max_attempts)
