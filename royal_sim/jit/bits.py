"""Bit tricks on uint64 card masks shared by the numba kernels (the search and the
sampler): population count, lowest and highest set bit, the cards above a card; the one
atomic counter the parallel batch kernel deals its cells with; a cache prefetch hint; and
BMI2's PEXT/PDEP for the table key, where the CPU has them fast (``FAST_PEXT``).
"""

from __future__ import annotations

import llvmlite.binding as llvm
import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from .compile import helper


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


@intrinsic
def _bit(typingctx, c):
    """The mask of card ``c`` (any integer), ``1 << c`` as uint64: one LLVM shift. An
    intrinsic, not an inlined helper: a helper's body is copied into the IR at each of its
    ~60 call sites (5 % of the search kernel's code, and its compile time)."""
    if not isinstance(c, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        v = context.cast(builder, args[0], sig.args[0], types.uint64)
        return builder.shl(ir.Constant(v.type, 1), v)
    return types.uint64(types.unliteral(c)), codegen


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


@intrinsic
def prefetch(typingctx, array, index):
    """Hint the CPU to bring ``array[index]`` (a 1-d array, an integer index) into its caches
    (LLVM ``llvm.prefetch``, read, high locality): no effect on any value, a no-op where the
    target has no prefetch instruction."""
    if not (isinstance(array, types.Array) and array.ndim == 1
            and isinstance(index, types.Integer)):
        return None

    def codegen(context, builder, sig, args):
        aryty = sig.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        idx = context.cast(builder, args[1], sig.args[1], types.intp)
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [idx])
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fn = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32]),
            "llvm.prefetch.p0")
        builder.call(fn, [builder.bitcast(ptr, i8p), ir.Constant(i32, 0), ir.Constant(i32, 3),
                          ir.Constant(i32, 1)])
        return context.get_dummy_value()
    return types.void(array, types.unliteral(index)), codegen


def _fast_pext() -> bool:
    """Does the CPU numba compiles for have BMI2's PEXT and PDEP as fast instructions? Not
    where numba is told to compile for another CPU (``NUMBA_CPU_NAME``), nor on AMD's
    first Zen cores (``znver1``, ``znver2``), where they are microcoded (hundreds of
    cycles)."""
    if numba.config.CPU_NAME or numba.config.CPU_FEATURES:
        return False
    try:
        return (bool(llvm.get_host_cpu_features().get("bmi2"))
                and llvm.get_host_cpu_name() not in ("znver1", "znver2"))
    except Exception:  # noqa: BLE001 - no feature list: take the portable code
        return False


FAST_PEXT = _fast_pext()


def _bmi2(name: str, llvm_name: str, doc: str):
    """An intrinsic ``name(x, mask)`` on uint64: the x86 BMI2 instruction ``llvm_name``."""
    def typer(typingctx, x, mask):
        if not (isinstance(x, types.Integer) and isinstance(mask, types.Integer)):
            return None

        def codegen(context, builder, sig, args):
            i64 = ir.IntType(64)
            fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i64, [i64, i64]),
                                                llvm_name)
            return builder.call(fn, [context.cast(builder, args[0], sig.args[0], types.uint64),
                                     context.cast(builder, args[1], sig.args[1], types.uint64)])
        return types.uint64(types.unliteral(x), types.unliteral(mask)), codegen
    typer.__name__ = typer.__qualname__ = name
    typer.__doc__ = doc
    return intrinsic(typer)


pext = _bmi2("pext", "llvm.x86.bmi.pext.64",
             "The bits of ``x`` at the set bits of ``mask``, packed into the low bits (BMI2 "
             "PEXT; only where ``FAST_PEXT``).")
pdep = _bmi2("pdep", "llvm.x86.bmi.pdep.64",
             "The low bits of ``x`` spread to the set bits of ``mask``, lowest first (BMI2 "
             "PDEP; only where ``FAST_PEXT``).")
