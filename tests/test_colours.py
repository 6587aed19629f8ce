"""The palette (web/css/theme.css) for every eye: the five player colours and
the board's states (what can be chosen, what is chosen, the others' latest
move) stay apart for the three common colour-vision deficiencies, and text
has a contrast of at least 4.5:1.

A deficiency is simulated with the matrices of Machado, Oliveira and
Fernandes (2009, "A Physiologically-based Model for Simulation of Color
Vision Deficiency"), severity 1.0, applied in linear sRGB; two colours are
apart when their CIEDE2000 difference is at least ``APART`` (about the
difference of two neighbouring colours on a map legend). The players have
shapes too (▲ ◆ ● ■ ★): colour is never the only sign.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

CSS = Path(__file__).resolve().parents[1] / "web" / "css"
# Each game's own stylesheet, in its folder of the page.
GAMES_CSS = Path(__file__).resolve().parents[1] / "web" / "js" / "games"
APART = 10.0

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
    "typical": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
}


def theme() -> dict[str, str]:
    """The palette's named colours: {"p0": "#d55e00", ...}."""
    text = (CSS / "theme.css").read_text("utf-8")
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;", text))


def linear(hex_colour: str) -> list[float]:
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]


def seen(hex_colour: str, vision: str) -> list[float]:
    """The colour as an eye of that kind sees it (linear sRGB)."""
    rgb = linear(hex_colour)
    return [min(1.0, max(0.0, sum(row[j] * rgb[j] for j in range(3)))) for row in MACHADO[vision]]


def lab(rgb: list[float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(first: tuple, second: tuple) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation)."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360
    h2 = math.degrees(math.atan2(b2, a2)) % 360
    dl, dc = l2 - l1, c2 - c1
    dh = 0.0
    if c1 * c2:
        dh = h2 - h1
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dh_big = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if not c1 * c2:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * c_mean
    sh = 1 + 0.015 * c_mean * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dh_big / sh) ** 2 + rt * (dc / sc) * (dh_big / sh))


def contrast(first: str, second: str) -> float:
    def luminance(colour: str) -> float:
        r, g, b = linear(colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_difference_is_the_published_one():
    # Sharma, Wu and Dalal (2005), test data, pairs 1 and 17.
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    # Red and green, for an eye without one of the two cones that tell them
    # apart, lie on the same side of the red-green axis (a*): only their
    # lightness differs. For a typical eye they are at its two ends.
    for vision in ("protanopia", "deuteranopia"):
        red, green = lab(seen("#ff0000", vision)), lab(seen("#00a000", vision))
        assert abs(red[1] - green[1]) < 5, vision
    assert lab(seen("#ff0000", "typical"))[1] - lab(seen("#00a000", "typical"))[1] > 120


@pytest.mark.parametrize("vision", sorted(MACHADO))
def test_players_and_states_stay_apart(vision):
    palette = theme()
    colours = {f"player {n + 1}": palette[f"p{n}"] for n in range(5)}
    colours |= {"can be chosen": palette["glow"], "chosen": palette["chosen"], "latest move": palette["last"]}
    close = []
    for (a, first), (b, second) in itertools.combinations(colours.items(), 2):
        difference = ciede2000(lab(seen(first, vision)), lab(seen(second, vision)))
        if difference < APART:
            close.append(f"{a} and {b}: {difference:.1f}")
    assert close == []


def test_the_board_marks_its_states_with_the_palette():
    board = (CSS / "board.css").read_text("utf-8")
    assert re.search(r"\.last-line,\s*\.last-island \{[^}]*stroke: var\(--last\)", board)
    assert re.search(r"\.glow\.selected \{[^}]*stroke: var\(--chosen\)", board)
    assert re.search(r"\.mo-last \{[^}]*stroke: var\(--last\)", (GAMES_CSS / "moai" / "style.css").read_text("utf-8"))
    assert re.search(r"\.hk-last \{[^}]*stroke: var\(--last\)", (GAMES_CSS / "haleakala" / "style.css").read_text("utf-8"))


@pytest.mark.parametrize("ink", ["ink", "muted", "ocean-1", "p0-deep", "p1-deep", "p2-deep", "p3-deep", "p4-deep"])
def test_text_colours_read_at_4_5_to_1_on_paper(ink):
    palette = theme()
    for ground in ("paper", "paper-light"):
        assert contrast(palette[ink], palette[ground]) >= 4.5, (ink, ground)


@pytest.mark.parametrize("seat", range(5))
def test_white_text_reads_on_each_deepened_player_colour(seat):
    assert contrast("#ffffff", theme()[f"p{seat}-deep"]) >= 4.5
