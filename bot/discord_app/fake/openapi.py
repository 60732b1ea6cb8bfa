"""Discord's published OpenAPI description, and the check of every REST request the bot
sends against it.

Terms:

- *operation*: one method on one path template of the description
  (``POST /channels/{channel_id}/messages``), with its parameters and request body;
- *sent request*: what the bot sent, as :class:`SentRequest` (method, path under
  ``/api/v10``, query, JSON body or ``payload_json``, the names of its file parts);
- *violation*: one way a sent request does not match its operation, as :class:`Violation`
  (``"$.components[0].components[0].style: 9 is not one of [1, 2, 3, 4, 5, 6]"``);
- *correction*: a known gap of the description (a "preview") against what Discord really
  accepts, mended in memory when the description is loaded (:data:`CORRECTIONS`).

The description (``discord-api-spec/openapi.json.gz`` beside this module, see its
SOURCE.md) is read once, on the first check, with each ``$ref`` replaced by the schema it
names; each operation's validators are built on its first request and kept. Bodies are
validated with ``jsonschema`` (Draft 2020-12, the dialect of OpenAPI 3.1). Its unions
(``oneOf``/``anyOf`` of component, callback or nullable schemas) are picked by their
discriminator, the ``type`` field each branch fixes, or by null against not null: the
answer is the same as trying every branch, in a fraction of the time, and an error names
the field inside the chosen branch instead of "not valid under any of the given schemas".
A component found valid is remembered (a hand's menus come again from turn to turn).

Imports ``jsonschema`` (the dev extra) on the first check only.
"""

from __future__ import annotations

import collections
import functools
import gzip
import json
import re
import reprlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator

SPEC_FILE = "discord-api-spec/openapi.json.gz"
_METHODS = ("get", "put", "post", "patch", "delete")
_FILE_PART = re.compile(r"files\[\d+\]")
# Discord's boolean query strings ("Boolean Query Strings" in its reference); discord.py
# sends 0 and 1.
_BOOLEANS = {"true": True, "1": True, "false": False, "0": False}
_short = reprlib.Repr()
_short.maxstring = 40
_short.maxother = 40


class SpecError(Exception):
    """The description cannot be read, or a correction no longer fits it."""


@dataclass(frozen=True, slots=True)
class Correction:
    """One gap of the description mended: the schema at ``pointer`` (a JSON pointer into
    the description) was ``was`` and becomes ``now``, for ``reason``."""

    pointer: str
    was: Any
    now: Any
    reason: str


# The description's known gaps against Discord's real behaviour, as few as possible: a
# request that Discord accepts and the description refuses. Each states what the
# description says (a newer one that fixed the gap makes loading fail: drop the entry).
CORRECTIONS: tuple[Correction, ...] = (
    Correction(
        "/components/schemas/SnowflakeType",
        was={"type": "string", "pattern": "^(0|[1-9][0-9]*)$", "format": "snowflake"},
        now={"type": ["string", "integer"], "pattern": "^(0|[1-9][0-9]*)$",
             "minimum": 0, "maximum": (1 << 63) - 1, "format": "snowflake"},
        reason="Discord reads an id sent as a JSON integer as it reads the string, up to "
               "2**63 - 1 (NUMBER_TYPE_MAX; discord-api-docs #1078, #2089), and only answers "
               "with strings; discord.py sends integers: attachments[].id, "
               "allowed_mentions.users and .roles",
    ),
)


@dataclass(frozen=True, slots=True)
class SentRequest:
    """A REST request as the bot sent it.

    ``path`` is below the API base (``/channels/1/messages``); ``query`` lists its
    parameters in order (a repeated one repeats); ``body`` is the decoded JSON body, or a
    multipart request's ``payload_json`` (None: no body, or none that decodes:
    ``body_not_json``); ``content_type`` is the body's media type, and a multipart
    body's ``file_parts`` are the names of its file parts (``files[0]``), its
    ``form_fields`` the other text parts but ``payload_json``.
    """

    method: str
    path: str
    query: Sequence[tuple[str, str]] = ()
    body: Any = None
    content_type: str = "application/json"
    file_parts: Sequence[str] = ()
    form_fields: Mapping[str, str] = field(default_factory=dict)
    body_not_json: bool = False

    @property
    def multipart(self) -> bool:
        """Whether the body came as multipart/form-data."""
        return self.content_type == "multipart/form-data"


