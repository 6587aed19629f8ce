"""The shape of the code: every game a package of the same modules, imports
that go one way, and a build that the table server does not depend on.

The imports read here are those a module runs when it loads (an import
under ``if TYPE_CHECKING:`` is for the type checker only)."""

import ast
import re
from pathlib import Path

import pygame_core

PACKAGE = Path(pygame_core.__file__).parent
ROOT = PACKAGE.parent
GAME_MODULES = {"__init__", "tables", "moves", "refusals", "codec", "scenarios", "state", "observer", "hints",
                "lesson"}
# Moai's and Kanaloa's rules are read part by part (Moai's phase by phase),
# each part a module of its own holding the state's methods for it.
PARTS = {
    "moai": {"birdman", "epoch", "disasters", "work", "production", "bilan", "scoring"},
    "kanaloa": {"bridges", "draw", "powers", "rounds"},
}
# The longest a module of the package may grow.
LONGEST_MODULE = 1000


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def runtime_imports(name: str) -> set:
    """The package's modules that module ``name`` imports as it loads."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()

    def visit(nodes):
        for node in nodes:
            if isinstance(node, ast.If) and is_type_checking(node):
                visit(node.orelse)
                continue
            if isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                target = (f"{base}.{node.module}" if node.module else base) if node.level else node.module
                for alias in node.names:
                    if f"{target}.{alias.name}" in MODULES:
                        found.add(f"{target}.{alias.name}")
                    elif target in MODULES:
                        found.add(target)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names if alias.name in MODULES)
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list) and not isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                    visit(inner)

    visit(ast.parse(path.read_text("utf-8")).body)
    return found


GRAPH = {name: runtime_imports(name) for name in MODULES}


def reachable(start: str) -> set:
    seen, todo = set(), [start]
    while todo:
        for target in GRAPH[todo.pop()]:
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_every_game_is_a_package_of_the_same_modules():
    games = sorted(path for path in (PACKAGE / "games").iterdir() if path.is_dir()
                   and path.name != "__pycache__")
    assert [path.name for path in games] == sorted(pygame_core.GAMES)
    for path in games:
        extra = PARTS.get(path.name, set())
        assert {module.stem for module in path.glob("*.py")} == GAME_MODULES | extra, path.name
    assert not list((PACKAGE / "games").glob("*_hints.py"))


def test_no_module_imports_itself_back():
    cycles = [name for name in MODULES if name in reachable(name)]
    assert cycles == []


def test_the_hints_read_the_tables_and_the_state_only():
    for game in pygame_core.GAMES:
        package = f"pygame_core.games.{game}"
        assert GRAPH[f"{package}.hints"] <= {f"{package}.tables", f"{package}.state"}, game


def test_a_game_s_modules_go_one_way():
    """tables <- moves <- refusals, codec <- scenarios <- (the parts of the rules)
    <- state <- observer <- the game (hints beside it). Outside the game, they
    read the protocol, and the codec the shared declaration of a saved
    position (``pygame_core.codec``)."""
    for game in pygame_core.GAMES:
        package = f"pygame_core.games.{game}"
        phases = PARTS.get(game, set())
        below = {
            "tables": set(),
            "moves": {"tables"},
            "refusals": {"tables", "moves"},
            "codec": {"tables", "moves"},
            "scenarios": {"tables", "moves", "codec"},
            **{phase: {"tables", "moves"} for phase in phases},
            "state": {"tables", "moves", "refusals", "codec", "scenarios"} | phases,
            "observer": {"tables", "codec", "state"},
        }
        for module, allowed in below.items():
            inside = {name.rpartition(".")[2] for name in GRAPH[f"{package}.{module}"]
                      if name.startswith(package + ".")}
            assert inside <= allowed, (game, module, inside)
            outside = {name for name in GRAPH[f"{package}.{module}"] if not name.startswith(package)}
            shared = {"pygame_core.engine"} | ({"pygame_core.codec"} if module == "codec" else set())
            assert outside <= shared, (game, module, outside)


def test_only_the_game_knows_its_observer():
    """What a player observes is the observer's: the game's package hands it
    to the state (``State.observer``), and no other module of the game reads it."""
    for game in pygame_core.GAMES:
        package = f"pygame_core.games.{game}"
        readers = {name for name, imported in GRAPH.items() if f"{package}.observer" in imported}
        assert readers == {package}, (game, readers)


def test_the_lessons_come_from_the_registry():
    """Each game's package gives its lessons to its game (``Game.lessons``);
    ``lessons.lessons()`` lists them from the registry the package hands it,
    importing no game, at load time or later."""
    assert not any(name.startswith("pygame_core.games") for name in reachable("pygame_core.lessons"))
    tree = ast.parse(MODULES["pygame_core.lessons"].read_text("utf-8"))
    late = [node.lineno for function in ast.walk(tree) if isinstance(function, ast.FunctionDef)
            for node in ast.walk(function) if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert late == []
    for game in pygame_core.GAMES.values():
        assert f"pygame_core.games.{game.id}.lesson" in GRAPH[f"pygame_core.games.{game.id}"], game.id


def test_the_match_layer_knows_no_game():
    assert not any(name.startswith("pygame_core.games") for name in reachable("pygame_core.match"))
    assert not any(name.startswith("pygame_core.games") for name in reachable("pygame_core.bots"))
    assert reachable("pygame_core.engine") == set()


def test_the_declaration_of_saved_positions_knows_no_game():
    """Each game's codec is declared with ``pygame_core.codec``, which reads
    the protocol only."""
    assert reachable("pygame_core.codec") == {"pygame_core.engine"}


def test_every_phase_and_every_kind_of_move_has_its_handler():
    """The dispatch tables of the rules name a method for each phase (or
    step) and each kind of move, so a new one cannot be forgotten."""
    from pygame_core.games.haleakala import state as haleakala, tables as haleakala_tables
    from pygame_core.games.kahuna import state as kahuna, tables as kahuna_tables
    from pygame_core.games.kanaloa import state as kanaloa, tables as kanaloa_tables
    from pygame_core.games.moai import state as moai, tables as moai_tables

    assert set(kahuna.KahunaState.HANDLERS) == set(range(len(kahuna_tables.KINDS)))

    h = haleakala_tables
    assert set(haleakala.HaleakalaState.HANDLERS) == set(range(len(h.MOVE_KINDS)))
    assert set(haleakala.HaleakalaState.PHASE_MOVES) == set(range(len(h.PHASES))) - {h.P_OVER}

    k = kanaloa_tables
    before = {k.CHOOSE, k.PASS, k.COLOUR, k.REMOVE, k.STEAL, k.GIVE}   # dispatched by apply itself
    assert set(kanaloa.KanaloaState.TURN_ACTIONS) == set(range(len(k.KINDS))) - before
    assert set(kanaloa.KanaloaState.CHOICES) == {k.CHOICE_REMOVE, k.CHOICE_STEAL, k.CHOICE_GIVE}

    m = moai_tables
    assert set(moai.MoaiState.STEP_MOVES) == set(range(len(m.PHASE_NAMES)))
    assert set(moai.MoaiState.HANDLERS) == set(range(len(m.KINDS)))
    assert set(moai.MoaiState.DONE_IN_STEP) == {step for step, kinds in m.STEP_KINDS.items()
                                                if m.M_DONE in kinds}


def test_build_py_is_a_thin_command_and_the_server_does_not_import_it():
    """build.py reads the command line; the work is archipel_site's. The
    table server shares only the site's policy module with the build."""
    assert len((ROOT / "build.py").read_text("utf-8").splitlines()) < 150
    for path in sorted((ROOT / "server" / "archipel_server").glob("*.py")):
        text = path.read_text("utf-8")
        assert not re.search(r"^\s*(import build|from build import)", text, re.M), path
        imported = set(re.findall(r"^\s*from archipel_site(?:\.(\w+))? import", text, re.M))
        assert imported <= {"policy"}, (path, imported)
    policy = (ROOT / "archipel_site" / "policy.py").read_text("utf-8")
    assert not re.search(r"^\s*from \.", policy, re.M), "policy.py imports nothing else of the build"


