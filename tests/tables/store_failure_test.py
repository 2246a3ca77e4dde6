"""A host whose store has failed says so to health checks.

game-host runs alone on a PostgreSQL database of a cluster of its own. Its
health check answers SERVING; a table is opened and a move played. Then the
database server stops: the next move is refused UNAVAILABLE "store_failed",
and from then on the health check answers NOT_SERVING, so that a load
balancer sends players to another host. It used to stay SERVING.
"""

import os
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tables_common import CHANNEL_OPTIONS, Host, device_id, expect, load_stubs, parse_args, \
    reason_of  # noqa: E402

CLUSTER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "postgresql_cluster.sh")
# grpc.health.v1 on the wire, with no generated code: the request for the
# whole server is empty, and the answer is field 1, a varint status.
SERVING, NOT_SERVING = b"\x08\x01", b"\x08\x02"


def health(grpc, channel):
    check = channel.unary_unary("/grpc.health.v1.Health/Check")
    return check(b"", timeout=5)


def main():
    args = parse_args()
    with tempfile.TemporaryDirectory() as work:
        os.makedirs(os.path.join(work, "stubs"))
        grpc, pb, stubs = load_stubs(args, os.path.join(work, "stubs"))
        cluster = os.path.join(work, "cluster")
        subprocess.run([CLUSTER, "start", cluster], check=True, stdout=subprocess.DEVNULL)
        stopped = False
        host = None
        try:
            store = subprocess.run([CLUSTER, "database", cluster, "failing"], check=True,
                                   capture_output=True, text=True).stdout.strip()
            host = Host(args, store)
            channel = grpc.insecure_channel(host.start(), options=CHANNEL_OPTIONS)
            expect(health(grpc, channel) == SERVING, "a healthy host is not SERVING")
            tables = stubs.Table(channel)
            created = tables.CreateTable(pb.CreateTableRequest(
                game_id="tictactoe",
                seats=[pb.SeatPlan(kind=pb.SeatPlan.PERSON), pb.SeatPlan(kind=pb.SeatPlan.PERSON)],
                player=pb.Player(name="Ana", device_id=device_id())), timeout=10)
            table_id = created.table.table_id
            tables.JoinTable(pb.JoinTableRequest(table=pb.TableRef(table_id=table_id),
                                                 player=pb.Player(name="Bruno",
                                                                  device_id=device_id())),
                             timeout=10)

            subprocess.run([CLUSTER, "stop", cluster], check=True, stdout=subprocess.DEVNULL)
            stopped = True
            try:
                tables.Play(pb.PlayRequest(table_id=table_id, token=created.ticket.token,
                                           game_number=1, move_number=1, move_id=4), timeout=30)
                expect(False, "a move was acknowledged with the database down")
            except grpc.RpcError as error:
                code, reason = reason_of(error, pb)
                expect((code, reason) == (grpc.StatusCode.UNAVAILABLE, "store_failed"),
                       "the move was refused %s %s" % (code, reason))
            deadline = time.monotonic() + 10
            while health(grpc, channel) != NOT_SERVING:
                expect(time.monotonic() < deadline, "health still answers SERVING")
                time.sleep(0.1)
            print("the store failed: the move was refused store_failed, health is NOT_SERVING")
        finally:
            if host and host.process and host.process.poll() is None:
                host.kill()
            if not stopped:
                subprocess.run([CLUSTER, "stop", cluster], stdout=subprocess.DEVNULL)


if __name__ == "__main__":
    main()
