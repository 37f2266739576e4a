"""The Connect protocol's server stream over httpx + h2, as docs/session-protocol.md describes it: the request envelope,
the frames of one WatchSession call, and how a call ends (a clean end-of-stream, a retryable end, a refusal, a failure).
"""
import json
import struct

import h2.exceptions
import httpx

WATCH = "/contractkit.session.v1.SessionService/WatchSession"
TRANSIENT = {"unavailable", "internal", "deadline_exceeded", "unknown", "aborted", "canceled"}
RETRYABLE_WATCH = TRANSIENT | {"resource_exhausted"}


class StreamEnded(Exception):
    """The watch stream ended under the client; `refused`: the server processed nothing (replay it at once)."""

    def __init__(self, why, refused=False):
        super().__init__(why)
        self.refused = refused


class WatchFailed(Exception):
    """The watch failed for good (an error in the end-of-stream envelope that is not transient): exit 1."""


def envelope(flags, value):
    payload = json.dumps(value, separators=(",", ":")).encode()
    return struct.pack(">BI", flags, len(payload)) + payload


def watch_frames(http, session, cursor, timeout_s):
    """Yields the frames of one WatchSession call on `http`; raises StreamEnded or WatchFailed when it ends."""
    request = {"sessionId": session, **({"cursor": cursor} if cursor else {})}
    timeout = httpx.Timeout(max(0.001, timeout_s))
    responded = False
    try:
        with http.stream("POST", WATCH, content=envelope(0, request), headers={"content-type": "application/connect+json"}, timeout=timeout) as response:
            responded = True
            if response.status_code != 200:
                raise StreamEnded(f"WatchSession answered {response.status_code}")
            buffered = b""
            for chunk in response.iter_raw():
                buffered += chunk
                while len(buffered) >= 5 and len(buffered) >= 5 + struct.unpack(">I", buffered[1:5])[0]:
                    flags, length = struct.unpack(">BI", buffered[:5])
                    payload = json.loads(buffered[5 : 5 + length].decode("utf-8"))
                    buffered = buffered[5 + length :]
                    if flags & 0x02:
                        error = payload.get("error")
                        if error:
                            code = error.get("code", "unknown")
                            if code not in RETRYABLE_WATCH:
                                raise WatchFailed(f"{code}: {error.get('message', '')}")
                            raise StreamEnded(f"the watch ended with {code}")
                        raise StreamEnded("the stream ended without a done frame")
                    yield payload
            raise StreamEnded("the stream ended without its end-of-stream envelope (cut)")
    except (StreamEnded, WatchFailed):
        raise
    except httpx.TimeoutException:
        raise StreamEnded("no frame before the deadline")
    except (httpx.HTTPError, h2.exceptions.H2Error, OSError) as error:
        # Refused (REFUSED_STREAM, or a GOAWAY whose last_stream_id is below the stream) before any response:
        # nothing was processed, and a replay from the same cursor is right. Any other error of the HTTP/2 stack
        # ended the watch under the client: h2 4.1 even raises its own ProtocolError for a frame that comes in the
        # same read as a GOAWAY (an RST_STREAM that ends a drained stream), where httpcore 0.16 does not wrap it.
        text = str(error)
        refused = not responded and ("REFUSED_STREAM" in text or "ConnectionTerminated" in text)
        raise StreamEnded(f"{type(error).__name__}: {text}", refused=refused)
