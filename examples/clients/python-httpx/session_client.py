#!/usr/bin/env python3
"""A session client on httpx + h2 (HTTP/2 cleartext with prior knowledge), written from docs/session-client-port.md
and docs/session-protocol.md alone.

    python3 session_client.py watch --url URL --session ID --timeout MS --try-timeout MS -o json|text

Needs httpx (0.23 or later) and h2 (4.x): Debian's python3-httpx and python3-h2. Exit 0: the turn settled; 2: the
deadline passed first; 1: anything else.
"""
import json
import os
import sys
import threading
import time

import h2.exceptions
import httpx

from connect_stream import TRANSIENT, StreamEnded, WatchFailed, watch_frames

READ = "/contractkit.session.v1.SessionService/GetSessionMessage"
FIRST_WAIT_S, MAX_WAIT_S = 0.050, 1.0  # reconnect waits: doubled per watch call in a row that brought no frame
TRIES_PER_ROUND, LATER_ROUNDS = 3, 3
MAX_RECONNECTS = 30


class Client:
    def __init__(self, url, session, timeout_ms, try_timeout_ms, output):
        self.url, self.session, self.output = url.rstrip("/"), session, output
        self.try_timeout = try_timeout_ms / 1000
        self.ends_at = time.monotonic() + timeout_ms / 1000
        self.timeout_ms = timeout_ms
        self.states = {}  # message id -> read state
        self.transcript = {}  # message id -> (role, text, cut or None), in first-appearance order
        self.unimplemented = None
        self.log_lines = []
        self.http = {}

    # -- plumbing -------------------------------------------------------------------------------------------------
    def log(self, line):
        self.log_lines.append(line)

    def remaining(self):
        return max(0.0, self.ends_at - time.monotonic())

    def connection(self, purpose="watch"):
        """The HTTP/2 connection of the watch, or of the reads (httpx opens it again after it was dropped: a new Client
        after any failure). Reads go on a connection of their own: on the watch's, a read would take in the watch's
        frames and a GOAWAY behind them, and httpcore drops what it took in for the watch when it fails it."""
        if self.http.get(purpose) is None:
            self.http[purpose] = httpx.Client(http1=False, http2=True, base_url=self.url)
        return self.http[purpose]

    def drop_connection(self, purpose="watch"):
        if self.http.get(purpose) is not None:
            try:
                self.http[purpose].close()
            except Exception:  # noqa: BLE001 - the connection is gone either way
                pass
            self.http[purpose] = None

    # -- GetSessionMessage ----------------------------------------------------------------------------------------
    def read_once(self, message_id):
        limit = min(self.try_timeout, self.remaining())
        if limit <= 0:
            raise TimeoutError("deadline")
        body = json.dumps({"sessionId": self.session, "messageId": message_id})
        try:
            answer = self.connection("read").post(READ, content=body, headers={"content-type": "application/json"}, timeout=limit)
        except httpx.TimeoutException:
            # a try with no answer by its limit is abandoned, never left open beside the next: httpx leaves its stream
            # open after a timeout, and cannot reset one stream, so the connection it is on is closed
            self.drop_connection("read")
            if limit < self.try_timeout or self.remaining() <= 0:
                # the time left was its limit: the read was still open at the deadline, which is exit 2 — never a failed
                # try that lets the turn end 0 with the cut reply, as it could, racing the deadline's timer
                raise TimeoutError("deadline")
            return ("failed", True, f"no answer within {int(limit * 1000)} ms")
        except (httpx.HTTPError, h2.exceptions.H2Error, OSError) as error:
            self.drop_connection("read")
            return ("failed", True, f"{type(error).__name__}: {error}")
        if answer.status_code == 200:
            text = (answer.json().get("message") or {}).get("text")
            return ("whole", text) if isinstance(text, str) else ("failed", True, "the answer held no message")
        try:
            code = answer.json().get("code", "unknown")
        except ValueError:
            code = "unknown"
        if code == "unimplemented":
            return ("unimplemented", f"{answer.status_code} {code}")
        return ("failed", code in TRANSIENT, f"{answer.status_code} {code}")

    def state_of(self, m):
        view = (m.get("truncatedBytes", 0), m["text"])
        s = self.states.get(m["id"])
        if s is None or s["view"] != view:
            s = {"view": view, "rounds": 0, "whole": None, "gave_up": None, "last_why": None, "failed_this_frame": False}
            self.states[m["id"]] = s
        return s

    def open(self, s):
        return self.unimplemented is None and s["whole"] is None and s["gave_up"] is None

    def read_round(self, m, s):
        s["rounds"] += 1
        for attempt in range(1, TRIES_PER_ROUND + 1):
            result = self.read_once(m["id"])
            if result[0] == "whole":
                s["whole"] = result[1]
                return
            if result[0] == "unimplemented":
                self.unimplemented = result[1]
                self.log(f"read {m['id']}: the server has no GetSessionMessage ({result[1]}); keeping the cut text")
                return
            _, transient, why = result
            if not transient:
                s["gave_up"] = why
                self.log(f"read {m['id']}: {why}; keeping the cut text")
                return
            s["last_why"] = why
            self.log(f"read {m['id']}: try {attempt}/{TRIES_PER_ROUND} failed: {why}")
        s["failed_this_frame"] = True

    @staticmethod
    def needs_whole(m):
        return m.get("role") == "assistant" and m.get("truncatedBytes", 0) > 0

    def on_frame(self, frame):
        for m in frame["messages"]:
            if not self.needs_whole(m):
                continue
            s = self.state_of(m)
            s["failed_this_frame"] = False
            if not self.open(s):
                continue
            if s["rounds"] >= 1 + LATER_ROUNDS:
                s["gave_up"] = f"read failed on {s['rounds']} rounds: {s['last_why']}"
            else:
                self.read_round(m, s)
        in_view = {m["id"] for m in frame["messages"]}
        for message_id in [i for i in self.states if i not in in_view]:
            del self.states[message_id]

    def settle(self, frame):
        reply = next((m for m in reversed(frame["messages"]) if m.get("role") == "assistant"), None)
        if reply is None or not self.needs_whole(reply):
            return
        s = self.state_of(reply)
        while s["failed_this_frame"] and self.open(s) and s["rounds"] < 1 + LATER_ROUNDS:
            self.log(f"read {reply['id']}: trying again before the wait ends")
            self.read_round(reply, s)

    def shown(self, m):
        if not self.needs_whole(m):
            return m["text"], None
        s = self.states.get(m["id"])
        if s is not None and s["whole"] is not None:
            return s["whole"], None
        if self.unimplemented is not None:
            return m["text"], f"the server has no GetSessionMessage ({self.unimplemented})"
        if s is not None and s["gave_up"]:
            return m["text"], s["gave_up"]
        return m["text"], f"read failed: {s['last_why']}" if s is not None and s["last_why"] else "not read"

    def printed(self, frame):
        if self.output == "text":
            lines = []
            for role, text, cut in self.transcript.values():
                lines.append(f"{role}: {text}\n")
                if cut is not None and role == "assistant":
                    lines.append(f"[reply cut: {cut}]\n")
            return "".join(lines)
        reply = next((m for m in reversed(frame["messages"]) if m.get("role") == "assistant"), None)
        text, cut = self.shown(reply) if reply else ("", None)
        return json.dumps({"sessionId": self.session, "status": frame["status"], "reply": text, "replyCut": cut is not None}, ensure_ascii=False) + "\n"

    # -- WatchSession ---------------------------------------------------------------------------------------------
    def frames(self, cursor):
        """Yields the frames of one WatchSession call; returns normally only on a clean end-of-stream envelope."""
        return watch_frames(self.connection(), self.session, cursor, self.remaining())

    def run(self):
        cursor, fruitless = "", 0
        for call in range(MAX_RECONNECTS + 1):
            got, refused = 0, False
            try:
                for frame in self.frames(cursor):
                    got += 1
                    cursor = frame["cursor"]
                    self.on_frame(frame)
                    if frame["status"] == "done":
                        self.settle(frame)
                    for m in frame["messages"]:
                        text, cut = self.shown(m)
                        self.transcript[m["id"]] = (m["role"], text, cut)
                    if frame["status"] == "done":
                        return 0, self.printed(frame)
            except StreamEnded as ended:
                refused = ended.refused and got == 0
                why = str(ended)
            self.drop_connection()
            fruitless = 0 if got > 0 else fruitless + 1
            if call == MAX_RECONNECTS:
                self.log(f"watch ended: {why}; gave up after {MAX_RECONNECTS} reconnects")
                return 1, ""
            wait = 0 if refused else min(FIRST_WAIT_S * 2**fruitless, MAX_WAIT_S) + 0.010
            self.log(f"watch ended: {why}; {'replaying the refused call' if refused else f'reconnecting in {int(wait * 1000)} ms'} from cursor {json.dumps(cursor)}")
            if wait > self.remaining():
                raise TimeoutError("deadline")
            time.sleep(wait)
        return 1, ""


