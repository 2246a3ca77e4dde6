"""End to end: both games of build/plugins served by one real game-host.

A Python client that knows nothing but the .proto files (stubs generated
at test time, with the host tests' helpers in tests/host/e2e_play.py)
lists the games, finds tic-tac-toe next to ultimate tic-tac-toe, and plays
whole games of each with the same game-agnostic loop: tic-tac-toe against
the CPU at Experto, which must never lose, and ultimate tic-tac-toe between
two random players. It also checks tic-tac-toe's schema, names and refusals
as a client sees them, and stops the host with SIGTERM.
"""

import argparse
import os
import random
import signal
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "host"))
import e2e_play  # noqa: E402  generate_stubs, start_host, expect, error_detail

expect = e2e_play.expect


def play_whole_game(stub, pb, game_id, choose, game_number=1):
    """Plays one game of any served game to its end from the proto alone.

    choose(state, moves) picks one of the listed moves for the seat to move.
    """
    state = stub.Setup(pb.SetupRequest(game_id=game_id, game_number=game_number), timeout=5).state
    size = state.view.rows * state.view.columns
    expect(size > 0 and state.view.cells == "." * size, "%s starts empty" % game_id)
    plies = 0
    while state.seat_to_move:
        moves = stub.ListMoves(pb.ListMovesRequest(state=state), timeout=5).moves
        expect(sorted(c for m in moves for c in m.cells) == list(state.view.playable_cells),
               "moves and playable cells agree")
        side = state.view.side_to_move
        move = choose(state, moves)
        reply = stub.ApplyMove(
            pb.ApplyMoveRequest(state=state, seat=state.seat_to_move, move_id=move.id), timeout=5)
        expect(reply.move == move, "the move played is the move chosen")
        state = reply.state
        expect(list(state.view.last_move_cells) == list(move.cells), "last move shown")
        expect(all(state.view.cells[c] == side for c in move.cells), "the mover's mark is down")
        plies += 1
        expect(plies <= size, "%s lasts at most %d moves" % (game_id, size))

    outcome = stub.GetOutcome(pb.GetOutcomeRequest(state=state), timeout=5)
    expect(outcome.over and outcome.outcome == state.outcome, "outcome")
    scores = sorted(r.score for r in outcome.outcome.results)
    expect(scores in ([0.0, 1.0], [0.5, 0.5]), "scores %s" % scores)
    expect(state.view.status == state.outcome.summary, "status shows the outcome")
    return state, plies


def random_player(rng):
    return lambda state, moves: rng.choice(moves)


def experto_for(stub, pb, seat, other, rng):
    """Seat `seat` plays the CPU's Experto suggestions, the other seat `other`."""
    def choose(state, moves):
        if state.seat_to_move != seat:
            return other(state, moves)
        reply = stub.SuggestMove(pb.SuggestMoveRequest(
            state=state, level=pb.SuggestMoveRequest.EXPERTO, seed=rng.getrandbits(64)), timeout=5)
        expect(reply.move in moves, "Experto suggests a listed move")
        return reply.move
    return choose


def check_listing(stub, pb):
    games = {g.id: g for g in stub.ListGames(pb.ListGamesRequest(locale="en"), timeout=5).games}
    expect(set(games) == {"tictactoe", "uttt"}, "both games listed: %s" % sorted(games))
    ttt = games["tictactoe"]
    expect(ttt.name == "Tic-tac-toe" and list(ttt.sides) == ["X", "O"], "tic-tac-toe described")
    expect([s.id for s in ttt.settings] == ["players", "time_per_turn", "player_leaves", "draws",
                                            "rules_origin", "alternate_first_turn"],
           "tic-tac-toe settings %s" % [s.id for s in ttt.settings])
    alternate = ttt.settings[5]
    expect(alternate.category == pb.SettingSpec.LOCAL_RULE and alternate.default_value.flag
           and alternate.changeable, "alternate first turn: a local rule, on by default")
    names = {g.id: g.name for g in stub.ListGames(pb.ListGamesRequest(locale="es"), timeout=5).games}
    expect(names["tictactoe"] == "Tres en raya", "Spanish name %r" % names["tictactoe"])


