"""The shape of the page's code (web/js), as tests/test_layout.py checks the
rules': every game a folder `web/js/games/<game>/` of the same modules,
registered in one place (`games/index.js`), no game importing another, and
no import circle anywhere in the page."""

import re
from pathlib import Path

import pytest

from pygame_core.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "web" / "js"
GAMES_DIR = JS / "games"
# What every game's folder holds (web/js/games/contract.js says what each offers).
GAME_FILES = {"renderer.js", "board.js", "panel.js", "select.js", "log.js", "text.js", "emblem.js", "style.css"}
# What the games share, beside their folders.
SHARED_SHELL = {"index.js", "contract.js", "renderer-shell.js", "renderer-common.js", "select-common.js",
                "archipelago.js", "archipelago-board.js", "archipelago-cards.js", "emblem-parts.js"}
# The modules read in Node as well as in the page (tests/node): they load no
# drawing, neither their game's nor the shell's (which reads the window as it
# loads), nor the page's element helpers.
WITHOUT_DOM = {"select.js", "log.js", "text.js"}
DRAWING = {"board.js", "panel.js", "renderer.js"}
DOM_MODULES = {JS / "dom.js", GAMES_DIR / "renderer-common.js", GAMES_DIR / "renderer-shell.js"}

IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}/[^'"]+)['"]""", re.M)


def imports(path: Path) -> set[Path]:
    """The page's modules that `path` imports, statically or not."""
    text = re.sub(r"/\*.*?\*/|^\s*//[^\n]*", "", path.read_text("utf-8"), flags=re.S | re.M)
    return {(path.parent / spec).resolve() for spec in IMPORT.findall(text)}


MODULES = sorted(JS.rglob("*.js"))
GRAPH = {path.resolve(): imports(path) for path in MODULES}
FOLDERS = sorted(p for p in GAMES_DIR.iterdir() if p.is_dir())


def game_of(path: Path) -> str | None:
    try:
        parts = path.relative_to(GAMES_DIR).parts
    except ValueError:
        return None
    return parts[0] if len(parts) > 1 else None


def test_every_import_names_a_module_that_exists():
    missing = [(src.relative_to(ROOT), dst) for src, targets in GRAPH.items() for dst in targets if not dst.exists()]
    assert missing == []


def test_the_games_folders_are_the_games_of_the_rules():
    assert {folder.name for folder in FOLDERS} == set(GAMES)


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_every_game_has_the_same_files(folder):
    assert {p.name for p in folder.iterdir()} >= GAME_FILES


def test_beside_the_folders_only_the_shared_shell():
    assert {p.name for p in GAMES_DIR.iterdir() if p.is_file()} == SHARED_SHELL


def test_the_games_are_registered_in_one_place():
    registry = (GAMES_DIR / "index.js").read_text("utf-8")
    for game in GAMES:
        for module in ("renderer.js", "text.js", "panel.js", "emblem.js"):
            assert f"'./{game}/{module}'" in registry, (game, module)
    # No other module lists the games' modules.
    for path in MODULES:
        if path.parent == GAMES_DIR or game_of(path):
            continue
        for target in GRAPH[path.resolve()]:
            assert not game_of(target), f"{path.relative_to(ROOT)} imports {target.relative_to(ROOT)}"


def test_no_game_imports_another():
    crossings = []
    for path, targets in GRAPH.items():
        mine = game_of(path)
        for target in targets:
            theirs = game_of(target)
            if mine and theirs and theirs != mine:
                crossings.append((path.relative_to(ROOT), target.relative_to(ROOT)))
    assert crossings == []


def test_the_shared_shell_imports_no_game():
    for name in SHARED_SHELL - {"index.js"}:
        assert not any(game_of(t) for t in GRAPH[(GAMES_DIR / name).resolve()]), name


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_selection_log_and_text_know_no_dom(folder):
    """They run in Node (tests/node): no drawing among what they load, however
    deep."""
    drawing = {(folder / name).resolve() for name in DRAWING} | {p.resolve() for p in DOM_MODULES}
    for name in WITHOUT_DOM:
        seen, todo = set(), [(folder / name).resolve()]
        while todo:
            for target in GRAPH.get(todo.pop(), ()):
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        assert not (seen & drawing), (folder.name, name, sorted(p.name for p in seen & drawing))


def test_no_import_circle():
    """Depth-first, every module: a module met again on the path is a circle."""
    state: dict[Path, str] = {}
    circles = []

    def visit(node: Path, path: list[Path]) -> None:
        state[node] = "open"
        for target in sorted(GRAPH.get(node, ())):
            if state.get(target) == "open":
                circle = path[path.index(target):] + [target]
                circles.append(" → ".join(str(p.relative_to(JS)) for p in circle))
            elif target not in state:
                visit(target, path + [target])
        state[node] = "done"

    for module in GRAPH:
        if module not in state:
            visit(module, [module])
    assert circles == []


# -- sizes ----------------------------------------------------------------------
# No module of the page over 600 lines, no function over 200: a screen or a
# board that grows past them is split along its seams.
LONGEST_MODULE = 600
LONGEST_FUNCTION = 200


@pytest.fixture(scope="module")
def sizes():
    import json
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.fail("Node is needed to measure the page's functions (tools/code_sizes.mjs)")
    run = subprocess.run([node, str(ROOT / "tools" / "code_sizes.mjs"), str(LONGEST_FUNCTION)],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(run.stdout)


def test_no_module_of_the_page_is_too_long(sizes):
    over = {name: length for name, length in sizes["lines"].items() if length > LONGEST_MODULE}
    assert over == {}


def test_no_function_of_the_page_is_too_long(sizes):
    over = {(f["module"], f["name"]): f["lines"] for f in sizes["functions"] if f["lines"] > LONGEST_FUNCTION}
    assert over == {}
