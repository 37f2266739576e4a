"""The contract-kit/stdio@1 transport: JSON-RPC 2.0, one message per line (docs/stdio-protocol.md).

Nothing here knows about pagers or agent logs. `serve` reads requests from stdin, calls the
handler registered for each method, and writes exactly one response line per request to stdout.
Everything else a program wants to say goes to stderr (`log`).
"""
import json
import sys

PROTOCOL = "contract-kit/stdio@1"

# JSON-RPC error codes the kit knows (docs/stdio-protocol.md, "Requests and responses").
PARSE_ERROR = -32700
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
PORT_ERROR = -32000  # a port's own error: the port's code travels as the string data.code


class PortError(Exception):
    """An answer of the port that is an error, not a bug: e.g. the pager's `invalid_limit`.

    Sent as {"code": -32000, "message": ..., "data": {"code": <code>, **data}}: the kit hands the port
    {ok: false, error: {code, message, data}} and judges it like any other answer.
    """

    def __init__(self, code, message, **data):
        super().__init__(message)
        self.data = {"code": code, **data}


class RpcError(Exception):
    """Any other JSON-RPC error (-32601, -32602, -32603): the kit stops the scenario with an
    `implementation` error, so use it only when the request itself is wrong."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def log(*parts):
    """Logs go to stderr, never stdout: a stray stdout line ends the run with a `protocol` error."""
    print(*parts, file=sys.stderr, flush=True)


def encode_line(message):
    """One compact JSON line, UTF-8, no byte-order mark.

    ensure_ascii=False writes non-ASCII text as itself. A string holding a lone surrogate (JSON can
    carry "\\ud800", and Python's json decodes it into a str it cannot encode as UTF-8) would make
    that fail; then fall back to ensure_ascii=True, which writes every non-ASCII character as a \\u
    escape. Both decode to the same value on the kit's side, and the kit measures values, not our bytes.
    """
    try:
        text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        return text.encode("utf-8") + b"\n"
    except UnicodeEncodeError:
        return json.dumps(message, ensure_ascii=True, separators=(",", ":")).encode("ascii") + b"\n"


def respond(message):
    sys.stdout.buffer.write(encode_line(message))
    sys.stdout.buffer.flush()  # stdout is a pipe, so it is block-buffered: an unflushed answer is a timeout


def answer(handlers, request):
    """The response to one request: {"result": ...} or {"error": ...} with the request's id."""
    response = {"jsonrpc": "2.0", "id": request.get("id")}
    method = request.get("method")
    params = request.get("params")
    handler = handlers.get(method)
    try:
        if handler is None:
            raise RpcError(METHOD_NOT_FOUND, "Method not found: " + str(method))
        if not isinstance(params, dict):
            raise RpcError(INVALID_PARAMS, "params must be an object")
        response["result"] = handler(params)
    except PortError as error:
        response["error"] = {"code": PORT_ERROR, "message": str(error), "data": error.data}
    except RpcError as error:
        response["error"] = {"code": error.code, "message": str(error)}
    except Exception as error:  # a bug of ours: say so (the kit reports it as `implementation`) and keep serving
        log("internal error in", method + ":", repr(error))
        response["error"] = {"code": INTERNAL_ERROR, "message": repr(error)}
    return response


def serve(name, version, ports, handlers):
    """Serve one connection, from `initialize` to the end of stdin, then return (the caller exits 0).

    handlers maps a method name ("pager.read") to a function from the params object to the result.
    """

    def initialize(params):
        if params.get("protocol") != PROTOCOL:
            raise RpcError(INVALID_PARAMS, "unsupported protocol %r, this program speaks %s" % (params.get("protocol"), PROTOCOL))
        return {"name": name, "version": version, "ports": ports}

    handlers = {"initialize": initialize, **handlers}

    # Iterate over the *binary* stdin: it splits on b"\n" with no line-length limit (a pager.setup line
    # carries a whole run, megabytes), and a multi-byte character split across reads is never decoded
    # half-way, because each line is decoded whole.
    for raw in sys.stdin.buffer:
        if not raw.strip():
            continue
        try:
            request = json.loads(raw.decode("utf-8"))  # json.loads tolerates the "\r" before "\n"
        except ValueError as error:
            log("unreadable request line:", repr(error))
            respond({"jsonrpc": "2.0", "id": None, "error": {"code": PARSE_ERROR, "message": "Parse error: " + str(error)}})
            continue
        if not isinstance(request, dict) or "id" not in request:
            log("ignored a message that is not a request:", raw[:200])  # the kit sends no notifications
            continue
        respond(answer(handlers, request))
    # stdin reached end of file: the kit is done with us. Returning lets the process exit with status 0.
