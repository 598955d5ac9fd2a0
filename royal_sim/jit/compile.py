"""How every numba kernel of royal-sim is compiled, and where its cache lives.

numba's on-disk cache checks only a kernel's own source file, but a kernel also compiles in
what it imports from other files: the helpers it inlines (the search inlines the move
generator of ``engine/kernel/moves.py``) and the constants it reads (the goal layout
``G_*`` of ``engine/goal.py``, the card masks of ``model/cards.py``). A change in any of
them must not leave a stale kernel in the cache. So every kernel is cached in a directory
keyed on a hash of its *kernel sources*: every module of the package that uses these
decorators (it imports ``royal_sim.jit``), with every module of the package those import,
transitively (``kernel_sources``). A change in any of them moves the whole cache to a fresh
directory, and every kernel is compiled again, with no manual clearing; old directories
are removed when a new one is made. Modules no kernel module imports (the CLI, the
analysis) can change without a recompile.

The cache lives under ``NUMBA_CACHE_DIR`` when that is set, else beside the sources
(``__pycache__``, as numba's own default), else in the user's cache directory.

The decorators:

- ``helper``: a small function inlined into its callers (``inline="always"``);
- ``kernel``: a function compiled on its own (``parallel=True`` for the batch kernel);
- ``kernel_no_refcount``: a kernel that allocates nothing, compiled without numba's reference
  counting (numba's private ``_nrt`` switch: its atomic counts on every array passed to a
  call cost most of the search time). If a numba release lacks the switch, the kernel is
  compiled plainly (slower, same results) with one warning.

A kernel (not a helper) is compiled once per argument types, and numba types a constant
argument as a literal (``Literal[int](-1)``), also while a variable's type is still being
inferred: a call ``f(x, -1)`` or a variable first set to ``-1`` compiles ``f`` a second
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
import re
import shutil
import tempfile
import warnings
from pathlib import Path

import numba
from numba import njit

_PACKAGE = Path(__file__).resolve().parent.parent     # royal_sim/
_PREFIX = "royal_sim-kernels-"
_USES_JIT = re.compile(r"^\s*(from\s+(\.+|royal_sim\.)jit\b|import\s+royal_sim\.jit\b)",
                       re.MULTILINE)


def _module_file(package: Path, dotted: tuple[str, ...]) -> Path | None:
    """The file of module ``dotted`` (path parts below ``package``): ``a/b.py`` or
    ``a/b/__init__.py``; ``None`` if neither exists."""
    base = package.joinpath(*dotted)
    for p in (base.with_suffix(".py"), base / "__init__.py"):
        if p.is_file():
            return p
    return None


_FROM_IMPORT = re.compile(r"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|.*)$",
                          re.MULTILINE)
_IMPORT = re.compile(r"^[ \t]*import[ \t]+(.*)$", re.MULTILINE)


def _imports(path: Path, package: Path) -> set[Path]:
    """The files of ``package`` that module ``path`` imports, at the top or in a function
    (``from .x import y`` may name a module ``y`` of package ``x``: both are taken). Read
    from the import statements' text (parsing every file would double the import time of
    the package); a line that only looks like an import adds a file, never drops one."""
    here = path.relative_to(package).with_suffix("").parts[:-1]   # the module's package
    text = path.read_text("utf-8")
    targets: list[tuple[str, ...]] = []
    for dots, module, names in _FROM_IMPORT.findall(text):
        inner = tuple(module.split(".")) if module else ()
        if dots:
            if len(dots) - 1 > len(here):
                continue
            mod = here[:len(here) - len(dots) + 1] + inner
        elif inner[:1] == (package.name,):
            mod = inner[1:]
        else:
            continue
        names = re.sub(r"#.*", "", names).strip("() \n")
        targets.append(mod)
        targets.extend(mod + (n.split()[0],) for n in names.split(",") if n.strip())
    for line in _IMPORT.findall(text):
        targets.extend(tuple(n.split()[0].split("."))[1:] for n in line.split(",")
                       if n.split() and n.split()[0].split(".")[0] == package.name)
    return {f for f in (_module_file(package, t) for t in targets) if f is not None}


def kernel_sources(package: Path = _PACKAGE) -> list[Path]:
    """The kernel sources (sorted): every module of ``package`` that imports this ``jit``
    package, and every module of ``package`` those import, transitively."""
    todo = [p for p in sorted(package.rglob("*.py"))
            if "__pycache__" not in p.parts and _USES_JIT.search(p.read_text("utf-8"))]
    seen = set(todo)
    while todo:
        for f in _imports(todo.pop(), package):
            if f not in seen:
                seen.add(f)
                todo.append(f)
    return sorted(seen)


def sources_hash(package: Path = _PACKAGE) -> str:
    """Hex digest (16 characters) of the kernel sources of ``package``, paths and bytes."""
    h = hashlib.sha256()
    for p in kernel_sources(package):
        h.update(p.relative_to(package).as_posix().encode())
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
    here = _PACKAGE / "__pycache__"
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


def direct_call_cached(dispatcher) -> bool | None:
    """Does numba's on-disk cache hold ``dispatcher`` compiled for a call from Python (every
    argument a plain type)? A kernel called from another kernel with constant arguments is
    compiled for their literal types (``Literal[int](0)``): that copy does not serve a
    call from Python. ``None`` if that cannot be told (numba's private cache index, as
    ``in_cache``). Only for a "compiling" note."""
    try:
        index = dispatcher._cache._cache_file._load_index()
        return any("Literal" not in str(key[0]) for key in index)
    except Exception:  # noqa: BLE001 - numba internals: any failure means "cannot tell"
        return None


def kernel_no_refcount(fn):
    """A kernel that allocates nothing (its callers own every array), compiled without
    numba's reference counting where numba allows it."""
    return _jit(fn, _nrt=False) if NO_REFCOUNT else _jit(fn)
