#include "boardgame/host/loader.h"

#include <algorithm>
#include <boost/dll/library_info.hpp>
#include <boost/dll/shared_library.hpp>
#include <stdexcept>

#include "boardgame/host/status_names.h"
#include "boardgame/v1/game_service.pb.h"
#include "elf_needed.h"

namespace boardgame::host {

namespace fs = std::filesystem;

namespace {

struct Refused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Reads the symbol table without running the file's code: only a library
// that exports the entry table in its section gets loaded.
void check_exports_entry(const fs::path& file) {
  std::vector<std::string> symbols;
  try {
    boost::dll::library_info info(file);
    symbols = info.symbols(BOARDGAME_ENTRY_SECTION_NAME);
  } catch (const std::exception&) {
    throw Refused("not a shared library");
  }
  if (std::find(symbols.begin(), symbols.end(), BOARDGAME_ENTRY_NAME) == symbols.end())
    throw Refused("no game plugin entry point: the library exports no '" +
                  std::string(BOARDGAME_ENTRY_NAME) + "' in section '" +
                  BOARDGAME_ENTRY_SECTION_NAME + "'");
}

// A plugin built against another minor version of the SDK needs another
// libboardgame_proto (its soname carries major.minor). Were that library
// installed too, loading the plugin would bring a second copy of the
// generated code into the process, which aborts it ("File already exists in
// database"). So it is refused from its file, before it is loaded.
void check_proto_library(const fs::path& file) {
  constexpr std::string_view kProtoLibrary = "libboardgame_proto.so";
  for (const std::string& needed : needed_libraries(file))
    if (needed.rfind(kProtoLibrary, 0) == 0 && needed != CLUB_PROTO_SONAME)
      throw Refused("built against another SDK: it needs " + needed + ", this host has " +
                    CLUB_PROTO_SONAME + "; rebuild it against this host's SDK");
}

GamePlugin open(const fs::path& file) {
  check_exports_entry(file);
  check_proto_library(file);
  std::shared_ptr<boost::dll::shared_library> library;
  try {
    library = std::make_shared<boost::dll::shared_library>(
        file, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
  } catch (const std::exception& e) {
    throw Refused(std::string("cannot be loaded: ") + e.what());
  }
  const auto& entry = library->get_alias<const BoardgamePlugin>(BOARDGAME_ENTRY_NAME);
  if (entry.abi_version != BOARDGAME_ABI_VERSION)
    throw Refused("wrong plugin ABI version: built for version " +
                  std::to_string(entry.abi_version) + ", this host speaks version " +
                  std::to_string(BOARDGAME_ABI_VERSION));
  if (!entry.game_id || !*entry.game_id) throw Refused("the entry table names no game id");
  const bool complete = entry.describe_game && entry.setup && entry.list_moves &&
                        entry.apply_move && entry.resign && entry.get_outcome &&
                        entry.suggest_move && (entry.abi_revision < 1 || entry.get_rules) &&
                        (entry.abi_revision < 2 || entry.agree_draw);
  if (!complete)
    throw Refused("the entry table of game '" + std::string(entry.game_id) +
                  "' lacks some of its calls");
  return GamePlugin(std::move(library), entry, file);
}

// A plugin must at least describe itself and start a game with default
// settings before the host serves it.
void probe(const GamePlugin& plugin) {
  auto refuse = [](const char* call, const grpc::Status& s) {
    throw Refused(std::string("its calls fail: ") + call + " returned " +
                  status_name(s.error_code()) + ": " + s.error_message());
  };
  v1::DescribeGameRequest describe;
  describe.set_game_id(plugin.game_id());
  describe.set_locale("en");
  v1::DescribeGameResponse info;
  // GamePlugin::call refuses an answer about another game, so a plugin
  // whose DescribeGame or first state names another id is refused here.
  if (auto s = plugin.call(&BoardgamePlugin::describe_game, describe, &info); !s.ok())
    refuse("DescribeGame", s);
  v1::SetupRequest setup;
  setup.set_game_id(plugin.game_id());
  v1::SetupResponse started;
  if (auto s = plugin.call(&BoardgamePlugin::setup, setup, &started); !s.ok()) refuse("Setup", s);
}

}  // namespace

LoadResult load_plugins(const fs::path& folder) {
  std::vector<fs::path> files;
  for (const fs::directory_entry& e : fs::directory_iterator(folder))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());

  LoadResult result;
  for (const fs::path& file : files) {
    LoadNote note;
    note.file = file;
    try {
      GamePlugin plugin = open(file);
      note.game_id = plugin.game_id();
      for (const GamePlugin& other : result.games)
        if (other.game_id() == plugin.game_id())
          throw Refused("duplicate game id '" + plugin.game_id() + "', already served from " +
                        other.file().string());
      probe(plugin);
      note.loaded = true;
      result.games.push_back(std::move(plugin));
    } catch (const Refused& e) {
      note.reason = e.what();
    }
    result.notes.push_back(std::move(note));
  }
  return result;
}

std::string describe(const LoadNote& note) {
  if (note.loaded) return "loaded game '" + note.game_id + "' from " + note.file.string();
  return "refused " + note.file.string() + ": " + note.reason;
}

std::string folder_beside_program(std::initializer_list<const char*> relatives) {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  for (const char* relative : relatives) {
    const fs::path candidate = (self.parent_path() / relative).lexically_normal();
    if (fs::is_directory(candidate, ec)) return candidate.string();
  }
  return {};
}

std::string default_plugin_folder() { return folder_beside_program({CLUB_PLUGIN_DIRS_FROM_BIN}); }

}  // namespace boardgame::host