@dataclass(frozen=True, slots=True)
class Violation:
    """One way a sent request does not match Discord's description."""

    method: str
    path: str
    reason: str

    def __str__(self) -> str:
        return f"{self.method} {self.path}: {self.reason}"


def load_spec() -> dict[str, Any]:
    """The description, with :data:`CORRECTIONS` applied.

    Raises :class:`SpecError` when a correction's pointer is missing or its ``was`` no
    longer matches.
    """
    packed = resources.files("bot.discord_app.fake").joinpath(SPEC_FILE).read_bytes()
    spec: dict[str, Any] = json.loads(gzip.decompress(packed))
    for correction in CORRECTIONS:
        *parents, last = _pointer_parts(correction.pointer)
        node: Any = spec
        try:
            for part in parents:
                node = node[int(part) if isinstance(node, list) else part]
            current = node[int(last) if isinstance(node, list) else last]
        except (KeyError, IndexError, ValueError) as exc:
            raise SpecError(f"correction {correction.pointer}: no such place") from exc
        if current != correction.was:
            raise SpecError(f"correction {correction.pointer}: the description now says "
                            f"{current!r}, not {correction.was!r}: is the gap fixed?")
        node[int(last) if isinstance(node, list) else last] = correction.now
    return spec


def _pointer_parts(pointer: str) -> list[str]:
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer.lstrip("/").split("/")]


def _pointer(*parts: str) -> str:
    return "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts)


@functools.cache
def default_checker() -> SpecChecker:
    """One checker for the process, on the vendored description (read on first use)."""
    return SpecChecker(load_spec())


