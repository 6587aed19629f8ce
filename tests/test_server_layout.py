"""The shape of the table server (server/archipel_server): no module over
600 lines. A table's features are parts of their own (seats, clock, chat,
presence, bots' turns) beside the table that keeps the game; a feature that
grows past the limit is split along its seams, as the page's are
(tests/test_web_layout.py)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "server" / "archipel_server"
LONGEST_MODULE = 600


def test_the_server_has_modules():
    assert len(list(SERVER.glob("*.py"))) > 10


def test_no_module_of_the_server_is_too_long():
    lengths = {path.name: len(path.read_text("utf-8").splitlines()) for path in SERVER.glob("*.py")}
    assert {name: n for name, n in lengths.items() if n > LONGEST_MODULE} == {}
