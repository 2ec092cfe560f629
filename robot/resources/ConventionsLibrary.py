"""Keywords for `conventions.robot`: JSON documents against their schema, ids as strings."""

from __future__ import annotations

from typing import Any

# Keys whose value is an id (a string, or null where there is none).
ID_KEYS = {"id", "undoes", "undone_by", "superseded_by", "head_decision", "target", "intervention"}
ID_LISTS = {"children", "affected"}


class ConventionsLibrary:
    """Checks of what every `--json` document promises."""

    def document_should_match_schema(self, document: Any, schema: dict[str, Any]) -> None:
        """Fail, naming the first difference, unless `document` is valid under `schema`."""
        import jsonschema

        validator = jsonschema.Draft202012Validator(
            schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
        )
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
        if errors:
            where = "/".join(str(part) for part in errors[0].path)
            raise AssertionError(
                f"{len(errors)} difference(s) from schema {schema.get('title')!r}; "
                f"first at /{where}: {errors[0].message}"
            )

    def every_id_should_be_a_string(self, document: Any, path: str = "") -> None:
        """Fail at the first id (`id`, `*_id`, `parent_id`, `children`...) that is no string."""
        if isinstance(document, list):
            for index, item in enumerate(document):
                self.every_id_should_be_a_string(item, f"{path}/{index}")
            return
        if not isinstance(document, dict):
            return
        for key, value in document.items():
            where = f"{path}/{key}"
            if key in ID_KEYS or key.endswith("_id"):
                if value is not None and not isinstance(value, str):
                    raise AssertionError(f"the id at {where} is {value!r}, not a string")
            elif key in ID_LISTS and all(not isinstance(v, dict) for v in value):
                if not all(isinstance(v, str) for v in value):
                    raise AssertionError(f"the ids at {where} are {value!r}, not strings")
            else:
                self.every_id_should_be_a_string(value, where)