class SpecChecker:
    """Checks sent requests against one description (see :meth:`check`)."""

    def __init__(self, spec: dict[str, Any]) -> None:
        from jsonschema import Draft202012Validator, FormatChecker, validators

        self.spec = _inlined(spec)
        builtin = Draft202012Validator.VALIDATORS
        # extend() keeps the draft's every other rule ($ref beside other keywords
        # included); its stub is untyped.
        self._validator_class: type[Validator] = validators.extend(  # type: ignore[no-untyped-call]
            Draft202012Validator, {
                "anyOf": functools.partial(self._union, builtin["anyOf"]),
                "oneOf": functools.partial(self._union, builtin["oneOf"]),
            })
        self._formats = FormatChecker(formats=())
        for name, bits in (("int32", 31), ("int64", 63)):
            self._formats.checks(name)(functools.partial(_fits, bits))
        self._pickers: dict[int, _Picker | None] = {}  # by id() of a union's branches
        # Path templates by segment count: (segments, template).
        self._templates: dict[int, list[tuple[tuple[str, ...], str]]] = {}
        for template in spec["paths"]:
            segments = tuple(template.strip("/").split("/"))
            self._templates.setdefault(len(segments), []).append((segments, template))
        # Built on an operation's first request, by the pointer of their schema.
        self._validators: dict[str, Validator] = {}
        self._declared_files: dict[str, frozenset[str]] = {}
        # The discriminated union values found valid, least recently seen first.
        self._valid: collections.OrderedDict[tuple[int, str], None] = collections.OrderedDict()

    # ----------------------------------------------------------------- requests
    def check(self, sent: SentRequest) -> list[Violation]:
        """Every way ``sent`` does not match its operation (empty: it matches)."""
        return [Violation(sent.method, sent.path, reason) for reason in self._reasons(sent)]

    def _reasons(self, sent: SentRequest) -> Iterator[str]:
        found = self._route(sent.path)
        if found is None:
            yield "no such route in Discord's description"
            return
        template, path_values = found
        item = self.spec["paths"][template]
        method = sent.method.lower()
        if method not in item:
            offered = ", ".join(m.upper() for m in _METHODS if m in item)
            yield f"{template} takes no {sent.method} (only {offered})"
            return
        operation = item[method]
        base = ("paths", template, method)
        parameters = self._parameters(base, item, operation)
        for name, value in path_values.items():
            pointer = parameters[("path", name)]
            yield from self._errors(pointer, self._coerce(pointer, [value]), f"{{{name}}}")
        yield from self._query(sent.query, parameters)
        yield from self._body(sent, operation, base)

    def _route(self, path: str) -> tuple[str, dict[str, str]] | None:
        """The template ``path`` matches, most literal segments first, and its values."""
        parts = path.strip("/").split("/")
        best: tuple[int, str, dict[str, str]] | None = None
        for segments, template in self._templates.get(len(parts), ()):
            values: dict[str, str] = {}
            literal = 0
            for segment, part in zip(segments, parts, strict=True):
                if segment.startswith("{"):
                    values[segment[1:-1]] = part
                elif segment == part:
                    literal += 1
                else:
                    break
            else:
                if best is None or literal > best[0]:
                    best = (literal, template, values)
        return None if best is None else (best[1], best[2])

    @staticmethod
    def _parameters(base: tuple[str, ...], item: dict[str, Any],
                    operation: dict[str, Any]) -> dict[tuple[str, str], str]:
        """The pointer of each parameter's schema by (place, name); the operation's own
        override the path's."""
        found: dict[tuple[str, str], str] = {}
        for owner, where in ((item, base[:2]), (operation, base)):
            for index, parameter in enumerate(owner.get("parameters", [])):
                found[(parameter["in"], parameter["name"])] = _pointer(
                    *where, "parameters", str(index), "schema")
        return found

    def _query(self, query: Sequence[tuple[str, str]],
               parameters: dict[tuple[str, str], str]) -> Iterator[str]:
        values: dict[str, list[str]] = {}
        for name, value in query:
            values.setdefault(name, []).append(value)
        for name, given in values.items():
            pointer = parameters.get(("query", name))
            if pointer is None:
                known = sorted(n for place, n in parameters if place == "query")
                yield f"?{name}: not a query parameter of this operation ({known or 'none'})"
                continue
            yield from self._errors(pointer, self._coerce(pointer, given), f"?{name}")

    def _body(self, sent: SentRequest, operation: dict[str, Any],
              base: tuple[str, ...]) -> Iterator[str]:
        request_body = operation.get("requestBody")
        if request_body is None:
            if sent.body is not None or sent.file_parts or sent.body_not_json:
                yield "this operation takes no body"
            return
        if sent.body_not_json:
            yield "the body (or payload_json) is not JSON"
            return
        if sent.body is None and not sent.file_parts:
            if request_body.get("required"):
                yield "this operation needs a body"
            return
        kind = sent.content_type
        if kind not in request_body["content"]:
            yield f"this operation takes no {kind or 'untyped'} body"
            return
        pointer = _pointer(*base, "requestBody", "content", kind, "schema")
        instance = sent.body
        if sent.multipart:
            declared = self._file_parts(pointer)
            for name in sent.file_parts:
                if declared and name not in declared:
                    yield (f"{name}: not a file part of this operation "
                           f"({min(declared)}…{max(declared)})")
            if isinstance(instance, dict) or instance is None:
                instance = {**(instance or {}), **sent.form_fields,
                            **{name: "" for name in sent.file_parts}}
        yield from self._errors(pointer, instance, "$")

    def _file_parts(self, pointer: str) -> frozenset[str]:
        """The ``files[N]`` parts a multipart schema names (empty: it names none)."""
        declared = self._declared_files.get(pointer)
        if declared is None:
            schema = self._resolve({"$ref": "#" + pointer})
            parts = [schema, *(self._resolve(s) for s in schema.get("allOf", []))]
            declared = self._declared_files[pointer] = frozenset(
                name for part in parts for name in part.get("properties", {})
                if _FILE_PART.fullmatch(name))
        return declared

    # ----------------------------------------------------------------- schemas
    def _validator(self, pointer: str) -> Validator:
        validator = self._validators.get(pointer)
        if validator is None:
            validator = self._validator_class(self._resolve({"$ref": "#" + pointer}),
                                              format_checker=self._formats)
            self._validators[pointer] = validator
        return validator

    def _errors(self, pointer: str, instance: Any, where: str) -> Iterator[str]:
        for error in self._validator(pointer).iter_errors(instance):
            yield _reason(error, where)

    def _resolve(self, schema: Any) -> Any:
        """The schema a ``{"$ref": "#/pointer"}`` names in the description (any other
        schema: itself)."""
        if isinstance(schema, dict) and "$ref" in schema:
            return _at(self.spec, schema["$ref"].removeprefix("#"))
        return schema

    def _coerce(self, pointer: str, given: list[str]) -> Any:
        """Query or path values as the schema's type reads them (a value that does not
        read stays text, and the schema says what is wrong with it)."""
        schema = self._resolve({"$ref": "#" + pointer})
        types = schema.get("type", "string")
        types = [types] if isinstance(types, str) else types
        if "array" in types:
            item = self._resolve(schema.get("items", {}))
            return [self._read(value, item.get("type", "string")) for value in given]
        if len(given) > 1:
            return given  # a repeated parameter that takes one value: "is not of type"
        return self._read(given[0], types)

    @staticmethod
    def _read(value: str, types: str | list[str]) -> Any:
        if "string" in types:
            return value  # text it is (an id's pattern is checked on the text)
        if "boolean" in types and value.lower() in _BOOLEANS:
            return _BOOLEANS[value.lower()]
        if "integer" in types and re.fullmatch(r"-?\d+", value):
            return int(value)
        if "number" in types:
            try:
                return float(value)
            except ValueError:
                return value
        return value

    def _union(self, builtin: Any, validator: Any, branches: list[Any], instance: Any,
               schema: dict[str, Any]) -> Iterator[ValidationError]:
        """``oneOf``/``anyOf``: the one branch that can hold ``instance`` when the
        branches say which (the same answer as trying them all), else the builtin."""
        from jsonschema.exceptions import ValidationError

        picker = self._pickers.get(id(branches), _UNKNOWN)
        if picker is _UNKNOWN:
            picker = self._pickers[id(branches)] = self._picker(branches)
        if picker is None or instance is None:
            yield from builtin(validator, branches, instance, schema)
            return
        if picker.constants:
            if not any(_same(instance, constant) for constant in picker.constants):
                constants = list(picker.constants)
                yield ValidationError(f"{_short.repr(instance)} is not one of {constants}",
                                      validator="enum", validator_value=constants)
            return
        index = picker.not_null
        if picker.by_type and isinstance(instance, dict):
            if "type" not in instance:
                yield ValidationError("'type' is a required property", validator="required",
                                      validator_value=["type"])
                return
            kind = instance["type"]
            index = picker.by_type.get(kind) if _hashable(kind) else None
            if index is None:
                kinds = sorted(picker.by_type, key=lambda k: (type(k).__name__, k))
                yield ValidationError(f"{_short.repr(kind)} is not one of {kinds}",
                                      validator="enum", validator_value=kinds, instance=kind,
                                      path=["type"])
                return
        if index is None:
            yield from builtin(validator, branches, instance, schema)
            return
        if not picker.by_type:
            yield from validator.descend(instance, branches[index], schema_path=index)
            return
        # A component (or a callback) sent before is mostly sent again as it was (a hand's
        # menus from turn to turn): one found valid is not validated again.
        key = (id(branches), json.dumps(instance, sort_keys=True))
        if key in self._valid:
            self._valid.move_to_end(key)
            return
        errors = list(validator.descend(instance, branches[index], schema_path=index))
        yield from errors
        if not errors:
            self._valid[key] = None
            if len(self._valid) > _VALID_KEPT:
                self._valid.popitem(last=False)

    def _picker(self, branches: list[Any]) -> _Picker | None:
        """How to pick a branch: by the constant ``type`` each fixes, or the one branch
        that is not ``{"type": "null"}``; None when the branches say nothing of it."""
        resolved = [self._resolve(branch) for branch in branches]
        if all(isinstance(s, dict) and "const" in s and set(s) <= _NAMING | {"const"}
               for s in resolved):
            return _Picker(constants=tuple(s["const"] for s in resolved))
        others = [i for i, s in enumerate(resolved) if s != {"type": "null"}]
        if len(others) == 1 and len(resolved) == 2:
            return _Picker(not_null=others[0])
        by_type: dict[Any, int] = {}
        for index in others:
            kinds = _constant_kinds(self._resolve(
                resolved[index].get("properties", {}).get("type", {})))
            if not kinds or "type" not in resolved[index].get("required", ()):
                return None
            for kind in kinds:
                if kind in by_type:
                    return None  # two branches take one type: try them all
                by_type[kind] = index
        return _Picker(by_type=by_type)


