"""The layout shows the game: a module per concept, acyclic imports, layers below layers.

Module-level imports between the package's own modules (not those inside
functions, which presentation helpers such as ``GameState.to_json`` use
lazily, nor those under ``TYPE_CHECKING``) must form an acyclic graph in
which no module imports a module of a higher layer. Every module says in the
first line of its docstring which concept it holds, no two modules say the
same, and no module is named for where it sits in another (a ``_tail``, a
``part2``): a module is cut where the concepts part, not at a line count.
See docs/explanation/architecture.md.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "tongiaki_rules"
ARCHITECTURE_PAGE = PACKAGE.parents[1] / "docs" / "explanation" / "architecture.md"

LAYERS: tuple[tuple[str, ...], ...] = (
    # 0: the game's vocabulary: colours, hexes, tiles, rules flags, actions, events, errors
    (
        "errors",
        "colours",
        "hexgrid",
        "rules",
        "tiles",
        "_standard_tiles",
        "actions",
        "events",
        "catalogue",
        "_atomic",
        "_jsontext",
        "_search_limit",
        "i18n",
    ),
    # 1: the engine and the state it freezes into
    ("_engine", "_config", "views", "_queries", "_state", "_scoring", "toncc"),
    # 2: what is built on states: positions, explanations, JSON, notation, the testing kit,
    # and the game protocol that both games' states satisfy
    (
        "_validity",
        "game",
        "games",
        "_scenario",
        "_explain",
        "record",
        "position_code",
        "notation",
        "testing",
        "_textview",
        "_textlayout",
        "textmap",
        "svg",
    ),
    # 3: what plays: encodings, observations, bots, narrated games, simulation, fuzzing
    (
        "_pergame",
        "_disc",
        "_encoding_blocks",
        "_encoding_base",
        "encoding",
        "encoding_compact",
        "observation",
        "bots",
        "narration",
        "simulation",
        "fuzzing",
    ),
    # 4: the doors to the outside: the command line, the framework adapters, the game server
    ("cli", "adapters", "server", "__main__"),
)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> int:
    parts = module.split(".")
    if len(parts) == 1:  # the package itself re-exports the public API of layers 0 to 2
        return len(LAYERS) - 2
    top = parts[1]
    for k, names in enumerate(LAYERS):
        if top in names:
            return k
    raise AssertionError(f"{module} is in no layer: add it to LAYERS and the architecture page")


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _package_of(module: str) -> str:
    """The package a relative import in ``module`` starts from."""
    return module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]


def _imported(node: ast.ImportFrom, package: str) -> str:
    """The module a ``from ... import`` names, relative imports resolved from ``package``."""
    if not node.level:
        return node.module or ""
    base = package.split(".")
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def module_level_imports(module: str) -> set[str]:
    """The package's modules that ``module`` imports when it is itself imported."""
    tree = ast.parse(MODULES[module].read_text("utf-8"))
    package = _package_of(module)
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If) and not _is_type_checking(node):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("tongiaki_rules"))
            elif isinstance(node, ast.ImportFrom):
                target = _imported(node, package)
                if not target.startswith("tongiaki_rules"):
                    continue
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    found.add(sub if sub in MODULES else target)

    visit(tree.body)
    found.discard(module)
    return {m for m in found if m in MODULES}


GRAPH = {module: module_level_imports(module) for module in MODULES}


def concept_line(module: str) -> str:
    """The first line of ``module``'s docstring: the concept the module holds."""
    docstring = ast.get_docstring(ast.parse(MODULES[module].read_text("utf-8"))) or ""
    return docstring.partition("\n")[0]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_module_names_its_concept_in_one_line(module: str) -> None:
    """A module is one concept, stated where a reader looks first (PEP 257's summary line)."""
    docstring = ast.get_docstring(ast.parse(MODULES[module].read_text("utf-8")))
    assert docstring, f"{module} has no docstring naming its concept"
    first, _, rest = docstring.partition("\n")
    assert first.strip() and first.endswith("."), (
        f"{module}: the docstring's first line is not one sentence: {first!r}"
    )
    assert not rest or rest.startswith("\n"), (
        f"{module}: the concept runs past the docstring's first line; end the summary there"
    )


def test_no_two_modules_hold_the_same_concept() -> None:
    """Two modules that say the same thing are one concept split in two (or a copy)."""
    seen: dict[str, str] = {}
    twice = []
    for module in sorted(MODULES):
        line = concept_line(module)
        if line in seen:
            twice.append(f"{seen[line]} and {module}: {line!r}")
        seen.setdefault(line, module)
    assert not twice, twice


