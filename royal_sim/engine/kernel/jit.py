"""How every numba kernel of royal-sim is compiled, and where its cache lives.

numba's on-disk cache checks only a kernel's own source file, but the kernels call helpers
in other files (the search inlines the move generator of ``moves.py``, the sampler the bit
tricks of ``bits.py``): a changed helper would leave a stale kernel in the cache. So every
kernel is cached in a directory keyed on a hash of all the kernel sources of this folder:
a change in any of them moves the whole cache to a fresh directory, and every kernel is
compiled again, with no manual clearing. Old directories are removed when a new one is made.

Every kernel of the package uses them (the sampler's too, for the helpers it takes from
here). The cache lives under ``NUMBA_CACHE_DIR`` when that is set, else beside the sources
(``__pycache__``, as numba's own default), else in the user's cache directory.

The decorators:

- ``helper``: a small function inlined into its callers (``inline="always"``);
- ``kernel``: a function compiled on its own (``parallel=True`` for the batch kernel);
- ``kernel_no_refcount``: a kernel that allocates nothing, compiled without numba's reference
  counting (numba's private ``_nrt`` switch: its atomic counts on every array passed to a
  call took about two thirds of the search time). If a numba release lacks the switch, the
  kernel is compiled plainly (slower, same results) with one warning.

A kernel (not a helper) is compiled once per argument types, and numba types a constant
argument as a literal (``Literal[int](-1)``), also while a variable's type is still being
inferred: a call ``f(x, -1)`` or a variable first set to ``-1`` compiled ``f`` a second
time (with every helper inlined into it). Callers pass typed values (``np.int64(-1)``,
``np.bool_(False)``); ``benchmarks/bench_solver.py`` prints the specializations compiled.

All use ``error_model="numpy"`` unless told otherwise (no Python exception checks on integer
division: every divisor is a nonzero constant), so a search compiled for a direct call is the
same code as one compiled inside the parallel batch kernel.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import tempfile
import warnings
from pathlib import Path

import numba
from numba import njit

_HERE = Path(__file__).resolve().parent
_PREFIX = "royal_sim-kernels-"


def sources_hash(folder: Path = _HERE) -> str:
    """Hex digest (16 chars) of every ``*.py`` file of the kernel folder, names and bytes."""
    h = hashlib.sha256()
    for p in sorted(folder.glob("*.py")):
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def _writable(path: Path) -> bool:
    try:
        path.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=path).close()
        return True
    except OSError:
        return False


def _cache_base() -> Path:
    env = os.environ.get("NUMBA_CACHE_DIR")
    if env:
        return Path(env)
    here = _HERE / "__pycache__"
    if _writable(here):
        return here
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(xdg) / "royal-sim"


def _cache_dir() -> Path:
    base = _cache_base()
    path = base / (_PREFIX + sources_hash())
    if not path.exists() and _writable(base):
        for old in base.glob(_PREFIX + "*"):        # kernels of sources that are gone
            shutil.rmtree(old, ignore_errors=True)
    return path


CACHE_DIR = _cache_dir()


@contextlib.contextmanager
def _caching_in(path: Path):
    """numba reads ``config.CACHE_DIR`` when a cached function is decorated."""
    saved = numba.config.CACHE_DIR
    numba.config.CACHE_DIR = str(path)
    try:
        yield
    finally:
        numba.config.CACHE_DIR = saved


def _jit(fn, **options):
    options = {"error_model": "numpy", **options}
    with _caching_in(CACHE_DIR):
        return njit(cache=True, **options)(fn)


def _has_nrt_switch() -> bool:
    try:
        from numba.core.options import DefaultOptions
    except ImportError:
        return False
    return hasattr(DefaultOptions, "_nrt")


NO_REFCOUNT = _has_nrt_switch()
if not NO_REFCOUNT:
    warnings.warn(f"numba {numba.__version__} has no '_nrt' switch: the search kernels are "
                  "compiled with reference counting (about 3x slower, same results)",
                  RuntimeWarning, stacklevel=1)


def helper(fn=None, **options):
    """A small kernel inlined into its callers (numba options may be added)."""
    if fn is None:
        return lambda f: helper(f, **options)
    return _jit(fn, inline="always", **options)


def kernel(fn=None, **options):
    """A kernel compiled on its own (numba options may be added: ``parallel=True`` for
    ``prange`` loops)."""
    if fn is None:
        return lambda f: kernel(f, **options)
    return _jit(fn, **options)


def in_cache(dispatcher) -> bool | None:
    """Does numba's on-disk cache hold ``dispatcher`` (a ``cache=True`` kernel) compiled
    from its present source? ``None`` if that cannot be told (it reads numba's private
    cache index). Only for a "compiling" note."""
    try:
        return bool(dispatcher._cache._cache_file._load_index())
    except Exception:  # noqa: BLE001 - numba internals: any failure means "cannot tell"
        return None


def kernel_no_refcount(fn):
    """A kernel that allocates nothing (its callers own every array), compiled without
    numba's reference counting where numba allows it."""
    return _jit(fn, _nrt=False) if NO_REFCOUNT else _jit(fn)
