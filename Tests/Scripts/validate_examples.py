#!/usr/bin/env python3
"""Validates the canonical (paywall/v1) paywall definitions under a folder against a JSON Schema.

Usage: validate_examples.py SCHEMA FOLDER

Every .yaml/.yml/.json file under FOLDER (hidden folders excluded) is read. A file is validated
when its top level is a mapping that the linter reads as canonical: a `paywall` key (the format
marker, `paywall: 1`) and no `dialect` key naming another dialect, or `dialect: paywall/v1`.
Files that cannot be read, or are in another dialect, are skipped, listed and counted.

YAML is read as YAML 1.2 (core schema) reads it, not as PyYAML's YAML 1.1 default: only
true/false are booleans (`on`, `yes`, `no` stay text), `010` is ten, `1e3` is a number, dates stay
text, and keys are the text written in the file. Like the linter, the reader rejects a key that
appears twice in one mapping (so does strict JSON reading, along with NaN and Infinity).

Output: one line per schema violation, `path: /json/pointer: message`, then the skipped files,
then `N passed, N failed` as the last line. Exit status 0 when every validated file passed, 1 when
one failed, 2 on a usage error or an invalid schema.
"""

import json
import os
import re
import sys

import jsonschema
import yaml

EXTENSIONS = (".yaml", ".yml", ".json")
CANONICAL_DIALECTS = {"paywall/v1", "canonical", "v1"}  # Dialect(name:) in the linter


class Unreadable(Exception):
    """The file is not YAML 1.2 / strict JSON that the validator can check."""


class YAML12Loader(yaml.SafeLoader):
    """A SafeLoader that resolves plain scalars by the YAML 1.2 core schema."""

    def construct_mapping(self, node, deep=False):
        if not isinstance(node, yaml.MappingNode):
            return super().construct_mapping(node, deep=deep)
        seen = {}
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping", node.start_mark, "found a key that is not a scalar",
                    key_node.start_mark)
            if key_node.value in seen:
                first = seen[key_node.value]
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping", node.start_mark,
                    f"found duplicate key '{key_node.value}' (first on line {first})",
                    key_node.start_mark)
            seen[key_node.value] = key_node.start_mark.line + 1
        self.flatten_mapping(node)  # `<<` merge keys, as the linter's reader resolves them
        mapping = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping", node.start_mark, "found a key that is not a scalar",
                    key_node.start_mark)
            # Keys are text, as in JSON and in the linter: `no:` (Norwegian) stays "no".
            mapping[key_node.value] = self.construct_object(value_node, deep=deep)
        return mapping

    def construct_yaml_int(self, node):
        text = self.construct_scalar(node)
        sign = -1 if text.startswith("-") else 1
        digits = text.lstrip("+-")
        if digits.startswith("0o"):
            return sign * int(digits[2:], 8)
        if digits.startswith("0x"):
            return sign * int(digits[2:], 16)
        return sign * int(digits, 10)

    def construct_yaml_float(self, node):
        text = self.construct_scalar(node).lower()
        return float(text.replace(".inf", "inf").replace(".nan", "nan"))


YAML12Loader.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    (
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+0123456789.",
    ),
    ("tag:yaml.org,2002:merge", r"^(?:<<)$", "<"),
]:
    YAML12Loader.add_implicit_resolver(tag, re.compile(pattern), list(first))
YAML12Loader.add_constructor("tag:yaml.org,2002:int", YAML12Loader.construct_yaml_int)
YAML12Loader.add_constructor("tag:yaml.org,2002:float", YAML12Loader.construct_yaml_float)


