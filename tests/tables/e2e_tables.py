"""End to end: a whole table game against the real game-host process.

Two players on two connections and a spectator on a third play a game of
ultimate tic-tac-toe through boardgame.v1.TableService, with stubs
generated from proto/ at test time. On the way: the spectator sees every
event once, in order (contiguous versions), and every move; a spectator's
Play is refused ("spectator"), a stale move number too ("stale_move"); a
retried Play answers the same and plays once; player 2 leaves (the CPU
stands in), is refused with the old token ("bad_token") and from another
device ("other_device"), and rejoins from its own; player 2's watch closes
and after the grace period the seat is marked absent and the CPU stands in
(AWAY) until the watch comes back; ListFinishedGames has the game with its
moves in notation; SIGTERM stops the host with exit 0, and a restart on the
same SQLite store has the table and the game.
"""

import os
import random
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tables_common import CHANNEL_OPTIONS, Host, device_id, expect, load_stubs, parse_args, \
    reason_of  # noqa: E402

GRACE_MS = 1000
CALL_TIMEOUT = 10


class Watcher:
    """One Watch stream read by a thread of its own into a list."""

    def __init__(self, grpc, stub, pb, table_id, token="", after_version=None):
        self.grpc = grpc
        request = pb.WatchRequest(table=pb.TableRef(table_id=table_id), token=token)
        if after_version is not None:
            request.after_version = after_version
        self.call = stub.Watch(request)
        self.events = []
        self.error = None
        self.ended = False
        self.cond = threading.Condition()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        try:
            for event in self.call:
                with self.cond:
                    self.events.append((time.monotonic(), event))
                    self.cond.notify_all()
        except self.grpc.RpcError as error:
            self.error = error
        finally:
            with self.cond:
                self.ended = True
                self.cond.notify_all()

    def wait_for(self, predicate, timeout, what):
        """The first event (time, event) matching predicate, within timeout."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for seen in self.events:
                    if predicate(seen[1]):
                        return seen
                left = deadline - time.monotonic()
                if left <= 0 or self.ended:
                    raise AssertionError("no %s within %.1f s (watch %s; last events: %s)" % (
                        what, timeout, "ended: %s" % self.error if self.ended else "open",
                        [(e.version, pb_kind(e)) for _, e in self.events[-5:]]))
                self.cond.wait(left)

    def close(self):
        self.call.cancel()
        self.thread.join(5)


KINDS = {}


def pb_kind(event):
    return KINDS.get(event.kind, event.kind)


class Game:
    """The two players and the spectator of one table."""

    def __init__(self, grpc, pb, stubs, address, rng):
        self.grpc, self.pb, self.rng = grpc, pb, rng
        options = CHANNEL_OPTIONS + [("grpc.use_local_subchannel_pool", 1)]
        self.channels = [grpc.insecure_channel(address, options=options) for _ in range(3)]
        # [None, player 1, player 2]; the spectator on the third connection.
        self.tables = [None] + [stubs.Table(c) for c in self.channels[:2]]
        self.games = [None] + [stubs.Game(c) for c in self.channels[:2]]
        self.spectator_tables = stubs.Table(self.channels[2])
        self.devices = [None, device_id(rng), device_id(rng)]
        self.tokens = [None, None, None]
        self.table_id = None
        self.played = 0  # moves played by the players themselves

    def close(self):
        for c in self.channels:
            c.close()

    def get(self):
        return self.spectator_tables.GetTable(self.pb.TableRef(table_id=self.table_id),
                                              timeout=CALL_TIMEOUT).table

    def wait_turn(self, seat, timeout=5):
        """The table once it is `seat`'s turn (or the game is over)."""
        deadline = time.monotonic() + timeout
        while True:
            table = self.get()
            if table.phase != self.pb.Table.PLAYING or table.state.seat_to_move == seat:
                return table
            if time.monotonic() > deadline:
                raise AssertionError("not seat %d's turn within %.1f s: %s" % (
                    seat, timeout, table.state.seat_to_move))
            time.sleep(0.02)

    def legal(self, seat, table):
        return self.games[seat].ListMoves(self.pb.ListMovesRequest(state=table.state),
                                          timeout=CALL_TIMEOUT).moves

    def play_request(self, seat, table, avoid_end=True, token=None):
        moves = self.legal(seat, table)
        expect(len(moves) > 0, "no legal move while playing")
        calm = [m for m in moves if not m.ends_game] if avoid_end else []
        move = self.rng.choice(calm or list(moves))
        return self.pb.PlayRequest(
            table_id=self.table_id, token=self.tokens[seat] if token is None else token,
            game_number=table.state.game_number, move_number=table.next_move_number,
            move_id=move.id), move

    def play(self, seat, avoid_end=True):
        """One move of `seat` once it is its turn; the PlayResponse, or None
        once the game is over."""
        table = self.wait_turn(seat)
        if table.phase != self.pb.Table.PLAYING:
            return None
        request, move = self.play_request(seat, table, avoid_end)
        answer = self.tables[seat].Play(request, timeout=CALL_TIMEOUT)
        expect(answer.move.id == move.id and answer.move.notation == move.notation,
               "Play answered move %s for %s" % (answer.move.notation, move.notation))
        expect(answer.version == answer.table.version or
               (answer.table.phase == self.pb.Table.GAME_OVER and
                answer.version + 1 == answer.table.version),
               "PlayResponse.version %d, table version %d" % (answer.version,
                                                              answer.table.version))
        self.played += 1
        return answer

    def whoever(self, avoid_end=True):
        """One move by whichever player is to move; None once over."""
        table = self.get()
        if table.phase != self.pb.Table.PLAYING:
            return None
        return self.play(table.state.seat_to_move, avoid_end)

    def refused(self, call, code, reason, what):
        try:
            call()
        except self.grpc.RpcError as error:
            got = reason_of(error, self.pb)
            expect(got == (code, reason), "%s: expected %s %s, got %s %s (%s)" % (
                what, code, reason, got[0], got[1], error.details()))
            return
        raise AssertionError("%s was accepted" % what)


