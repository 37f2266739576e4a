"""The agent-log port (docs/agent-log-port.md): one durable row per background agent.

The store is the reference's: SQLite (WAL mode) at <workspacePath>/db/db.sqlite, in the bug report's
table. What the contracts need from any store:

- one row per agent: a completion updates the row its start wrote (an upsert on the primary key), keeping
  its name, kind, parent and start time; a completion with no start makes the row alone;
- every field a string ('' when not known yet); records oldest first (started_at, then agent_id, as
  text), only the session's own;
- committed before the call answers: the kit SIGKILLs the process right after an answer and reads the
  rows back from a new process;
- best effort: a store error is logged on stderr (one "agent-log: write failed: ..." line per failed
  write) and swallowed, never answered as an error; setup and records never fail either;
- scoped: no workspace, no store (no file, no folder, anywhere); setup and records never create the
  store; nothing outside the workspace (not the working folder, HOME, TMPDIR or the XDG folders).
"""
import collections
import datetime
import os
import sqlite3

from json_rpc import log

TABLE = """CREATE TABLE IF NOT EXISTS background_agent_log (
	workspace_path TEXT NOT NULL,
	session_id TEXT NOT NULL,
	agent_id TEXT NOT NULL,
	name TEXT NOT NULL DEFAULT '',
	kind TEXT NOT NULL DEFAULT '',
	parent_execution_id TEXT NOT NULL DEFAULT '',
	status TEXT NOT NULL DEFAULT '',
	result TEXT NOT NULL DEFAULT '',
	error TEXT NOT NULL DEFAULT '',
	duration TEXT NOT NULL DEFAULT '',
	started_at TEXT NOT NULL DEFAULT '',
	completed_at TEXT NOT NULL DEFAULT '',
	updated_at TEXT NOT NULL,
	PRIMARY KEY (workspace_path, session_id, agent_id)
)"""

# A start writes the row, or rewrites it if the agent was started before (same primary key).
STARTED = """INSERT INTO background_agent_log
	(workspace_path, session_id, agent_id, name, kind, parent_execution_id, status, started_at, updated_at)
	VALUES (:workspace, :sessionId, :agentId, :name, :kind, :parentExecutionId, 'running', :now, :now)
	ON CONFLICT (workspace_path, session_id, agent_id) DO UPDATE SET
	name = excluded.name, kind = excluded.kind, parent_execution_id = excluded.parent_execution_id,
	status = 'running', started_at = excluded.started_at, updated_at = excluded.updated_at"""

# A completion updates the same row and keeps name, kind and parent; a completion whose start was never
# recorded makes a row of its own, with those three ''.
COMPLETED = """INSERT INTO background_agent_log
	(workspace_path, session_id, agent_id, status, result, error, duration, completed_at, updated_at)
	VALUES (:workspace, :sessionId, :agentId, :status, :result, :error, :duration, :now, :now)
	ON CONFLICT (workspace_path, session_id, agent_id) DO UPDATE SET
	status = excluded.status, result = excluded.result, error = excluded.error, duration = excluded.duration,
	completed_at = excluded.completed_at, updated_at = excluded.updated_at"""

RECORDS = """SELECT session_id, agent_id, name, kind, parent_execution_id, status, result, error, duration,
	started_at, completed_at FROM background_agent_log
	WHERE workspace_path = ? AND session_id = ? ORDER BY started_at, agent_id"""

RECORD_KEYS = ("sessionId", "agentId", "name", "kind", "parentExecutionId", "status", "result", "error",
               "duration", "startedAt", "completedAt")


def now():
    """ISO-8601 in UTC with milliseconds, like JavaScript's Date.toISOString(): 2026-08-12T09:00:00.000Z."""
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def text(params, key):
    """Every field of a record is a string, '' when unknown (the kit may leave a field out or send null)."""
    value = params.get(key)
    return value if isinstance(value, str) else "" if value is None else str(value)


class AgentLog:
    def __init__(self):
        self.workspace = None  # None: a plain chat session, which never touches any store
        self.db = None  # the open store, or None until the first write (or read of an existing file)
        self.ui_events = collections.deque()

    # --- the store ----------------------------------------------------------------------------

    def path(self):
        return None if self.workspace is None else os.path.join(self.workspace, "db", "db.sqlite")

    def open(self, create):
        """The open store. With create=False, only a store that already exists: reading never creates it.
        Raises on failure; the caller logs and swallows, and the next write tries again."""
        if self.db is None:
            path = self.path()
            if not create and not os.path.exists(path):
                return None
            os.makedirs(os.path.dirname(path), exist_ok=True)  # fails when the workspace lies under a file
            # isolation_level=None: autocommit, so each statement is committed when execute() returns,
            # before we answer. WAL: a commit survives a kill -9 and is replayed on the next open.
            db = sqlite3.connect(path, isolation_level=None)
            try:
                db.execute("PRAGMA journal_mode=WAL")
                db.execute(TABLE)
            except Exception:
                db.close()
                raise
            self.db = db
        return self.db

    def close(self):
        if self.db is not None:
            self.db.close()
            self.db = None

    def write(self, sql, row):
        if self.workspace is None:
            return None  # plain chat: a silent no-op, no file and no folder anywhere
        try:
            self.open(create=True).execute(sql, {"workspace": self.workspace, "now": now(), **row})
        except Exception as error:  # best effort: a failed write never fails the agent
            log("agent-log: write failed:", error)
        return None  # the writes answer null

    # --- the five operations ----------------------------------------------------------------

    def setup(self, params):
        """Open (or, after a restart, reopen) the log of one session. Opens nothing yet, so it cannot fail."""
        self.close()
        self.workspace = params.get("workspacePath")  # a folder, or None
        cap = params.get("uiEventCap")
        self.ui_events = collections.deque(maxlen=cap if isinstance(cap, int) and cap >= 0 else 200)
        return None

    def agent_started(self, params):
        self.ui_events.append(("background_agent_started", text(params, "agentId")))
        return self.write(STARTED, {key: text(params, key) for key in ("sessionId", "agentId", "name", "kind",
                                                                     "parentExecutionId")})

    def agent_completed(self, params):
        self.ui_events.append(("background_agent_completed", text(params, "agentId")))
        return self.write(COMPLETED, {key: text(params, key) for key in ("sessionId", "agentId", "status", "result",
                                                                       "error", "duration")})

    def ui_activity(self, params):
        """Other activity on the session fills its capped UI-event list, as the app keeps it, in memory.
        It exists to push agent events out of a cache; the durable log never reads that list."""
        count = params.get("count")
        for _ in range(min(count, self.ui_events.maxlen) if isinstance(count, int) else 0):
            self.ui_events.append(("ui", ""))
        return None

    def records(self, params):
        """The session's durable rows, oldest first: {"records": [...]}."""
        if self.workspace is None:
            return {"records": []}
        try:
            db = self.open(create=False)
            rows = [] if db is None else db.execute(RECORDS, (self.workspace, text(params, "sessionId"))).fetchall()
        except Exception as error:
            log("agent-log: read failed:", error)
            rows = []
        return {"records": [dict(zip(RECORD_KEYS, row)) for row in rows]}
