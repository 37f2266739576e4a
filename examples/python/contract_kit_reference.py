#!/usr/bin/env python3
"""A reference implementation of the `pager` and `agent-log` ports over contract-kit/stdio@1.

Python 3.11, standard library only. Run it under the kit with an absolute path, from any folder:

    node bin/contract-kit.js run --adapter "stdio:python3 $PWD/examples/python/contract_kit_reference.py"

One process serves one connection: the kit writes JSON-RPC requests on our stdin, one per line, and
reads one response line per request from our stdout. Logs go to stderr. We exit 0 when stdin closes.

With `--http HOST:PORT` it serves the same ports, with the same dispatcher, over HTTP instead
(docs/http-protocol.md): stdout's first line is the URL (`http://127.0.0.1:40123/rpc`) once it listens,
and it stops on SIGTERM or Ctrl-C (with `--until-stdin-ends`, also when its stdin closes):

    python3 examples/python/contract_kit_reference.py --http 127.0.0.1:0
    node bin/contract-kit.js run --adapter 'http:http://127.0.0.1:40123/rpc' --scenario 'pager/**'

See README.md beside this file.
"""
import argparse
import os
import sys

# Never write __pycache__/ beside these files: the kit lists what a run changed, and a run should
# change nothing but its stores. (It must be set before the imports below.)
sys.dont_write_bytecode = True
# The kit may start us from any working folder (the agent-log driver uses a sandbox): import the
# sibling modules by this file's own folder, never by the working folder.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from agent_log import AgentLog  # noqa: E402
from json_rpc import Dispatcher  # noqa: E402
from pager import Pager  # noqa: E402
from stdio import serve  # noqa: E402


def http_address(text):
    # http.server and what it imports take tens of milliseconds to load: only to serve over HTTP, never per stdio process
    from http_service import parse_address

    try:
        return parse_address(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error))


def main():
    parser = argparse.ArgumentParser(description="The pager and agent-log ports over contract-kit/stdio@1 (stdin and stdout), or over HTTP.")
    parser.add_argument("--http", metavar="HOST:PORT", type=http_address, help="serve over HTTP on this address instead (port 0: a free one)")
    parser.add_argument("--until-stdin-ends", action="store_true", help="with --http: also stop when stdin closes")
    args = parser.parse_args()
    pager = Pager()
    agent_log = AgentLog()
    dispatcher = Dispatcher(
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
    # closing the store: nothing depends on it, every write was committed before its answer
    if args.http is None:
        serve(dispatcher)
        agent_log.close()
    else:
        from http_service import serve_http

        serve_http(dispatcher, args.http, until_stdin_ends=args.until_stdin_ends, close=agent_log.close)
    return 0


if __name__ == "__main__":
    sys.exit(main())
