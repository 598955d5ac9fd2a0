"""Bit tricks on uint64 card masks shared by the numba kernels (the search and the
sampler): population count, lowest and highest set bit, the cards above a card.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from .jit import helper


def _as_u64(context, builder, ty, value):
    return context.cast(builder, value, ty, types.uint64)


@intrinsic
def _lowbit_index(typingctx, m):
    """Index of the lowest set bit of ``m`` (0 for 0): LLVM's count-trailing-zeros."""
    if not isinstance(m, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        v = _as_u64(context, builder, sig.args[0], args[0])
        zero = ir.Constant(v.type, 0)
        tz = builder.cttz(v, ir.Constant(ir.IntType(1), 0))
        return builder.select(builder.icmp_unsigned("==", v, zero), zero, tz)
    return types.int64(types.unliteral(m)), codegen


@intrinsic
def _highbit_index(typingctx, m):
    """Index of the highest set bit of ``m`` (0 for 0): 63 minus LLVM's count-leading-zeros."""
    if not isinstance(m, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        v = _as_u64(context, builder, sig.args[0], args[0])
        zero = ir.Constant(v.type, 0)
        lz = builder.ctlz(v, ir.Constant(ir.IntType(1), 0))
        hb = builder.sub(ir.Constant(v.type, 63), lz)
        return builder.select(builder.icmp_unsigned("==", v, zero), zero, hb)
    return types.int64(types.unliteral(m)), codegen


@intrinsic
def popcount(typingctx, m):
    """Number of set bits of ``m`` (an integer, taken as uint64), as int64: LLVM's ctpop
    (one instruction where the CPU has it)."""
    if not isinstance(m, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        return builder.ctpop(_as_u64(context, builder, sig.args[0], args[0]))
    return types.int64(types.unliteral(m)), codegen


@helper
def _bit(c):
    return np.uint64(1) << np.uint64(c)


@helper
def _above(c):
    """The bits of the cards stronger than card ``c`` (higher ids), in any suit."""
    return ~((_bit(c) << np.uint64(1)) - np.uint64(1))
