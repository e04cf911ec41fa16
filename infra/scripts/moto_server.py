"""moto server (DynamoDB and SES as AWS speaks them) the way Breaktime's tests need it.

Run with the venv's Python:  .venv/bin/python infra/scripts/moto_server.py [--parent PID] [moto_server options]
(`moto_server` options, e.g. `-H 127.0.0.1 -p 5000`). Used by `infra/scripts/moto.sh` and the Rust test harness.

Two differences from plain `moto_server`:
- Requests are handled one at a time. moto's threaded server applies concurrent writes to the same item as racing
  read-modify-write steps and loses some, where DynamoDB applies each write to an item atomically. Serialising
  requests gives the DynamoDB guarantee back, so a test of concurrent increments checks the adapter, not moto.
  Connections are still accepted in parallel.
- With `--parent PID`, the server exits as soon as that process is gone, however it ended (even killed), so a test
  binary never leaves a server behind.
"""

import os
import sys
import threading
import time

import moto.server as server


class OneRequestAtATime(server.DomainDispatcherApplication):
    _lock = threading.Lock()

    def __call__(self, environ, start_response):
        with self._lock:
            return super().__call__(environ, start_response)


def exit_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.2)
    os._exit(0)


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--parent"]:
        parent = int(args[1])
        args = args[2:]
        threading.Thread(target=exit_with, args=(parent,), daemon=True).start()
    server.DomainDispatcherApplication = OneRequestAtATime
    server.main(args)


if __name__ == "__main__":
    main()
