r"""The club test: three game-host processes share one PostgreSQL database.

Each round (--rounds, default 10) takes a fresh database of the test cluster
(postgresql_cluster.sh database DIR club_roundN) and starts three hosts on
it in club mode (--club-host-id, --advertise, --club-lease-ms 2000) on free
ports. It opens --tables tables (default 6; ultimate tic-tac-toe and
tic-tac-toe in turn, time_per_turn 30 s, the shortest the games take).
Table j is created by player 1 on host j % 3, so that host owns it; player
2 joins and plays through host j + 1 and a spectator watches through host
j + 2, so most calls and watches go through a host that does not own the
table. Each player is a thread of its own with its own connections that
plays whole games (moves chosen among the legal ones, a short thinking
time; the players start the next game in turn) and keeps a watch open with
its seat's token, as a client does. Now and then a player sends an
acknowledged Play again through another live host: it must get the first
answer (as on one host, the table of a game's last move then carries the
MOVE's version, not the GAME_OVER's; and once the next game began, the
answer is stale_move).

Clocks: on three tables (one owned by each host) the player to move stalls
once, before the kill, until the clock runs out and the CPU moves for it;
on one more table owned by the host that is killed, a player stalls after
the kill, on the clock of the host that took the table over. So a round
lasts about 38 s: the shortest clock is 30 s.

At a random moment 2.5 to 5 s into play one host is killed with SIGKILL.
Its clients notice (a call fails UNAVAILABLE with no reason and the host
fails its health check) and move to the next live host; calls refused
UNAVAILABLE (the owner is gone, or "table_moved") are retried after a short
pause as they were, a Play with the same game, move number and move: it
must answer as the first time and never play twice. A watch that ends is
resumed with after_version = the last version it saw. The round goes on
until every stalled player's clock has fired, then a second more.

At the end of a round, for every table: its whole history is read with
Watch(after_version=0), from each live host, up to the current version; the
hosts agree; versions are contiguous; each game's moves are those its states
list, none twice; every acknowledged move is in the history exactly once at
its version; each of the three watches received exactly the events of the
history after the version it started at (none lost, none twice, across its
resumptions); every stall ended with a CPU_STANDING_IN TIME_RAN_OUT for the
staller, no earlier than the clock's deadline and not long after it; no
connected player was counted absent (SEAT_LEFT, stand-in AWAY); a table the
killed host owned that had a running clock restarts it (CLOCK_STARTED)
first after the kill, and once only, and no other table's clock restarts;
no call was answered store_failed; every client of the killed host moved
to a live one; and the table still plays (one more move, or the next
game). The live hosts then stop on SIGTERM with exit code 0. What only the
live hosts' logs show (a table taken over twice, a table dropped after a
refused write) is printed as a NOTE.

Prints per-round figures and the total line
  rounds N: moves N, events delivered M, duplicates 0, lost 0, clock stand-ins after kill K
then PASS, or the problems, the hosts' logs and FAIL (exit status 1).

  tests/tables/postgresql_cluster.sh start /tmp/pg-club-test
  python3 tests/tables/club_test.py --game-host build/bin/game-host --plugins build/plugins \
      --proto-dir proto --protoc /usr/bin/protoc --grpc-python-plugin /usr/bin/grpc_python_plugin \
      --cluster-dir /tmp/pg-club-test [--rounds 10] [--first-round 1] [--parallel 1] \
      [--tables 6] [--seed S] [--verbose]
  tests/tables/postgresql_cluster.sh stop /tmp/pg-club-test

With --parallel N, N rounds play at once, each in a process of its own: a
round spends most of its time waiting for its clocks. Round R of seed S
plays the same either way.
"""

import collections
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tables_common import CHANNEL_OPTIONS, Host, device_id, error_detail, free_port, \
    load_stubs, parse_args, read_history, reason_of  # noqa: E402

HOSTS = 3
GAMES = ("uttt", "tictactoe")
CALL_TIMEOUT = 5      # s per attempt of a call
CALL_PATIENCE = 60    # s a call is retried before the test gives up on it
TURN_S = 30           # the shortest time_per_turn the games take (0, 30, 60)
STAND_IN_MS = 100     # the host's --stand-in-ms: the CPU's thinking when it stands in
RESEND = 0.03         # the share of acknowledged Plays sent again through another host
LATE_MS = 5000        # how long after its deadline a clock may fire on a busy machine
HEALTH_CHECK = "/grpc.health.v1.Health/Check"
SERVING = b"\x08\x01"
TRANSIENT = ("UNAVAILABLE", "DEADLINE_EXCEEDED", "CANCELLED", "INTERNAL", "UNKNOWN")
CLUSTER_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "postgresql_cluster.sh")


def now_ms():
    return int(time.time() * 1000)


class CallFailed(Exception):
    pass


class HostGone(Exception):
    """A call made to one host in particular, which is dead."""


class Round:
    """What one round's threads share."""

    def __init__(self, number, grpc, pb, stubs, addresses):
        self.number = number
        self.began = time.monotonic()
        self.grpc, self.pb, self.stubs, self.addresses = grpc, pb, stubs, addresses
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.acks = []  # (table_id, seat, game_number, move_number, move_id, version)
        self.counts = collections.Counter()
        self.problems = []
        self.victim = None      # index of the killed host
        self.kill_after = None  # s into play
        self.kill_ms = None     # wall clock once it was dead

    def count(self, what, n=1):
        with self.lock:
            self.counts[what] += n

    def problem(self, what):
        with self.lock:
            self.problems.append("round %d: %s" % (self.number, what))

    def kind(self, event):
        return self.pb.TableEvent.Kind.Name(event.kind)


