"""End to end: Play now against real game-host processes.

Twenty players, each on a connection of its own, are shuffled into pairs,
and each pair picks a kind of game at random (rated or casual, with or
without a turn clock). Every player seeks in a random order with random
delays, so a seek meets the lobby at any stage. Each must be paired with a
compatible opponent, never with themselves; then every pair plays its
tic-tac-toe game to the end through TableService, moving at random. After
that every player's page and the standings show each rated result exactly
once, and casual games none. A twenty-first player seeks and cancels: the
lobby drops the seek. Then SIGTERM, a restart on the same store, and the
ratings are still there.

By default one host on SQLite. With --store postgresql://... --hosts N, N
hosts of a club on that database, the players spread over them: a seek made
on one host pairs with one made on another.
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

PLAYERS = 20
CALL_TIMEOUT = 20
KINDS = [(True, 0), (True, 30), (False, 0), (False, 30)]  # (rated, time per turn)


def seek_request(pb, key, kind):
    rated, turn_s = kind
    settings = [pb.Setting(id="time_per_turn", value=pb.SettingValue(number=turn_s))] if turn_s \
        else []
    return pb.SeekRequest(key=key, game_id="tictactoe", settings=settings, rated=rated)


class Player:
    def __init__(self, grpc, pb, stubs, address, name, rng):
        self.grpc, self.pb, self.rng = grpc, pb, rng
        self.channel = grpc.insecure_channel(address, options=CHANNEL_OPTIONS)
        self.players = stubs.Player(self.channel)
        self.tables = stubs.Table(self.channel)
        created = self.players.CreatePlayer(pb.CreatePlayerRequest(name=name),
                                            timeout=CALL_TIMEOUT)
        self.key, self.name = created.key, created.profile.name
        self.pairing = None
        self.error = None

    def seek(self, kind, delay):
        try:
            time.sleep(delay)
            for event in self.players.Seek(seek_request(self.pb, self.key, kind),
                                           timeout=60):
                if event.WhichOneof("event") == "paired":
                    self.pairing = event.paired
        except Exception as error:  # noqa: BLE001 - reported by the main thread
            self.error = error

    def play_to_the_end(self):
        pb, pairing = self.pb, self.pairing
        ref = pb.TableRef(table_id=pairing.table_id)
        while True:
            table = self.tables.GetTable(ref, timeout=CALL_TIMEOUT).table
            if table.phase == pb.Table.GAME_OVER:
                return table
            if table.phase != pb.Table.PLAYING or table.state.seat_to_move != pairing.seat:
                time.sleep(0.01)
                continue
            cell = self.rng.choice(list(table.state.view.playable_cells))
            try:
                self.tables.Play(pb.PlayRequest(
                    table_id=pairing.table_id, token=pairing.token,
                    game_number=table.state.game_number,
                    move_number=table.next_move_number, move_id=cell), timeout=CALL_TIMEOUT)
            except self.grpc.RpcError as error:
                # The CPU may have moved for a slow player: look again.
                if error.code() != self.grpc.StatusCode.FAILED_PRECONDITION:
                    raise


def start_hosts(args, store, count):
    """`count` hosts on `store`: one alone, or a club of them."""
    if count == 1:
        hosts = [Host(args, store, extra=["--grace-ms", "60000"])]
    else:
        hosts = []
        for i in range(count):
            port = free_port()
            hosts.append(Host(args, store, port=port, extra=[
                "--grace-ms", "60000", "--club-host-id", "play-h%d" % i,
                "--advertise", "127.0.0.1:%d" % port, "--club-lease-ms", "2000"]))
    for host in hosts:
        host.start()
    return hosts


def main():
    def extra(parser):
        parser.add_argument("--store", default="")
        parser.add_argument("--hosts", type=int, default=1)
    args = parse_args(extra)
    rng = random.Random(int(os.environ.get("CLUB_TEST_SEED", "49")))
    with tempfile.TemporaryDirectory() as work:
        os.makedirs(os.path.join(work, "stubs"))
        grpc, pb, stubs = load_stubs(args, os.path.join(work, "stubs"))
        store = args.store or "sqlite:" + os.path.join(work, "tables.db")
        hosts = start_hosts(args, store, args.hosts)
        address = hosts[0].address
        try:
            players = [Player(grpc, pb, stubs, hosts[i % len(hosts)].address, "Player %02d" % i,
                              random.Random(rng.random()))
                       for i in range(PLAYERS)]
            order = list(range(PLAYERS))
            rng.shuffle(order)
            kind_of = {}
            for a, b in zip(order[::2], order[1::2]):
                kind_of[a] = kind_of[b] = rng.choice(KINDS)
            threads = [threading.Thread(target=players[i].seek,
                                        args=(kind_of[i], rng.random() * 0.5))
                       for i in rng.sample(range(PLAYERS), PLAYERS)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(90)
            for i, player in enumerate(players):
                expect(player.error is None, "player %d's seek failed: %s" % (i, player.error))
                expect(player.pairing is not None, "player %d was never paired" % i)

            # Paired in twos, at tables of the kind both asked for.
            by_table = {}
            for i, player in enumerate(players):
                by_table.setdefault(player.pairing.table_id, []).append(i)
            expect(len(by_table) == PLAYERS // 2, "%d tables for %d players" %
                   (len(by_table), PLAYERS))
            lobby_stub = stubs.Player(grpc.insecure_channel(address, options=CHANNEL_OPTIONS))
            for table_id, seated in by_table.items():
                expect(len(seated) == 2, "table %s has players %s" % (table_id, seated))
                a, b = seated
                expect(kind_of[a] == kind_of[b], "players %d and %d wanted other games" % (a, b))
                table = players[a].tables.GetTable(pb.TableRef(table_id=table_id),
                                                   timeout=CALL_TIMEOUT).table
                expect(table.rated == kind_of[a][0] and table.time_per_turn_s == kind_of[a][1],
                       "table %s is not the game its players sought" % table_id)
                ids = sorted(seat.player_id for seat in table.seats)
                expect(ids == sorted([players[a].key.player_id, players[b].key.player_id]),
                       "table %s seats %s" % (table_id, ids))
                expect({players[a].pairing.seat, players[b].pairing.seat} == {1, 2},
                       "table %s: seats %d and %d" % (table_id, players[a].pairing.seat,
                                                       players[b].pairing.seat))

            if len(hosts) > 1:
                across = [t for t, (a, b) in by_table.items()
                          if a % len(hosts) != b % len(hosts)]
                expect(across, "no seek made on one host was paired with one made on another")

            # Every pair plays its game to the end.
            finals = {}

            def play(i):
                finals[i] = players[i].play_to_the_end()
            threads = [threading.Thread(target=play, args=(i,)) for i in range(PLAYERS)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(120)
            expect(len(finals) == PLAYERS, "only %d players saw their game end" % len(finals))

            # A seek that is cancelled leaves the lobby.
            late = Player(grpc, pb, stubs, hosts[-1].address, "Late", rng)
            call = late.players.Seek(seek_request(pb, late.key, (True, 0)), timeout=60)
            first = next(call)
            expect(first.WhichOneof("event") == "open", "the late seek is not open")
            lobby = lobby_stub.GetLobby(pb.LobbyRequest(game_id="tictactoe"),
                                        timeout=CALL_TIMEOUT).games[0]
            expect([s.seek_id for s in lobby.seeks] == [first.open.seek_id] and lobby.seeking == 1,
                   "the lobby lists %s" % lobby)
            call.cancel()
            deadline = time.monotonic() + 10
            while lobby_stub.GetLobby(pb.LobbyRequest(game_id="tictactoe"),
                                      timeout=CALL_TIMEOUT).games[0].seeks:
                expect(time.monotonic() < deadline, "the cancelled seek stays in the lobby")
                time.sleep(0.05)

            check_ratings(pb, players, by_table, kind_of, finals, lobby_stub)
            for host in hosts:
                expect(host.terminate() == 0, "game-host did not stop cleanly")
            for host in hosts:
                host.start()
            again = stubs.Player(grpc.insecure_channel(hosts[-1].address, options=CHANNEL_OPTIONS))
            check_ratings(pb, players, by_table, kind_of, finals, again)
            print("%d players on %d host(s) paired at %d tables, %d rated; every result counted "
                  "once, also after a restart" % (PLAYERS, len(hosts), len(by_table),
                                                  sum(kind_of[t[0]][0] for t in by_table.values())))
        finally:
            for host in hosts:
                if host.process and host.process.poll() is None:
                    host.kill()


def check_ratings(pb, players, by_table, kind_of, finals, stub):
    rated_players = set()
    for table_id, (a, b) in by_table.items():
        rated = kind_of[a][0]
        for i in (a, b):
            page = stub.GetPlayer(pb.GetPlayerRequest(player_id=players[i].key.player_id),
                                  timeout=CALL_TIMEOUT)
            games = [g for g in page.recent_games if g.table_id == table_id]
            expect(len(games) == (1 if rated else 0),
                   "player %d has %d entries for table %s" % (i, len(games), table_id))
            if not rated:
                continue
            rated_players.add(players[i].key.player_id)
            final = finals[i]
            seat = players[i].pairing.seat
            score = [r.score for r in final.state.outcome.results if r.seat == seat][0]
            expect(games[0].score == score, "player %d's result is %s, not %s" %
                   (i, games[0].score, score))
            expect(len(page.ratings) == 1 and page.ratings[0].games == 1,
                   "player %d's rating counts %s games" % (i, [r.games for r in page.ratings]))
            expect(abs(page.ratings[0].rating - games[0].rating_after) < 1e-9,
                   "player %d's rating is not their last game's" % i)
    standings = stub.GetStandings(pb.StandingsRequest(game_id="tictactoe",
                                                      include_provisional=True),
                                  timeout=CALL_TIMEOUT).standings
    listed = [s.player_id for s in standings]
    expect(sorted(listed) == sorted(rated_players),
           "the standings list %d players, not the %d who played rated" %
           (len(listed), len(rated_players)))
    expect(all(s.games == 1 for s in standings), "a standing counts a game twice")
    expect([s.rating for s in standings] == sorted((s.rating for s in standings), reverse=True),
           "the standings are not best first")


if __name__ == "__main__":
    main()
