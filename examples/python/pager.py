"""The pager port (docs/pager-port.md) over the collections of docs/fixtures.md.

`pager.setup` hands us the raw records of a run and the ceilings; `pager.read` returns the largest
non-empty prefix of the remaining items that fits the limit and every ceiling. Pages are fitted in
linear time: each item's cost under each measure is computed once per collection, and a page's size
is the size of the same page with no items plus the costs of its items (docs/measures.md,
"Measuring a page").


Run on its own it serves the pager port alone over contract-kit/stdio@1 (`stdio:python3 /abs/path/pager.py`);
contract_kit_reference.py serves it with the agent log.
"""
import re
import sys

if __name__ == "__main__":
    sys.dont_write_bytecode = True  # never write __pycache__/ beside these files (see contract_kit_reference.py)

from measures import SEPARATOR, item_costs, measure
from json_rpc import PortError

COLLECTIONS = ("model-exchanges", "capability-calls")
DEFAULT_LIMIT = 100
MAX_LIMIT = 100

# Cursors are opaque to the kit, but give them a fixed width: the kit decides "one more item would
# have fitted" by appending that item to our page *with our cursor*, so a cursor that grows by a
# character as the offset grows could make an honest page look too short (docs/pager-port.md).
CURSOR = re.compile(r"offset:(\d{8})")


def cursor_at(offset, count):
    """The cursor of the page that starts at `offset`, or None when there is nothing left."""
    return "offset:%08d" % offset if offset < count else None


# --- the derived collections (docs/fixtures.md, "Derived collections") ---------------------------


def field(value, key):
    """o[k] when o is a JSON object that has key k, else null: missing fields become null."""
    return value.get(key) if isinstance(value, dict) else None


def derive(records, collection):
    ordered = sorted(records, key=lambda record: record["seq"])  # stable: equal seqs keep their order
    outputs = {}  # call_id -> payload of its first capability-output (wherever it stands)
    for record in ordered:
        call_id = record.get("call_id")
        if record["record_type"] == "capability-output" and isinstance(call_id, str):
            outputs.setdefault(call_id, record["payload"])
    items = []
    for record in ordered:
        call_id, payload = record.get("call_id"), record["payload"]
        if record["record_type"] != "capability-input" or not isinstance(call_id, str) or call_id not in outputs:
            continue
        # keys in exactly this order: the kit compares items byte for byte as compact JSON
        if collection == "capability-calls":
            items.append({"id": call_id, "index": len(items), "name": field(payload, "name"),
                          "args": field(payload, "args"), "result": field(outputs[call_id], "result")})
        elif field(payload, "name") == "llm-request":
            args = field(payload, "args")
            items.append({"id": call_id, "index": len(items), "model": field(args, "model"),
                          "messages": field(args, "messages"), "response": field(outputs[call_id], "result")})
    return items


# --- paging ------------------------------------------------------------------------------------


