"""A FHIR server's transaction endpoint on loopback, for the FHIR hand-over's tests.

It takes a transaction Bundle POSTed to its base URL with the right bearer token, holds
the Bundle to the FHIR R4 definitions (fhir.resources' R4B models, whose Bundle,
DocumentReference and Binary are R4's; a Bundle they refuse is answered 422), and carries
out its PUT entries as a FHIR server does: a resource is created under the id given, or
becomes a new version of the one already there. It answers a transaction-response Bundle.
Refusing the first answers, holding one, and waiting are the webhook receiver's
(tests/support/receiver.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fhir.resources.R4B.bundle import Bundle
from pydantic import ValidationError

from tests.support.receiver import Receiver


class FhirServer(Receiver):
    def __init__(self, token: str, refuse_first: int = 0) -> None:
        super().__init__(b"", refuse_first)
        self.token = token
        self.url = self.url.removesuffix("/hook") + "/fhir"
        # (resource type, id) -> every version PUT there, oldest first.
        self.resources: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self.invalid: list[str] = []  # why each refused Bundle was refused

    def authorised(self, headers: Any, body: bytes) -> bool:
        return bool(headers.get("Authorization") == f"Bearer {self.token}")

    def event_of(self, headers: Any, parsed: Any) -> str:
        return str(parsed.get("identifier", {}).get("value", "")).removeprefix("urn:uuid:")

    def judge(self, parsed: Any) -> int:
        try:
            bundle = Bundle.model_validate(parsed)
        except ValidationError as error:
            self.invalid.append(str(error))
            return 422
        if bundle.type != "transaction":
            self.invalid.append(f"a {bundle.type} Bundle, not a transaction")
            return 422
        return 200

    def act(self, parsed: Any) -> tuple[bytes, str]:
        answers = []
        for entry in parsed["entry"]:
            kind, _, rid = entry["request"]["url"].partition("/")
            assert entry["request"]["method"] == "PUT"
            assert entry["resource"]["id"] == rid
            versions = self.resources.setdefault((kind, rid), [])
            versions.append(entry["resource"])
            status = "201 Created" if len(versions) == 1 else "200 OK"
            answers.append({"response": {"status": status, "location": f"{kind}/{rid}"}})
        body = {"resourceType": "Bundle", "type": "transaction-response", "entry": answers}
        return _json(body), "application/fhir+json"

    def of_type(self, kind: str) -> dict[str, list[dict[str, Any]]]:
        with self.changed:
            return {rid: list(found) for (k, rid), found in self.resources.items() if k == kind}


def _json(value: Any) -> bytes:
    return json.dumps(value).encode()


@contextmanager
def running_fhir_server(token: str, refuse_first: int = 0) -> Iterator[FhirServer]:
    server = FhirServer(token, refuse_first)
    server.start()
    try:
        yield server
    finally:
        server.close()
