"""The five size measures of docs/measures.md, computed the way the kit computes them.

The kit is written in JavaScript: it decodes every page into JavaScript values and measures those.
Two consequences for a Python implementation:

- `json-bytes` is the length of *JavaScript's* JSON.stringify of the value, so numbers are written
  as JavaScript writes them (`1e+21`, `2` for 2.0, `1e-7`), not as Python's json.dumps does.
  `json_text` below reproduces JSON.stringify; the pages we *send* may still use json.dumps, because
  the kit decodes them into the same values before measuring.
- a JSON number is a double in JavaScript: an integer beyond 2**53 is rounded on the kit's side.
  `js_value` applies the same rounding before a number is written or counted.

Check with: python3 examples/python/check_measures.py (runs fixtures/vectors/measures.json).
"""
import json
import math
import re

MEASURES = ("utf8-bytes", "runes", "utf16-units", "json-bytes", "retained-bytes")

# --- numbers, as JavaScript holds and writes them ---------------------------------------------

MAX_SAFE = 2**53


def js_value(number):
    """The JavaScript value of a decoded JSON number: an int, or a float when it is not an integer."""
    if isinstance(number, int):
        if -MAX_SAFE <= number <= MAX_SAFE:
            return number
        try:
            number = float(number)  # a double on the kit's side: round like JavaScript does
        except OverflowError:
            return math.inf if number > 0 else -math.inf
    if math.isfinite(number) and number.is_integer():
        return int(number)  # "decided by value, not spelling": 2.0 is the integer 2
    return number


def js_number(number):
    """ECMAScript Number::toString (and JSON.stringify's `null` for a non-finite number)."""
    value = js_value(number)
    if isinstance(value, int) and -MAX_SAFE <= value <= MAX_SAFE:
        return str(value)
    value = float(value)
    if not math.isfinite(value):
        return "null"
    if value < 0:
        return "-" + js_number(-value)
    # repr() gives the shortest digits that round-trip, as JavaScript does; only the layout differs.
    mantissa, _, exponent = repr(value).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = whole + fraction
    n = len(whole) + int(exponent or 0)  # value = 0.DIGITS x 10**n
    stripped = digits.lstrip("0")
    n -= len(digits) - len(stripped)
    digits = stripped.rstrip("0") or "0"
    k = len(digits)
    if k <= n <= 21:
        return digits + "0" * (n - k)
    if 0 < n <= 21:
        return digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return "0." + "0" * -n + digits
    sign = "+" if n - 1 >= 0 else "-"
    head = digits[0] + ("." + digits[1:] if k > 1 else "")
    return head + "e" + sign + str(abs(n - 1))


# --- strings and the compact JSON text ----------------------------------------------------------

_quote = json.encoder.encode_basestring  # escapes ", \ and U+0000-U+001F like JSON.stringify (C-accelerated)
_SURROGATE = re.compile("[\ud800-\udfff]")


def quote(text):
    """A JSON string literal as JSON.stringify writes it.

    Python decodes "\\ud800" (a lone surrogate) into a str; JSON.stringify writes such a character
    back as the escape `\\ud800` (lower-case hex), so we do too.
    """
    quoted = _quote(text)
    if not text.isascii() and _SURROGATE.search(quoted):
        quoted = _SURROGATE.sub(lambda m: "\\u%04x" % ord(m.group()), quoted)
    return quoted


def json_text(value):
    """The compact JSON of a value, exactly as JavaScript's JSON.stringify writes it: no whitespace,
    object keys in their order, non-ASCII characters as themselves."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return js_number(value)
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, list):
        return "[" + ",".join(map(json_text, value)) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(quote(key) + ":" + json_text(item) for key, item in value.items()) + "}"
    raise TypeError("not a JSON value: %r" % (value,))


def utf8_bytes(text):
    # surrogatepass: a lone surrogate counts 3 bytes, as U+FFFD would (docs/measures.md)
    return len(text.encode("utf-8", "surrogatepass"))


def utf16_units(text):
    # a code point above U+FFFF is two UTF-16 units (a surrogate pair); everything else is one
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


TEXT_UNITS = {"utf8-bytes": utf8_bytes, "runes": len, "utf16-units": utf16_units}

# --- retained-bytes: words of the value decoded into BEAM terms --------------------------------


def binary_words(text):
    size = utf8_bytes(text)
    return 3 + -(-size // 8) if size <= 64 else 6 + -(-size // 8)  # -(-a // b) is ceil(a / b)


def words(value):
    """The table of docs/measures.md, "retained-bytes"."""
    if value is None or value is True or value is False:
        return 1  # atom
    if isinstance(value, (int, float)):
        number = js_value(value)
        if isinstance(number, float):
            return 3  # float (a non-integer)
        if -(2**59) <= number < 2**59:
            return 1  # small integer
        return 2 + -(-abs(number).bit_length() // 64)  # big integer
    if isinstance(value, str):
        return binary_words(value)
    if isinstance(value, list):
        return 1 + sum(1 + words(item) for item in value)
    if isinstance(value, dict):
        pairs = sum(binary_words(key) + words(item) for key, item in value.items())
        n = len(value)
        return (5 if n <= 32 else -(-9 * n // 5)) + pairs
    raise TypeError("not a JSON value: %r" % (value,))


# --- the measures --------------------------------------------------------------------------------


def measure(name, value):
    """measure(name, value) for each of the five measures."""
    if name == "retained-bytes":
        return 8 * words(value)
    if name == "json-bytes":
        return utf8_bytes(json_text(value))
    # a text measure: the string itself when the value is a string, its compact JSON otherwise
    text = value if isinstance(value, str) else json_text(value)
    return TEXT_UNITS[name](text)


def item_costs(names, item):
    """What one item adds to a page under each measure (docs/measures.md, "Measuring a page").

    A page is a JSON object, so its text measures count its JSON text: an item adds its own JSON
    text, plus a comma when it is not the first (`SEPARATOR`). In retained bytes an item adds a
    list cell and its term: 8 x (1 + words(item)), with no separator.
    """
    text = None
    costs = {}
    for name in names:
        if name == "retained-bytes":
            costs[name] = 8 * (1 + words(item))
        else:
            text = json_text(item) if text is None else text
            costs[name] = TEXT_UNITS["utf8-bytes" if name == "json-bytes" else name](text)
    return costs


SEPARATOR = {"utf8-bytes": 1, "runes": 1, "utf16-units": 1, "json-bytes": 1, "retained-bytes": 0}
