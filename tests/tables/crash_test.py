"""The crash test: acknowledged moves survive SIGKILL.

game-host runs on a temporary SQLite store with --tables tables (default 20)
played by bots (one thread per table, one connection per seat). It is
killed with SIGKILL at random moments under load (--kills times, default
20, after 0.2 to 1.5 s each) and restarted on the same store and port; the
bots carry on: a call cut by the crash is retried as it was (a retried Play
must answer as the first time and never play twice), then the table is read
again with GetTable.

Every acknowledged Play is recorded (table, game number, move number, move
id, version). At the end each table's whole history is read with
Watch(after_version=0) up to its current version: versions must be
contiguous, every acknowledged move must be there exactly once at its
version, no move may appear twice, and every table must still be playable
(one more move, or NextGame, succeeds). Exit status 1 otherwise.
"""

import collections
import os
import random
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tables_common import CHANNEL_OPTIONS, Host, device_id, free_port, load_stubs, parse_args, \
    read_history, reason_of  # noqa: E402

CALL_TIMEOUT = 5


class Context:
    def __init__(self, grpc, pb, stubs, address):
        self.grpc, self.pb, self.stubs, self.address = grpc, pb, stubs, address
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.acks = []  # (table_id, game_number, move_number, move_id, version)
        self.counts = collections.Counter()
        self.problems = []

    def count(self, what, n=1):
        with self.lock:
            self.counts[what] += n

    def problem(self, what):
        with self.lock:
            self.problems.append(what)


TRANSIENT = ("UNAVAILABLE", "DEADLINE_EXCEEDED", "CANCELLED", "INTERNAL", "UNKNOWN")