def parse(argv):
    args = argv[1:] if argv and argv[0] == "watch" else argv
    def value(*names, default=None):
        for i, a in enumerate(args):
            if a in names and i + 1 < len(args):
                return args[i + 1]
        return default
    url, session = value("--url"), value("--session")
    output = value("-o", "--output", default="json")
    if not url or not session or output not in ("json", "text"):
        raise SystemExit("usage: session_client.py watch --url URL --session ID [--timeout MS] [--try-timeout MS] [-o json|text]")
    return Client(url, session, int(value("--timeout", default="10000")), int(value("--try-timeout", default="1000")), output)


def main(argv):
    client = parse(argv)
    finished = threading.Lock()

    def deadline_passed():
        # Every call counts against the deadline: whatever is still open when it passes, the run exits 2.
        if finished.acquire(blocking=False):
            sys.stderr.write("".join(f"{line}\n" for line in client.log_lines))
            sys.stderr.write(f"timeout: no settled reply within {client.timeout_ms} ms\n")
            sys.stderr.flush()
            os._exit(2)

    timer = threading.Timer(client.remaining(), deadline_passed)
    timer.daemon = True
    timer.start()
    try:
        code, out = client.run()
    except TimeoutError:
        code, out = 2, ""
        client.log(f"timeout: no settled reply within {client.timeout_ms} ms")
    except WatchFailed as error:
        code, out = 1, ""
        client.log(f"watch failed: {error}")
    if not finished.acquire(blocking=False):
        time.sleep(60)  # the deadline's handler is exiting the process
    timer.cancel()
    sys.stdout.write(out)
    sys.stdout.flush()
    sys.stderr.write("".join(f"{line}\n" for line in client.log_lines))
    sys.stderr.flush()
    client.drop_connection("watch")
    client.drop_connection("read")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
