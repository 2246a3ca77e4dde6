"""The installed SDK, as an author outside this repository uses it.

1. `cmake --install` this build into a fresh temporary prefix.
2. Configure and build out_of_tree_plugin/ (copied out of the tree) with
   CMAKE_PREFIX_PATH=<prefix> and nothing else, then prove that none of its
   build files, nor the installed CMake and pkg-config files, name the source
   or the build tree.
3. Build a tiny host from boardgame.pc alone and let it load the plugins.
4. Start the installed game-host without --plugins (its default folder, with
   the new plugin copied in) and play a CPU-against-CPU demo of uttt,
   tictactoe and the new game in the installed game-client.

The steps themselves live in sdk_harness.py, shared with reversi_sdk_test.py.
"""
import argparse
import glob
import os
import shutil
import sys

from sdk_harness import (build_outside, check_exports, clean_env, install, installed_host,
                         installed_plugin_dir, play_demo, run, temporary_folder)

HOST_SOURCE = r"""
#include <iostream>
#include "boardgame/host/loader.h"
int main(int argc, char** argv) {
  auto loaded = boardgame::host::load_plugins(argv[1]);
  for (const auto& g : loaded.games) std::cout << g.game_id() << "\n";
  return loaded.games.empty() ? 1 : 0;
}
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--cmake", required=True)
    parser.add_argument("--generator", default="Unix Makefiles")
    args = parser.parse_args()
    source, build = os.path.realpath(args.source), os.path.realpath(args.build)
    forbidden = [source, build]
    env = clean_env()

    with temporary_folder(forbidden, "club-sdk-test-") as tmp:
        # 1. The installed package names nothing of the tree.
        prefix = os.path.join(tmp, "prefix")
        install(args.cmake, build, prefix, forbidden, env)

        # 2. The out-of-tree plugin, from a copy outside the tree.
        plugin_build = build_outside(
            args.cmake, args.generator, os.path.join(source, "tests", "sdk", "out_of_tree_plugin"),
            tmp, "plugin", prefix, forbidden, env)
        plugin = glob.glob(os.path.join(plugin_build, "liblast_cell.so"))
        if not plugin:
            sys.exit("no liblast_cell.so in " + plugin_build)
        check_exports(plugin[0])
        plugin_dir = installed_plugin_dir(prefix)
        shutil.copy(plugin[0], plugin_dir)

        # 3. A host built from boardgame.pc alone.
        pc_env = dict(env, PKG_CONFIG_PATH=":".join(
            glob.glob(os.path.join(prefix, "lib*", "**", "pkgconfig"), recursive=True)))
        flags = run(["pkg-config", "--cflags", "--libs", "boardgame"], env=pc_env).split()
        if any(source in f for f in flags):
            sys.exit("boardgame.pc names the tree: %s" % flags)
        host_cpp = os.path.join(tmp, "tiny_host.cpp")
        with open(host_cpp, "w") as f:
            f.write(HOST_SOURCE)
        tiny_host = os.path.join(tmp, "tiny_host")
        libdir = [f[2:] for f in flags if f.startswith("-L")][0]
        run(["g++", "-std=c++17", host_cpp, "-o", tiny_host] + flags +
            ["-Wl,-rpath," + libdir], env=env)
        games = run([tiny_host, plugin_dir], env=env).split()
        if sorted(games) != ["last_cell", "tictactoe", "uttt"]:
            sys.exit("the pkg-config host loaded %s" % games)

        # 4. The installed host and client.
        with installed_host(prefix, tmp, env, games=3) as address:
            for game in ("uttt", "tictactoe", "last_cell"):
                play_demo(prefix, address, game, tmp, env)
    print("ok")


if __name__ == "__main__":
    main()