@dataclass(frozen=True, slots=True)
class _Picker:
    """How a union's branch is picked: by the object's ``type`` (``by_type``), or the
    branch any value but null takes (``not_null``); a union of constants only (an enum
    with a title for each value) is the list of them (``constants``)."""

    by_type: dict[Any, int] = field(default_factory=dict)
    not_null: int | None = None
    constants: tuple[Any, ...] = ()


_NAMING = {"title", "description"}  # keywords that only name a branch
_VALID_KEPT = 1024  # union values remembered valid (a few MB at most)

_UNKNOWN = _Picker()  # a union not seen yet


def _at(document: Any, pointer: str) -> Any:
    node = document
    for part in _pointer_parts(pointer):
        node = node[int(part) if isinstance(node, list) else part]
    return node


def _inlined(spec: dict[str, Any]) -> dict[str, Any]:
    """The description with each ``$ref`` replaced by the schema it names, one shared
    object (a recursive schema becomes a cycle, walked only as deep as a request goes):
    validating then looks nothing up, in a third less time. Every ref of the
    description is local (``#/components/schemas/…``)."""
    done: dict[int, Any] = {}  # by id() of the original node

    def inline(node: Any) -> Any:
        if isinstance(node, list):
            return [inline(item) for item in node]
        if not isinstance(node, dict):
            return node
        if id(node) in done:
            return done[id(node)]
        if set(node) == {"$ref"}:
            target = inline(_at(spec, node["$ref"].removeprefix("#")))
            done[id(node)] = target
            return target
        out: dict[str, Any] = {}
        done[id(node)] = out  # before its children: a cycle comes back to it
        for key, value in node.items():
            if key == "$ref":  # beside other keywords: applies as allOf does
                out.setdefault("allOf", []).insert(0, inline({"$ref": value}))
            elif key == "allOf":
                out.setdefault("allOf", []).extend(inline(value))
            else:
                out[key] = inline(value)
        return out

    inlined: dict[str, Any] = inline(spec)
    return inlined


