"""Accounts: a name and passkeys, no password (docs/online.md, accounts).

    POST {base}api/account                     who this page is signed in as
    POST {base}api/account/signup/options      a passkey's creation, for a new name
    POST {base}api/account/signup              the passkey made: the account, signed in
    POST {base}api/account/signin/options      a passkey's request (any of this site's)
    POST {base}api/account/signin              the passkey's answer: signed in
    POST {base}api/account/signout
    POST {base}api/account/code                a one-time code to add a device (signed in)
    POST {base}api/account/device/options      the code: a passkey's creation for its account
    POST {base}api/account/device              the passkey made: this device signed in too
    POST {base}api/account/export              everything the server keeps of the account
    POST {base}api/account/delete              the account deleted (its name typed again)

The passkey ceremonies are ``webauthn``'s (py_webauthn): the server makes
the options and checks the browser's answer against the challenge it kept
(``Store.put_secret``, once, for ``CEREMONY_FOR`` seconds) and against the
page's origin, which names the relying party: a passkey belongs to the site
whose page made it.

A session is a random token, kept as its hash (``Store.create_session``). A
page of the server's own origin gets it as a cookie scripts cannot read
(HttpOnly, SameSite=Lax, Secure on https); a page of another origin (a site
on GitHub Pages) gets it in the answer's body, as a bearer token it sends in
an ``Authorization`` header: browsers keep a third party's cookies from such
a page, so a cookie would not come back.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from urllib.parse import urlsplit

import webauthn
from webauthn.helpers import bytes_to_base64url, base64url_to_bytes
from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidRegistrationResponse
from webauthn.helpers.structs import (AuthenticatorSelectionCriteria, PublicKeyCredentialDescriptor,
                                      ResidentKeyRequirement, UserVerificationRequirement)

from .common import ApiError, address_of, web_scheme
from .names import check_script, name_key
from .store import Account, Credential
from .tokens import BadName, check_name, is_token, new_token, token_hash

COOKIE = "archipel_session"
SESSION_FOR = 90 * 24 * 3600.0       # a session lasts 90 days
CEREMONY_FOR = 300.0                 # a passkey's ceremony: 5 minutes
CODE_FOR = 600.0                     # a code to add a device: 10 minutes
# A code's alphabet: no 0/O, 1/I/L to read wrong; 8 of them, 40 bits.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
RP_NAME = "Archipel"
ACCOUNT_ID_BYTES = 12


def new_account_id() -> str:
    return secrets.token_urlsafe(ACCOUNT_ID_BYTES)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def code_key(code: str) -> str:
    """A code as typed ("abcd-efgh", "ABCDEFGH") to the hash it is kept by."""
    cleaned = "".join(char for char in code.upper() if char.isalnum())
    return hashlib.sha256(f"archipel-code/{cleaned}".encode()).hexdigest()


def secret_key(ceremony: str) -> str:
    return hashlib.sha256(f"archipel-ceremony/{ceremony}".encode()).hexdigest()


def public_account(account: Account) -> dict:
    return {"id": account.id, "name": account.name, "created": account.created}


def session_token(connection) -> str | None:
    """The session token a request (or a WebSocket's handshake) carries:
    its bearer token, else its cookie."""
    header = connection.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        token = header[7:].strip()
        return token if is_token(token) else None
    token = connection.cookies.get(COOKIE)
    return token if is_token(token) else None


async def account_of(store, connection, token: object = None) -> Account | None:
    """The account signed in on a request (or a WebSocket's handshake), or
    of ``token``, a bearer token a WebSocket message carries; None for a
    guest. A session whose account was deleted signs nobody in."""
    token = token if is_token(token) else session_token(connection)
    if token is None:
        return None
    account_id = await store.session_account(token_hash(token), time.time())
    return None if account_id is None else await store.load_account(account_id)


class Accounts:
    """The account routes of a ``TableServer`` (``server``): its store, bus
    (for the limits of sign-ups and sign-ins per address) and settings."""

    def __init__(self, server):
        self.server = server

    @property
    def store(self):
        return self.server.store

    # -- who is asking ----------------------------------------------------------------------
    async def account_of(self, connection, token: str | None = None) -> Account | None:
        return await account_of(self.store, connection, token)

    async def signed_in(self, request) -> Account:
        account = await self.account_of(request)
        if account is None:
            raise ApiError(401, "error.signed_out", "sign in first")
        return account

    async def limit(self, request, what: str) -> None:
        """Sign-ups, sign-ins and codes per address (on every server sharing the bus)."""
        settings = self.server.settings
        most = settings.account_attempts
        if most and not await self.server.bus.allow(f"accounts:{what}:{address_of(request)}", most,
                                                    settings.account_window):
            raise ApiError(429, "error.too_many_attempts", "too many attempts from this address: wait a "
                           "few minutes", limit=most)

    # -- the relying party ----------------------------------------------------------------
    def page_origin(self, request) -> tuple:
        """The page's origin and the relying party's id (its host name): a
        passkey is made for, and asked by, the page's site."""
        origin = request.headers.get("origin")
        if not origin:
            scheme = web_scheme(request)
            origin = f"{scheme}://{request.headers.get('host', '')}"
        host = urlsplit(origin).hostname
        if not host:
            raise ApiError(400, "error.bad_request", "the page's origin names no host")
        return origin, host

    async def begin(self, request, purpose: str, options, **kept) -> dict:
        origin, rp_id = self.page_origin(request)
        ceremony = new_token()
        await self.store.put_secret("ceremony", secret_key(ceremony), {
            "purpose": purpose, "challenge": bytes_to_base64url(options.challenge), "origin": origin,
            "rp_id": rp_id, **kept}, time.time() + CEREMONY_FOR)
        return {"ceremony": ceremony, "options": json.loads(webauthn.options_to_json(options))}

    async def ceremony(self, body, purpose: str) -> dict:
        ceremony = body.get("ceremony") if isinstance(body, dict) else None
        if not is_token(ceremony) or not isinstance(body.get("credential"), dict):
            raise ApiError(400, "error.bad_request", "the answer names its ceremony and carries the credential")
        kept = await self.store.take_secret("ceremony", secret_key(ceremony), time.time())
        if kept is None or kept.get("purpose") != purpose:
            raise ApiError(400, "error.ceremony_expired", "this passkey request has expired: try again")
        return kept

    def registration(self, request, account_id: str, name: str, exclude: tuple | list = ()):
        _, rp_id = self.page_origin(request)
        return webauthn.generate_registration_options(
            rp_id=rp_id, rp_name=RP_NAME, user_id=account_id.encode(), user_name=name, user_display_name=name,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.PREFERRED),
            exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(c)) for c in exclude])

    @staticmethod
    def registered(body, kept: dict, account_id: str) -> Credential:
        try:
            verified = webauthn.verify_registration_response(
                credential=body["credential"], expected_challenge=base64url_to_bytes(kept["challenge"]),
                expected_rp_id=kept["rp_id"], expected_origin=kept["origin"])
        except (InvalidRegistrationResponse, KeyError, ValueError, TypeError) as exc:
            raise ApiError(400, "error.bad_passkey", f"the passkey was not made as asked: {exc}") from None
        return Credential(id=bytes_to_base64url(verified.credential_id), account=account_id,
                          public_key=bytes_to_base64url(verified.credential_public_key),
                          sign_count=verified.sign_count, created=time.time())

    # -- the routes -----------------------------------------------------------------------
    async def me(self, request, body) -> tuple:
        account = await self.account_of(request)
        if account is None:
            return 200, {"account": None}
        ratings = await self.store.ratings_of(account.id)
        return 200, {"account": public_account(account),
                     "ratings": {game: rating.public() for game, rating in ratings.items()}}

    def check_new_name(self, body) -> tuple:
        try:
            name = check_script(check_name(body.get("name") if isinstance(body, dict) else None,
                                           self.server.settings.max_name))
        except BadName as exc:
            raise ApiError(400, exc.key, str(exc), longest=self.server.settings.max_name) from None
        return name, name_key(name)

    async def signup_options(self, request, body) -> tuple:
        await self.limit(request, "signup")
        name, key = self.check_new_name(body)
        if await self.store.account_named(key) is not None:
            raise ApiError(409, "error.name_taken", "this name (or one that looks like it) is taken")
        account_id = new_account_id()
        options = self.registration(request, account_id, name)
        return 200, await self.begin(request, "signup", options, account=account_id, name=name)

    async def signup(self, request, body) -> tuple:
        await self.limit(request, "signup")
        kept = await self.ceremony(body, "signup")
        credential = self.registered(body, kept, kept["account"])
        account = Account(kept["account"], kept["name"], name_key(kept["name"]), time.time())
        if not await self.store.create_account(account, credential):
            raise ApiError(409, "error.name_taken", "this name (or one that looks like it) is taken")
        return await self.session(request, account, 201)

    async def signin_options(self, request, body) -> tuple:
        await self.limit(request, "signin")
        _, rp_id = self.page_origin(request)
        options = webauthn.generate_authentication_options(
            rp_id=rp_id, user_verification=UserVerificationRequirement.PREFERRED)
        return 200, await self.begin(request, "signin", options)

    async def signin(self, request, body) -> tuple:
        await self.limit(request, "signin")
        kept = await self.ceremony(body, "signin")
        answer = body["credential"]
        credential = await self.store.load_credential(answer.get("id") if isinstance(answer.get("id"), str) else "")
        account = None if credential is None else await self.store.load_account(credential.account)
        if credential is None or account is None:
            raise ApiError(401, "error.unknown_passkey", "this passkey opens no account on this server")
        try:
            verified = webauthn.verify_authentication_response(
                credential=answer, expected_challenge=base64url_to_bytes(kept["challenge"]),
                expected_rp_id=kept["rp_id"], expected_origin=kept["origin"],
                credential_public_key=base64url_to_bytes(credential.public_key),
                credential_current_sign_count=credential.sign_count)
        except (InvalidAuthenticationResponse, KeyError, ValueError, TypeError) as exc:
            raise ApiError(401, "error.bad_passkey", f"the passkey's answer does not hold: {exc}") from None
        await self.store.set_sign_count(credential.id, verified.new_sign_count)
        return await self.session(request, account, 200)

    async def session(self, request, account: Account, status: int) -> tuple:
        """A new session for ``account``: a cookie for a page of this origin,
        a bearer token for another's (see the module)."""
        token = new_token()
        await self.store.create_session(token_hash(token), account.id, time.time() + SESSION_FOR)
        data: dict = {"account": public_account(account)}
        if self.server.hosts.same_site(request.headers.get("origin"), request.headers.get("host"),
                                       web_scheme(request)):
            request.state.cookie = token
            data["session"] = "cookie"
        else:
            data.update(session="bearer", bearer=token)
        return status, data

    async def signout(self, request, body) -> tuple:
        token = session_token(request)
        if token is not None:
            await self.store.end_session(token_hash(token))
        request.state.cookie = ""
        return 200, {"account": None}

    async def code(self, request, body) -> tuple:
        account = await self.signed_in(request)
        await self.limit(request, "code")
        code = new_code()
        await self.store.put_secret("code", code_key(code), {"account": account.id}, time.time() + CODE_FOR)
        return 201, {"code": f"{code[:4]}-{code[4:]}", "expires_in": CODE_FOR}

    async def device_options(self, request, body) -> tuple:
        await self.limit(request, "device")
        code = body.get("code") if isinstance(body, dict) else None
        if not isinstance(code, str) or len(code) > 32:
            raise ApiError(400, "error.bad_request", "'code' is the code the other device shows")
        kept = await self.store.take_secret("code", code_key(code), time.time())
        account = None if kept is None else await self.store.load_account(kept["account"])
        if account is None:
            raise ApiError(400, "error.bad_code", "this code is wrong, used or expired: ask for a new one")
        held = [credential.id for credential in await self.store.credentials_of(account.id)]
        options = self.registration(request, account.id, account.name, held)
        return 200, await self.begin(request, "device", options, account=account.id)

    async def device(self, request, body) -> tuple:
        await self.limit(request, "device")
        kept = await self.ceremony(body, "device")
        credential = self.registered(body, kept, kept["account"])
        account = await self.store.load_account(kept["account"])
        if account is None or not await self.store.add_credential(credential):
            raise ApiError(409, "error.bad_passkey", "this passkey could not be added to the account")
        return await self.session(request, account, 201)

    async def export(self, request, body) -> tuple:
        account = await self.signed_in(request)
        store = self.store
        return 200, {
            "format": "archipel-account", "version": 1, "account": public_account(account),
            "passkeys": [{"id": c.id, "created": c.created, "label": c.label}
                         for c in await store.credentials_of(account.id)],
            "ratings": {game: rating.public() for game, rating in (await store.ratings_of(account.id)).items()},
            "history": [entry.__dict__ for entry in await store.history_of(account.id, 1_000_000)],
            "tables": await store.tables_of(account.id),
            "daily": [entry.__dict__ for entry in await store.daily_entries_of(account.id)],
        }

    async def delete(self, request, body) -> tuple:
        account = await self.signed_in(request)
        typed = body.get("name") if isinstance(body, dict) else None
        if not isinstance(typed, str) or name_key(typed) != account.key:
            raise ApiError(400, "error.confirm_name", "type the account's name to delete it")
        await self.store.delete_account(account.id)
        request.state.cookie = ""
        return 200, {"account": None, "deleted": True}

