"""Record the page's DOM, step by step, over fixed games — to compare two
versions of the front end that should draw the same thing.

    .venv/bin/python tools/dom_record.py DIST OUT.json     # record one build
    .venv/bin/python tools/dom_record.py --compare A.json B.json

Each game is a deep link with people at every seat and a fixed seed; at each
step the recorder waits until the page is settled, keeps the body's markup
(the flash layer, whose content depends on when the look is taken, emptied;
ids made by counters left as they are) and clicks one of the visible
[data-choice] elements, drawn from a generator seeded by the game. (The
pass-the-device screen's button is one of them.) ``--compare`` prints the
steps whose markup differs, with the first differing lines; the bubble of
words that timers show and hide (``TIP``) is left out of the comparison.
"""

from __future__ import annotations

import argparse
import difflib
import json
import random
import re
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "e2e"))

from archipel_site.devserver import make_server  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from pages import BOOT_TIMEOUT_MS, SETTLED_LOOK  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

GAMES = [
    "play=kahuna&players=2&seats=h,h&seed=5",
    "play=kanaloa&players=3&seats=h,h,h&seed=7",
    "play=moai&players=3&seats=h,h,h&seed=11",
    "play=haleakala&players=2&seats=h,h&seed=3",
]
STEPS = 120

# The markup as drawn, with what depends on the moment of the look removed.
MARKUP = """() => {
  const body = document.body.cloneNode(true);
  body.querySelectorAll('.layer.flash').forEach((g) => g.replaceChildren());
  return body.outerHTML;
}"""

def record(dist: Path) -> dict:
    server = make_server(dist, port=0, prefix="/archipel/", quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    base = f"http://{host}:{port}/archipel/"
    steps: dict = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for link in GAMES:
            context = browser.new_context(service_workers="block", locale="fr-FR",
                                          viewport={"width": 1280, "height": 800})
            page = context.new_page()
            page.goto(f"{base}#{link}")
            rng = random.Random(link)
            for step in range(STEPS):
                look = page.wait_for_function(SETTLED_LOOK, timeout=BOOT_TIMEOUT_MS).json_value()
                page.wait_for_timeout(400)  # animations end
                steps[f"{link} #{step}"] = page.evaluate(MARKUP)
                if look["state"] == "over":
                    break
                index, _ = rng.choice(look["choices"])
                page.locator("[data-choice]").nth(index).click()
                page.wait_for_timeout(100)
            context.close()
        browser.close()
    server.shutdown()
    return steps


# The bubble of words a resting mouse or a tap brings up (tips.js): it is
# shown 450 ms after the mouse comes to rest and hidden 4 s later, so what it
# holds at a step depends on the moment of the look, like the flash layer.
TIP = re.compile(r'<div id="tip"[^>]*>.*?</div>', re.S)


def lines(markup: str) -> list:
    steady = TIP.sub('<div id="tip"></div>', markup)
    return re.sub(r">\s*<", ">\n<", steady).splitlines()


def compare(before: dict, after: dict) -> int:
    differing = 0
    for key in before.keys() | after.keys():
        a, b = before.get(key), after.get(key)
        if a is None or b is None:
            differing += 1
            print(f"== {key}\n   only in", "after" if a is None else "before")
            continue
        old, new = lines(a), lines(b)
        if old == new:
            continue
        differing += 1
        print(f"== {key}")
        diff = list(difflib.unified_diff(old, new, lineterm="", n=0))
        print("\n".join(diff[2:14]))
    print(f"{differing} of {len(before.keys() | after.keys())} steps differ")
    return differing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compare", action="store_true")
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    args = parser.parse_args()
    if args.compare:
        sys.exit(1 if compare(json.loads(args.first.read_text()), json.loads(args.second.read_text())) else 0)
    steps = record(args.first)
    args.second.write_text(json.dumps(steps))
    print(f"{len(steps)} steps recorded in {args.second}")


if __name__ == "__main__":
    main()
