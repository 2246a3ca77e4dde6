"""--clock-rate runs turns at the host's rate: a 30 s turn on a host at
--clock-rate 100 runs out after 0.3 s of real time, not after the 1 s the
timer used to sleep in the clock's own milliseconds. Three of Ana's turns
are let run out; each must end within 0.15 to 0.8 s of real time.
"""

import os
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tables_common import CHANNEL_OPTIONS, Host, device_id, expect, load_stubs, \
    parse_args  # noqa: E402

RATE = 100
TURN_S = 30


def main():
    args = parse_args()
    with tempfile.TemporaryDirectory() as work:
        os.makedirs(os.path.join(work, "stubs"))
        grpc, pb, stubs = load_stubs(args, os.path.join(work, "stubs"))
        host = Host(args, "memory", extra=["--clock-rate", str(RATE), "--stand-in-ms", "20"])
        address = host.start()
        try:
            tables = stubs.Table(grpc.insecure_channel(address, options=CHANNEL_OPTIONS))
            created = tables.CreateTable(pb.CreateTableRequest(
                game_id="tictactoe",
                settings=[pb.Setting(id="time_per_turn", value=pb.SettingValue(number=TURN_S))],
                seats=[pb.SeatPlan(kind=pb.SeatPlan.PERSON), pb.SeatPlan(kind=pb.SeatPlan.PERSON)],
                player=pb.Player(name="Ana", device_id=device_id())), timeout=10)
            table_id = created.table.table_id
            watch = tables.Watch(pb.WatchRequest(table=pb.TableRef(table_id=table_id),
                                                 token=created.ticket.token), timeout=30)
            tables.JoinTable(pb.JoinTableRequest(table=pb.TableRef(table_id=table_id),
                                                 player=pb.Player(name="Bruno",
                                                                  device_id=device_id())),
                             timeout=10)
            # Measured between the events' times, which the host's clock
            # stamps: events that reach this test together still count apart.
            started = None
            runs = []
            # Bruno never watches, so he is soon away and the computer
            # moves for him at once: only Ana's turns run out.
            for event in watch:
                if event.kind == pb.TableEvent.CPU_STANDING_IN and started is not None and \
                        event.stand_in == pb.TableEvent.TIME_RAN_OUT:
                    runs.append((event.time_ms - started) / RATE / 1000)
                if event.kind in (pb.TableEvent.CLOCK_STARTED, pb.TableEvent.MOVE,
                                  pb.TableEvent.CPU_STANDING_IN):
                    started = event.time_ms
                if len(runs) == 3:
                    break
            watch.cancel()
            print("turns of %d s at --clock-rate %d ran out after %s s of real time" %
                  (TURN_S, RATE, ", ".join("%.2f" % r for r in runs)))
            for run in runs:
                expect(0.15 <= run <= 0.8, "a turn ran out after %.2f s, not about %.2f s" %
                       (run, TURN_S / RATE))
        finally:
            host.kill()


if __name__ == "__main__":
    main()
