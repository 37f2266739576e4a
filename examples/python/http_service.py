"""The protocol over HTTP (docs/http-protocol.md): JSON-RPC 2.0, one `POST` a request, standard library only.

Not named http.py: this folder is first on sys.path, and that name would hide the standard library's `http`.
The bytes of each request body go to the same dispatcher the stdio loop uses (json_rpc.py); only the framing
differs. `POST /rpc` is answered with status 200 and the JSON-RPC response (204 and no body for a notification);
another path is 404, another method 405. Connections are kept alive (HTTP/1.1), each on a thread of its own,
but every request is answered on one worker thread, one at a time, in the order they came, as over stdio:
the ports keep their state between calls, and sqlite3 objects may be used only by the thread that made them.
"""
import concurrent.futures
import os
import signal
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from json_rpc import encode, log

RPC_PATH = "/rpc"


class RpcHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: the kit sends every call of a run over one connection
    server_version = "contract-kit-python-reference"
    # The headers and the body go out in two writes: with Nagle's algorithm on, the body would wait for the
    # client's delayed acknowledgement of the headers, some 40 ms an answer.
    disable_nagle_algorithm = True

    def do_POST(self):
        if urllib.parse.urlsplit(self.path).path != RPC_PATH:
            return self.refuse(404, "Not Found")
        length = self.headers.get("Content-Length")
        if length is None or not length.isdigit():
            return self.refuse(411, "Length Required", "send the request body with a Content-Length")  # as the kit does
        raw = self.rfile.read(int(length))
        response = self.server.answer(raw)
        if response is None:  # a notification: nothing to answer
            self.send_response(204)
            self.end_headers()
            return
        body = encode(response)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_other(self):
        if urllib.parse.urlsplit(self.path).path != RPC_PATH:
            return self.refuse(404, "Not Found")
        self.refuse(405, "Method Not Allowed")

    do_GET = do_HEAD = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_other

    def refuse(self, status, reason, why="this service answers POST %s only" % RPC_PATH):
        """A status that is no JSON-RPC answer, and the connection closed: any body the request carried is left unread."""
        body = ("%d %s: %s\n" % (status, reason, why)).encode("utf-8")
        self.send_response(status)
        if status == 405:
            self.send_header("Allow", "POST")
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        self.close_connection = True

    def log_request(self, code="-", size="-"):
        pass  # one stderr line a call is noise; errors still go to stderr (log_error)


class RpcServer(ThreadingHTTPServer):
    """Listens on (host, port); `answer` runs the dispatcher on the one worker thread."""

    daemon_threads = True  # an idle kept-alive connection never holds the program open

    def __init__(self, address, dispatcher):
        super().__init__(address, RpcHandler)
        self.dispatcher = dispatcher
        self.worker = concurrent.futures.ThreadPoolExecutor(max_workers=1)

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the kit closed a connection (an abandoned call, the end of a run): nothing to report
        super().handle_error(request, client_address)

    def answer(self, raw):
        return self.worker.submit(self.dispatcher.respond_to, raw, "body").result()

    def url(self):
        host, port = self.server_address[:2]
        return "http://%s:%d%s" % (host, port, RPC_PATH)


def parse_address(text):
    """`HOST:PORT` or `PORT` (host 127.0.0.1); port 0 picks a free one. Raises ValueError on anything else."""
    host, _, port = text.rpartition(":")
    if not port.isdigit() or int(port) > 65535:
        raise ValueError("expected HOST:PORT (e.g. 127.0.0.1:8080, or 127.0.0.1:0 for a free port), got %r" % text)
    return (host or "127.0.0.1", int(port))


def serve_http(dispatcher, address, until_stdin_ends=False, close=None):
    """Serve `dispatcher` over HTTP at `address` until SIGTERM or Ctrl-C (or, with until_stdin_ends, the end of
    stdin), then call `close` on the worker thread and return (the caller exits 0). Stdout's first line is the
    URL, printed once we listen."""
    server = RpcServer(address, dispatcher)

    def stop(*_):
        # shutdown() waits for serve_forever to return, so it must not run on serve_forever's own thread
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    if until_stdin_ends:  # started by a program that may die without stopping us (a test): its end of our stdin stops us

        def watch_stdin():
            # os.read, not sys.stdin: a thread blocked in a buffered reader holds its lock, and Python aborts
            # at exit when a daemon thread holds one
            while os.read(0, 65536):
                pass
            stop()

        threading.Thread(target=watch_stdin, daemon=True).start()
    sys.stdout.write(server.url() + "\n")
    sys.stdout.flush()
    log("serving %s over HTTP at %s" % (", ".join(dispatcher.ports), server.url()))
    try:
        server.serve_forever()
    finally:
        server.server_close()
        if close is not None:  # after the request in hand, if any, and on the thread that opened what it closes
            server.worker.submit(close).result()
        server.worker.shutdown(wait=True)
