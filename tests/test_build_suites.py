"""`python3 build.py test` reads each runner's closing tally: pytest's,
node --test's and mypy's."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from archipel_site.testing import SUITES, Suite  # noqa: E402


def tally(name: str, *lines: str) -> dict:
    suite = Suite(name)
    for line in lines:
        suite.read(line + "\n")
    return suite.counts


def test_the_types_suites_run_first_mypy_then_the_typescript_compiler():
    assert SUITES[:2] == ("types", "jstypes")
    args, _ = build.parse(["test", "--types"])
    assert args.types and not args.unit


def test_the_typescript_check_counts_its_files_in_mypy_s_words(tmp_path):
    """tools/typecheck.mjs on two small projects of its own (the page's own
    modules are checked by the "jstypes" suite): its last line is read as
    mypy's, a success and a failure."""
    import json
    import subprocess

    def project(name: str, files: dict) -> Path:
        folder = tmp_path / name
        folder.mkdir()
        for file, text in files.items():
            (folder / file).write_text("// @ts-check\n" + text)
        config = folder / "tsconfig.json"
        config.write_text(json.dumps({"compilerOptions": {"allowJs": True, "checkJs": True, "noEmit": True,
                                                          "strict": True, "types": [], "lib": ["es2022"]},
                                      "include": ["*.js"]}))
        return config

    good = project("good", {"a.js": "export const a = 1;\n", "b.js": "export const b = 'b';\n"})
    bad = project("bad", {"a.js": "/** @type {number} */\nexport const a = 'one';\n", "b.js": "export const b = 2;\n",
                          "c.js": "/** @type {string} */\nexport const c = 3;\n"})
    run = subprocess.run(["node", "tools/typecheck.mjs", str(good)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.splitlines()[-1] == "Success: no issues found in 2 source files"
    assert tally("jstypes", *run.stdout.splitlines()) == {"passed": 2, "failed": 0, "skipped": 0}
    run = subprocess.run(["node", "tools/typecheck.mjs", str(bad), str(good)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 1, run.stdout + run.stderr
    assert run.stdout.splitlines()[-1] == "Found 2 errors in 2 files (checked 5 source files)"
    assert tally("jstypes", *run.stdout.splitlines()) == {"passed": 3, "failed": 2, "skipped": 0}


def test_mypy_s_last_line_counts_the_source_files():
    assert tally("types", "Success: no issues found in 35 source files") == {
        "passed": 35, "failed": 0, "skipped": 0}
    assert tally("types", "pygame_core/api.py:3: error: Something  [misc]",
                 "Found 4 errors in 2 files (checked 35 source files)") == {
        "passed": 33, "failed": 2, "skipped": 0}
    assert tally("types", "Found 1 error in 1 file (checked 1 source file)") == {
        "passed": 0, "failed": 1, "skipped": 0}


def test_pytest_and_node_tallies_are_read_as_before():
    assert tally("unit", "===== 3 failed, 40 passed, 2 skipped in 2.10s =====") == {
        "passed": 40, "failed": 3, "skipped": 2}
    assert tally("node", "# pass 12", "# fail 1", "# skipped 0") == {
        "passed": 12, "failed": 1, "skipped": 0}


def test_the_report_says_the_whole_time_then_closes_on_the_tally(capsys):
    from archipel_site.testing import Suite, report
    import time

    suite = Suite("node")
    suite.code, suite.seconds = 0, 12.0
    suite.read("# pass 3")
    assert report([suite], started=time.perf_counter() - 90) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-2].startswith("time: 1.5 min in all (90 s, of which the suites 12 s)")
    assert lines[-1] == "total: 3 passed, 0 failed, 0 skipped"
