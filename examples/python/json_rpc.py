"""JSON-RPC 2.0 for the contract-kit/stdio@1 protocol, whatever carries it (docs/stdio-protocol.md).

Nothing here knows about pagers or agent logs, nor about lines or HTTP. A `Dispatcher` turns the bytes
of one request into the response to send (or None: nothing to send), calling the handler registered
for its method; stdio.py sends that response as one line, http_service.py as one HTTP response body.
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


def encode(message):
    """One compact JSON text, UTF-8, no byte-order mark and no newline.

    ensure_ascii=False writes non-ASCII text as itself. A string holding a lone surrogate (JSON can
    carry "\\ud800", and Python's json decodes it into a str it cannot encode as UTF-8) would make
    that fail; then fall back to ensure_ascii=True, which writes every non-ASCII character as a \\u
    escape. Both decode to the same value on the kit's side, and the kit measures values, not our bytes.
    """
    try:
        return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(message, ensure_ascii=True, separators=(",", ":")).encode("ascii")


class Dispatcher:
    """Answers the requests of one program: `initialize`, then the methods of its ports.

    handlers maps a method name ("pager.read") to a function from the params object to the result.
    It is not thread-safe: call it from one thread at a time (http_service.py calls it from one thread).
    """

    def __init__(self, name, version, ports, handlers):
        self.name, self.version, self.ports = name, version, ports
        self.handlers = {"initialize": self.initialize, **handlers}

    def initialize(self, params):
        if params.get("protocol") != PROTOCOL:
            raise RpcError(INVALID_PARAMS, "unsupported protocol %r, this program speaks %s" % (params.get("protocol"), PROTOCOL))
        return {"name": self.name, "version": self.version, "ports": self.ports}

    def respond_to(self, raw, unit="line"):
        """The response to one request given as bytes (a stdio line, an HTTP body), or None when there is
        nothing to answer (a notification, or a message that is no request). `unit` names it in a parse error."""
        try:
            request = json.loads(raw.decode("utf-8"))  # json.loads tolerates the "\r" before "\n"
        except ValueError as error:  # UnicodeDecodeError is a ValueError too
            log("unreadable request %s:" % unit, repr(error))
            return {"jsonrpc": "2.0", "id": None, "error": {"code": PARSE_ERROR, "message": "Parse error: the %s is not JSON: %s" % (unit, error)}}
        if not isinstance(request, dict) or "id" not in request:
            log("ignored a message that is not a request:", raw[:200])  # the kit sends no notifications
            return None
        return self.answer(request)

    def answer(self, request):
        """The response to one request: {"result": ...} or {"error": ...} with the request's id."""
        response = {"jsonrpc": "2.0", "id": request.get("id")}
        method = request.get("method")
        params = request.get("params")
        handler = self.handlers.get(method) if isinstance(method, str) else None
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
            log("internal error in", str(method) + ":", repr(error))
            response["error"] = {"code": INTERNAL_ERROR, "message": repr(error)}
        return response