class Client:
    """One participant's connections, one channel per host; its calls go to
    its current host. When a call fails UNAVAILABLE with no reason and that
    host fails its health check too, the client moves to the next host that
    passes it, as a real client would after its host went away."""

    def __init__(self, rnd, home, what):
        self.rnd, self.home, self.host, self.what = rnd, home, home, what
        self.lock = threading.Lock()
        options = CHANNEL_OPTIONS + [("grpc.use_local_subchannel_pool", 1)]
        self.channels = [rnd.grpc.insecure_channel(a, options=options) for a in rnd.addresses]
        self.tables = [rnd.stubs.Table(c) for c in self.channels]
        self.games = [rnd.stubs.Game(c) for c in self.channels]
        self.health = [c.unary_unary(HEALTH_CHECK) for c in self.channels]
        self.moved = []  # (from host, to host)

    def serving(self, host):
        try:
            return self.health[host](b"", timeout=1) == SERVING
        except self.rnd.grpc.RpcError:
            return False

    def check_host(self, host):
        """After a call to `host` failed with no answer from it."""
        with self.lock:
            if self.host != host or self.serving(host):
                return
            for step in range(1, HOSTS):
                other = (host + step) % HOSTS
                if self.serving(other):
                    self.host = other
                    self.moved.append((host, other))
                    self.rnd.count("clients moved off the killed host" if host == self.rnd.victim
                                   else "clients moved off a live host (its health check failed)")
                    return

    def call(self, method, request, allowed=(), on_cut=None, through=None):
        """Calls until an answer: a refusal that may pass (the owner gone,
        the table moving, a host dying) is retried as it was, after
        on_cut() if given. The answer, or the RpcError whose (code, reason)
        is in `allowed`. With `through`, to that host only (HostGone if it
        is dead) instead of the client's current one."""
        rnd = self.rnd
        started = time.monotonic()
        while True:
            host = self.host if through is None else through
            stub = self.games[host] if method == "ListMoves" else self.tables[host]
            try:
                return getattr(stub, method)(request, timeout=CALL_TIMEOUT)
            except rnd.grpc.RpcError as error:
                code, reason = reason_of(error, rnd.pb)
                if (code, reason) in allowed:
                    return error
                if code.name not in TRANSIENT or time.monotonic() - started > CALL_PATIENCE:
                    raise CallFailed("%s of %s through host %d: %s %s (%s)%s" % (
                        method, self.what, host, code.name, reason or "(no reason)",
                        error.details(), " after %.0f s of retries" % (
                            time.monotonic() - started) if code.name in TRANSIENT else ""))
                rnd.count("%s retried after %s %s" % (method, code.name, reason or "(no reason)"))
                if code == rnd.grpc.StatusCode.UNAVAILABLE and reason is None:
                    if through is not None:
                        if not self.serving(through):
                            raise HostGone()
                    else:
                        self.check_host(host)
                time.sleep(0.1)
                if on_cut:
                    on_cut()

    def close(self):
        for c in self.channels:
            c.close()


def same_but_table_version(again, first, pb):
    """A retried Play of a game's last move answers the table of its MOVE
    event, whose version is the MOVE's; the first answer had the version of
    the GAME_OVER that followed. The same on one host."""
    if first.table.phase != pb.Table.GAME_OVER or first.table.version != first.version + 1:
        return False
    a, b = pb.PlayResponse(), pb.PlayResponse()
    a.CopyFrom(again)
    b.CopyFrom(first)
    a.table.version = b.table.version = 0
    return a == b


class Watcher(threading.Thread):
    """One participant's watch of a table, resumed from the last version it
    saw whenever it ends. Keeps every event after the SNAPSHOT it began
    with, and notes gaps and repeats as they come."""

    def __init__(self, rnd, client, table_id, token, what):
        super().__init__(daemon=True)
        self.rnd, self.client, self.table_id, self.token, self.what = \
            rnd, client, table_id, token, what
        self.events = []
        self.start_version = None  # the SNAPSHOT's version
        self.last = None           # the last version seen
        self.duplicates = 0
        self.gaps = []             # (last version seen, version received)
        self.resumed = 0
        self.closing = False
        self.call = None
        self.cond = threading.Condition()

    def run(self):
        rnd, pb, grpc = self.rnd, self.rnd.pb, self.rnd.grpc
        while True:
            request = pb.WatchRequest(table=pb.TableRef(table_id=self.table_id),
                                      token=self.token())
            if self.last is not None:
                request.after_version = self.last
            host = self.client.host
            try:
                with self.cond:
                    if self.closing:
                        return
                    self.call = self.client.tables[host].Watch(request)
                for event in self.call:
                    self.take(event)
                rnd.count("watches ended by the host with OK")
            except grpc.RpcError as error:
                if self.closing:
                    return
                code, reason = reason_of(error, pb)
                rnd.count("watches ended %s %s" % (code.name, reason or "(no reason)"))
                if reason == "unknown_version":
                    rnd.problem("%s: host %d refused to resume after version %s, a version it had "
                                "sent (%s)" % (self.what, host, self.last, error.details()))
                elif code.name not in TRANSIENT + ("RESOURCE_EXHAUSTED",):
                    rnd.problem("%s: the watch on host %d ended %s %s (%s)" % (
                        self.what, host, code.name, reason, error.details()))
                    return
                if code == grpc.StatusCode.UNAVAILABLE and reason is None:
                    self.client.check_host(host)
            time.sleep(0.05)
            self.resumed += 1

    def take(self, event):
        rnd = self.rnd
        with self.cond:
            if event.kind == rnd.pb.TableEvent.SNAPSHOT:
                if self.last is None:
                    self.start_version = self.last = event.version
                else:
                    rnd.problem("%s: a watch resumed after version %d began with a SNAPSHOT "
                                "(version %d)" % (self.what, self.last, event.version))
                self.cond.notify_all()
                return
            if self.last is None:
                rnd.problem("%s: a fresh watch began with %s %d, not a SNAPSHOT" % (
                    self.what, rnd.kind(event), event.version))
                self.start_version = self.last = event.version - 1
            if event.version <= self.last:
                self.duplicates += 1
                rnd.problem("%s: version %d (%s) received again after version %d" % (
                    self.what, event.version, rnd.kind(event), self.last))
                return
            if event.version != self.last + 1:
                self.gaps.append((self.last, event.version))
                rnd.problem("%s: version %d (%s) came after version %d" % (
                    self.what, event.version, rnd.kind(event), self.last))
            if event.table.version != event.version:
                rnd.problem("%s: event %d carries table version %d" % (
                    self.what, event.version, event.table.version))
            self.events.append(event)
            self.last = event.version
            self.cond.notify_all()

    def wait_past(self, version, timeout):
        """Until an event after `version` arrived, or timeout."""
        with self.cond:
            self.cond.wait_for(lambda: self.last is not None and self.last > version, timeout)

    def wait_for(self, version, timeout):
        with self.cond:
            return self.cond.wait_for(lambda: self.last is not None and self.last >= version,
                                      timeout)

    def close(self):
        with self.cond:
            self.closing = True
            if self.call is not None:
                self.call.cancel()
        self.join(10)


