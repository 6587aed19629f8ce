"""`build.py test`: every suite, and one line of tally each."""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import threading
import time

from .devserver import server_env
from .env import ensure_chromium, ensure_nginx, ensure_redis, ensure_venv
from .paths import REQUIREMENTS, ROOT, SERVER_REQUIREMENTS
from .site import build
from .toolchain import ensure_node_modules


# The runners' closing tallies: pytest's "== 3 failed, 40 passed in 2.1s =="
# (without the rule under -q), node --test's TAP trailer ("# pass 3", ...),
# and mypy's last line, counted in source files ("Success: no issues found in
# 35 source files", "Found 4 errors in 2 files (checked 35 source files)").
PYTEST_SUMMARY = re.compile(r"^=*\s*(\d+ \w+.* in [\d.]+s.*?)\s*=*$")
PYTEST_COUNT = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)")
NODE_COUNT = re.compile(r"^# (pass|fail|cancelled|skipped|todo) (\d+)$")
MYPY_SUCCESS = re.compile(r"^Success: no issues found in (\d+) source files?$")
MYPY_FAILURE = re.compile(r"^Found \d+ errors? in (\d+) files? \(checked (\d+) source files?\)$")
# Every outcome, folded into passed / failed / skipped.
OUTCOME = {"passed": "passed", "xpassed": "passed", "pass": "passed",
           "failed": "failed", "error": "failed", "errors": "failed", "fail": "failed",
           "cancelled": "failed",
           "skipped": "skipped", "xfailed": "skipped", "todo": "skipped"}


class Suite:
    """One test run: its command, exit code, counts and the runner's own words."""

    def __init__(self, name: str):
        self.name = name
        self.code = None
        self.seconds = 0.0
        self.summary = ""
        self.counts = {"passed": 0, "failed": 0, "skipped": 0}

    def read(self, line: str) -> None:
        line = line.strip()
        pytest_summary = PYTEST_SUMMARY.match(line)
        if pytest_summary:
            self.summary = pytest_summary.group(1)
            self.counts = {"passed": 0, "failed": 0, "skipped": 0}
            for number, outcome in PYTEST_COUNT.findall(self.summary):
                self.counts[OUTCOME[outcome]] += int(number)
        node_count = NODE_COUNT.match(line)
        if node_count:
            self.counts[OUTCOME[node_count.group(1)]] += int(node_count.group(2))
            self.summary = ", ".join(f"{n} {k}" for k, n in self.counts.items())
        mypy_success = MYPY_SUCCESS.match(line)
        if mypy_success:
            self.summary = line
            self.counts = {"passed": int(mypy_success.group(1)), "failed": 0, "skipped": 0}
        mypy_failure = MYPY_FAILURE.match(line)
        if mypy_failure:
            wrong, checked = int(mypy_failure.group(1)), int(mypy_failure.group(2))
            self.summary = line
            self.counts = {"passed": checked - wrong, "failed": wrong, "skipped": 0}

    def run(self, command: list[str], env: dict, held: list[str] | None = None) -> "Suite":
        """Run, echoing the output as it comes (or keeping it in ``held``,
        to be shown later), and keep the tally."""
        out = held.append if held is not None else sys.stdout.write
        out(f"\n===== {self.name}: {' '.join(command)}\n")
        sys.stdout.flush()
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, bufsize=1)
        for line in process.stdout:
            out(line)
            self.read(line)
        self.code = process.wait()
        sys.stdout.flush()
        self.seconds = time.perf_counter() - started
        return self


def test(args: argparse.Namespace, passthrough: list[str]) -> int:
    # --types checks both the Python (mypy) and the page's JavaScript (tsc).
    started = time.perf_counter()
    chosen = {s for s in SUITES if getattr(args, "types" if s == "jstypes" else s)}
    suites = [s for s in SUITES if s in chosen] or list(SUITES)
    ensure_node_modules()
    python = ensure_venv(REQUIREMENTS, SERVER_REQUIREMENTS)
    if "server" in suites or "e2e" in suites:
        ensure_redis()
        ensure_nginx()
    if "e2e" in suites:
        ensure_chromium()
    build()

    env = {**server_env(), "PYTHON": str(python), "PYTHONDONTWRITEBYTECODE": "1"}
    node = shutil.which("node") or "node"
    commands = {
        "types": [str(python), "-m", "mypy"],
        "jstypes": [node, "tools/typecheck.mjs"],
        # The unit tests share nothing: one worker per core.
        "unit": [str(python), "-m", "pytest", "tests", "-n", "auto", *passthrough],
        # The server's tests mostly wait on servers of their own (each on its
        # free ports, with its own Redis): four at once.
        "server": [str(python), "-m", "pytest", "server/tests", "-n", "4", *passthrough],
        "node": [node, "--test", "--test-reporter=tap", "tests/node/"],
        # Two browsers at a time, one per core. A module whose tests share
        # a browser context keeps them on one worker (its xdist_group). The
        # slowest tests are named at the end (to keep the suite short).
        "e2e": [str(python), "-m", "pytest", "e2e", "-n", "2", "--dist", "loadgroup", "--durations=15",
                *passthrough],
    }
    results: dict[str, Suite] = {}
    # Each suite in order, but those with a host in this run beside it.
    hosted = {other: name for name in suites for other in BESIDE.get(name, ()) if other in suites}
    for name in suites:
        if name in hosted:
            continue
        held: list[str] = []

        def run_beside(host: str = name, held: list[str] = held) -> None:
            for other in (other for other, of in hosted.items() if of == host):
                results[other] = Suite(other).run(commands[other], env, held)

        company = threading.Thread(target=run_beside)
        company.start()
        results[name] = Suite(name).run(commands[name], env)
        company.join()
        sys.stdout.write("".join(held))
    return report([results[name] for name in suites], started)


SUITES = ("types", "jstypes", "unit", "server", "node", "e2e")
# Suites run beside another, their output shown once both are done: the
# server's tests mostly wait on servers of their own, which leaves a core to
# the type checkers and Node's tests.
BESIDE = {"server": ("types", "jstypes", "node")}


def report(results: list[Suite], started: float | None = None) -> int:
    """One line per suite, then the total on a line of its own. pytest's exit
    code 5 means it collected nothing (say, `-k` matched no test of that
    suite): not a failure by itself, but a run where no test ran fails."""
    print("\n===== summary", flush=True)
    failed = False
    total = {"passed": 0, "failed": 0, "skipped": 0}
    for suite in results:
        if suite.code == 0:
            status = "ok"
        elif suite.code == 5 and suite.name != "node":
            status = "no tests"
        else:
            status, failed = f"FAILED (exit {suite.code})", True
        for outcome, number in suite.counts.items():
            total[outcome] += number
        print(f"  {suite.name:7} {status:16} {suite.summary or '-'}  [{suite.seconds:.1f} s]")
    if total["passed"] + total["failed"] == 0:
        print("  no test ran at all")
        failed = True
    print("===== " + ("FAILED" if failed else "all suites passed"))
    suites = sum(suite.seconds for suite in results)
    if started is not None:
        whole = time.perf_counter() - started
        print(f"time: {whole / 60:.1f} min in all ({whole:.0f} s, of which the suites {suites:.0f} s)")
    print(f"total: {total['passed']} passed, {total['failed']} failed, {total['skipped']} skipped", flush=True)
    return 1 if failed else 0
