"""The Pages workflow publishes dist/ only once every test suite has passed."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def jobs() -> dict:
    """{job: {"needs": [...], "lines": [...]}} read from the workflow's
    `jobs:` block (two spaces before a job's name, four before its keys)."""
    found = {}
    current = None
    inside = False
    for line in WORKFLOW.read_text("utf-8").splitlines():
        if line.startswith("jobs:"):
            inside = True
            continue
        if not inside or not line.strip() or line.lstrip().startswith("#"):
            continue
        name = re.fullmatch(r"  ([\w-]+):", line)
        if name:
            current = found.setdefault(name.group(1), {"needs": [], "lines": []})
            continue
        if current is None:
            continue
        current["lines"].append(line.strip())
        needs = re.fullmatch(r"    needs: \[?([\w, -]+?)\]?", line)
        if needs:
            current["needs"] = [n.strip() for n in needs.group(1).split(",")]
    return found


def needed(job: str, table: dict) -> set:
    """Every job that must pass before ``job`` runs."""
    before = set()
    for other in table[job]["needs"]:
        before |= {other} | needed(other, table)
    return before


def test_the_deploy_waits_for_every_test_suite():
    table = jobs()
    assert {"test", "build", "deploy"} <= set(table)
    assert "test" in needed("deploy", table) and "build" in needed("deploy", table)
    assert "test" in needed("build", table), "no artifact is built from a red commit"
    assert "uses: actions/deploy-pages@v4" in table["deploy"]["lines"]


def test_the_test_job_runs_what_ci_runs_on_debian():
    test = jobs()["test"]["lines"]
    # .ci/run is `python3 build.py test`: unit, Node and browser suites, with
    # Debian's chromium installed by apt-get (the container runs as root).
    assert "run: .ci/run" in test
    assert "python3 build.py test" in (ROOT / ".ci" / "run").read_text("utf-8")
    assert any(re.fullmatch(r"container: python:3\.11-bookworm", line) for line in test)
    assert "node-version: 20" in test