PLACE_NAMES = re.compile(
    r"_?(head|tail|rest|more|extra|misc|other|others|part|continued|utils?|helpers?)"
    r"|.*\D\d+"
)
"""Names that say where a module sits in another, not what it holds: marks of a split by size."""


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_is_named_for_its_place_in_another(module: str) -> None:
    name = module.rpartition(".")[2]
    assert not PLACE_NAMES.fullmatch(name), (
        f"{module} is named for a place, not a concept: merge it back or name what it holds"
    )


def test_the_architecture_page_names_every_entry_of_the_layers() -> None:
    """The page's layer table is the map a contributor reads: it lists what the test enforces."""
    page = ARCHITECTURE_PAGE.read_text("utf-8")
    rows = [line for line in page.splitlines() if re.match(r"\| \d \|", line)]
    assert len(rows) == len(LAYERS), "the page's layer table has one row per layer"
    for k, (row, names) in enumerate(zip(rows, LAYERS, strict=True)):
        missing = [name for name in names if f"`{name}`" not in row and name != "__main__"]
        assert not missing, f"layer {k}: the architecture page's table misses {missing}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_imports_a_higher_layer(module: str) -> None:
    mine = layer_of(module)
    higher = sorted(m for m in GRAPH[module] if layer_of(m) > mine)
    assert not higher, f"{module} (layer {mine}) imports {higher} at module level"


def test_module_level_imports_are_acyclic() -> None:
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> None:
        if module in path:
            cycle = [*path[path.index(module) :], module]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if module in done:
            return
        path.append(module)
        for target in sorted(GRAPH[module]):
            # a subpackage's __init__ importing its own parts is not a cycle back to it
            if not target.startswith(module + "."):
                visit(target)
        path.pop()
        done.add(module)

    for module in sorted(GRAPH):
        visit(module)


STATE_MODULES = frozenset({"_engine", "_state", "_queries", "views", "_config"})
"""The engine and the state's own modules: the only ones that know how a position is kept."""


def _raw_fields() -> frozenset[str]:
    """The names of the state's fields, and of its derived engine tables (``where_``, ``full_``)."""
    import attrs

    from tongiaki_rules import GameState

    names = {field.name for field in attrs.fields(GameState) if field.name.endswith("_")}
    return frozenset({*names, "where_", "full_"})


RAW_FIELDS = _raw_fields()


def _imports_under(tree: ast.AST, module: str, prefix: str) -> set[str]:
    """Every import in ``tree`` of ``prefix`` or of what is in it, inside functions too."""
    package = _package_of(module)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if f"{a.name}.".startswith(f"{prefix}."))
        elif isinstance(node, ast.ImportFrom):
            target = _imported(node, package)
            names = [f"{target}.{a.name}" for a in node.names]
            found.update(n for n in [target, *names] if n == prefix or n.startswith(prefix + "."))
    return found


def _outside_the_state(module: str) -> bool:
    return module == "tongiaki_rules" or module.split(".")[1] not in STATE_MODULES


@pytest.mark.parametrize("module", sorted(filter(_outside_the_state, MODULES)))
def test_only_the_engine_and_the_state_know_how_a_position_is_kept(module: str) -> None:
    """Issue 37: outside them, a state is read through ``state.compact`` and the views.

    So a change of the engine's representation changes ``views.CompactView``,
    not every bot, encoder and serialiser.
    """
    tree = ast.parse(MODULES[module].read_text("utf-8"))
    raw = sorted(
        {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in RAW_FIELDS}
    )
    assert not raw, f"{module} reads the state's raw fields {raw}: use state.compact"
    engine = sorted(_imports_under(tree, module, "tongiaki_rules._engine"))
    assert not engine, f"{module} imports the engine ({engine}): use the state and its views"


KITS = frozenset({"testing", "fuzzing"})
"""The kits shipped for users' tests: they use the library; the library does not use them."""


def _outside_the_kits(module: str) -> bool:
    return module == "tongiaki_rules" or module.split(".")[1] not in KITS


@pytest.mark.parametrize("module", sorted(filter(_outside_the_kits, MODULES)))
def test_the_library_does_not_import_its_test_kits(module: str) -> None:
    """Issue 37: whether a position is possible is the library's question (``validity``).

    The state reader and ``scenario.position`` ask it there; the testing kit
    hands the same checks on to users. So a change to a kit cannot change
    what the library accepts.
    """
    tree = ast.parse(MODULES[module].read_text("utf-8"))
    kits = sorted(
        found for kit in KITS for found in _imports_under(tree, module, f"tongiaki_rules.{kit}")
    )
    assert not kits, f"{module} imports a test kit ({kits}): use tongiaki_rules._validity"


