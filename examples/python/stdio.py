"""The contract-kit/stdio@1 transport: JSON-RPC 2.0, one message per line (docs/stdio-protocol.md).

Nothing here knows about pagers or agent logs, nor about what a request means: `serve` reads requests
from stdin, hands each line to the dispatcher (json_rpc.py, shared with http_service.py), and writes
exactly one response line per request to stdout, flushed.
"""
import sys

from json_rpc import encode


def respond(message):
    sys.stdout.buffer.write(encode(message) + b"\n")
    sys.stdout.buffer.flush()  # stdout is a pipe, so it is block-buffered: an unflushed answer is a timeout


def serve(dispatcher):
    """Serve one connection, from `initialize` to the end of stdin, then return (the caller exits 0)."""
    # Iterate over the *binary* stdin: it splits on b"\n" with no line-length limit (a pager.setup line
    # carries a whole run, megabytes), and a multi-byte character split across reads is never decoded
    # half-way, because each line is decoded whole.
    for raw in sys.stdin.buffer:
        if not raw.strip():
            continue
        response = dispatcher.respond_to(raw, "line")
        if response is not None:
            respond(response)
    # stdin reached end of file: the kit is done with us. Returning lets the process exit with status 0.
