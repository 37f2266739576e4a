#!/usr/bin/env python3
"""Self-checks of measures.py and pager.py, without the kit: python3 examples/python/check_measures.py

1. every entry of fixtures/vectors/measures.json (the kit's shared test vectors);
2. the worked examples of docs/measures.md;
3. the derived collections of the worked example in docs/fixtures.md;
4. additivity: the size the pager computes for a page is the page's measure, for every measure.
"""
import json
import os
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from measures import MEASURES, js_number, measure  # noqa: E402
from pager import Collection, derive  # noqa: E402

failures = []


def expect(what, actual, expected):
    if actual != expected:
        failures.append("%s: got %r, expected %r" % (what, actual, expected))


with open(os.path.join(HERE, "..", "..", "fixtures", "vectors", "measures.json"), encoding="utf-8") as file:
    vectors = json.load(file)
for vector in vectors:
    for name in MEASURES:
        expect("%s %s" % (vector["name"], name), measure(name, vector["value"]), vector[name])

for value, retained in [(42, 8), (1.5, 24), ("", 24), ("abcdefghi", 40), ("x" * 65, 120), ([1, 2, 3], 56),
                        ({"role": "user", "content": "hi"}, 168),
                        ({"items": [{"id": "c-1", "n": 1}], "cursor": None}, 272)]:
    expect("retained-bytes %r" % (value,), measure("retained-bytes", value), retained)
for number, written in [(1, "1"), (1.5, "1.5"), (2.0, "2"), (1e21, "1e+21"), (1e-7, "1e-7"), (1e16, "10000000000000000"),
                        (0.000001, "0.000001"), (-0.0, "0"), (2**59, "576460752303423500"), (123e-20, "1.23e-18")]:
    expect("js_number(%r)" % (number,), js_number(number), written)
expect("lone surrogate json-bytes", measure("json-bytes", ["\ud800"]), len('["\\ud800"]'))
expect("lone surrogate utf8-bytes", measure("utf8-bytes", "\ud800"), 3)

records = [
    {"seq": 1, "record_type": "prelude-source", "payload": {"source": "(def x 1)"}},
    {"seq": 2, "record_type": "evaluation-source", "payload": {"turn": 1, "source": "(llm-request {})"}},
    {"seq": 3, "record_type": "capability-input", "call_id": "c1", "payload": {"name": "llm-request", "args": {"model": "m", "messages": [{"role": "user", "content": "héllo"}]}}},
    {"seq": 4, "record_type": "capability-output", "call_id": "c1", "payload": {"name": "llm-request", "result": {"message": {"role": "assistant", "content": "hi"}, "usage": {"input_tokens": 2, "output_tokens": 1}}}},
    {"seq": 5, "record_type": "capability-input", "call_id": "c2", "payload": {"name": "mcp-call", "args": {"tool": "get_trace"}}},
    {"seq": 6, "record_type": "mcp-request", "call_id": "m1", "payload": {"method": "tools/call", "params": {"name": "get_trace", "arguments": {}}}},
    {"seq": 7, "record_type": "mcp-response", "call_id": "m1", "payload": {"result": {"content": []}}},
    {"seq": 8, "record_type": "capability-output", "call_id": "c2", "payload": {"name": "mcp-call", "result": {"content": []}}},
    {"seq": 9, "record_type": "capability-input", "call_id": "c3", "payload": {"name": "llm-request", "args": {"model": "m", "messages": []}}},
]
compact = {"separators": (",", ":"), "ensure_ascii": False}
expect("model-exchanges", json.dumps(derive(records, "model-exchanges"), **compact),
       '[{"id":"c1","index":0,"model":"m","messages":[{"role":"user","content":"héllo"}],"response":{"message":{"role":"assistant","content":"hi"},"usage":{"input_tokens":2,"output_tokens":1}}}]')
expect("capability-calls ids", [item["id"] for item in derive(records, "capability-calls")], ["c1", "c2"])

ceilings = [{"measure": name, "max": 10**9} for name in MEASURES]
collection = Collection("capability-calls", records, ceilings)
for count in (1, 2):
    for start in range(0, len(collection.items) - count + 1):
        is_last = start + count == len(collection.items)
        page = collection.page(collection.items[start:start + count], None if is_last else "offset:00000001")
        for name in MEASURES:
            cost = sum(c[name] for c in collection.costs[start:start + count])
            expect("additive %s of %d items from %d" % (name, count, start),
                   collection.size(name, count, cost, is_last), measure(name, page))

print("\n".join(failures) or "all %d vectors and the self-checks hold" % len(vectors))
sys.exit(1 if failures else 0)
