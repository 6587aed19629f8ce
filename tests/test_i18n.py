"""Every word the browser shows exists in French and in English."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LANGS = {lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
         for lang in ("fr", "en")}


def test_french_and_english_have_the_same_keys():
    assert set(LANGS["fr"]) == set(LANGS["en"])


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_no_empty_text(lang):
    assert [key for key, text in LANGS[lang].items() if not str(text).strip()] == []


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_no_word_is_missing_between_two_spaces(lang):
    """Two spaces in a row (ordinary or non-breaking) are where a word or a
    number went missing: "des deux cartes de la section  ; le rival"."""
    assert [key for key, text in LANGS[lang].items() if re.search(r"[ \u00a0]{2}", str(text))] == []


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_placeholders_agree_between_languages(lang):
    other = LANGS["en" if lang == "fr" else "fr"]
    for key, text in LANGS[lang].items():
        mine = set(re.findall(r"\{(\w+)\}", str(text)))
        theirs = set(re.findall(r"\{(\w+)\}", str(other[key])))
        assert mine == theirs, key


def keys_used_by_the_rules():
    """Event and error keys written in the rules package (with the ``.own``
    variant of every event that carries a secret)."""
    keys = set()
    for path in (ROOT / "pygame_core").rglob("*.py"):
        text = path.read_text("utf-8")
        for match in re.finditer(r'Event\(\s*"([a-z_]+\.[a-z_.]+)"(.*?)\)\]?$', text, re.M | re.S):
            keys.add(match.group(1))
        for match in re.finditer(r'"((?:error|[a-z]+\.illegal)\.[a-z_.]+)"', text):
            keys.add(match.group(1))
        for match in re.finditer(r'Event\("([a-z_]+\.[a-z_.]+)",[^)]*secret_for', text):
            keys.add(match.group(1) + ".own")
    return keys


def test_every_log_and_error_key_of_the_rules_is_translated():
    keys = keys_used_by_the_rules()
    assert "kahuna.place" in keys and "kahuna.draw.own" in keys and "error.bad_record" in keys
    assert sorted(keys - set(LANGS["fr"])) == []


def test_every_key_the_browser_asks_for_exists():
    used = set()
    for path in (ROOT / "web" / "js").rglob("*.js"):
        used |= set(re.findall(r"\bt\('([a-z][\w.-]+)'", path.read_text("utf-8")))
    for path in (ROOT / "web").glob("*.html"):
        used |= set(re.findall(r'data-i18n(?:-[a-z]+)?="([\w.-]+)"', path.read_text("utf-8")))
    assert used, "the browser uses i18n keys"
    assert sorted(used - set(LANGS["fr"])) == []
