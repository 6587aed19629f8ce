"""Table ids, seat tokens, and players' names.

A seat is held by a token: 128 random bits from ``secrets``, written into the
invitation link's fragment (which browsers never send to a server) and sent
by the page in its first WebSocket message. The server keeps only the
SHA-256 of each token: a copy of the database hands no seat to anyone. A
plain hash suffices because a token is random, never a password a person
chose.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from typing import TypeGuard

# 9 random bytes: 12 characters of URL-safe base64. A table id is not a
# secret on its own (every seat and the spectators need their token), but
# still too long to guess.
TABLE_ID_BYTES = 9
TOKEN_BYTES = 16            # 128 bits
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{12}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")


def new_table_id() -> str:
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def is_table_id(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and TABLE_ID.fullmatch(value) is not None


def is_token(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and TOKEN.fullmatch(value) is not None


class BadName(ValueError):
    """A name that cannot be shown; ``key`` says why, for the page."""

    def __init__(self, message: str, key: str):
        super().__init__(message)
        self.key = key


def check_name(name, longest: int) -> str:
    """The name as it will be shown: NFC, every run of white space (line
    breaks included) made one space, 1 to ``longest`` characters of text.
    Refused: anything but text, and control and format characters
    (bidirectional overrides included: a name must not turn the rest of a
    line around). Markup characters are allowed: names are shown as text
    everywhere, never as HTML."""
    if not isinstance(name, str):
        raise BadName("a name is text", "error.bad_name")
    name = " ".join(unicodedata.normalize("NFC", name).split())
    if not name:
        raise BadName("a name cannot be empty", "error.bad_name")
    if len(name) > longest:
        raise BadName(f"a name has at most {longest} characters", "error.name_too_long")
    for char in name:
        category = unicodedata.category(char)
        if category[0] == "C" or category in ("Zl", "Zp"):
            raise BadName(f"a name cannot hold the character U+{ord(char):04X}", "error.bad_name")
    return name