class Player(threading.Thread):
    """One seat of one table: its calls and its watch on its client's host."""

    def __init__(self, table, seat, rng):
        super().__init__(daemon=True)
        self.table, self.seat, self.rng = table, seat, rng
        self.rnd = table.rnd
        self.client = table.clients[seat]
        self.watcher = None
        self.stall_at = None  # monotonic time from which the next own turn is stalled
        self.broken = None

    def ref(self):
        return self.rnd.pb.TableRef(table_id=self.table.table_id)

    def get(self):
        return self.client.call("GetTable", self.ref()).table

    def was_played(self, request):
        now = self.get()
        return (now.state.game_number == request.game_number and
                len(now.state.moves) >= request.move_number and
                now.state.moves[request.move_number - 1] == request.move_id)

    def act(self, table):
        """This seat's move, or the next game, when it is this seat's to do;
        True when it was acknowledged."""
        rnd, pb, grpc = self.rnd, self.rnd.pb, self.rnd.grpc
        failed = grpc.StatusCode.FAILED_PRECONDITION
        token = self.table.tokens[self.seat]
        if table.phase == pb.Table.GAME_OVER:
            # The players start the next game in turn: game 1's by seat 2.
            if self.seat != 1 + table.state.game_number % 2:
                return False
            answer = self.client.call("NextGame", pb.GameRequest(
                table_id=self.table.table_id, token=token, game_number=table.state.game_number),
                allowed={(failed, "game_not_over"), (failed, "stale_move")})
            if isinstance(answer, grpc.RpcError):
                rnd.count("NextGame refused %s (a retry: re-read)" % reason_of(answer, pb)[1])
                return False
            rnd.count("NextGame")
            return True
        if table.phase != pb.Table.PLAYING or table.state.seat_to_move != self.seat:
            return False
        moves = self.client.call("ListMoves", pb.ListMovesRequest(state=table.state)).moves
        move = self.rng.choice(list(moves))
        request = pb.PlayRequest(table_id=self.table.table_id, token=token,
                                 game_number=table.state.game_number,
                                 move_number=table.next_move_number, move_id=move.id)
        cut = []  # per retry: whether the move had been played

        def on_cut():
            cut.append(self.was_played(request))

        answer = self.client.call("Play", request, on_cut=on_cut, allowed={
            (failed, "stale_move"), (failed, "not_your_turn"), (failed, "game_over")})
        if cut:
            rnd.count("Plays retried: the move had been played" if any(cut) else
                      "Plays retried: the move had not been played")
        if isinstance(answer, grpc.RpcError):
            reason = reason_of(answer, pb)[1]
            rnd.count("Play refused %s" % reason)
            if self.was_played(request):
                rnd.problem("table %s: a Play of move %d at game %d move %d by seat %d was "
                            "refused %s, though it was played (a retry must answer as the "
                            "first time)" % (self.table.table_id, move.id, request.game_number,
                                             request.move_number, self.seat, reason))
            return False
        if answer.move.id != move.id:
            rnd.problem("table %s: Play of move %d answered move %d" % (
                self.table.table_id, move.id, answer.move.id))
        with rnd.lock:
            rnd.acks.append((self.table.table_id, self.seat, request.game_number,
                             request.move_number, move.id, answer.version))
        if self.rng.random() < RESEND:
            self.resend(request, answer)
        return True

    def resend(self, request, first):
        """The same Play again through another live host, as a client whose
        answer was lost would: the first answer again, nothing played."""
        rnd, pb = self.rnd, self.rnd.pb
        others = [h for h in range(HOSTS) if h not in (self.client.host, rnd.victim)]
        through = self.rng.choice(others)
        try:
            again = self.client.call("Play", request, through=through, allowed={
                (rnd.grpc.StatusCode.FAILED_PRECONDITION, r)
                for r in ("stale_move", "not_your_turn", "game_over")})
        except HostGone:
            rnd.count("Plays resent through a host that died meanwhile (skipped)")
            return
        if isinstance(again, rnd.grpc.RpcError):
            args = {a.name: a.value for a in error_detail(again, pb).args}
            if (reason_of(again, pb)[1] == "stale_move" and
                    args.get("game") != str(request.game_number)):
                # As on one host: a retry cannot reach the next game.
                rnd.count("Plays resent through another host once the game was over: "
                          "stale_move")
                return
            rnd.problem("table %s: seat %d's Play of game %d move %d resent through host %d was "
                        "refused %s (%s), though it was played at version %d" % (
                            self.table.table_id, self.seat, request.game_number,
                            request.move_number, through, reason_of(again, pb)[1],
                            again.details(), first.version))
        elif again != first and not same_but_table_version(again, first, pb):
            rnd.problem("table %s: seat %d's Play of game %d move %d resent through host %d "
                        "answered move %d at version %d (table version %d), the first time "
                        "move %d at version %d (table version %d)" % (
                            self.table.table_id, self.seat, request.game_number,
                            request.move_number, through, again.move.id, again.version,
                            again.table.version, first.move.id, first.version,
                            first.table.version))
        elif again != first:
            rnd.count("Plays resent through another host, answered as the first time but "
                      "table.version: the MOVE's, the first time the GAME_OVER's (as on one "
                      "host)")
        else:
            rnd.count("Plays resent through another host, answered as the first time")

    def stall(self, table):
        """Lets the clock of this turn run out: waits for the CPU's move."""
        rnd = self.rnd
        self.stall_at = None
        record = self.table.stall = dict(
            seat=self.seat, game=table.state.game_number, number=table.next_move_number,
            start_ms=now_ms(), deadline_ms=table.turn_deadline_ms, ended_ms=None,
            host=self.client.host)
        if table.turn_deadline_ms == 0:
            rnd.problem("table %s: no clock runs on seat %d's turn (game %d move %d)" % (
                self.table.table_id, self.seat, record["game"], record["number"]))
        limit = time.monotonic() + TURN_S + 30
        while time.monotonic() < limit:
            now = self.get()
            if (now.phase != rnd.pb.Table.PLAYING or now.state.game_number != record["game"] or
                    now.next_move_number != record["number"]):
                record["ended_ms"] = now_ms()
                break
            self.watcher.wait_past(now.version, 1.0)
        else:
            rnd.problem("table %s: seat %d stalled at game %d move %d for %d s: the clock did "
                        "not fire" % (self.table.table_id, self.seat, record["game"],
                                      record["number"], TURN_S + 30))
        self.table.stall_done.set()

    def run(self):
        rnd = self.rnd
        try:
            while not rnd.stop.is_set():
                table = self.get()
                mine = (table.phase == rnd.pb.Table.PLAYING and
                        table.state.seat_to_move == self.seat)
                if mine and self.stall_at is not None and time.monotonic() >= self.stall_at:
                    self.stall(table)
                    continue
                if mine:
                    time.sleep(self.rng.uniform(0.03, 0.15))  # thinking
                if not self.act(table):
                    self.watcher.wait_past(table.version, 0.5)
        except Exception as error:  # noqa: BLE001 - reported, the test fails
            self.broken = "%s: %s" % (type(error).__name__, error)
            rnd.problem("table %s: seat %d stopped: %s" % (self.table.table_id, self.seat,
                                                           self.broken))
            self.table.stall_done.set()  # nobody waits for a stall of this table any more


