"""Account names: unique on a server, and never one that looks like another.

Two names are the same name when their keys are equal (``name_key``): the
key folds case (``casefold``) and compatibility forms (NFKC: a full-width
"Ａ" is an "A"), drops accents, spaces and the punctuation that separates
words, and reads each lookalike as the letter it imitates (the Cyrillic
"а" as the Latin "a", the digit "0" as "o", "rn" as "m"...). "Ana", "ANA",
"Aná", "A n a" and "Аna" (its first letter Cyrillic) are one name: the
first to sign up holds it.

A name mixing the letters of two scripts (Latin and Cyrillic, say) is
refused outright (``check_script``): mixing is how lookalikes are made,
and no real name needs it. Japanese mixes its own three (Han, Hiragana,
Katakana), which count as one.
"""

from __future__ import annotations

import unicodedata

from .tokens import BadName

# Lookalikes read as the Latin letter they imitate (after casefold).
LOOKALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w",
    "һ": "h", "ӏ": "l", "ѵ": "v", "ү": "y", "з": "e", "ь": "b",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ς": "c", "σ": "o", "γ": "y",
    # Latin letters and digits that pass for others
    "ı": "i", "ɡ": "g", "ʟ": "l", "ɑ": "a", "ſ": "s",
    "0": "o", "1": "l", "|": "l", "i": "l", "5": "s", "3": "e",
})
# Characters that only separate the parts of a name.
SEPARATORS = set(" _-.·'’‘`´\",;:")
# Scripts written together: one script for the rule of ``check_script``.
SCRIPT_FAMILIES = {"HIRAGANA": "JAPANESE", "KATAKANA": "JAPANESE", "CJK": "JAPANESE"}


def name_key(name: str) -> str:
    """What names are compared by (see the module)."""
    text = unicodedata.normalize("NFKC", name).casefold()
    text = "".join(char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char))
    text = "".join(char for char in text if char not in SEPARATORS)
    text = text.translate(LOOKALIKES)
    # Pairs of letters that read as one: "rn" as "m", "vv" as "w", "cl" as "d".
    for pair, single in (("rn", "m"), ("vv", "w"), ("cl", "d")):
        text = text.replace(pair, single)
    return text


def script_of(char: str) -> str | None:
    """The script of a letter (the first word of its Unicode name), None
    for what is no letter (digits, punctuation, spaces)."""
    if not unicodedata.category(char).startswith("L"):
        return None
    word = unicodedata.name(char, "UNKNOWN").split(" ")[0]
    return SCRIPT_FAMILIES.get(word, word)


def check_script(name: str) -> str:
    """``name`` if its letters are of one script (see the module); else a
    ``BadName`` refusal."""
    scripts = {script for script in map(script_of, name) if script is not None}
    if len(scripts) > 1:
        raise BadName("a name's letters are of one script (" + " and ".join(sorted(scripts)).lower()
                      + " are mixed here)", "error.name_mixed_scripts")
    if not name_key(name):
        raise BadName("a name needs a letter or a digit", "error.bad_name")
    return name
