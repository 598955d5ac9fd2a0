"""numba's on-disk cache is safe across files: a kernel is compiled again when a helper it
calls or a constant it reads changes in another file (the cache directory is keyed on a
hash of every kernel source and what it imports, ``royal_sim/jit/compile.py``)."""

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


# moves._draws_trumps (a kernel of engine/kernel/) reads the goal layout of engine/goal.py
GOAL_PROBE = ("import numpy as np; from royal_sim.engine.kernel.moves import _draws_trumps; "
              "goal = np.zeros(41, dtype=np.uint64); goal[17] = 1; print(_draws_trumps(goal))")
EXIST1_LINE = "G_EXIST1 = 17\n"


def _run(root: Path, cache: Path, probe: str = PROBE) -> str:
    env = dict(os.environ, PYTHONPATH=str(root), NUMBA_CACHE_DIR=str(cache))
    out = subprocess.run([sys.executable, "-c", probe], env=env, cwd=root, capture_output=True,
                         text=True, check=True)
    return out.stdout.strip()


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "src"
    shutil.copytree(PACKAGE, root / "royal_sim",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    return root


def _cached_files(cache: Path) -> set[str]:
    return {p.name for p in cache.rglob("*.nbi")}


def test_a_changed_helper_in_another_file_recompiles_its_callers(tmp_path):
    root = _copy(tmp_path)
    cache = tmp_path / "cache"
    assert _run(root, cache) == "3"
    first = {p.name for p in cache.iterdir()}
    assert len(first) == 1 and next(iter(first)).startswith("royal_sim-kernels-")
    assert any(n.startswith("tricks._count_future") for n in _cached_files(cache))
    assert _run(root, cache) == "3"                       # loaded from the cache
    bits = root / "royal_sim" / "jit" / "bits.py"
    text = bits.read_text()
    assert POPCOUNT_LINE in text
    bits.write_text(text.replace(POPCOUNT_LINE, POPCOUNT_PLUS_100))
    assert _run(root, cache) == "103"                     # not the stale kernel
    now = {p.name for p in cache.iterdir()}      # a new directory, the old one removed
    assert len(now) == 1 and now != first


def test_a_changed_constant_outside_the_kernel_folder_recompiles_its_readers(tmp_path):
    root = _copy(tmp_path)
    cache = tmp_path / "cache"
    assert _run(root, cache, GOAL_PROBE) == "True"        # slot 17 is the first existential
    assert _run(root, cache, GOAL_PROBE) == "True"        # loaded from the cache
    goal = root / "royal_sim" / "engine" / "goal.py"
    text = goal.read_text()
    assert EXIST1_LINE in text
    goal.write_text(text.replace(EXIST1_LINE, "G_EXIST1 = 30\n"))
    assert _run(root, cache, GOAL_PROBE) == "False"       # the kernel reads the new slot


def test_the_kernel_sources_are_what_kernels_import():
    from royal_sim.jit.compile import kernel_sources

    names = {p.relative_to(PACKAGE).as_posix() for p in kernel_sources()}
    assert {"engine/goal.py", "engine/kernel/search.py", "jit/bits.py", "jit/rng.py",
            "model/cards.py", "sampling/sampler.py"} <= names
    assert not any(n.startswith(("cli/", "analysis/", "batch/")) for n in names)