class TableUnderTest:
    """One table: its two players and its spectator, each on its own host."""

    def __init__(self, rnd, index, rng):
        self.rnd, self.index, self.rng = rnd, index, rng
        self.game_id = GAMES[index % len(GAMES)]
        self.creator = index % HOSTS
        self.what = "table %d (%s, created on host %d)" % (index, self.game_id, self.creator)
        # [None, seat 1, seat 2, spectator] on hosts i, i + 1, i + 2.
        self.clients = [None] + [Client(rnd, (self.creator + k) % HOSTS, "%s %s" % (
            self.what, ("seat 1", "seat 2", "spectator")[k])) for k in range(3)]
        self.devices = [None, device_id(rng), device_id(rng)]
        self.tokens = [None, None, None]
        self.table_id = None
        self.players = [None] + [Player(self, seat, random.Random(rng.random()))
                                 for seat in (1, 2)]
        self.watchers = []
        self.stall = None       # the stall's record, once it began
        self.stalling = False   # a stall was armed
        self.stall_done = threading.Event()

    def set_up(self):
        rnd, pb = self.rnd, self.rnd.pb
        created = self.clients[1].call("CreateTable", pb.CreateTableRequest(
            game_id=self.game_id,
            settings=[pb.Setting(id="time_per_turn", value=pb.SettingValue(number=TURN_S))],
            seats=[pb.SeatPlan(kind=pb.SeatPlan.PERSON)] * 2,
            player=pb.Player(name="club r%d t%d a" % (rnd.number, self.index),
                             device_id=self.devices[1])))
        self.table_id = created.table.table_id
        self.what += " " + self.table_id
        self.tokens[1] = created.ticket.token
        joined = self.clients[2].call("JoinTable", pb.JoinTableRequest(
            table=pb.TableRef(table_id=self.table_id),
            player=pb.Player(name="club r%d t%d b" % (rnd.number, self.index),
                             device_id=self.devices[2])))
        if joined.ticket.seat != 2:
            rnd.problem("%s: player 2 joined seat %d" % (self.what, joined.ticket.seat))
        self.tokens[2] = joined.ticket.token
        for seat in (1, 2):
            watcher = Watcher(rnd, self.clients[seat], self.table_id,
                              lambda seat=seat: self.tokens[seat],
                              "%s seat %d's watch" % (self.what, seat))
            self.players[seat].watcher = watcher
            self.watchers.append(watcher)
        self.watchers.append(Watcher(rnd, self.clients[3], self.table_id, lambda: "",
                                     "%s spectator's watch" % self.what))
        for watcher in self.watchers:
            watcher.start()

    def wait_watching(self, timeout=10):
        for watcher in self.watchers:
            if not watcher.wait_for(0, timeout):
                raise CallFailed("%s: no SNAPSHOT within %d s" % (watcher.what, timeout))

    def arm_stall(self, seat, at):
        self.stalling = True
        self.players[seat].stall_at = at

    def get(self):
        return self.clients[3].call("GetTable", self.rnd.pb.TableRef(
            table_id=self.table_id)).table

    def carry_on(self):
        """One more move, or the next game, once the players stopped."""
        pb = self.rnd.pb
        for _ in range(2):
            table = self.get()
            if table.phase == pb.Table.PLAYING:
                seat = table.state.seat_to_move
            elif table.phase == pb.Table.GAME_OVER:
                seat = 1 + table.state.game_number % 2
            else:
                break
            if self.players[seat].act(table):
                return True
        self.rnd.problem("%s: no longer playable (phase %s)" % (
            self.what, pb.Table.Phase.Name(table.phase)))
        return False

    def close(self):
        for watcher in self.watchers:
            watcher.close()
        for client in self.clients[1:]:
            client.close()


