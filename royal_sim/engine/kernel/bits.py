"""Bit tricks on uint64 card masks shared by the numba kernels (the search and the
sampler): population count, lowest and highest set bit, the cards above a card.
"""

from __future__ import annotations

import numpy as np

from .jit import helper


_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_DEBRUIJN_TABLE = np.array([
    0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
    62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
    63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
    46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6], dtype=np.int64)


@helper
def _lowbit_index(m):
    low = m & (~m + np.uint64(1))
    return _DEBRUIJN_TABLE[np.int64((low * _DEBRUIJN) >> np.uint64(58))]


@helper
def _highbit_index(m):
    n = 0
    if m >> np.uint64(32):
        m >>= np.uint64(32)
        n += 32
    if m >> np.uint64(16):
        m >>= np.uint64(16)
        n += 16
    if m >> np.uint64(8):
        m >>= np.uint64(8)
        n += 8
    if m >> np.uint64(4):
        m >>= np.uint64(4)
        n += 4
    if m >> np.uint64(2):
        m >>= np.uint64(2)
        n += 2
    if m >> np.uint64(1):
        n += 1
    return n


@helper
def _bit(c):
    return np.uint64(1) << np.uint64(c)


@helper
def _above(c):
    """The bits of the cards stronger than card ``c`` (higher ids), in any suit."""
    return ~((_bit(c) << np.uint64(1)) - np.uint64(1))


@helper
def popcount(m):
    """Number of set bits of uint64 ``m`` (as int64), branch-free."""
    m = m - ((m >> np.uint64(1)) & np.uint64(0x5555555555555555))
    m = (m & np.uint64(0x3333333333333333)) + ((m >> np.uint64(2)) & np.uint64(0x3333333333333333))
    m = (m + (m >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((m * np.uint64(0x0101010101010101)) >> np.uint64(56))
