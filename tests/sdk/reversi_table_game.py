"""Reversi at a table of the installed game-host, through stubs generated
from the installed protos alone: two players on two connections and a
spectator on a third play whole games until a player has had to pass.

What Reversi strains in the generic interface: a pass is a move like any
other (ListMoves offers it alone, Play plays it, the spectator sees it as a
MOVE), and one move changes many cells (BoardView.last_move_cells: the disc
placed and every disc it flipped).
"""
import os
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tables"))
from e2e_tables import CALL_TIMEOUT, KINDS, Game, Watcher, check_history  # noqa: E402
from tables_common import expect, load_stubs  # noqa: E402

MAX_GAMES = 30


class StubArgs:
    def __init__(self, proto_dir, protoc, grpc_python_plugin):
        self.proto_dir, self.protoc, self.grpc_python_plugin = proto_dir, protoc, grpc_python_plugin


def play_until_a_pass(address, proto_dir, protoc, grpc_python_plugin, work):
    """Plays random games of reversi at one table; returns (games, moves,
    passes, most cells one move changed)."""
    stubs_dir = os.path.join(work, "stubs")
    os.makedirs(stubs_dir, exist_ok=True)
    grpc, pb, stubs = load_stubs(StubArgs(proto_dir, protoc, grpc_python_plugin), stubs_dir)
    for name, number in pb.TableEvent.Kind.items():
        KINDS[number] = name
    g = Game(grpc, pb, stubs, address, random.Random(19))
    spectator = None
    try:
        created = g.tables[1].CreateTable(pb.CreateTableRequest(
            game_id="reversi", seats=[pb.SeatPlan(kind=pb.SeatPlan.PERSON)] * 2,
            player=pb.Player(name="Ana", device_id=g.devices[1])), timeout=CALL_TIMEOUT)
        g.table_id = created.table.table_id
        g.tokens[1] = created.ticket.token
        spectator = Watcher(grpc, g.spectator_tables, pb, g.table_id)
        joined = g.tables[2].JoinTable(pb.JoinTableRequest(
            table=pb.TableRef(invite_code=created.table.invite_code),
            player=pb.Player(name="Bruno", device_id=g.devices[2])), timeout=CALL_TIMEOUT)
        g.tokens[2] = joined.ticket.token

        games = moves = passes = widest = 0
        played = []  # (version, notation) of every Play answered
        while passes == 0:
            expect(games < MAX_GAMES, "no pass in %d random games of reversi" % MAX_GAMES)
            games += 1
            while True:
                table = g.get()
                if table.phase != pb.Table.PLAYING:
                    break
                seat = table.state.seat_to_move
                legal = g.legal(seat, table)
                notations = [m.notation for m in legal]
                if "pass" in notations:
                    expect(notations == ["pass"], "a pass offered beside squares: %s" % notations)
                    expect(not legal[0].cells, "a pass marks cells: %s" % list(legal[0].cells))
                answer = g.play(seat, avoid_end=False)
                moves += 1
                played.append((answer.version, answer.move.notation))
                changed = list(answer.table.state.view.last_move_cells)
                if answer.move.notation == "pass":
                    passes += 1
                    expect(not changed, "a pass changed cells %s" % changed)
                else:
                    # The disc placed first, then each disc it flipped: at least one.
                    expect(len(changed) >= 2 and changed[0] == answer.move.cells[0],
                           "move %s changed %s" % (answer.move.notation, changed))
                    widest = max(widest, len(changed))
            summary = table.state.outcome.summary
            expect({"black", "white"} <= {a.name for a in summary.args},
                   "the outcome gives no count of discs: %s" % summary)
            if passes == 0:
                g.tables[1].NextGame(pb.GameRequest(
                    table_id=g.table_id, token=g.tokens[1], game_number=table.state.game_number),
                    timeout=CALL_TIMEOUT)

        # The spectator saw every move once, in order, passes included.
        last_version = played[-1][0]
        spectator.wait_for(lambda e: e.version >= last_version, 10, "the last move")
        check_history(spectator.events, pb, "the spectator of reversi")
        seen = [(e.version, e.move.notation) for _, e in spectator.events if e.kind == pb.TableEvent.MOVE]
        expect(seen == played, "the spectator saw %d moves, the players played %d" % (len(seen), len(played)))
        return games, moves, passes, widest
    finally:
        if spectator:
            spectator.close()
        g.close()
