"""What the game-client tests share: game-host started on a loopback port,
and game-client driven on pipes, as a player would at a terminal.

    sys.dont_write_bytecode = True  # no __pycache__ in the source tree
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from client_process import ClientProcess, HostProcess
"""
import argparse
import codecs
import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import subprocess
import tempfile
import termios
import time


def test_arguments():
    """The programs every game-client test runs (--client, --host,
    --plugins), and the arguments left for unittest."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--client", required=True)
    parser.add_argument("--host", required=True)
    parser.add_argument("--plugins", required=True)
    return parser.parse_known_args()


def listed_moves(listing):
    """The notations in "Your moves (2): 3/1 (g1), 3/2 (h1)", wrapped or not."""
    return [m.split(" (")[0] for m in " ".join(listing.split()).split(", ")]


class HostProcess:
    """game-host on 127.0.0.1:port (0: any free port), with a table store and
    any further flags; `address` is where it says it listens."""

    def __init__(self, binary, plugins, port=0, store="memory", flags=()):
        self.log = tempfile.TemporaryFile()
        command = [binary, "--listen", "127.0.0.1:%d" % port, "--plugins", plugins,
                   "--store", store] + list(flags)
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.proc.stdout.readline()
        match = re.search(r"127\.0\.0\.1:(\d+)\s*$", line)
        if not match:
            self.stop()
            raise RuntimeError("game-host did not say where it listens: %r" % line)
        self.address = "127.0.0.1:" + match.group(1)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc.stdout.close()
        self.log.close()


class ClientProcess:
    """game-client on pipes, with its own data directory (its own device);
    expect() reads until a pattern shows up, within `timeout` seconds unless
    told otherwise, and on failure shows the last `tail` characters."""

    def __init__(self, binary, host_address, data_home, *args, lang="en", game="uttt",
                 timeout=30, tail=3000, tty=False, columns=None, env=None):
        """With `tty`, the input is a terminal (a pty), as for a person
        typing: the client discards what is typed before each prompt, so
        send only after expecting the prompt. With tty="full" the output is
        that terminal too, which turns line editing on."""
        extra_env = env
        env = dict(os.environ)
        env["XDG_DATA_HOME"] = data_home
        env.pop("NO_COLOR", None)
        env.update(extra_env or {})
        command = [binary, "--host", host_address, "--cpu-ms", "20"]
        if lang:
            command += ["--lang", lang]
        if game:
            command += ["--game", game]
        self.data_home = data_home
        self.timeout = timeout
        self.tail = tail
        self.tty = None
        stdin = subprocess.PIPE
        if tty:
            self.tty, stdin = pty.openpty()
            if columns:  # the terminal's size, as a window would set it
                fcntl.ioctl(stdin, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        full = tty == "full"
        self.proc = subprocess.Popen(command + list(args), stdin=stdin,
                                     stdout=stdin if full else subprocess.PIPE,
                                     stderr=stdin if full else subprocess.STDOUT, env=env)
        self.reads = self.tty if full else self.proc.stdout.fileno()
        if tty:
            os.close(stdin)
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.out = ""
        self.pos = 0
        self.ended = False

    def _read(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0 or self.ended:
            return False
        ready, _, _ = select.select([self.reads], [], [], left)
        if not ready:
            return False
        try:
            chunk = os.read(self.reads, 65536)
        except OSError:  # a pty whose other side has closed
            chunk = b""
        if not chunk:
            self.ended = True
            return False
        self.out += self.decoder.decode(chunk)
        return True

    def expect(self, pattern, timeout=None):
        """The first match of `pattern` after what was already matched."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            match = regex.search(self.out, self.pos)
            if match:
                self.pos = match.end()
                return match
            if not self._read(deadline):
                tail = self.out[max(self.pos - self.tail, 0):]
                raise AssertionError("no %r in the client's output; it printed:\n%s" % (pattern, tail))

    def since(self, mark):
        return self.out[mark:self.pos]

    def send(self, line):
        if self.tty is not None:
            os.write(self.tty, (line + "\r").encode())
            return
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def keys(self, raw):
        """Bytes as a terminal sends them (arrows, Ctrl keys), no Enter."""
        os.write(self.tty, raw)

    def finish(self, timeout=30):
        """Closes the input and waits for the exit status."""
        if self.tty is not None:
            try:
                os.write(self.tty, b"\x04")  # Ctrl-D at the start of a line
            except OSError:  # the client has already gone, closing its terminal
                pass
        else:
            try:
                self.proc.stdin.close()
            except BrokenPipeError:
                pass
        deadline = time.monotonic() + timeout
        while self._read(deadline):
            pass
        return self.proc.wait(timeout)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):  # None on a pty
            if stream is not None and not stream.closed:
                stream.close()
        if self.tty is not None:
            os.close(self.tty)
            self.tty = None

    def saved_file(self):
        return os.path.join(self.data_home, "club-games", "game-client.json")

    def saved(self):
        with open(self.saved_file()) as f:
            return json.load(f)
