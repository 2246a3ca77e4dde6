"""What the table tests share: Python stubs generated from proto/ at test
time (as tests/host/e2e_play.py does, whose helpers are reused), starting
game-host with table flags, and reading a refusal's ErrorDetail.
"""

import argparse
import os
import random
import socket
import string
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "host"))
from e2e_play import error_detail, expect, generate_stubs  # noqa: E402,F401 (expect: for the tests)

# Calls that may wait for a (re)connection instead of failing at once.
CHANNEL_OPTIONS = [
    ("grpc.initial_reconnect_backoff_ms", 100),
    ("grpc.min_reconnect_backoff_ms", 100),
    ("grpc.max_reconnect_backoff_ms", 300),
    ("grpc.enable_retries", 0),
]


def parse_args(extra=None):
    parser = argparse.ArgumentParser()
    for flag in ("--game-host", "--plugins", "--proto-dir", "--protoc", "--grpc-python-plugin"):
        parser.add_argument(flag, required=True)
    if extra:
        extra(parser)
    return parser.parse_args()


def load_stubs(args, out_dir):
    """Generates the stubs into out_dir and returns (grpc, pb, stubs): pb
    holds every message class, stubs the service stub classes."""
    generate_stubs(args, out_dir)
    import grpc
    from boardgame.v1 import error_detail_pb2, game_service_pb2, game_service_pb2_grpc, \
        game_state_pb2, move_pb2, player_service_pb2, player_service_pb2_grpc, settings_pb2, \
        table_pb2, table_service_pb2, table_service_pb2_grpc
    pb = argparse.Namespace(**{
        name: getattr(module, name)
        for module in (error_detail_pb2, game_service_pb2, game_state_pb2, move_pb2,
                       player_service_pb2, settings_pb2, table_pb2, table_service_pb2)
        for name in dir(module) if not name.startswith("_")})
    stubs = argparse.Namespace(Game=game_service_pb2_grpc.GameServiceStub,
                               Table=table_service_pb2_grpc.TableServiceStub,
                               Player=player_service_pb2_grpc.PlayerServiceStub)
    return grpc, pb, stubs


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Host:
    """A game-host process with table flags; its standard error goes to a
    file (a pipe nobody reads could fill up and stall it)."""

    def __init__(self, args, store, extra=(), port=0, log_dir=None):
        self.args, self.store, self.extra, self.port = args, store, list(extra), port
        self.log_dir = log_dir or tempfile.mkdtemp(prefix="table-host-log-")
        self.process = None
        self.address = None
        self.starts = 0

    def start(self, patience=30):
        self.starts += 1
        log_path = os.path.join(self.log_dir, "game-host.%d.log" % self.starts)
        self.log = open(log_path, "w+")
        command = [self.args.game_host, "--listen", "127.0.0.1:%d" % self.port,
                   "--plugins", self.args.plugins, "--store", self.store] + self.extra
        deadline = time.monotonic() + patience
        while True:
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log,
                                            text=True)
            line = self.process.stdout.readline().strip()
            prefix = "listening on 127.0.0.1:"
            if line.startswith(prefix):
                self.address = "127.0.0.1:" + line[len(prefix):]
                return self.address
            self.process.kill()
            self.process.wait()
            # The port of a killed host can take a moment to come free.
            if time.monotonic() > deadline or self.port == 0:
                raise SystemExit("game-host did not start: %r\n%s" % (line, self.log_text()))
            time.sleep(0.1)

    def log_text(self):
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def kill(self):
        self.process.kill()
        self.process.wait()
        self.process.stdout.close()

    def terminate(self, timeout=30):
        """SIGTERM, as an operator would; the exit code."""
        self.process.terminate()
        code = self.process.wait(timeout=timeout)
        self.process.stdout.close()
        return code


def device_id(rng=random):
    alphabet = string.ascii_letters + string.digits + "-_"
    return "".join(rng.choice(alphabet) for _ in range(32))


def reason_of(error, pb):
    """(code, reason) of a refused call."""
    try:
        return error.code(), error_detail(error, pb).reason
    except AssertionError:
        return error.code(), None


def read_history(pb, stub, table_id, upto, timeout=20, wait_for_ready=False):
    """A table's events from the first, Watch(after_version=0), up to
    version `upto`. wait_for_ready: a host known to be up may take a while
    to accept the connection on a loaded machine; wait for it (up to
    `timeout`) rather than fail on the first attempt."""
    call = stub.Watch(pb.WatchRequest(table=pb.TableRef(table_id=table_id), after_version=0),
                      timeout=timeout, wait_for_ready=wait_for_ready)
    events = []
    try:
        for event in call:
            events.append(event)
            if event.version >= upto:
                break
    finally:
        call.cancel()
    return events