def verify_table(rnd, t, figures):
    """Checks one table's history and watches (see the module's docstring);
    adds to figures."""
    pb = rnd.pb
    Kind, StandIn = pb.TableEvent, pb.TableEvent
    final = max([t.get().version] + [w.last or 0 for w in t.watchers])
    for watcher in t.watchers:
        if not watcher.wait_for(final, 15):
            rnd.problem("%s: reached version %s only, not %d, within 15 s" % (
                watcher.what, watcher.last, final))
    for watcher in t.watchers:
        watcher.close()
    final = max([final] + [w.last or 0 for w in t.watchers])

    live = [h for h in range(HOSTS) if h != rnd.victim]
    histories = {}
    for h in live:
        try:
            with rnd.grpc.insecure_channel(rnd.addresses[h], options=CHANNEL_OPTIONS) as channel:
                histories[h] = read_history(rnd.pb, rnd.stubs.Table(channel), t.table_id, final,
                                            timeout=30, wait_for_ready=True)
        except rnd.grpc.RpcError as error:
            rnd.problem("%s: reading the history from host %d failed: %s %s" % (
                t.what, h, error.code().name, error.details()))
    if not histories:
        return
    history = histories[live[0]] if live[0] in histories else next(iter(histories.values()))
    for h, other in histories.items():
        if [e.SerializeToString() for e in other] != [e.SerializeToString() for e in history]:
            first = next((i for i, (a, b) in enumerate(zip(other, history)) if a != b),
                         min(len(other), len(history)))
            rnd.problem("%s: host %d's history differs from host %d's from event %d on "
                        "(%d and %d events)" % (t.what, h, live[0], first + 1, len(other),
                                                len(history)))
    versions = [e.version for e in history]
    if versions != list(range(1, final + 1)):
        rnd.problem("%s: history versions %s ... %s, not 1..%d" % (
            t.what, versions[:5], versions[-5:], final))
    by_version = {e.version: e for e in history}

    # Each game's moves: those its states list, none twice.
    played = collections.defaultdict(list)  # game -> move ids, from the events
    where = collections.defaultdict(list)   # (game, move number) -> versions
    for e in history:
        if e.kind in (Kind.MOVE, Kind.CPU_STANDING_IN):
            game = e.table.state.game_number
            played[game].append(e.move.id)
            where[(game, len(e.table.state.moves))].append(e.version)
            if list(e.table.state.moves) != played[game]:
                rnd.problem("%s: event %d (%s) has game %d's moves %s, the events made %s" % (
                    t.what, e.version, rnd.kind(e), game, list(e.table.state.moves)[-5:],
                    played[game][-5:]))
                played[game] = list(e.table.state.moves)
        if e.kind == Kind.MOVE:
            figures["moves in the histories"] += 1
        elif e.kind == Kind.GAME_OVER:
            figures["games finished"] += 1
    for (game, number), seen in where.items():
        if len(seen) > 1:
            figures["duplicates"] += len(seen) - 1
            rnd.problem("%s: game %d move %d is in the history %d times, at versions %s" % (
                t.what, game, number, len(seen), seen))

    # Every acknowledged move, once, at its version.
    acks = [a for a in rnd.acks if a[0] == t.table_id]
    figures["moves"] += len(acks)
    for key, n in collections.Counter((a[2], a[3]) for a in acks).items():
        if n > 1:
            figures["duplicates"] += n - 1
            rnd.problem("%s: game %d move %d acknowledged %d times" % (t.what, key[0], key[1], n))
    for _, seat, game, number, move_id, version in acks:
        e = by_version.get(version)
        if (e is not None and e.kind == Kind.MOVE and e.move.id == move_id and e.seat == seat and
                e.table.state.game_number == game and len(e.table.state.moves) == number):
            continue
        figures["lost"] += 1
        rnd.problem("%s: seat %d's acknowledged game %d move %d (move %d) at version %d is not "
                    "in the history (there: %s)" % (
                        t.what, seat, game, number, move_id, version,
                        "nothing" if e is None else "%s seat %d move %d, game %d move %d" % (
                            rnd.kind(e), e.seat, e.move.id, e.table.state.game_number,
                            len(e.table.state.moves))))

    # The clocks: a stand-in on time, never early; nobody counted absent.
    for e in history:
        if e.kind == Kind.CPU_STANDING_IN:
            before = by_version.get(e.version - 1)
            deadline = before.table.turn_deadline_ms if before else 0
            if e.stand_in != StandIn.TIME_RAN_OUT:
                rnd.problem("%s: event %d: the CPU stood in for seat %d %s: a connected player "
                            "was counted absent" % (t.what, e.version, e.seat,
                                                    pb.TableEvent.StandIn.Name(e.stand_in)))
                continue
            figures["clock stand-ins"] += 1
            if e.time_ms > rnd.kill_ms:
                figures["clock stand-ins after kill"] += 1
            if deadline == 0:
                rnd.problem("%s: event %d: the clock ran out for seat %d, but no clock ran "
                            "(event %d has no deadline)" % (t.what, e.version, e.seat,
                                                             e.version - 1))
            elif e.time_ms < deadline:
                rnd.problem("%s: event %d: the clock fired %d ms before its deadline" % (
                    t.what, e.version, deadline - e.time_ms))
            elif e.time_ms > deadline + STAND_IN_MS + LATE_MS:
                rnd.problem("%s: event %d: the clock fired %d ms after its deadline" % (
                    t.what, e.version, e.time_ms - deadline))
        elif e.kind == Kind.SEAT_LEFT:
            rnd.problem("%s: event %d: SEAT_LEFT for seat %d, whose player was connected and "
                        "watching" % (t.what, e.version, e.seat))

    # A stall ended with the CPU's move for the staller, as its clock ran out.
    if t.stalling and t.stall is None:
        rnd.problem("%s: the stalling player never had its turn" % t.what)
    if t.stall is not None:
        s = t.stall
        stand_in = next((e for e in history if e.kind == Kind.CPU_STANDING_IN and
                         e.table.state.game_number == s["game"] and
                         len(e.table.state.moves) == s["number"]), None)
        if stand_in is None or stand_in.seat != s["seat"]:
            there = next((e for e in history if e.kind in (Kind.MOVE, Kind.CPU_STANDING_IN) and
                          e.table.state.game_number == s["game"] and
                          len(e.table.state.moves) == s["number"]), None)
            rnd.problem("%s: seat %d stalled at game %d move %d, and the clock did not make "
                        "that move (there: %s)" % (
                            t.what, s["seat"], s["game"], s["number"],
                            "nothing" if there is None else "%s seat %d at version %d" % (
                                rnd.kind(there), there.seat, there.version)))
        else:
            figures["stalls ended by the clock"] += 1
            if rnd.kill_ms and s["start_ms"] < rnd.kill_ms < stand_in.time_ms:
                figures["stalls across the kill"] += 1

    # A clock starts with a game, on a return, and afresh when a table
    # changes hands: once, at the table the killed host owned, none elsewhere.
    restarts = [e for e in history if e.kind == Kind.CLOCK_STARTED and (
        e.version < 2 or by_version[e.version - 1].kind not in (
            Kind.GAME_STARTED, Kind.NEXT_GAME, Kind.SEAT_REJOINED))]
    if len(restarts) > (1 if t.creator == rnd.victim else 0):
        rnd.problem("%s: the clock was started afresh %d times, at versions %s (%s), of which "
                    "%d after the kill; the killed host %s this table" % (
                        t.what, len(restarts), [e.version for e in restarts],
                        ", ".join("%d ms after the kill" % (e.time_ms - rnd.kill_ms)
                                  for e in restarts),
                        len([e for e in restarts if e.time_ms > rnd.kill_ms]),
                        "owned" if t.creator == rnd.victim else "did not own"))
    # The killed host's table: the next owner restarts a running clock.
    if t.creator == rnd.victim:
        before = [e for e in history if e.time_ms <= rnd.kill_ms]
        after = [e for e in history if e.time_ms > rnd.kill_ms]
        last = before[-1] if before else None
        if (last is not None and last.table.phase == pb.Table.PLAYING and
                last.table.turn_deadline_ms > 0):
            if not after or after[0].kind != Kind.CLOCK_STARTED:
                rnd.problem("%s: its owner was killed with a clock running (version %d), and "
                            "the first event after is %s, not CLOCK_STARTED" % (
                                t.what, last.version,
                                "%s %d" % (rnd.kind(after[0]), after[0].version) if after
                                else "none"))
            else:
                figures["clocks restarted by a takeover"] += 1
                taken_ms = after[0].time_ms - rnd.kill_ms
                figures["takeover ms (most)"] = max(figures["takeover ms (most)"], taken_ms)

    # Each watch: exactly the history after the version it started at.
    for watcher in t.watchers:
        figures["watches resumed"] += watcher.resumed
        if watcher.start_version is None:
            rnd.problem("%s: never started" % watcher.what)
            continue
        got = [e.version for e in watcher.events]
        figures["events delivered"] += len(got)
        figures["duplicates"] += watcher.duplicates
        missing = sorted(set(range(watcher.start_version + 1, final + 1)) - set(got))
        if missing:
            figures["lost"] += len(missing)
            rnd.problem("%s (from version %d): %d events lost: versions %s" % (
                watcher.what, watcher.start_version, len(missing), missing[:10]))
        differing = [e.version for e in watcher.events
                     if e.version in by_version and e != by_version[e.version]]
        if differing:
            e = by_version[differing[0]]
            w = next(x for x in watcher.events if x.version == differing[0])
            rnd.problem("%s: %d events differ from the history, first version %d: watched %s "
                        "%d ms, history %s %d ms" % (watcher.what, len(differing), differing[0],
                                                     rnd.kind(w), w.time_ms, rnd.kind(e),
                                                     e.time_ms))

    # The killed host's clients went to live hosts.
    for client in t.clients[1:]:
        if client.host == rnd.victim:
            rnd.problem("%s: still on the killed host %d at the end" % (client.what, rnd.victim))


