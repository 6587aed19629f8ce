"""A passkey made in software, as a phone or a security key would make it,
and a player who signs up and in with it over HTTP (cookie or bearer).

The authenticator answers ``navigator.credentials.create`` and ``get`` as
WebAuthn writes them: an ES256 key pair per credential, "none"
attestation, the authenticator data and client data signed as the server
(``webauthn``) checks them. It keeps its passkeys by relying party, and
counts its signatures.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct
import urllib.error
import urllib.request

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

from online import TIMEOUT, ServerProcess, decode


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Authenticator:
    def __init__(self):
        self.keys: dict = {}        # credential id -> (rp_id, user handle, private key)
        self.count = 0

    def create(self, options: dict, origin: str) -> dict:
        rp_id = options["rp"]["id"]
        credential_id = os.urandom(16)
        key = ec.generate_private_key(ec.SECP256R1())
        self.keys[credential_id] = (rp_id, unb64url(options["user"]["id"]), key)
        numbers = key.public_key().public_numbers()
        cose = cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})
        self.count += 1
        data = (hashlib.sha256(rp_id.encode()).digest() + bytes([0x45]) + struct.pack(">I", self.count)
                + bytes(16) + struct.pack(">H", len(credential_id)) + credential_id + cose)
        client = self.client_data("webauthn.create", options["challenge"], origin)
        return {"id": b64url(credential_id), "rawId": b64url(credential_id), "type": "public-key",
                "response": {"clientDataJSON": b64url(client),
                             "attestationObject": b64url(cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": data})),
                             "transports": ["internal"]},
                "clientExtensionResults": {}, "authenticatorAttachment": "platform"}

    def get(self, options: dict, origin: str, credential_id: bytes | None = None) -> dict:
        rp_id = options["rpId"]
        if credential_id is None:
            credential_id = next(cid for cid, (rp, _, _) in self.keys.items() if rp == rp_id)
        _, handle, key = self.keys[credential_id]
        self.count += 1
        data = hashlib.sha256(rp_id.encode()).digest() + bytes([0x05]) + struct.pack(">I", self.count)
        client = self.client_data("webauthn.get", options["challenge"], origin)
        signature = key.sign(data + hashlib.sha256(client).digest(), ec.ECDSA(hashes.SHA256()))
        return {"id": b64url(credential_id), "rawId": b64url(credential_id), "type": "public-key",
                "response": {"clientDataJSON": b64url(client), "authenticatorData": b64url(data),
                             "signature": b64url(signature), "userHandle": b64url(handle)},
                "clientExtensionResults": {}, "authenticatorAttachment": "platform"}

    @staticmethod
    def client_data(kind: str, challenge: str, origin: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False}).encode()


class Player:
    """A browser of one player: its authenticator and its session (the
    cookie the server set, or the bearer token it gave a page of another
    origin)."""

    def __init__(self, server: ServerProcess, origin: str | None = None, address: str | None = None):
        self.server = server
        self.origin = origin or server.origin
        self.authenticator = Authenticator()
        self.cookie: str | None = None
        self.bearer: str | None = None
        self.set_cookies: list = []
        self.forwarded = address

    def call(self, path: str, body=None) -> tuple:
        """(status, JSON) of a POST to ``api/<path>``, with the session."""
        headers = {"Content-Type": "application/json", "Origin": self.origin}
        if self.cookie:
            headers["Cookie"] = self.cookie
        if self.bearer:
            headers["Authorization"] = f"Bearer {self.bearer}"
        request = urllib.request.Request(self.server.url + "api/" + path, data=json.dumps(body or {}).encode(),
                                         headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
                status, raw, got = answer.status, answer.read(), answer.headers
        except urllib.error.HTTPError as error:
            status, raw, got = error.code, error.read(), error.headers
        for header in got.get_all("Set-Cookie") or []:
            self.set_cookies.append(header)
            pair = header.split(";", 1)[0]
            name, _, value = pair.partition("=")
            if name == "archipel_session":
                self.cookie = f"{name}={value.strip(chr(34))}" if value.strip('"') else None
        data = decode(raw, got)
        if isinstance(data, dict) and data.get("bearer"):
            self.bearer = data["bearer"]
        return status, data

    def sign_up(self, name: str) -> tuple:
        status, begun = self.call("account/signup/options", {"name": name})
        if status != 200:
            return status, begun
        made = self.authenticator.create(begun["options"], self.origin)
        return self.call("account/signup", {"ceremony": begun["ceremony"], "credential": made})

    def sign_in(self) -> tuple:
        status, begun = self.call("account/signin/options")
        assert status == 200, begun
        answer = self.authenticator.get(begun["options"], self.origin)
        return self.call("account/signin", {"ceremony": begun["ceremony"], "credential": answer})

    def sign_out(self) -> tuple:
        answer = self.call("account/signout")
        self.bearer = None
        return answer

    def add_device(self, code: str) -> tuple:
        status, begun = self.call("account/device/options", {"code": code})
        if status != 200:
            return status, begun
        made = self.authenticator.create(begun["options"], self.origin)
        return self.call("account/device", {"ceremony": begun["ceremony"], "credential": made})