PATH_SUFFIXES = frozenset({".py", ".toml", ".po", ".pot", ".cfg", ".md"})


def _paths_in_the_table(page: str) -> list[str]:
    """The paths named in the page's "Where to change what" table (code spans only)."""
    section = page.split("## Where to change what", 1)[1].split("\n## ", 1)[0]
    spans = re.findall(r"`([^`]+)`", section)
    return [
        span
        for span in spans
        if re.fullmatch(r"[\w.-]+(/[\w.-]*)*", span)
        and ("/" in span or Path(span).suffix in PATH_SUFFIXES)
    ]


def test_every_path_in_where_to_change_what_exists() -> None:
    """The contributors' table points at files that are there, so it cannot drift unseen."""
    root = PACKAGE.parents[1]
    paths = _paths_in_the_table(ARCHITECTURE_PAGE.read_text("utf-8"))
    assert len(paths) > 20, "the table names the files to change"
    missing = [p for p in paths if not (PACKAGE / p).exists() and not (root / p).exists()]
    assert not missing, f"the architecture page names paths that do not exist: {missing}"


# ------------------------------------------------------------------ the public surface

MAX_PUBLIC_MODULES = 40
"""Issue 37: the modules a user may import; every other module's name starts with ``_``."""


def public_modules() -> list[str]:
    """The package's modules none of whose dotted parts starts with an underscore."""
    return sorted(
        name
        for name in MODULES
        if not any(part.startswith("_") for part in name.split(".")) and name != "__main__"
    )


def test_the_public_surface_is_small() -> None:
    """Everything a user may import is a promise: at most 40 modules make it.

    The rest (the engine, the state's internals, the parts of each subpackage
    behind its facade) is private, so it can change without breaking anyone.
    """
    public = public_modules()
    assert len(public) <= MAX_PUBLIC_MODULES, f"{len(public)} public modules: {public}"
    assert "tongiaki_rules" in public and "tongiaki_rules.actions" in public


def _api_targets() -> list[str]:
    pages = [PACKAGE.parents[1] / "docs" / "reference" / "api.md"]
    pages.append(PACKAGE.parents[1] / "docs" / "toncc" / "api.md")
    found: list[str] = []
    for page in pages:
        found += re.findall(r"^::: (\S+)$", page.read_text("utf-8"), re.M)
    return found


def test_the_api_reference_names_only_the_public_surface() -> None:
    """The API reference documents public names only: no private module shows through."""
    private = [t for t in _api_targets() if any(p.startswith("_") for p in t.split("."))]
    assert not private, f"the API reference shows private modules: {private}"


def test_every_public_module_says_what_it_exports() -> None:
    """A public module lists its public names in ``__all__``: what ``import *`` and the docs see."""
    import importlib

    missing = []
    for name in public_modules():
        try:
            module = importlib.import_module(name)
        except ImportError:  # an optional extra that is not installed
            continue
        if not isinstance(getattr(module, "__all__", None), list | tuple):
            missing.append(name)
    assert not missing, f"public modules without __all__: {missing}"


CORE = frozenset(
    name for k, names in enumerate(LAYERS) if k <= 2 for name in names if name != "toncc"
)
"""The rules library: the layers 0 to 2 (the game's words, the engine and the state, what is
built on states), without Tóncc."""


def test_importing_the_core_pulls_attrs_alone() -> None:
    """``import tongiaki_rules`` loads the rules library and nothing built on it.

    No third-party package but attrs, and none of the package's bots,
    encodings, adapters, command line, server or Tóncc.
    """
    import subprocess
    import sys

    code = (
        "import sys, tongiaki_rules\n"
        "print('\\n'.join(sorted(m for m in sys.modules if '.' not in m or "
        "m.startswith('tongiaki_rules.'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    loaded = done.stdout.split()
    ours = [m for m in loaded if m.startswith("tongiaki_rules.")]
    above = [m for m in ours if m.split(".")[1] not in CORE]
    assert not above, f"importing the core loads what is built on it: {above}"
    # the interpreter's own start-up hooks (a distribution's sitecustomize) are not the core's
    startup = {"sitecustomize", "usercustomize"}
    stdlib = sys.stdlib_module_names | startup
    foreign = [
        m
        for m in loaded
        if "." not in m
        and m not in stdlib
        and m != "tongiaki_rules"
        and not m.startswith("_")
        and not m.endswith("__mypyc")  # the compiled build's own native runtime module
    ]
    assert set(foreign) <= {"attrs", "attr"}, f"importing the core loads {foreign}"
