"""Every rule id that the rules package and the tests cite exists in docs/rules/.

The specifications ``docs/rules/<game>.md`` number their rules, and each spec
has its own families: ``KH-7``, ``SC-9``, ``SU-1``, ``HI-5``, ``INV-3`` in
Kahuna; ``KN-12``, ``TP-5``, ``GD-9`` in Kanaloa; ``M-23``, ``C-5.0a``,
``D-WAR`` in Moai; ``H-41``, ``S-1.2``, ``BP-3`` in Haleakala; and in all of
them the resolutions of ambiguities ``A-n`` and the test scenarios ``T-n``.
Comments cite them (``# KN-16``) and test names carry them (``test_KN_16_...``,
``test_C_5_0a_...``). One letter ids mean different rules in different specs
(Moai's ``H-9`` is not Haleakala's), so an id cited in a file of one game (its
name or its folder says which: ``games/kanaloa/state.py``, ``test_moai_rules.py``,
``haleakala_helpers.py``) must be defined in that game's spec; elsewhere, in one
of the four.
"""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
SPECS = ("kahuna", "kanaloa", "moai", "haleakala")

NUMBER = r"\d+(?:\.\d+)?[a-z]?"          # 12, 5.0, 0.1, 11a, 5.0a
NAMED = r"[A-Z]{3,}"                     # Moai's disasters: D-ERO, D-WAR ...
# A line that defines an id: the id comes first, after the markup of a heading,
# a list item, a numbered item or a table cell, perhaps in bold.
DEFINITION = re.compile(r"^\s*(?:#+\s+|[-*]\s+|\|\s*|\d+\.\s+)?(?:\*\*)?"
                        rf"([A-Z]{{1,3}}-(?:{NUMBER}|{NAMED}))\b")
# A lettered case under a definition: "  - (a) ..." makes "H-24a".
CASE = re.compile(r"^\s+[-*]\s+\(([a-z])\)\s")


def defined_ids(text: str) -> set:
    """The ids a spec defines, with their lettered cases and the parents of
    their dotted ids (``S-1.2`` makes ``S-1`` a rule too: "S-1 to S-25")."""
    ids = set()
    last = None
    for line in text.splitlines():
        match = DEFINITION.match(line)
        if match:
            last = match.group(1)
            ids.add(last)
            if "." in last:
                ids.add(re.sub(r"\.\d+[a-z]?$", "", last))
            continue
        case = CASE.match(line)
        if case and last:
            ids.add(last + case.group(1))
    return ids


SPEC_IDS = {game: defined_ids((RULES / f"{game}.md").read_text("utf-8")) for game in SPECS}
FAMILIES = sorted({i.split("-")[0] for ids in SPEC_IDS.values() for i in ids},
                  key=lambda family: (-len(family), family))
FAMILY = "|".join(FAMILIES)
# An id in prose or a comment: "KN-16", "(H-24a)", "C-5.0a", "D-TOPPLE".
CITED = re.compile(rf"(?<![\w.-])((?:{FAMILY})-(?:{NUMBER}|{NAMED}))(?![\w-])")
# A test name: test_C_5_0a_A_27_any_clan..., test_C_5_D_ERO_covers...
TEST_NAME = re.compile(r"\bdef (test_\w+)")
NAME_ID = re.compile(rf"_({FAMILY})_(\d+(?:_\d+[a-z]?)?[a-z]?|{NAMED})(?=_|$)")


def cited_ids(path: pathlib.Path) -> list:
    """(line number, id) for every id that ``path`` cites."""
    cited = []
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        for match in CITED.finditer(line):
            cited.append((number, match.group(1)))
        name = TEST_NAME.search(line)
        if name:
            for family, rest in NAME_ID.findall(name.group(1)):
                cited.append((number, f"{family}-{rest.replace('_', '.')}"))
    return cited


def sources() -> list:
    files = [path for folder in ("pygame_core", "tests")
             for path in sorted((ROOT / folder).rglob("*"))
             if path.suffix in (".py", ".mjs", ".md") and "__pycache__" not in path.parts]
    return [path for path in files if path.name != pathlib.Path(__file__).name]


def spec_of(path: pathlib.Path):
    """The game a file belongs to, from its name or its game's folder
    (``pygame_core/games/moai/state.py``); None for a shared file."""
    games = [game for game in SPECS if game in path.name or game in path.parts]
    return games[0] if len(games) == 1 else None


def test_the_four_specifications_and_the_map_are_in_the_repository():
    assert sorted(p.name for p in RULES.iterdir() if p.suffix in (".md", ".png")) == [
        "haleakala.md", "kahuna.md", "kanaloa-map.png", "kanaloa.md", "moai.md"]
    assert "(kanaloa-map.png)" in (RULES / "kanaloa.md").read_text("utf-8")


def test_the_specs_define_the_ids_they_are_known_by():
    assert {"KH-1", "KH-29", "SC-9", "SU-1", "HI-5", "INV-3", "D-7", "A-1", "T-12"} <= SPEC_IDS["kahuna"]
    assert {"KN-3", "TP-3", "GD-9", "GD-10a", "GD-10b", "E-15", "H-9", "A-5", "T-37"} <= SPEC_IDS["kanaloa"]
    assert {"M-0", "M-0.1", "M-42", "C-5.0a", "D-WAR", "S-11a", "H-9", "V-5", "A-43"} <= SPEC_IDS["moai"]
    assert {"H-24a", "H-24b", "H-41", "S-1", "S-1.2", "V-5b", "BP-1", "A-08", "T-42"} <= SPEC_IDS["haleakala"]
    assert "KN-3" not in SPEC_IDS["moai"] and "H-53" not in SPEC_IDS["moai"]


@pytest.mark.parametrize("line,ids", [
    ("# KN-16, A-9: the sole leader chooses (H-24a)", ["KN-16", "A-9", "H-24a"]),
    ("D-FIRE(k) and C-5.0a; not E1-01, ORO-RASI, 0..N-1 nor UTF-8", ["D-FIRE", "C-5.0a"]),
    ("def test_C_5_0a_A_27_any_clan_may_be_named():", ["C-5.0a", "A-27"]),
    ("def test_C_5_D_ERO_covers_the_chosen_free_field():", ["C-5", "D-ERO"]),
    ("def test_M_0_1_A_1_every_sequence():", ["M-0.1", "A-1"]),
])
def test_citations_are_read_from_comments_and_test_names(tmp_path, line, ids):
    path = tmp_path / "example.py"
    path.write_text(line + "\n", "utf-8")
    assert [i for _, i in cited_ids(path)] == ids


def test_a_game_s_modules_are_read_against_its_own_spec():
    assert spec_of(ROOT / "pygame_core" / "games" / "moai" / "state.py") == "moai"
    assert spec_of(ROOT / "tests" / "test_haleakala_rules.py") == "haleakala"
    assert spec_of(ROOT / "pygame_core" / "engine.py") is None


def test_every_cited_rule_id_exists_in_its_specification():
    missing = []
    count = 0
    for path in sources():
        game = spec_of(path)
        known = SPEC_IDS[game] if game else set().union(*SPEC_IDS.values())
        for number, rule in cited_ids(path):
            count += 1
            if rule not in known:
                where = f"docs/rules/{game}.md" if game else "docs/rules/"
                missing.append(f"{path.relative_to(ROOT)}:{number}: {rule} is not in {where}")
    assert count > 800, "the code and the tests cite the rules"
    assert missing == []
