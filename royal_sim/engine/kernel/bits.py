"""Bit tricks on uint64 card masks shared by the numba kernels (the search and the
sampler): population count, lowest and highest set bit, the cards above a card; and the one
atomic counter the parallel batch kernel deals its cells with.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from .jit import helper


def _on_u64(name: str, emit, doc: str):
    """An intrinsic ``name(m)`` for any integer ``m``: ``emit(builder, v)`` builds the int64
    result from ``v``, ``m`` cast to uint64 (an LLVM instruction or two)."""
    def typer(typingctx, m):
        if not isinstance(m, types.Integer):
            return None

        def codegen(context, builder, sig, args):
            return emit(builder, context.cast(builder, args[0], sig.args[0], types.uint64))
        return types.int64(types.unliteral(m)), codegen
    typer.__name__ = typer.__qualname__ = name
    typer.__doc__ = doc
    return intrinsic(typer)


def _zero_for_zero(builder, v, x):
    """``x``, or 0 where ``v`` is 0."""
    zero = ir.Constant(v.type, 0)
    return builder.select(builder.icmp_unsigned("==", v, zero), zero, x)


_DEFINED_AT_ZERO = ir.Constant(ir.IntType(1), 0)   # cttz/ctlz of 0 is 64, not poison

_lowbit_index = _on_u64(
    "_lowbit_index",
    lambda b, v: _zero_for_zero(b, v, b.cttz(v, _DEFINED_AT_ZERO)),
    "Index of the lowest set bit of ``m`` (0 for 0): LLVM's count-trailing-zeros.")

_highbit_index = _on_u64(
    "_highbit_index",
    lambda b, v: _zero_for_zero(b, v, b.sub(ir.Constant(v.type, 63),
                                             b.ctlz(v, _DEFINED_AT_ZERO))),
    "Index of the highest set bit of ``m`` (0 for 0): 63 minus LLVM's count-leading-zeros.")

popcount = _on_u64(
    "popcount",
    lambda b, v: b.ctpop(v),
    "Number of set bits of ``m`` (an integer, taken as uint64), as int64: LLVM's ctpop "
    "(one instruction where the CPU has it).")


@helper
def _bit(c):
    return np.uint64(1) << np.uint64(c)


@helper
def _above(c):
    """The bits of the cards stronger than card ``c`` (higher ids), in any suit."""
    return ~((_bit(c) << np.uint64(1)) - np.uint64(1))


@helper
def _highest_bits(m, k):
    """``m`` with only its ``k`` highest set bits (all of them if it has fewer)."""
    drop = popcount(m) - k
    while drop > 0:         # clear the lowest
        m &= m - np.uint64(1)
        drop -= 1
    return m


@intrinsic
def fetch_add(typingctx, counter, step):
    """``counter[0] += step`` as one atomic step (LLVM ``atomicrmw add``, sequentially
    consistent), returning the value before: threads sharing ``counter`` (a 1-d int64
    array) each get a different value. ``step``: an integer."""
    if not (isinstance(counter, types.Array) and counter.dtype == types.int64
            and counter.ndim == 1 and isinstance(step, types.Integer)):
        return None

    def codegen(context, builder, sig, args):
        aryty = sig.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary,
                                       [context.get_constant(types.intp, 0)])
        inc = context.cast(builder, args[1], sig.args[1], types.int64)
        return builder.atomic_rmw("add", ptr, inc, "seq_cst")
    return types.int64(counter, types.unliteral(step)), codegen