def load(path):
    """The file's data, read as strict JSON (.json) or YAML 1.2."""
    with open(path, "rb") as handle:
        raw = handle.read()
    if path.endswith(".json"):

        def pairs(items):
            result = {}
            for key, value in items:
                if key in result:
                    raise Unreadable(f"duplicate key '{key}'")
                result[key] = value
            return result

        def constant(name):
            raise Unreadable(f"{name} is not JSON")

        try:
            return json.loads(raw, object_pairs_hook=pairs, parse_constant=constant)
        except (ValueError, RecursionError) as error:  # JSONDecodeError, UnicodeDecodeError
            raise Unreadable(str(error).splitlines()[0]) from None
    try:
        return yaml.load(raw, Loader=YAML12Loader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        raise Unreadable(f"{error.problem or error.context}{where}") from None
    except (yaml.YAMLError, ValueError, RecursionError) as error:
        raise Unreadable(" ".join(str(error).split())) from None


def dialect_of(data):
    """Why a document is not canonical, or None when the linter reads it as paywall/v1."""
    if not isinstance(data, dict):
        return "top level is not a mapping"
    if "dialect" in data:
        if data["dialect"] in CANONICAL_DIALECTS:
            return None
        return f"dialect {data['dialect']!r}"
    if "paywall" not in data:
        return "no `paywall: 1` marker"
    return None


def pointer(path):
    if not path:
        return "(root)"
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)


def explain(error):
    """[(sort key, JSON pointer, message)] for a violation. A field that takes one of several
    shapes (`cta: text or {text, font_size}`) reports what is wrong inside the shape its value
    has, rather than `is not valid under any of the given schemas`."""
    if not error.context:
        path = list(error.absolute_path)
        return [([str(part) for part in path], pointer(path), error.message)]
    branches = {}
    for inner in error.context:
        branches.setdefault(inner.relative_schema_path[0], []).append(inner)
    wrong_shape = [
        inner for inner in error.context if inner.validator == "type" and not inner.relative_path
    ]
    for errors in branches.values():
        if not any(inner in wrong_shape for inner in errors):
            return [line for inner in errors for line in explain(inner)]
    allowed = []
    for inner in wrong_shape:
        names = inner.validator_value
        for name in [names] if isinstance(names, str) else names:
            if name not in allowed:
                allowed.append(name)
    path = list(error.absolute_path)
    message = f"{error.instance!r} is not of type {', '.join(map(repr, allowed))}"
    return [([str(part) for part in path], pointer(path), message)]


def files_under(folder):
    for root, folders, names in os.walk(folder):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        for name in sorted(names):
            if name.endswith(EXTENSIONS):
                yield os.path.join(root, name)


def format_checker():
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    if "uri" not in checker.checkers:
        # jsonschema checks `uri` only with rfc3987 installed; fall back to RFC 3986's outline:
        # a scheme, then no spaces.
        checker = jsonschema.FormatChecker()

        @checker.checks("uri")
        def is_uri(value):
            return not isinstance(value, str) or re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:\S*$", value)

    return checker


def main(argv):
    if len(argv) != 3:
        print("usage: validate_examples.py SCHEMA FOLDER", file=sys.stderr)
        return 2
    schema_path, folder = argv[1], argv[2]
    try:
        with open(schema_path, encoding="utf-8") as handle:
            schema = json.load(handle)
        jsonschema.Draft202012Validator.check_schema(schema)
    except (OSError, ValueError, jsonschema.SchemaError) as error:
        print(f"{schema_path}: invalid schema: {error}", file=sys.stderr)
        return 2
    if not os.path.isdir(folder):
        print(f"{folder}: not a folder", file=sys.stderr)
        return 2
    validator = jsonschema.Draft202012Validator(schema, format_checker=format_checker())

    passed = failed = 0
    skipped = []
    for path in files_under(folder):
        try:
            data = load(path)
        except Unreadable as error:
            skipped.append((path, f"unreadable: {error}"))
            continue
        reason = dialect_of(data)
        if reason:
            skipped.append((path, f"not canonical: {reason}"))
            continue
        errors = sorted(line for error in validator.iter_errors(data) for line in explain(error))
        if errors:
            failed += 1
            for _, where, message in errors:
                print(f"{path}: {where}: {message}")
        else:
            passed += 1
    for path, reason in skipped:
        print(f"skipped {path}: {reason}")
    unreadable = sum(1 for _, reason in skipped if reason.startswith("unreadable"))
    others = len(skipped) - unreadable
    print(f"{len(skipped)} skipped ({unreadable} unreadable, {others} not canonical)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