def check_refusals(stub, pb, grpc):
    state = stub.Setup(pb.SetupRequest(game_id="tictactoe"), timeout=5).state
    state = stub.ApplyMove(pb.ApplyMoveRequest(state=state, seat=1, move_id=4), timeout=5).state
    for move_id, code, reason, args in ((4, grpc.StatusCode.FAILED_PRECONDITION, "cell_occupied",
                                         [("cell", "5")]),
                                        (9, grpc.StatusCode.INVALID_ARGUMENT, "not_a_cell",
                                         [("move", "9")])):
        try:
            stub.ApplyMove(pb.ApplyMoveRequest(state=state, seat=2, move_id=move_id), timeout=5)
            raise AssertionError("move id %d was accepted" % move_id)
        except grpc.RpcError as error:
            expect(error.code() == code, "move id %d: %s" % (move_id, error.code()))
            detail = e2e_play.error_detail(error, pb)
            expect(detail.reason == reason, "reason %s" % detail.reason)
            expect([(a.name, a.value) for a in detail.args] == args, "args %s" % detail.args)
    try:
        stub.Setup(pb.SetupRequest(game_id="tictactoe", settings=[
            pb.Setting(id="early_draw", value=pb.SettingValue(flag=True))]), timeout=5)
        raise AssertionError("a variant of ultimate tic-tac-toe was accepted")
    except grpc.RpcError as error:
        expect(error.code() == grpc.StatusCode.INVALID_ARGUMENT, "unknown setting status")
        expect(e2e_play.error_detail(error, pb).reason == "unknown_setting", "unknown setting")


def main():
    parser = argparse.ArgumentParser()
    for flag in ("--game-host", "--plugins", "--proto-dir", "--protoc", "--grpc-python-plugin"):
        parser.add_argument(flag, required=True)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as stubs:
        e2e_play.generate_stubs(args, stubs)
        import grpc
        from boardgame.v1 import error_detail_pb2, game_service_pb2, game_service_pb2_grpc, \
            game_state_pb2, settings_pb2
        pb = argparse.Namespace(**{name: getattr(module, name)
                                   for module in (error_detail_pb2, game_service_pb2,
                                                  game_state_pb2, settings_pb2)
                                   for name in dir(module) if not name.startswith("_")})

        host, address = e2e_play.start_host(args)
        try:
            with grpc.insecure_channel(address) as channel:
                stub = game_service_pb2_grpc.GameServiceStub(channel)
                check_listing(stub, pb)
                rng = random.Random(7)
                # Game 1: seat 1 opens with X; game 2: seat 2 does. Seat 2 is
                # the CPU, so it plays O, then X.
                for number in (1, 2, 3, 4):
                    ttt, ttt_plies = play_whole_game(
                        stub, pb, "tictactoe", experto_for(stub, pb, 2, random_player(rng), rng),
                        game_number=number)
                    expect(ttt.view.rows == 3 and ttt.view.columns == 3, "a 3x3 grid")
                    expect(ttt.side_seats[0] == (1 if number % 2 else 2), "who opens")
                    cpu = next(r for r in ttt.outcome.results if r.seat == 2)
                    expect(cpu.result != pb.SeatResult.LOSS, "Experto lost game %d" % number)
                uttt, uttt_plies = play_whole_game(stub, pb, "uttt", random_player(rng))
                check_refusals(stub, pb, grpc)
        finally:
            host.send_signal(signal.SIGTERM)
            _, log = host.communicate(timeout=30)
        expect(host.returncode == 0, "game-host exit code %d" % host.returncode)
        expect("loaded game 'tictactoe'" in log and "loaded game 'uttt'" in log, log)
        print("tic-tac-toe: %d moves, %s; ultimate tic-tac-toe: %d moves, %s"
              % (ttt_plies, ttt.view.status.key, uttt_plies, uttt.view.status.key))


if __name__ == "__main__":
    main()
