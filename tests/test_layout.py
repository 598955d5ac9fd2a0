"""The package's shape: no import cycle, a game-neutral engine, modules of a readable size."""

import ast
from pathlib import Path

import royal_sim

PACKAGE = Path(royal_sim.__file__).resolve().parent
MAX_LINES = 800


def _modules() -> dict[str, Path]:
    mods = {}
    for p in PACKAGE.rglob("*.py"):
        parts = list(p.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        mods[".".join(parts)] = p
    return mods


def _imports(name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    """Modules of royal_sim that ``name`` imports anywhere in its file (lazy imports too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base
                       for a in node.names]
        else:
            continue
        out |= {t for t in targets if t in mods and t != name}
    return out


def _graph() -> dict[str, set[str]]:
    mods = _modules()
    return {m: _imports(m, p, mods) for m, p in mods.items()}


def test_no_import_cycle():
    graph = _graph()
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                cycle = stack[stack.index(n):] + [n]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if n not in state:
                visit(n)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)


def test_the_engine_imports_nothing_of_tarokk():
    """The engine imports only itself and the numba foundation (``jit``), which imports
    nothing of the package outside itself."""
    graph = _graph()
    for m, deps in graph.items():
        for inside, allowed in (("royal_sim.engine", ("royal_sim.engine", "royal_sim.jit")),
                                ("royal_sim.jit", ("royal_sim.jit",))):
            if m.startswith(inside):
                outside = {d for d in deps if not d.startswith(allowed)}
                assert not outside, f"{m} imports {sorted(outside)}"


def test_no_module_is_over_800_lines():
    long = {m: n for m, p in _modules().items()
            if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not long, long
