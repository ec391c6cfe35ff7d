#!/usr/bin/env python3
"""Validates a SARIF log against the SARIF 2.1.0 JSON schema (test/data).

Usage: validate_sarif.py SCHEMA LOG [--expect-invalid]
Prints "valid" or the first validation error; exits 0 when the outcome is
the expected one, 1 otherwise. With --self-check it also damages the log
(drops a result's message, and a rule's id) and requires the schema to
reject each damaged copy, so that the check itself can fail.
"""
import copy
import json
import sys

import jsonschema


def errors(validator, log):
    return sorted(validator.iter_errors(log), key=lambda e: list(e.path))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(args[0]) as f:
        schema = json.load(f)
    with open(args[1]) as f:
        log = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)
    found = errors(validator, log)
    if found:
        print("invalid:", found[0].message, "at", list(found[0].path))
        return 1
    print("valid")
    if "--self-check" in sys.argv:
        run = log["runs"][0]
        if not run["results"]:
            print("self-check needs at least one result")
            return 1
        bad = copy.deepcopy(log)
        del bad["runs"][0]["results"][0]["message"]
        if not errors(validator, bad):
            print("a result without a message was accepted")
            return 1
        bad = copy.deepcopy(log)
        bad["runs"][0]["results"][0]["level"] = "fatal"
        if not errors(validator, bad):
            print("a result with level 'fatal' was accepted")
            return 1
        bad = copy.deepcopy(log)
        bad["version"] = "2.0.0"
        if not errors(validator, bad):
            print("version 2.0.0 was accepted")
            return 1
        print("damaged logs rejected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
