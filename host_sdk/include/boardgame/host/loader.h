// Loads every game plugin in a folder. A file that cannot serve is refused
// with a reason and the others are loaded regardless.
#pragma once

#include <filesystem>
#include <initializer_list>
#include <string>
#include <vector>

#include "boardgame/host/game_plugin.h"

namespace boardgame::host {

// What became of one file of the folder.
struct LoadNote {
  std::filesystem::path file;
  std::string game_id;  // when known
  bool loaded = false;
  std::string reason;  // why it was refused; empty when loaded
};

struct LoadResult {
  std::vector<GamePlugin> games;  // in file-name order, ids unique
  std::vector<LoadNote> notes;    // one per file, in file-name order
};

// Loads every regular file of `folder` (not recursing), in file-name order.
// A file is refused when it is not a shared library, exports no entry table,
// speaks another ABI version, repeats a game id already loaded, or fails its
// first calls (DescribeGame, and Setup with default settings). Throws
// std::filesystem::filesystem_error when the folder cannot be read.
LoadResult load_plugins(const std::filesystem::path& folder);

// The plugin folder of this installation, found from the running
// program's own folder, or empty when there is none. Installed, that is the
// package's plugin folder (bin/../lib/club-games/plugins); in a build tree,
// build/plugins beside build/bin. Relative to the program, not to a prefix
// fixed at build time, so a staged or relocated install finds its own.
std::string default_plugin_folder();

// The first of `relatives` (paths from this program's folder) that is a
// folder, normalized; empty when none is.
std::string folder_beside_program(std::initializer_list<const char*> relatives);

// One line per note, for a log: "loaded uttt from ..." or "refused ...: why".
std::string describe(const LoadNote& note);

}  // namespace boardgame::host
