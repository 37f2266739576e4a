#!/usr/bin/env python3
"""A reference implementation of the `pager` and `agent-log` ports over contract-kit/stdio@1.

Python 3.11, standard library only. Run it under the kit with an absolute path, from any folder:

    node bin/contract-kit.js run --adapter "stdio:python3 $PWD/examples/python/contract_kit_reference.py"

One process serves one connection: the kit writes JSON-RPC requests on our stdin, one per line, and
reads one response line per request from our stdout. Logs go to stderr. We exit 0 when stdin closes.
See README.md beside this file.
"""
import os
import sys

# Never write __pycache__/ beside these files: the kit lists what a run changed, and a run should
# change nothing but its stores. (It must be set before the imports below.)
sys.dont_write_bytecode = True
# The kit may start us from any working folder (the agent-log driver uses a sandbox): import the
# sibling modules by this file's own folder, never by the working folder.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from agent_log import AgentLog  # noqa: E402
from pager import Pager  # noqa: E402
from stdio import serve  # noqa: E402


def main():
    pager = Pager()
    agent_log = AgentLog()
    serve(
        name="python-reference",
        version="1.0.0",
        ports=["agent-log", "pager"],
        handlers={
            "pager.setup": pager.setup,
            "pager.read": pager.read,
            "agent-log.setup": agent_log.setup,
            "agent-log.agentStarted": agent_log.agent_started,
            "agent-log.agentCompleted": agent_log.agent_completed,
            "agent-log.uiActivity": agent_log.ui_activity,
            "agent-log.records": agent_log.records,
        },
    )
    agent_log.close()  # nothing depends on it: every write was committed before its answer
    return 0


if __name__ == "__main__":
    sys.exit(main())
