"""The JSON Schema of the documents `--json` prints (`agents schema`), made from their
pydantic models (`domain/documents.py`)."""

from __future__ import annotations

from typing import Any

from cleveragents.domain.documents import DOCUMENTS, RULES
from cleveragents.domain.schema_version import SCHEMA_VERSION

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def document_schema(name: str) -> dict[str, Any]:
    """The schema of the document `name` (a key of `DOCUMENTS`)."""
    model = DOCUMENTS[name]
    schema = model.model_json_schema(mode="serialization")
    about = " ".join((model.__doc__ or "").split())
    return {
        "$schema": DIALECT,
        "title": name,
        **_without_title(schema),
        "description": f"{about} {RULES}",
    }


def all_schemas() -> dict[str, Any]:
    """One schema that every document meets: any of the named ones, each under `$defs`."""
    from pydantic.json_schema import models_json_schema

    models = list(dict.fromkeys(DOCUMENTS.values()))
    refs, top = models_json_schema([(m, "serialization") for m in models])
    by_model = {model: refs[(model, "serialization")]["$ref"] for model in models}
    return {
        "$schema": DIALECT,
        "title": f"cleveragents JSON documents, version {SCHEMA_VERSION}",
        "description": RULES + " Documents: " + ", ".join(DOCUMENTS) + ".",
        "anyOf": [{"$ref": ref} for ref in dict.fromkeys(by_model.values())],
        "$defs": top["$defs"],
    }


def _without_title(schema: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in schema.items() if k not in ("title", "description")}