def check_history(events, pb, what):
    """Versions contiguous; a fresh watch begins with a SNAPSHOT."""
    versions = [e.version for _, e in events]
    expect(versions == list(range(versions[0], versions[0] + len(versions))),
           "%s: versions not contiguous: %s" % (what, versions))
    for _, e in events:
        expect(e.table.version == e.version, "%s: event %d carries table version %d" % (
            what, e.version, e.table.version))


def run(args, grpc, pb, stubs, work):
    for name, number in pb.TableEvent.Kind.items():
        KINDS[number] = name
    store = args.store or "sqlite:" + os.path.join(work, "tables.db")
    host = Host(args, store, ["--grace-ms", str(GRACE_MS), "--stand-in-ms", "100",
                              "--cpu-ms", "100"], log_dir=work)
    address = host.start()
    g = Game(grpc, pb, stubs, address, random.Random(7))
    watchers = []
    try:
        # Player 1 opens the table and sits in seat 1.
        created = g.tables[1].CreateTable(pb.CreateTableRequest(
            game_id="uttt", seats=[pb.SeatPlan(kind=pb.SeatPlan.PERSON)] * 2,
            player=pb.Player(name="Ana", device_id=g.devices[1])), timeout=CALL_TIMEOUT)
        table = created.table
        g.table_id = table.table_id
        g.tokens[1] = created.ticket.token
        expect(created.ticket.seat == 1 and g.tokens[1], "seat 1's ticket")
        expect(table.phase == pb.Table.WAITING, "a new table waits for players")
        expect(len(table.invite_code) == 6, "invite code %r" % table.invite_code)

        spectator = Watcher(grpc, g.spectator_tables, pb, g.table_id)
        watchers.append(spectator)
        spectator.wait_for(lambda e: e.kind == pb.TableEvent.SNAPSHOT, 5, "SNAPSHOT")
        p1_watch = Watcher(grpc, g.tables[1], pb, g.table_id, token=g.tokens[1])
        watchers.append(p1_watch)

        # Player 2 joins by invite code, in lower case.
        joined = g.tables[2].JoinTable(pb.JoinTableRequest(
            table=pb.TableRef(invite_code=table.invite_code.lower()),
            player=pb.Player(name="Bruno", device_id=g.devices[2])), timeout=CALL_TIMEOUT)
        g.tokens[2] = joined.ticket.token
        expect(joined.ticket.seat == 2 and g.tokens[2], "seat 2's ticket")
        expect(joined.table.phase == pb.Table.PLAYING, "both seats taken: playing")
        p2_watch = Watcher(grpc, g.tables[2], pb, g.table_id, token=g.tokens[2])
        watchers.append(p2_watch)
        spectator.wait_for(lambda e: e.kind == pb.TableEvent.GAME_STARTED, 5, "GAME_STARTED")

        for _ in range(4):
            g.whoever()

        # A spectator cannot move.
        table = g.get()
        request, _ = g.play_request(table.state.seat_to_move, table, token="")
        g.refused(lambda: g.spectator_tables.Play(request, timeout=CALL_TIMEOUT),
                  grpc.StatusCode.PERMISSION_DENIED, "spectator", "a spectator's Play")

        # A move number that has moved on, with a move other than the one played there.
        seat = table.state.seat_to_move
        request, _ = g.play_request(seat, table)
        request.move_number = table.next_move_number - 1
        g.refused(lambda: g.tables[seat].Play(request, timeout=CALL_TIMEOUT),
                  grpc.StatusCode.FAILED_PRECONDITION, "stale_move", "a stale move number")

        # Not one's turn.
        other = 3 - seat
        wrong_turn, _ = g.play_request(seat, table, token=g.tokens[other])
        g.refused(lambda: g.tables[other].Play(wrong_turn, timeout=CALL_TIMEOUT),
                  grpc.StatusCode.FAILED_PRECONDITION, "not_your_turn", "a Play out of turn")

        # A retried Play answers the same and plays once.
        table = g.wait_turn(seat)
        request, move = g.play_request(seat, table)
        first = g.tables[seat].Play(request, timeout=CALL_TIMEOUT)
        again = g.tables[seat].Play(request, timeout=CALL_TIMEOUT)
        expect(again.version == first.version and again.move == first.move,
               "a retry answered version %d move %s, the first %d %s" % (
                   again.version, again.move.notation, first.version, first.move.notation))
        expect(again == first, "a retry answered differently:\n%s\nvs\n%s" % (first, again))
        after = g.get()
        expect(after.next_move_number == table.next_move_number + 1,
               "a retried Play played twice (next move %d after %d)" % (
                   after.next_move_number, table.next_move_number))
        g.played += 1

        # Player 2 leaves: the seat is kept and the CPU plays it.
        left = g.tables[2].Leave(pb.SeatRequest(table_id=g.table_id, token=g.tokens[2]),
                                 timeout=CALL_TIMEOUT).table
        expect(left.seats[1].absent and left.seats[1].taken, "seat 2 absent after Leave")
        p2_watch.close()
        spectator.wait_for(lambda e: e.kind == pb.TableEvent.SEAT_LEFT and e.seat == 2, 5,
                           "SEAT_LEFT for seat 2 after Leave")
        if g.get().state.seat_to_move == 1:
            g.play(1)
        _, stood_in = spectator.wait_for(
            lambda e: e.kind == pb.TableEvent.CPU_STANDING_IN and e.seat == 2, 5,
            "CPU_STANDING_IN for seat 2 after Leave")
        expect(stood_in.stand_in == pb.TableEvent.AWAY, "stand-in after Leave: %s" % stood_in)

        old_token = g.tokens[2]
        table = g.wait_turn(1)
        stale_request, _ = g.play_request(1, table, token=old_token)
        g.refused(lambda: g.tables[2].Play(stale_request, timeout=CALL_TIMEOUT),
                  grpc.StatusCode.PERMISSION_DENIED, "bad_token", "Play with the token left")
        g.refused(lambda: g.tables[2].Rejoin(pb.RejoinRequest(
            table=pb.TableRef(table_id=g.table_id), seat=2, device_id=device_id(g.rng)),
            timeout=CALL_TIMEOUT),
            grpc.StatusCode.PERMISSION_DENIED, "other_device", "Rejoin from another device")
        back = g.tables[2].Rejoin(pb.RejoinRequest(
            table=pb.TableRef(table_id=g.table_id), seat=2, device_id=g.devices[2]),
            timeout=CALL_TIMEOUT)
        expect(back.ticket.seat == 2 and back.ticket.token and back.ticket.token != old_token,
               "a fresh token on Rejoin")
        expect(not back.table.seats[1].absent, "seat 2 present after Rejoin")
        g.tokens[2] = back.ticket.token
        spectator.wait_for(lambda e: e.kind == pb.TableEvent.SEAT_REJOINED and e.seat == 2, 5,
                           "SEAT_REJOINED for seat 2")
        table = g.wait_turn(1)
        stale_request, _ = g.play_request(1, table, token=old_token)
        g.refused(lambda: g.tables[2].Play(stale_request, timeout=CALL_TIMEOUT),
                  grpc.StatusCode.PERMISSION_DENIED, "bad_token", "Play with the replaced token")
        p2_watch = Watcher(grpc, g.tables[2], pb, g.table_id, token=g.tokens[2])
        watchers.append(p2_watch)
        for _ in range(2):
            g.play(1)
            g.play(2)

        # Player 2's watch closes and it calls nothing: absent after the grace period.
        g.wait_turn(1)
        closed_at = time.monotonic()
        p2_watch.close()
        left_seen = None
        while left_seen is None:
            try:
                left_seen = spectator.wait_for(
                    lambda e: e.kind == pb.TableEvent.SEAT_LEFT and e.seat == 2 and
                    e.version > back.table.version, 0.2, "SEAT_LEFT")
            except AssertionError:
                if time.monotonic() - closed_at > GRACE_MS / 1000 + 3:
                    raise AssertionError("seat 2 not marked absent %.1f s after its watch closed"
                                         % (time.monotonic() - closed_at))
                if g.get().state.seat_to_move == 1:
                    g.play(1)
        waited = left_seen[0] - closed_at
        expect(waited >= GRACE_MS / 1000 * 0.9, "absent after %.2f s, before the grace period"
               % waited)
        expect(g.get().seats[1].absent, "seat 2 absent in the table")
        if g.get().state.seat_to_move == 1:
            g.play(1)
        _, away = spectator.wait_for(
            lambda e: e.kind == pb.TableEvent.CPU_STANDING_IN and e.seat == 2 and
            e.version > left_seen[1].version, 5, "CPU_STANDING_IN for absent seat 2")
        expect(away.stand_in == pb.TableEvent.AWAY, "stand-in while absent: %s" % away)
        # Its watch again brings it back.
        p2_watch = Watcher(grpc, g.tables[2], pb, g.table_id, token=g.tokens[2])
        watchers.append(p2_watch)
        spectator.wait_for(lambda e: e.kind == pb.TableEvent.SEAT_REJOINED and e.seat == 2 and
                           e.version > away.version, 5, "SEAT_REJOINED when the watch is back")
        expect(not g.get().seats[1].absent, "seat 2 present with its watch back")

        # Play to the end.
        while g.whoever(avoid_end=False) is not None:
            pass
        final = g.get()
        expect(final.phase == pb.Table.GAME_OVER, "the game is over")
        expect(final.state.outcome.results, "the outcome")
        spectator.wait_for(lambda e: e.version == final.version, 5, "the last event")

        # The spectator saw every event once, in order, and every move once.
        events = [(t, e) for t, e in spectator.events if e.version <= final.version]
        check_history(events, pb, "spectator")
        expect(events[0][1].kind == pb.TableEvent.SNAPSHOT, "a fresh watch begins with SNAPSHOT")
        moves = [e for _, e in events
                 if e.kind in (pb.TableEvent.MOVE, pb.TableEvent.CPU_STANDING_IN)]
        expect([e.move.id for e in moves] == list(final.state.moves),
               "the spectator's moves %s are the game's %s" % (
                   [e.move.id for e in moves], list(final.state.moves)))
        for number, e in enumerate(moves, 1):
            expect(len(e.table.state.moves) == number, "move event %d shows %d moves" % (
                number, len(e.table.state.moves)))
        expect(events[-1][1].kind == pb.TableEvent.GAME_OVER and
               events[-2][1].kind in (pb.TableEvent.MOVE, pb.TableEvent.CPU_STANDING_IN),
               "the last move, then GAME_OVER: %s" % [pb_kind(e) for _, e in events[-3:]])
        stand_ins = [e for e in moves if e.kind == pb.TableEvent.CPU_STANDING_IN]
        expect(all(e.stand_in == pb.TableEvent.AWAY and e.seat == 2 for e in stand_ins),
               "every stand-in was for absent seat 2")

        # The whole history from version 0 is the same story.
        history = Watcher(grpc, g.spectator_tables, pb, g.table_id, after_version=0)
        watchers.append(history)
        history.wait_for(lambda e: e.version == final.version, 5, "the whole history")
        history.close()
        whole = [(t, e) for t, e in history.events if e.version <= final.version]
        check_history(whole, pb, "history")
        expect(whole[0][1].version == 1, "the history begins at version 1")
        by_version = {e.version: e for _, e in whole}
        for _, e in events[1:]:
            expect(by_version[e.version].kind == e.kind and by_version[e.version].move == e.move,
                   "history and live watch differ at version %d" % e.version)

        finished = g.spectator_tables.ListFinishedGames(pb.TableRef(table_id=g.table_id),
                                                        timeout=CALL_TIMEOUT).games
        expect(len(finished) == 1 and finished[0].game_number == 1, "one finished game")
        expect(list(finished[0].moves) == [e.move.notation for e in moves],
               "finished game's moves %s" % list(finished[0].moves))
        expect(finished[0].state.outcome == final.state.outcome, "finished game's outcome")
        print("played %d moves (%d by the players, %d by the CPU standing in), %d events; %s"
              % (len(moves), g.played, len(stand_ins), final.version,
                 final.state.view.status.key))
    finally:
        for w in watchers:
            w.close()
        g.close()
        code = host.terminate()
    expect(code == 0, "game-host exit code %d after SIGTERM:\n%s" % (code, host.log_text()))
    if store == "memory":
        print("game-host stopped cleanly")
        return

    # The table and its game are still there after a restart on the same store.
    address = host.start()
    with grpc.insecure_channel(address, options=CHANNEL_OPTIONS) as channel:
        tables = stubs.Table(channel)
        again = tables.GetTable(pb.TableRef(table_id=g.table_id), timeout=CALL_TIMEOUT).table
        expect(again.version == final.version and again.state == final.state,
               "after a restart: version %d, was %d" % (again.version, final.version))
        kept = tables.ListFinishedGames(pb.TableRef(table_id=g.table_id),
                                        timeout=CALL_TIMEOUT).games
        expect(list(kept) == list(finished), "finished games after a restart")
    code = host.terminate()
    expect(code == 0, "game-host exit code %d after SIGTERM (restarted)" % code)
    print("game-host stopped cleanly twice; the table survived the restart")


def main():
    args = parse_args(lambda parser: parser.add_argument(
        "--store", help="the host's --store (default: sqlite in a temporary folder)"))
    with tempfile.TemporaryDirectory() as work:
        grpc, pb, stubs = load_stubs(args, work)
        run(args, grpc, pb, stubs, work)


if __name__ == "__main__":
    main()
