"""numba's on-disk cache is safe across files: a kernel is compiled again when a helper it
calls changes in another file (the cache directory is keyed on a hash of every kernel
source, ``engine/kernel/jit.py``)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import royal_sim

PACKAGE = Path(royal_sim.__file__).resolve().parent

# tricks._count_future (a cached kernel in tricks.py) counts bits with bits.popcount
PROBE = ("import numpy as np; from royal_sim.engine.kernel.tricks import _count_future; "
         "print(_count_future(np.uint64(0b1011), 0, 10))")
POPCOUNT_LINE = "    lambda b, v: b.ctpop(v),"
POPCOUNT_PLUS_100 = "    lambda b, v: b.add(b.ctpop(v), ir.Constant(ir.IntType(64), 100)),"


def _run(root: Path, cache: Path) -> str:
    env = dict(os.environ, PYTHONPATH=str(root), NUMBA_CACHE_DIR=str(cache))
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, cwd=root, capture_output=True,
                         text=True, check=True)
    return out.stdout.strip()


def _cached_files(cache: Path) -> set[str]:
    return {p.name for p in cache.rglob("*.nbi")}


def test_a_changed_helper_in_another_file_recompiles_its_callers(tmp_path):
    root = tmp_path / "src"
    shutil.copytree(PACKAGE, root / "royal_sim",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    cache = tmp_path / "cache"
    assert _run(root, cache) == "3"
    first = {p.name for p in cache.iterdir()}
    assert len(first) == 1 and next(iter(first)).startswith("royal_sim-kernels-")
    assert any(n.startswith("tricks._count_future") for n in _cached_files(cache))
    assert _run(root, cache) == "3"                       # loaded from the cache
    bits = root / "royal_sim" / "engine" / "kernel" / "bits.py"
    text = bits.read_text()
    assert POPCOUNT_LINE in text
    bits.write_text(text.replace(POPCOUNT_LINE, POPCOUNT_PLUS_100))
    assert _run(root, cache) == "103"                     # not the stale kernel
    now = {p.name for p in cache.iterdir()}      # a new directory, the old one removed
    assert len(now) == 1 and now != first
