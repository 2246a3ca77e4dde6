"""Reversi, the third game, built the way an outside team builds one.

1. `cmake --install` this build into a fresh temporary prefix.
2. Configure and build examples/reversi_plugin (copied out of the tree)
   against that prefix alone, and prove that nothing of its build names the
   source or the build tree.
3. Run its own tests: perft against the published figures, the
   differential test against the naive engine, Experto against a random
   player, and the plugin through its entry table.
4. Start the installed game-host with libreversi.so beside the first-party
   plugins and play CPU-against-CPU demos of uttt, tictactoe and reversi in
   the installed game-client, each to its result.
5. Two people play reversi in the installed game-client, typing moves up to
   a position where Black must pass: a square typed then is refused, the
   pass is played, and White's pass after it is refused in the game's words.
6. Play reversi at a table of that host, with stubs made from the installed
   protos: two players and a spectator, until a player has had to pass
   (reversi_table_game.py).
7. With --web-client: the same host serves the installed browser client,
   and two browsers and a spectator play reversi in it up to a forced pass
   (examples/web_client/tests/installed/reversi.spec.ts, in chromium).
"""
import argparse
import os
import shutil
import sys

from reversi_table_game import play_until_a_pass
from sdk_harness import (build_outside, check_exports, clean_env, install, installed_host,
                         installed_plugin_dir, play_demo, play_typed, run, temporary_folder)

# Eight moves after which Black has no square that flips a disc, while
# White still has one: Black must pass, and the game goes on.
TO_A_PASS = ["c4", "c3", "e6", "b4", "a4", "a5", "b2", "a3"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--cmake", required=True)
    parser.add_argument("--ctest", required=True)
    parser.add_argument("--generator", default="Unix Makefiles")
    parser.add_argument("--protoc", required=True)
    parser.add_argument("--grpc-python-plugin", required=True)
    parser.add_argument("--web-client", help="the browser client's source, to test it in chromium")
    args = parser.parse_args()
    source, build = os.path.realpath(args.source), os.path.realpath(args.build)
    forbidden = [source, build]
    env = clean_env()

    with temporary_folder(forbidden, "club-reversi-test-") as tmp:
        prefix = os.path.join(tmp, "prefix")
        install(args.cmake, build, prefix, forbidden, env)

        reversi_build = build_outside(
            args.cmake, args.generator, os.path.join(source, "examples", "reversi_plugin"),
            tmp, "reversi", prefix, forbidden, env)
        plugin = os.path.join(reversi_build, "libreversi.so")
        if not os.path.exists(plugin):
            sys.exit("no libreversi.so in " + reversi_build)
        check_exports(plugin)

        print(run([args.ctest, "--test-dir", reversi_build, "--output-on-failure", "-V"],
                  env=env), flush=True)

        shutil.copy(plugin, installed_plugin_dir(prefix))
        with installed_host(prefix, tmp, env, games=3, web=True) as (address, web_url):
            for game in ("uttt", "tictactoe", "reversi"):
                transcript = play_demo(prefix, address, game, tmp, env)
                if game == "reversi" and "discs" not in transcript.splitlines()[-1]:
                    sys.exit("the reversi result does not give the count of discs")
            # Black's square is refused, Black passes, and White, who has a
            # square, cannot pass in turn.
            typed = play_typed(prefix, address, "reversi", TO_A_PASS + ["h8", "pass", "pass", "quit"],
                               tmp, env, "--mode", "two", "--names", "Ana,Bruno")
            for said in ("Move 9 · Black has no move and must pass",
                         "You can’t play at h8 now: Black has no move and must pass.",
                         "B: Ana plays pass.", "Move 10 · White to move",
                         "You have a move, so you cannot pass."):
                if said not in typed:
                    sys.exit("game-client did not say %r:\n%s" % (said, typed[-4000:]))
            print("reversi in the terminal client: a square refused, a pass played, a pass refused",
                  flush=True)

            proto_dir = os.path.join(prefix, "share", "boardgame", "proto")
            games, moves, passes, widest = play_until_a_pass(
                address, proto_dir, args.protoc, args.grpc_python_plugin, tmp)
            print("reversi at a table: %d game(s), %d moves, %d pass(es), up to %d cells changed by one "
                  "move; the spectator saw each move once" % (games, moves, passes, widest), flush=True)

            if args.web_client:
                print(run(["npm", "exec", "--offline", "--", "playwright", "test", "--project",
                           "installed"], cwd=args.web_client,
                          env=dict(os.environ, CLUB_HOST_URL=web_url,
                                   CLUB_TEST_OUTPUT=os.path.join(tmp, "playwright"))),
                      flush=True)
    print("ok")


if __name__ == "__main__":
    main()
