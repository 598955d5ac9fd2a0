"""Bit tricks on uint64 card masks shared by the numba kernels (``sampling.py``,
``solver/search.py``).

numba's cache tracks only a kernel's own file: after changing anything here, clear the
cache (the ``*.nbi``/``*.nbc`` files under ``royal_sim``) so the kernels pick it up.
"""

import numpy as np
from numba import njit


@njit(cache=True, inline="always")
def popcount(m):
    """Number of set bits of uint64 ``m`` (as int64), branch-free."""
    m = m - ((m >> np.uint64(1)) & np.uint64(0x5555555555555555))
    m = (m & np.uint64(0x3333333333333333)) + ((m >> np.uint64(2)) & np.uint64(0x3333333333333333))
    m = (m + (m >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((m * np.uint64(0x0101010101010101)) >> np.uint64(56))