def test_no_module_is_too_long_to_read():
    long = {name: length for name, path in MODULES.items()
            if (length := len(path.read_text("utf-8").splitlines())) > LONGEST_MODULE}
    assert long == {}


def private_names_defined(tree: ast.AST) -> set:
    """The private names a module gives a meaning to: its functions, classes,
    methods and attributes (assigned, or listed in ``__slots__``)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__"
                                                  for t in node.targets):
            names.update(c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant)
                         and isinstance(c.value, str))
    return {name for name in names if name.startswith("_") and not name.startswith("__")}


def test_no_module_reaches_into_another_s_private_names():
    """A module uses another's public names only: ``x._name`` is read only
    where ``_name`` is given its meaning, or on the object itself (``self``,
    ``cls``: a class's methods may live in several modules, as Moai's and Kanaloa's parts)."""
    reached = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text("utf-8"))
        own = private_names_defined(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and not node.attr.startswith("__") and node.attr not in own
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                reached.append(f"{name}:{node.lineno} .{node.attr}")
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                reached += [f"{name}:{node.lineno} import {alias.name}" for alias in node.names
                            if alias.name.startswith("_") and not alias.name.startswith("__")]
    assert reached == []


def test_every_module_of_the_page_is_type_checked():
    """Each file of web/js asks the TypeScript compiler to check it (the
    suite jstypes runs it over all of them, tsconfig.json)."""
    unchecked = [path.relative_to(ROOT).as_posix() for path in sorted((ROOT / "web" / "js").rglob("*.js"))
                 if not path.read_text("utf-8").startswith("// @ts-check\n")]
    assert unchecked == []
