"""The crash test of Play now and ratings: SIGKILL while players are being
paired and while rated games end.

game-host runs on one store (a temporary SQLite file, or --store). Twelve
players seek rated tic-tac-toe games and play 25 of them each, each player
in a thread of its own; a seek cut by the crash is made again once the host
is back, and a game cut mid-way is played on with the same seat token. The
host is killed with SIGKILL --kills times, after 0.2 to 1.2 s each, and
restarted on the same store and port. Games whose players never heard of
their table (the host died while pairing them) are played out by the
computer standing in for the absent players, which counts for them.

At the end, with every table finished:
- each Seek answered at most one pairing, no table seats more than the two
  players it paired, and nobody sits at a table against themselves;
- every finished rated game of every table is in both players' rated games
  exactly once (no rating lost), and nothing else is (none applied twice);
- each player's rating counts exactly the rated games in their history.
Exit status 1 otherwise.
"""

import os
import random
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tables"))
from tables_common import CHANNEL_OPTIONS, Host, expect, free_port, load_stubs, \
    parse_args  # noqa: E402

PLAYERS = 12
GAMES = 25  # each, fewer than a player page lists (100)
MOVE_PAUSE_S = 0.02  # so that the kills land while games are played
CALL_TIMEOUT = 5


class Player(threading.Thread):
    def __init__(self, world, number):
        super().__init__(daemon=True)
        self.world, self.number = world, number
        self.rng = random.Random(number)
        self.key = None
        self.pairings = []  # every Pairing a Seek answered
        self.games = 0

    def stubs(self):
        w = self.world
        channel = w.grpc.insecure_channel(w.address, options=CHANNEL_OPTIONS)
        return channel, w.stubs.Player(channel), w.stubs.Table(channel)

    def run(self):
        w = self.world
        while not w.stop.is_set() and (len(self.pairings) < GAMES or not self.pairings[-1][1]):
            try:
                self.round()
            except w.grpc.RpcError as error:
                if error.code() not in (w.grpc.StatusCode.UNAVAILABLE,
                                        w.grpc.StatusCode.DEADLINE_EXCEEDED,
                                        w.grpc.StatusCode.CANCELLED):
                    w.fail("player %d: %s" % (self.number, error))
                    return
                time.sleep(0.05)  # the host is down: try again

    def round(self):
        w, pb = self.world, self.world.pb
        channel, players, tables = self.stubs()
        with channel:
            if self.key is None:
                self.key = players.CreatePlayer(pb.CreatePlayerRequest(name="Player %02d" % self.number),
                                                timeout=CALL_TIMEOUT).key
            if not self.pairings or self.pairings[-1][1]:
                paired = None
                for event in players.Seek(pb.SeekRequest(key=self.key, game_id="tictactoe",
                                                         rated=True), timeout=30):
                    if event.WhichOneof("event") == "paired":
                        paired = event.paired
                if paired is None:
                    w.fail("player %d: a seek ended with no pairing" % self.number)
                    return
                self.pairings.append([paired, False])  # [pairing, game over]
            self.play(tables, self.pairings[-1])

    def play(self, tables, entry):
        w, pb = self.world, self.world.pb
        pairing = entry[0]
        while not w.stop.is_set():
            table = tables.GetTable(pb.TableRef(table_id=pairing.table_id),
                                    timeout=CALL_TIMEOUT).table
            if table.phase == pb.Table.GAME_OVER:
                entry[1] = True
                self.games += 1
                return
            if table.phase != pb.Table.PLAYING or table.state.seat_to_move != pairing.seat:
                time.sleep(0.005)
                continue
            try:
                time.sleep(MOVE_PAUSE_S)
                tables.Play(pb.PlayRequest(
                    table_id=pairing.table_id, token=pairing.token,
                    game_number=table.state.game_number, move_number=table.next_move_number,
                    move_id=self.rng.choice(list(table.state.view.playable_cells))),
                    timeout=CALL_TIMEOUT)
            except w.grpc.RpcError as error:
                if error.code() != w.grpc.StatusCode.FAILED_PRECONDITION:
                    raise


class World:
    def __init__(self, grpc, pb, stubs, address):
        self.grpc, self.pb, self.stubs, self.address = grpc, pb, stubs, address
        self.stop = threading.Event()
        self.failures = []

    def fail(self, what):
        self.failures.append(what)
        self.stop.set()


def finished_rated_games(pb, tables, table_id):
    games = tables.ListFinishedGames(pb.TableRef(table_id=table_id), timeout=CALL_TIMEOUT).games
    rated = []
    for game in games:
        moves = {1: 0, 2: 0}
        for seat in game.move_seats:
            moves[seat] = moves.get(seat, 0) + 1
        ids = [seat.player_id for seat in game.seats]
        if game.rated and all(ids) and ids[0] != ids[1] and min(moves.values()) >= 2:
            rated.append(game)
    return rated


