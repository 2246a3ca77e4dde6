"""A client built from the previous protos still plays against this host.

tests/compat/proto_before_0.1/ is boardgame.v1 as it was before the rule
pages' pictures and term bases were added (commit 41776cb), frozen. Python
stubs generated from it at test time drive the real game-host: both games
are played to the end through GameService, and every rules document, which
now carries fields and a section the old protos do not know, still reads as
a whole page. docs/host.md ("Compatibility") says why this must hold.
"""

import argparse
import os
import random
import signal
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "host"))
from e2e_play import expect, generate_stubs, start_host  # noqa: E402

GAMES = ("uttt", "tictactoe")


def play_to_the_end(stub, pb, game_id, rng):
    state = stub.Setup(pb.SetupRequest(game_id=game_id), timeout=5).state
    plies = 0
    while state.seat_to_move:
        moves = stub.ListMoves(pb.ListMovesRequest(state=state), timeout=5).moves
        expect(moves, "%s: no legal move listed at ply %d" % (game_id, plies))
        move = rng.choice(moves)
        reply = stub.ApplyMove(
            pb.ApplyMoveRequest(state=state, seat=state.seat_to_move, move_id=move.id), timeout=5)
        expect(reply.move.notation == move.notation, "%s: the move played is the move chosen" % game_id)
        state = reply.state
        plies += 1
    outcome = stub.GetOutcome(pb.GetOutcomeRequest(state=state), timeout=5)
    expect(outcome.over, "%s: the game is not over after %d plies" % (game_id, plies))
    total = sum(r.score for r in outcome.outcome.results)
    expect(total == 1.0, "%s: the scores add up to %s" % (game_id, total))
    return plies


def read_rules(stub, pb, game_id, locale):
    document = stub.GetRules(pb.GetRulesRequest(game_id=game_id, locale=locale), timeout=5).document
    expect(document.game_id == game_id and document.locale == locale,
           "%s/%s: the document is for %s/%s" % (game_id, locale, document.game_id, document.locale))
    expect(document.title and document.how_to_play.blocks,
           "%s/%s: no title or no rules of play" % (game_id, locale))
    # The pictures are blocks whose content the old protos do not know:
    # they arrive as empty blocks, beside the paragraphs the old client
    # shows as before.
    paragraphs = [b.paragraph for b in document.how_to_play.blocks if b.paragraph]
    expect(paragraphs, "%s/%s: no paragraph in how to play" % (game_id, locale))
    sections = (document.setup, document.how_to_play, document.how_to_win, document.draws,
                document.resigning)
    return sum(1 for section in sections for block in section.blocks
               if block.WhichOneof("content") is None)


def main():
    parser = argparse.ArgumentParser()
    for flag in ("--game-host", "--plugins", "--proto-dir", "--protoc", "--grpc-python-plugin"):
        parser.add_argument(flag, required=True)
    args = parser.parse_args()
    expect(not os.path.exists(os.path.join(args.proto_dir, "boardgame", "v1", "term_base.proto")),
           "the old protos must be the frozen ones, not proto/")

    with tempfile.TemporaryDirectory() as stubs:
        generate_stubs(args, stubs)
        import grpc
        from boardgame.v1 import game_service_pb2, game_service_pb2_grpc
        pb = game_service_pb2
        host, address = start_host(args)
        try:
            with grpc.insecure_channel(address) as channel:
                stub = game_service_pb2_grpc.GameServiceStub(channel)
                listed = {g.id for g in stub.ListGames(pb.ListGamesRequest(locale="en"), timeout=5).games}
                expect(set(GAMES) <= listed, "games listed: %s" % sorted(listed))
                rng = random.Random(7)
                pictures = 0
                for game_id in GAMES:
                    plies = [play_to_the_end(stub, pb, game_id, rng) for _ in range(3)]
                    print("%s: 3 games to the end with the old protos, %s plies" % (game_id, plies))
                    unknown = [read_rules(stub, pb, game_id, locale)
                               for locale in ("en", "es", "pt", "de")]
                    print("%s: rules read in en, es, pt, de; blocks unknown to the old protos "
                          "(pictures): %s" % (game_id, unknown))
                    pictures += sum(unknown)
                # The new fields did reach the old client, and it read on.
                expect(pictures > 0, "no rules page sent a picture: the test proves nothing")
        finally:
            host.send_signal(signal.SIGTERM)
            host.wait(timeout=10)
    expect(host.returncode == 0, "game-host exited with %s" % host.returncode)
    print("PASS")


if __name__ == "__main__":
    main()