class Collection:
    """One derived collection, with what fitting its pages needs, computed once after setup."""

    def __init__(self, name, records, ceilings):
        self.items = derive(records, name)
        self.ceilings = ceilings
        names = sorted({ceiling["measure"] for ceiling in ceilings})
        self.costs = [item_costs(names, item) for item in self.items]
        # Metadata depends only on the run and the collection, never on the items of a page or on
        # the request: the kit takes it from our first page to judge other pages.
        self.metadata = {"snapshot": {"collection": name, "records": len(records)}}
        # The page with no items, with a cursor (all our cursors have the same width) and with null.
        with_cursor, last = self.page([], cursor_at(0, 1)), self.page([], None)
        self.empty = {name: (measure(name, with_cursor), measure(name, last)) for name in names}
        # The cursors we handed out for this run: only these are read back. A cursor in our own format that no
        # page ended at (offset 1 when our pages ended at 7 and 14) is as invalid as garbage (docs/pager-port.md).
        self.handed_out = set()

    def start(self, cursor):
        """The offset a cursor stands for: None is the start; otherwise one we handed out for this run."""
        if cursor is None:
            return 0
        if not isinstance(cursor, str) or cursor not in self.handed_out:
            raise PortError("invalid_cursor", "not a cursor of this run: %r" % (cursor,))
        return int(CURSOR.fullmatch(cursor).group(1))

    def hand_out(self, cursor):
        """Remembers a cursor we give the caller (a page's, or the one past a refused item), and gives it."""
        if cursor is not None:
            self.handed_out.add(cursor)
        return cursor

    def page(self, items, cursor):
        return {"items": items, "cursor": cursor, **self.metadata}

    def size(self, name, count, cost, is_last):
        """A measure of a page of `count` items whose costs add up to `cost`: the empty page, plus
        the items, plus a separator between two items. Its cursor is the one such a page carries:
        null when it holds the last item, a cursor otherwise."""
        return self.empty[name][1 if is_last else 0] + cost + SEPARATOR[name] * max(count - 1, 0)

    def read(self, start, limit):
        total = len(self.items)
        if start >= total:  # only an empty collection gets here (we never hand out a cursor at the end)
            return self.page([], None)
        # Grow the page one item at a time while the next one still fits. The kit checks exactly this:
        # our page plus the next item, with our cursor kept, must not fit.
        count, costs = 0, {ceiling["measure"]: 0 for ceiling in self.ceilings}
        while count < limit and start + count < total:
            grown = {name: costs[name] + self.costs[start + count][name] for name in costs}
            is_last = start + count + 1 == total
            over = []  # the ceilings the grown page would break
            for ceiling in self.ceilings:
                name = ceiling["measure"]
                size = self.size(name, count + 1, grown[name], is_last)
                if size > ceiling["max"]:
                    over.append("%s %d > %d" % (name, size, ceiling["max"]))
            if over and count == 0:
                # This item can never be returned. Refuse it with a cursor past it, so a walk goes on:
                # never an empty page, never the same cursor, never a page that holds it.
                raise PortError("result_limit_exceeded", "item %d alone exceeds %s" % (start, ", ".join(over)),
                                cursor=self.hand_out(cursor_at(start + 1, total)))
            if over:
                break
            count, costs = count + 1, grown
        return self.page(self.items[start:start + count], self.hand_out(cursor_at(start + count, total)))


class Pager:
    def __init__(self):
        self.records = []
        self.ceilings = []
        self.collections = {}

    def setup(self, params):
        """pager.setup: replace whatever an earlier setup gave. Answer null."""
        self.records = params.get("records") or []
        self.ceilings = params.get("ceilings") or []
        self.collections = {}  # derived lazily, on the first read of each collection
        return None

    def read(self, params):
        """pager.read: one page, or a pager error (a PortError, sent as -32000 with data.code)."""
        name = params.get("collection")
        if name not in COLLECTIONS:
            raise PortError("unknown_collection", "no collection named %r" % (name,))
        limit = params.get("limit")
        if limit is None:  # absent (the kit leaves it out) means the default
            limit = DEFAULT_LIMIT
        # An integer from 1 to 100. bool is a subclass of int in Python: true is not a limit. A float
        # such as 5.0 is the integer 5 to the kit (JavaScript has one number type), so take it.
        integral = isinstance(limit, int) or (isinstance(limit, float) and limit.is_integer())
        if isinstance(limit, bool) or not integral or not 1 <= limit <= MAX_LIMIT:
            raise PortError("invalid_limit", "limit must be an integer from 1 to %d, got %r" % (MAX_LIMIT, limit))
        collection = self.collections.get(name)
        if collection is None:
            collection = self.collections[name] = Collection(name, self.records, self.ceilings)
        return collection.read(collection.start(params.get("cursor")), int(limit))


if __name__ == "__main__":
    from json_rpc import Dispatcher
    from stdio import serve

    pager = Pager()
    serve(Dispatcher(name="python-pager", version="1.0.0", ports=["pager"], handlers={"pager.setup": pager.setup, "pager.read": pager.read}))
    sys.exit(0)