class Bot(threading.Thread):
    """Both seats of one table: each seat on its own connection."""

    def __init__(self, ctx, index, rng):
        super().__init__(daemon=True)
        self.ctx, self.index, self.rng = ctx, index, rng
        grpc, stubs = ctx.grpc, ctx.stubs
        options = CHANNEL_OPTIONS + [("grpc.use_local_subchannel_pool", 1)]
        self.channels = [grpc.insecure_channel(ctx.address, options=options) for _ in range(2)]
        self.tables = [None] + [stubs.Table(c) for c in self.channels]
        self.games = [None] + [stubs.Game(c) for c in self.channels]
        self.devices = [None, device_id(rng), device_id(rng)]
        self.tokens = [None, None, None]
        self.table_id = None
        self.moves = 0
        self.broken = None

    def call(self, seat, method, request, allowed=(), on_cut=None):
        """Calls until an answer: a call the crash cut is retried as it was
        (after on_cut(), if given). The answer, or the RpcError whose
        (code, reason) is in `allowed`."""
        ctx = self.ctx
        started = time.monotonic()
        while True:
            try:
                return getattr(self.tables[seat] if method != "ListMoves" else self.games[seat],
                               method)(request, timeout=CALL_TIMEOUT, wait_for_ready=True)
            except ctx.grpc.RpcError as error:
                code, reason = reason_of(error, ctx.pb)
                if (code, reason) in allowed:
                    return error
                if code.name in TRANSIENT and time.monotonic() - started < 60:
                    ctx.count("%s retried after %s" % (method, code.name))
                    time.sleep(0.02)
                    if on_cut:
                        on_cut()
                    continue
                raise

    def was_played(self, request):
        """Whether the table has request's move at its number."""
        now = self.get()
        return (now.state.game_number == request.game_number and
                len(now.state.moves) >= request.move_number and
                now.state.moves[request.move_number - 1] == request.move_id)

    def set_up(self):
        pb = self.ctx.pb
        created = self.call(1, "CreateTable", pb.CreateTableRequest(
            game_id="uttt", seats=[pb.SeatPlan(kind=pb.SeatPlan.PERSON)] * 2,
            player=pb.Player(name="crash %da" % self.index, device_id=self.devices[1])))
        self.table_id = created.table.table_id
        self.tokens[1] = created.ticket.token
        joined = self.call(2, "JoinTable", pb.JoinTableRequest(
            table=pb.TableRef(table_id=self.table_id),
            player=pb.Player(name="crash %db" % self.index, device_id=self.devices[2])))
        self.tokens[2] = joined.ticket.token

    def get(self):
        return self.call(1, "GetTable", self.ctx.pb.TableRef(table_id=self.table_id)).table

    def rejoin(self, seat):
        pb = self.ctx.pb
        back = self.call(seat, "Rejoin", pb.RejoinRequest(
            table=pb.TableRef(table_id=self.table_id), seat=seat, device_id=self.devices[seat]))
        self.tokens[seat] = back.ticket.token
        self.ctx.count("Rejoin after a refused token")

    def step(self):
        """One move, or the next game; True when it was acknowledged."""
        ctx, pb, grpc = self.ctx, self.ctx.pb, self.ctx.grpc
        table = self.get()
        if table.phase == pb.Table.GAME_OVER:
            answer = self.call(1, "NextGame", pb.GameRequest(
                table_id=self.table_id, token=self.tokens[1],
                game_number=table.state.game_number),
                allowed={(grpc.StatusCode.FAILED_PRECONDITION, r)
                         for r in ("game_not_over", "stale_move")} |
                {(grpc.StatusCode.PERMISSION_DENIED, "bad_token")})
            if isinstance(answer, grpc.RpcError):
                code, reason = reason_of(answer, pb)
                if reason == "bad_token":
                    self.rejoin(1)
                ctx.count("NextGame refused %s (a retry after the crash, re-read)" % reason)
                return False
            ctx.count("NextGame")
            return True
        if table.phase != pb.Table.PLAYING:
            raise AssertionError("table %s in phase %s" % (self.table_id, table.phase))
        seat = table.state.seat_to_move
        moves = self.call(seat, "ListMoves", pb.ListMovesRequest(state=table.state)).moves
        move = self.rng.choice(list(moves))
        request = pb.PlayRequest(table_id=self.table_id, token=self.tokens[seat],
                                 game_number=table.state.game_number,
                                 move_number=table.next_move_number, move_id=move.id)
        cut = []  # per cut call: whether the host had played the move

        def on_cut():
            cut.append(self.was_played(request))

        answer = self.call(seat, "Play", request, allowed={
            (grpc.StatusCode.FAILED_PRECONDITION, "stale_move"),
            (grpc.StatusCode.FAILED_PRECONDITION, "not_your_turn"),
            (grpc.StatusCode.PERMISSION_DENIED, "bad_token")}, on_cut=on_cut)
        if cut:
            ctx.count("Plays cut by a kill, retried: the move had been played" if any(cut) else
                      "Plays cut by a kill, retried: the move had not been played")
        if isinstance(answer, grpc.RpcError):
            code, reason = reason_of(answer, pb)
            if reason == "bad_token":
                self.rejoin(seat)
            else:
                # Only this bot plays this table: the move at that number
                # must be another one (the CPU's), never ours.
                if self.was_played(request):
                    ctx.problem("table %s: a retried Play of move %d at %d was refused %s though "
                                "it was played" % (self.table_id, move.id, request.move_number,
                                                   reason))
            ctx.count("Play refused %s" % reason)
            return False
        if answer.move.id != move.id:
            ctx.problem("table %s: Play of %d answered move %d" % (self.table_id, move.id,
                                                                  answer.move.id))
        with ctx.lock:
            ctx.acks.append((self.table_id, request.game_number, request.move_number, move.id,
                             answer.version))
        self.moves += 1
        return True

    def run(self):
        try:
            while not self.ctx.stop.is_set():
                self.step()
        except Exception as error:  # noqa: BLE001 - reported, the test fails
            self.broken = "%s: %s" % (type(error).__name__, error)
            self.ctx.problem("table %s: the bot stopped: %s" % (self.table_id, self.broken))

    def close(self):
        for c in self.channels:
            c.close()