def log_notes(rnd, hosts, played, tables):
    """What the live hosts' logs tell that the clients could not see, up to
    `played` characters of each (the stop of the hosts excluded): a table
    taken over more than once, a table a host stopped serving after a
    refused write."""
    names = {t.table_id: t.what for t in tables if t.table_id}
    taken = collections.defaultdict(list)
    notes = []
    for i, h in enumerate(hosts):
        if i == rnd.victim or not h.starts:
            continue
        for line in h.log_text()[:played[i]].splitlines():
            took = re.match(r"game-host: took table (\S+) over from (.*)", line)
            if took:
                taken[took.group(1)].append("host %d from %s" % (i, took.group(2)))
            lost = re.match(r"game-host: table (\S+) is no longer served here: (.*)", line)
            if lost:
                notes.append("host %d stopped serving %s after a refused write: %s" % (
                    i, names.get(lost.group(1), lost.group(1)), lost.group(2)))
    for table_id, by in sorted(taken.items()):
        if len(by) > 1:
            notes.append("%s taken over %d times: %s" % (
                names.get(table_id, table_id), len(by), "; ".join(by)))
    return notes


def database(args, name):
    """A fresh database of the test cluster: its --store spec."""
    done = subprocess.run([CLUSTER_SCRIPT, "database", args.cluster_dir, name],
                          stdout=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise SystemExit("postgresql_cluster.sh database %s %s failed (exit %d)" % (
            args.cluster_dir, name, done.returncode))
    return done.stdout.strip()


def play_round(args, rnd, hosts, tables, rng, figures):
    """Sets the tables up, plays, kills a host, waits for the clocks, checks."""
    tables.extend(TableUnderTest(rnd, j, random.Random(rng.random())) for j in range(args.tables))
    for t in tables:
        t.set_up()
    for t in tables:
        t.wait_watching()
    figures["ms to set up"] = int((time.monotonic() - rnd.began) * 1000)
    kill_after = rnd.kill_after = rng.uniform(2.5, 5.0)
    start = time.monotonic()
    for t in tables[:HOSTS]:  # one table owned by each host stalls before the kill
        t.arm_stall(rng.choice((1, 2)), start + rng.uniform(0.5, kill_after - 0.5))
    for t in tables:
        for player in t.players[1:]:
            player.start()
    time.sleep(max(0.0, start + kill_after - time.monotonic()))
    rnd.victim = rng.randrange(HOSTS)
    acked_before = len(rnd.acks)
    hosts[rnd.victim].kill()
    rnd.kill_ms = now_ms()
    # One more stall, on a table the killed host owned, on its next owner's clock.
    later = [t for t in tables[HOSTS:] if t.creator == rnd.victim]
    if later:
        later[0].arm_stall(rng.choice((1, 2)), time.monotonic() + rng.uniform(0.5, 2.0))

    limit = time.monotonic() + TURN_S + 40
    for t in tables:
        if t.stalling:
            t.stall_done.wait(max(0.0, limit - time.monotonic()))
    figures["ms until the clocks fired"] = int((time.monotonic() - start) * 1000)
    time.sleep(1.0)  # everyone plays on a little
    rnd.stop.set()
    for t in tables:
        for player in t.players[1:]:
            player.join(CALL_PATIENCE + 10)
            if player.is_alive():
                rnd.problem("%s seat %d: the player is still running" % (t.what, player.seat))
    figures["moves acknowledged after the kill"] = len(rnd.acks) - acked_before
    for t in tables:
        try:
            t.carry_on()
        except CallFailed as error:
            rnd.problem("%s: not playable: %s" % (t.what, error))
    checking = time.monotonic()
    for t in tables:
        try:
            verify_table(rnd, t, figures)
        except CallFailed as error:
            rnd.problem("%s: could not be checked: %s" % (t.what, error))
    figures["ms to check"] = int((time.monotonic() - checking) * 1000)


def run_round(args, number, grpc, pb, stubs, rng, totals):
    began = time.monotonic()
    store = database(args, "club_round%d" % number)
    work = tempfile.mkdtemp(prefix="club-round%d-" % number)
    ports = []
    while len(ports) < HOSTS:
        port = free_port()
        if port not in ports:
            ports.append(port)
    hosts = []
    for i, port in enumerate(ports):
        log_dir = os.path.join(work, "host%d" % i)
        os.mkdir(log_dir)
        hosts.append(Host(args, store, port=port, log_dir=log_dir, extra=[
            "--club-host-id", "club-r%d-h%d" % (number, i),
            "--advertise", "127.0.0.1:%d" % port,
            "--club-lease-ms", str(args.lease_ms),
            "--stand-in-ms", str(STAND_IN_MS)]))
    rnd = None
    tables = []
    figures = collections.Counter()
    exit_codes = {}
    try:
        addresses = [h.start() for h in hosts]
        rnd = Round(number, grpc, pb, stubs, addresses)
        try:
            play_round(args, rnd, hosts, tables, rng, figures)
        except CallFailed as error:
            rnd.problem("the round stopped: %s" % error)
            rnd.stop.set()
        except Exception:  # noqa: BLE001 - a bug of the test's own: reported, the test fails
            rnd.problem("the round stopped:\n%s" % traceback.format_exc())
            rnd.stop.set()
    finally:
        stopping = time.monotonic()
        # What the logs say from here on is about the stop: a host that stops
        # hands its tables over to those still running, as it should.
        played = [len(h.log_text()) if h.starts else 0 for h in hosts]
        for t in tables:
            t.close()
        for i, h in enumerate(hosts):
            if h.process is None or h.process.poll() is not None:
                continue
            try:
                exit_codes[i] = h.terminate()
            except subprocess.TimeoutExpired:
                exit_codes[i] = "none within 30 s (killed)"
                h.kill()
        figures["ms to stop the hosts"] = int((time.monotonic() - stopping) * 1000)
    for i, code in sorted(exit_codes.items()):
        if code != 0:
            rnd.problem("host %d: exit code %s after SIGTERM" % (i, code))
    for what, n in sorted(rnd.counts.items()):
        if "store_failed" in what:
            rnd.problem("%s: %d times; while a table changes hands the contract answers "
                        "table_moved (or the dead owner's refused connection)" % (what, n))
    notes = log_notes(rnd, hosts, played, tables)
    figures["tables taken over more than once"] = len(
        [n for n in notes if "taken over" in n])
    if not rnd.problems and figures["clock stand-ins after kill"] == 0:
        rnd.problem("no clock stand-in after the kill")
    if not rnd.problems and figures["moves"] == 0:
        rnd.problem("no move acknowledged")

    print("round %d: killed host %s at %.1f s; %d tables: moves %d (%d after the kill), "
          "events delivered %d, duplicates %d, lost %d, clock stand-ins after kill %d "
          "(of %d; stalls %d, %d across the kill), games finished %d, clocks restarted by a "
          "takeover %d (first event %d ms after the kill at most), watches resumed %d; "
          "took %.1f s" % (
              number, rnd.victim, rnd.kill_after or 0, len(tables), figures["moves"],
              figures["moves acknowledged after the kill"], figures["events delivered"],
              figures["duplicates"], figures["lost"], figures["clock stand-ins after kill"],
              figures["clock stand-ins"], figures["stalls ended by the clock"],
              figures["stalls across the kill"], figures["games finished"],
              figures["clocks restarted by a takeover"], figures["takeover ms (most)"],
              figures["watches resumed"], time.monotonic() - began))
    if args.verbose or rnd.problems:
        for what in ("ms to set up", "ms until the clocks fired", "ms to check",
                     "ms to stop the hosts"):
            print("  %s: %d" % (what, figures[what]))
        for what, n in sorted(rnd.counts.items()):
            print("  %s: %d" % (what, n))
    for what in ("moves", "events delivered", "duplicates", "lost", "clock stand-ins after kill",
                 "games finished", "tables taken over more than once"):
        totals[what] += figures[what]
    for note in notes:
        print("NOTE: %s" % note)
    for problem in rnd.problems[:40]:
        print("PROBLEM: %s" % problem)
    if len(rnd.problems) > 40:
        print("(%d problems in all)" % len(rnd.problems))
    passed = not rnd.problems
    if passed and not args.keep_logs:
        shutil.rmtree(work, ignore_errors=True)
    else:
        for i, h in enumerate(hosts):
            print("--- host %d (127.0.0.1:%d)%s, log %s, its end:\n%s" % (
                i, h.port, " KILLED" if i == rnd.victim else "", h.log.name,
                h.log_text()[-2500:]))
    return passed


def round_rng(seed, number):
    """Round N of seed S plays the same, alone or beside other rounds."""
    return random.Random(seed * 1000 + number)


TOTALS = re.compile(r"^rounds \d+: moves (\d+), events delivered (\d+), duplicates (\d+), "
                    r"lost (\d+), clock stand-ins after kill (\d+)$\n"
                    r"^games finished (\d+), tables taken over more than once (\d+)", re.M)
TOTAL_NAMES = ("moves", "events delivered", "duplicates", "lost", "clock stand-ins after kill",
               "games finished", "tables taken over more than once")


def run_rounds_at_once(args, numbers, seed, totals):
    """Plays each round in a process of its own (this script, --rounds 1), at
    most --parallel at once; prints each one's output whole, in round order,
    and returns the failed rounds."""
    base = [sys.executable, os.path.abspath(__file__)]
    for flag in ("game_host", "plugins", "proto_dir", "protoc", "grpc_python_plugin",
                 "cluster_dir", "tables", "lease_ms"):
        base += ["--" + flag.replace("_", "-"), str(getattr(args, flag))]
    base += [flag for flag, on in (("--keep-logs", args.keep_logs),
                                   ("--verbose", args.verbose)) if on]
    pending = list(numbers)
    running = {}
    outputs = {}
    while pending or running:
        while pending and len(running) < args.parallel:
            number = pending.pop(0)
            running[number] = subprocess.Popen(
                base + ["--rounds", "1", "--first-round", str(number), "--seed", str(seed)],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        number = min(running)
        outputs[number] = (running[number].communicate()[0], running.pop(number).returncode)
    failed = []
    for number in numbers:
        output, code = outputs[number]
        found = TOTALS.search(output)
        if code == 0 and found:
            totals.update(dict(zip(TOTAL_NAMES, map(int, found.groups()))))
            output = output[:found.start()]  # its own totals and PASS are the parent's to say
        else:
            failed.append(number)
        print(output.split("\n", 1)[-1].rstrip("\n"))  # less its heading
    return failed


def main():
    def options(parser):
        parser.add_argument("--cluster-dir", required=True,
                            help="the test cluster's folder (postgresql_cluster.sh start DIR)")
        parser.add_argument("--rounds", type=int, default=10)
        parser.add_argument("--first-round", type=int, default=1,
                            help="the number of the first round, which names its database and "
                                 "hosts: runs side by side on one cluster take rounds apart")
        parser.add_argument("--tables", type=int, default=6)
        parser.add_argument("--lease-ms", type=int, default=2000)
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--parallel", type=int, default=1,
                            help="rounds played at once, each in a process of its own: a "
                                 "round mostly waits for its clocks")
        parser.add_argument("--keep-going", action="store_true",
                            help="play the remaining rounds after a failed one")
        parser.add_argument("--keep-logs", action="store_true")
        parser.add_argument("--verbose", action="store_true")

    args = parse_args(options)
    if args.tables < 2 * HOSTS:
        raise SystemExit("--tables: at least %d" % (2 * HOSTS))
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    print("club test: %d rounds (from round %d) of %d hosts on one PostgreSQL database, %d tables, "
          "lease %d ms, seed %d" % (args.rounds, args.first_round, HOSTS, args.tables,
                                    args.lease_ms, seed))
    sys.stdout.flush()
    began = time.monotonic()
    totals = collections.Counter()
    numbers = range(args.first_round, args.first_round + args.rounds)
    if args.parallel > 1 and args.rounds > 1:
        failed = run_rounds_at_once(args, numbers, seed, totals)
    else:
        failed = []
        with tempfile.TemporaryDirectory() as stubs_dir:
            grpc, pb, stubs = load_stubs(args, stubs_dir)
            for number in numbers:
                if not run_round(args, number, grpc, pb, stubs, round_rng(seed, number),
                                 totals):
                    failed.append(number)
                    if not args.keep_going:
                        break
                sys.stdout.flush()
    print("rounds %d: moves %d, events delivered %d, duplicates %d, lost %d, clock stand-ins "
          "after kill %d" % (args.rounds, totals["moves"], totals["events delivered"],
                             totals["duplicates"], totals["lost"],
                             totals["clock stand-ins after kill"]))
    print("games finished %d, tables taken over more than once %d (see NOTE); took %.1f s" % (
        totals["games finished"], totals["tables taken over more than once"],
        time.monotonic() - began))
    if failed:
        print("FAIL: round%s %s" % ("s" if len(failed) > 1 else "", ", ".join(map(str, failed))))
        sys.exit(1)
    print("PASS")


if __name__ == "__main__":
    main()