def _constant_kinds(schema: Any) -> list[Any]:
    if not isinstance(schema, dict):
        return []
    if "const" in schema:
        return [schema["const"]]
    return list(schema.get("enum", []))


def _same(value: Any, constant: Any) -> bool:
    """JSON equality: ``true`` is not ``1``."""
    return isinstance(value, bool) == isinstance(constant, bool) and value == constant


def _hashable(value: Any) -> bool:
    return isinstance(value, str | int | float | bool)


def _fits(bits: int, value: object) -> bool:
    """The ``int32``/``int64`` formats: a JSON integer in range (others: not this check)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return True
    return -(1 << bits) <= value < (1 << bits)


def _reason(error: ValidationError, where: str) -> str:
    """``"$.content: 4001 characters, over maxLength 4000"``: the failing field's JSON
    path (``where`` stands for the top: ``$`` for a body, ``?name`` or ``{name}`` for a
    parameter) and the schema's complaint, short."""
    place = where + error.json_path[1:]
    value, keyword = error.instance, error.validator
    limit: Any = error.validator_value
    text = _short.repr(value)
    match keyword:
        case "maxLength" | "minLength" if isinstance(value, str):
            side = "over" if keyword == "maxLength" else "under"
            complaint = f"{len(value)} characters, {side} {keyword} {limit}"
        case "maxItems" | "minItems" if isinstance(value, list):
            side = "over" if keyword == "maxItems" else "under"
            complaint = f"{len(value)} items, {side} {keyword} {limit}"
        case "type":
            wanted = " or ".join([limit] if isinstance(limit, str) else limit)
            complaint = f"{text} is not of type {wanted}"
        case "required" | "additionalProperties":
            complaint = error.message
        case _:
            complaint = error.message if len(error.message) <= 160 else (
                f"{text} fails {keyword} {_short.repr(limit)}")
    return f"{place}: {complaint}"