def check(world, players, tables_stub, player_stub):
    pb = world.pb
    problems = []
    by_id = {p.key.player_id: p for p in players if p.key}
    seen_tables = {}
    for p in players:
        for pairing, _ in p.pairings:
            seen_tables.setdefault(pairing.table_id, []).append((p.key.player_id, pairing.seat))
    for table_id, seated in seen_tables.items():
        if len(seated) > 2 or len({s for _, s in seated}) != len(seated):
            problems.append("table %s was handed out as %s" % (table_id, seated))
    # Every table any player's history names, and every table a pairing named.
    histories = {pid: player_stub.GetPlayer(pb.GetPlayerRequest(player_id=pid),
                                            timeout=CALL_TIMEOUT) for pid in by_id}
    tables = set(seen_tables)
    for page in histories.values():
        tables.update(g.table_id for g in page.recent_games)
    expected = {pid: set() for pid in by_id}
    for table_id in tables:
        table = tables_stub.GetTable(pb.TableRef(table_id=table_id), timeout=CALL_TIMEOUT).table
        ids = [seat.player_id for seat in table.seats]
        if ids[0] and ids[0] == ids[1]:
            problems.append("table %s seats %s against themselves" % (table_id, ids[0]))
        for game in finished_rated_games(pb, tables_stub, table_id):
            for seat in game.seats:
                expected.setdefault(seat.player_id, set()).add((table_id, game.game_number))
    for pid, page in histories.items():
        entries = [(g.table_id, g.game_number) for g in page.recent_games]
        if len(entries) != len(set(entries)):
            problems.append("player %s has a rated game twice: %s" % (pid, entries))
        if set(entries) != expected[pid]:
            problems.append("player %s: rated games %s, finished %s" %
                            (pid, sorted(set(entries)), sorted(expected[pid])))
        counted = sum(1 for g in page.recent_games if g.counted)
        games = sum(r.games for r in page.ratings)
        if games != counted:
            problems.append("player %s: the rating counts %d games, the history %d" %
                            (pid, games, counted))
    unheard = len(tables - set(seen_tables))
    return problems, sum(len(v) for v in expected.values()) // 2, unheard


def main():
    def extra(parser):
        parser.add_argument("--store", default="")
        parser.add_argument("--kills", type=int, default=8)
    args = parse_args(extra)
    rng = random.Random(int(os.environ.get("CLUB_TEST_SEED", "5649")))
    with tempfile.TemporaryDirectory() as work:
        os.makedirs(os.path.join(work, "stubs"))
        grpc, pb, stubs = load_stubs(args, os.path.join(work, "stubs"))
        store = args.store or "sqlite:" + os.path.join(work, "tables.db")
        host = Host(args, store, port=free_port(),
                    extra=["--grace-ms", "500", "--stand-in-ms", "20", "--cpu-ms", "20"])
        world = World(grpc, pb, stubs, host.start())
        players = [Player(world, i) for i in range(PLAYERS)]
        try:
            for player in players:
                player.start()
            for _ in range(args.kills):
                time.sleep(0.2 + rng.random())
                host.kill()
                host.start()
            for player in players:
                player.join(120)
            world.stop.set()
            # Every table to its end: the computer stands in for whoever left.
            channel = grpc.insecure_channel(host.address, options=CHANNEL_OPTIONS)
            tables_stub, player_stub = stubs.Table(channel), stubs.Player(channel)
            deadline = time.monotonic() + 60
            while True:
                open_tables = [p for player in players for p, _ in player.pairings
                               if tables_stub.GetTable(pb.TableRef(table_id=p.table_id),
                                                       timeout=CALL_TIMEOUT).table.phase
                               != pb.Table.GAME_OVER]
                if not open_tables:
                    break
                expect(time.monotonic() < deadline, "%d tables never finished" % len(open_tables))
                time.sleep(0.2)
            problems, rated, unheard = check(world, players, tables_stub, player_stub)
            problems = world.failures + problems
            for problem in problems:
                print(problem)
            expect(not problems, "%d problems" % len(problems))
            pairings = sum(len(p.pairings) for p in players)
            expect(rated > 0, "no rated game finished")
            print("%d kills: %d pairings heard, %d tables paired but never heard of (a kill "
                  "while pairing), %d rated games, each counted once for both players" %
                  (args.kills, pairings, unheard, rated))
        finally:
            world.stop.set()
            if host.process and host.process.poll() is None:
                host.kill()


if __name__ == "__main__":
    main()
