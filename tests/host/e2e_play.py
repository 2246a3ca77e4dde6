"""End to end: the real game-host process, driven from Python.

The client stubs are generated from proto/ at test time, so this proves a
client knowing nothing but the .proto files can play a whole game: it
starts game-host on a free port, checks the health and reflection
services, plays a full game of ultimate tic-tac-toe choosing among the
legal moves the server lists, reads the outcome, makes the server refuse an
illegal move with a machine-readable reason, and stops the host with
SIGTERM.
"""

import argparse
import glob
import os
import random
import signal
import subprocess
import sys
import tempfile


def generate_stubs(args, out_dir):
    protos = sorted(glob.glob(os.path.join(args.proto_dir, "boardgame", "v1", "*.proto")))
    subprocess.run(
        [args.protoc, "-I", args.proto_dir, "--python_out", out_dir, "--grpc_python_out", out_dir,
         "--plugin=protoc-gen-grpc_python=" + args.grpc_python_plugin] + protos,
        check=True)
    sys.path.insert(0, out_dir)


def start_host(args):
    host = subprocess.Popen(
        [args.game_host, "--listen", "127.0.0.1:0", "--plugins", args.plugins,
         "--store", "memory"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = host.stdout.readline().strip()
    prefix = "listening on 127.0.0.1:"
    if not line.startswith(prefix):
        host.kill()
        raise SystemExit("game-host did not start: %r %s" % (line, host.stderr.read()))
    return host, "127.0.0.1:" + line[len(prefix):]


def expect(condition, what):
    if not condition:
        raise AssertionError(what)


def error_detail(error, pb):
    for key, value in error.trailing_metadata() or ():
        if key == "boardgame-error-bin":
            return pb.ErrorDetail.FromString(value)
    raise AssertionError("no ErrorDetail in %s" % error)


def check_standard_services(channel):
    # grpc.health.v1.Health/Check with an empty request: status SERVING (1).
    check = channel.unary_unary("/grpc.health.v1.Health/Check")
    expect(check(b"", timeout=5) == b"\x08\x01", "health check not SERVING")
    # Server reflection: list_services (field 7) names the game service.
    reflect = channel.stream_stream("/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo")
    answer = b"".join(reflect(iter([b"\x3a\x00"]), timeout=5))
    expect(b"boardgame.v1.GameService" in answer, "reflection does not list GameService")


def play_game(stub, pb, rng):
    games = stub.ListGames(pb.ListGamesRequest(locale="en"), timeout=5).games
    info = next(g for g in games if g.id == "uttt")
    expect(list(info.sides) == ["X", "O"], "sides")
    expect({s.id for s in info.settings} >= {"alternate_first_turn", "early_draw", "open_boards",
                                             "draw_counts_both", "fast_game"}, "settings")

    # Game 2 of a series: with alternate first turn on, seat 2 opens with X.
    state = stub.Setup(pb.SetupRequest(game_id="uttt", game_number=2), timeout=5).state
    expect(list(state.side_seats) == [2, 1] and state.seat_to_move == 2, "seat 2 opens game 2")
    expect(state.view.cells == "." * 81 and len(state.view.playable_cells) == 81, "empty board")

    plies = 0
    while state.seat_to_move:
        moves = stub.ListMoves(pb.ListMovesRequest(state=state), timeout=5).moves
        expect(sorted(c for m in moves for c in m.cells) == list(state.view.playable_cells),
               "moves and playable cells agree")
        move = rng.choice(moves)
        reply = stub.ApplyMove(
            pb.ApplyMoveRequest(state=state, seat=state.seat_to_move, move_id=move.id), timeout=5)
        expect(reply.move.notation == move.notation, "the move played is the move chosen")
        state = reply.state
        expect(list(state.view.last_move_cells) == list(move.cells), "last move shown")
        plies += 1
    expect(plies <= 81, "a game lasts at most 81 moves")

    outcome = stub.GetOutcome(pb.GetOutcomeRequest(state=state), timeout=5)
    expect(outcome.over and outcome.outcome == state.outcome, "outcome")
    scores = sorted(r.score for r in outcome.outcome.results)
    expect(scores in ([0.0, 1.0], [0.5, 0.5]), "scores %s" % scores)
    expect(state.view.status.key.startswith("outcome."), "status shows the outcome")
    return state, plies


def check_errors(stub, pb, grpc):
    state = stub.Setup(pb.SetupRequest(game_id="uttt"), timeout=5).state
    state = stub.ApplyMove(pb.ApplyMoveRequest(state=state, seat=1, move_id=40), timeout=5).state
    try:  # 1/1 while O must play in board 5
        stub.ApplyMove(pb.ApplyMoveRequest(state=state, seat=2, move_id=0), timeout=5)
        raise AssertionError("an illegal move was accepted")
    except grpc.RpcError as error:
        expect(error.code() == grpc.StatusCode.FAILED_PRECONDITION, "illegal move status")
        detail = error_detail(error, pb)
        expect(detail.reason == "wrong_board", "reason %s" % detail.reason)
        expect([(a.name, a.value) for a in detail.args] == [("destination", "5")], "args")
    try:
        stub.Setup(pb.SetupRequest(game_id="chess"), timeout=5)
        raise AssertionError("an unknown game was set up")
    except grpc.RpcError as error:
        expect(error.code() == grpc.StatusCode.NOT_FOUND, "unknown game status")
        expect(error_detail(error, pb).reason == "unknown_game", "unknown game reason")
    forged = pb.GameState()
    forged.CopyFrom(state)
    forged.view.cells = "X" * 81
    try:
        stub.ListMoves(pb.ListMovesRequest(state=forged), timeout=5)
        raise AssertionError("a forged state was accepted")
    except grpc.RpcError as error:
        expect(error.code() == grpc.StatusCode.INVALID_ARGUMENT, "forged state status")
        expect(error_detail(error, pb).reason == "bad_state", "forged state reason")


def check_usage(args):
    refused = subprocess.run([args.game_host, "--plugins", args.plugins, "--colour", "blue"],
                             capture_output=True, text=True)
    expect(refused.returncode == 2, "unknown flag exit code %d" % refused.returncode)
    expect("--colour" in refused.stderr and "Usage:" in refused.stderr, refused.stderr)


def main():
    parser = argparse.ArgumentParser()
    for flag in ("--game-host", "--plugins", "--proto-dir", "--protoc", "--grpc-python-plugin"):
        parser.add_argument(flag, required=True)
    args = parser.parse_args()
    check_usage(args)

    with tempfile.TemporaryDirectory() as stubs:
        generate_stubs(args, stubs)
        import grpc
        from boardgame.v1 import error_detail_pb2, game_service_pb2, game_service_pb2_grpc, \
            game_state_pb2
        pb = argparse.Namespace(**{name: getattr(module, name)
                                   for module in (error_detail_pb2, game_service_pb2, game_state_pb2)
                                   for name in dir(module) if not name.startswith("_")})

        host, address = start_host(args)
        try:
            with grpc.insecure_channel(address) as channel:
                check_standard_services(channel)
                stub = game_service_pb2_grpc.GameServiceStub(channel)
                state, plies = play_game(stub, pb, random.Random(2024))
                check_errors(stub, pb, grpc)
        finally:
            host.send_signal(signal.SIGTERM)
            _, log = host.communicate(timeout=30)
        expect(host.returncode == 0, "game-host exit code %d" % host.returncode)
        expect("loaded game 'uttt'" in log and "stopped" in log, log)
        print("played %d moves: %s; game-host stopped cleanly" % (plies, state.view.status.key))


if __name__ == "__main__":
    main()
