"""The numba foundation of every kernel of royal-sim (the engine's and the sampler's): the
decorators and the cache keyed on the kernel sources (``compile``), the bit intrinsics on
uint64 card masks (``bits``) and the one random generator (``rng``)."""

from .compile import CACHE_DIR, direct_call_cached, helper, in_cache, kernel, kernel_no_refcount, kernel_sources

__all__ = ["CACHE_DIR", "direct_call_cached", "helper", "in_cache", "kernel", "kernel_no_refcount", "kernel_sources"]