def verify(ctx, bots):
    """The counts, and the problems found, per the module's docstring."""
    pb, grpc = ctx.pb, ctx.grpc
    acks = collections.defaultdict(list)
    for ack in ctx.acks:
        acks[ack[0]].append(ack)
    found = lost = duplicated = carried_on = 0
    with grpc.insecure_channel(ctx.address, options=CHANNEL_OPTIONS) as channel:
        stub = ctx.stubs.Table(channel)
        for bot in bots:
            table = stub.GetTable(pb.TableRef(table_id=bot.table_id), timeout=CALL_TIMEOUT,
                                  wait_for_ready=True).table
            events = read_history(ctx.pb, stub, bot.table_id, table.version)
            versions = [e.version for e in events]
            if versions != list(range(1, table.version + 1)):
                ctx.problem("table %s: history versions %s... not 1..%d" % (
                    bot.table_id, versions[:5], table.version))
            by_version = {e.version: e for e in events}
            moves = collections.defaultdict(list)  # (game, move number) -> [(version, id)]
            for e in events:
                if e.kind in (pb.TableEvent.MOVE, pb.TableEvent.CPU_STANDING_IN):
                    moves[(e.table.state.game_number, len(e.table.state.moves))].append(
                        (e.version, e.move.id))
                    if e.kind == pb.TableEvent.CPU_STANDING_IN:
                        ctx.count("CPU stand-ins in the histories")
            for key, seen in moves.items():
                if len(seen) > 1:
                    duplicated += len(seen) - 1
                    ctx.problem("table %s: game %d move %d appears %d times: %s" % (
                        bot.table_id, key[0], key[1], len(seen), seen))
            acked_keys = collections.Counter((a[1], a[2]) for a in acks[bot.table_id])
            for key, n in acked_keys.items():
                if n > 1:
                    duplicated += n - 1
                    ctx.problem("table %s: game %d move %d acknowledged %d times" % (
                        bot.table_id, key[0], key[1], n))
            for _, game, number, move_id, version in acks[bot.table_id]:
                e = by_version.get(version)
                if (e is not None and e.kind == pb.TableEvent.MOVE and e.move.id == move_id and
                        e.table.state.game_number == game and
                        len(e.table.state.moves) == number):
                    found += 1
                else:
                    lost += 1
                    ctx.problem("table %s: acknowledged game %d move %d (id %d) at version %d "
                                "is not in the history (there: %s)" % (
                                    bot.table_id, game, number, move_id, version,
                                    "nothing" if e is None else "%s %d" % (
                                        pb.TableEvent.Kind.Name(e.kind), e.move.id)))
            # Still playable: one more move, or the next game.
            try:
                before = len(ctx.acks)
                if bot.step() or bot.step():
                    carried_on += 1
                else:
                    ctx.problem("table %s: refused twice after the crashes" % bot.table_id)
                del ctx.acks[before:]  # not part of the history read above
            except Exception as error:  # noqa: BLE001
                ctx.problem("table %s: not playable after the crashes: %s" % (bot.table_id, error))
    return found, lost, duplicated, carried_on


def main():
    def options(parser):
        parser.add_argument("--kills", type=int, default=20)
        parser.add_argument("--tables", type=int, default=20)
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--store", default=None,
                            help="the host's --store; a fresh SQLite file by default")

    args = parse_args(options)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    print("crash test: %d tables, %d kills, seed %d, store %s" % (
        args.tables, args.kills, seed, (args.store or "sqlite").split(":")[0]))
    began = time.monotonic()
    with tempfile.TemporaryDirectory() as work:
        grpc, pb, stubs = load_stubs(args, work)
        port = free_port()
        store = args.store or "sqlite:" + os.path.join(work, "tables.db")
        host = Host(args, store, port=port, log_dir=work)
        address = host.start()
        ctx = Context(grpc, pb, stubs, address)
        bots = [Bot(ctx, i, random.Random(rng.random())) for i in range(args.tables)]
        try:
            for bot in bots:
                bot.set_up()
            for bot in bots:
                bot.start()
            kills = 0
            between = []  # moves acknowledged between two kills: the load at each
            for _ in range(args.kills):
                acked = len(ctx.acks)
                time.sleep(rng.uniform(0.2, 1.5))
                host.kill()
                kills += 1
                between.append(len(ctx.acks) - acked)
                host.start()
                if not any(b.is_alive() for b in bots):
                    break
            time.sleep(0.5)  # the bots play on the last restart a little
            ctx.stop.set()
            for bot in bots:
                bot.join(30)
            stuck = [b.table_id for b in bots if b.is_alive()]
            if stuck:
                ctx.problem("bots still running: %s" % stuck)
            found, lost, duplicated, carried_on = verify(ctx, bots)
        finally:
            for bot in bots:
                bot.close()
            code = host.terminate()
        if code != 0:
            ctx.problem("game-host exit code %d after SIGTERM" % code)

        print("kills: %d" % kills)
        print("acknowledged moves: %d" % len(ctx.acks))
        print("moves found: %d" % found)
        print("lost: %d" % lost)
        print("duplicated: %d" % duplicated)
        print("tables that carried on: %d of %d" % (carried_on, len(bots)))
        if between:
            print("moves acknowledged between kills: least %d, most %d" % (min(between),
                                                                           max(between)))
        for what, n in sorted(ctx.counts.items()):
            print("%s: %d" % (what, n))
        print("took %.1f s" % (time.monotonic() - began))
        for problem in ctx.problems[:30]:
            print("PROBLEM: %s" % problem)
        if ctx.problems:
            print("(%d problems)" % len(ctx.problems))
        passed = (not ctx.problems and lost == 0 and duplicated == 0 and
                  carried_on == len(bots) and len(ctx.acks) > 0)
        print("PASS" if passed else "FAIL")
        if not passed:
            print("game-host log of the last start:\n" + host.log_text()[-3000:])
        sys.exit(0 if passed else 1)


if __name__ == "__main__":
    main()
