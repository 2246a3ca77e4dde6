"""A host of a club that comes back after a long outage is reachable
through the other hosts within a second of listening.

Two hosts, A and B, on one PostgreSQL database. A table made on B is read
through A, so that A holds a channel to B. B is killed with SIGKILL, A
tries it for a second, and B stays down for --down seconds (default 30).
B starts again with the same id and port; a new table is made on it and
read through A, which must answer within 1.5 s of B listening. gRPC's
default reconnect backoff kept A's channel waiting for up to 25 s here.

Then two players sit at that table and watch it through A, so that only
A's presence reports tell B they are there. Past the grace period (3 s
here) neither may be marked absent, nor the computer play for them.
"""

import os
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tables_common import CHANNEL_OPTIONS, Host, device_id, expect, free_port, load_stubs, \
    parse_args  # noqa: E402


GRACE_MS = 3000


def new_table(pb, stub):
    return stub.CreateTable(pb.CreateTableRequest(
        game_id="tictactoe",
        seats=[pb.SeatPlan(kind=pb.SeatPlan.PERSON), pb.SeatPlan(kind=pb.SeatPlan.PERSON)],
        player=pb.Player(name="Ana", device_id=device_id())), timeout=10)


def watch_in_background(stub, pb, table_id, token, events):
    """Keeps every event of a player's watch through `stub` in `events`."""
    call = stub.Watch(pb.WatchRequest(table=pb.TableRef(table_id=table_id), token=token))

    def read():
        try:
            for event in call:
                events.append(event)
        except Exception:  # the call is cancelled at the end
            pass
    threading.Thread(target=read, daemon=True).start()
    return call


def main():
    def extra(parser):
        parser.add_argument("--store", required=True)
        parser.add_argument("--down", type=float, default=30)
    args = parse_args(extra)
    with tempfile.TemporaryDirectory() as work:
        os.makedirs(os.path.join(work, "stubs"))
        grpc, pb, stubs = load_stubs(args, os.path.join(work, "stubs"))
        hosts = []
        for name in ("a", "b"):
            port = free_port()
            hosts.append(Host(args, args.store, port=port, extra=[
                "--club-host-id", "reconnect-" + name, "--advertise", "127.0.0.1:%d" % port,
                "--club-lease-ms", "2000", "--grace-ms", str(GRACE_MS)]))
        a, b = hosts
        try:
            for host in hosts:
                host.start()
            through_a = stubs.Table(grpc.insecure_channel(a.address, options=CHANNEL_OPTIONS))
            on_b = stubs.Table(grpc.insecure_channel(b.address, options=CHANNEL_OPTIONS))
            first = new_table(pb, on_b).table.table_id
            through_a.GetTable(pb.TableRef(table_id=first), timeout=10)

            # A tries B while it is down, which sets its channel backing off.
            b.kill()
            until = time.monotonic() + 1
            while time.monotonic() < until:
                try:
                    through_a.GetTable(pb.TableRef(table_id=first), timeout=0.3)
                except grpc.RpcError:
                    pass
                time.sleep(0.05)
            time.sleep(args.down)

            b.start()
            listening = time.monotonic()
            on_b = stubs.Table(grpc.insecure_channel(b.address, options=CHANNEL_OPTIONS))
            created = new_table(pb, on_b)
            table_id = created.table.table_id
            while True:
                try:
                    through_a.GetTable(pb.TableRef(table_id=table_id), timeout=0.5)
                    break
                except grpc.RpcError as error:
                    expect(time.monotonic() - listening < 30,
                           "A still cannot reach B after 30 s: %s" % error.details())
                    time.sleep(0.05)
            took = time.monotonic() - listening
            print("after %.0f s down, B answered through A %.2f s after listening" %
                  (args.down, took))
            expect(took < 1.5, "B answered through A only %.2f s after listening" % took)

            # Both players watch through A alone; B hears of them only from A.
            ben = through_a.JoinTable(pb.JoinTableRequest(
                table=pb.TableRef(table_id=table_id),
                player=pb.Player(name="Ben", device_id=device_id())), timeout=10)
            events = []
            calls = [watch_in_background(through_a, pb, table_id, token, events)
                     for token in (created.ticket.token, ben.ticket.token)]
            time.sleep(2.5 * GRACE_MS / 1000)
            for call in calls:
                call.cancel()
            table = through_a.GetTable(pb.TableRef(table_id=table_id), timeout=10).table
            absent = [seat.name for seat in table.seats if seat.absent]
            expect(not absent, "marked absent while watching through A: %s" % absent)
            wrong = [pb.TableEvent.Kind.Name(e.kind) for e in events
                     if e.kind in (pb.TableEvent.SEAT_LEFT, pb.TableEvent.CPU_STANDING_IN)]
            expect(not wrong, "events of players who never left: %s" % wrong)
            print("both players watching through A stayed present for %.1f s" %
                  (2.5 * GRACE_MS / 1000))
        finally:
            for host in hosts:
                if host.process and host.process.poll() is None:
                    host.kill()


if __name__ == "__main__":
    main()
