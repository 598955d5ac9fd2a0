"""The one random generator of royal-sim: xoshiro256** (Blackman and Vigna), seeded through
splitmix64, as the authors recommend. The kernels draw with ``_next`` (inlined); Python code
that needs the same stream (the sampler's exact big-integer draws) calls ``next64`` on the
same state array."""

from __future__ import annotations

import numpy as np

from .compile import helper, kernel

M64 = (1 << 64) - 1
"""The largest 64-bit unsigned value, the mask of Python integer arithmetic modulo 2**64."""


def seed_state(seed: int) -> np.ndarray:
    """The (4,) uint64 xoshiro256** state for ``seed`` (0 ≤ seed < 2**64): four splitmix64
    outputs.

    :raises ValueError: ``seed`` not an integer in that range."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    seed = int(seed)
    if not 0 <= seed <= M64:
        raise ValueError(f"seed {seed} out of range 0..2**64-1")
    x, out = seed, []
    for _ in range(4):
        x = (x + 0x9E3779B97F4A7C15) & M64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        out.append(z ^ (z >> 31))
    return np.array(out, dtype=np.uint64)


@helper(error_model="python")
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@helper(error_model="python")
def _next(s):
    """Next 64-bit output of xoshiro256** with state ``s`` ((4,) uint64, updated in place)."""
    s0, s1, s2, s3 = s[0], s[1], s[2], s[3]
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    s[0], s[1], s[2], s[3] = s0, s1, s2, s3
    return result


@kernel(error_model="python")
def _outputs(state, n):
    """``n`` outputs (uint64 array) of the generator, advancing ``state`` ((4,) uint64)."""
    out = np.empty(n, dtype=np.uint64)
    for i in range(n):
        out[i] = _next(state)
    return out


def next64(state: np.ndarray) -> int:
    """The next output of the generator with ``state`` ((4,) uint64, advanced in place), as
    a Python int (for Python callers of the kernels' stream)."""
    return int(_outputs(state, np.int64(1))[0])


def outputs(state: np.ndarray, n: int) -> np.ndarray:
    """``n`` outputs (uint64) from a copy of ``state`` (the state is not advanced)."""
    return _outputs(state.copy(), np.int64(n))
