// The loader: the real plugin loads, each kind of broken plugin is refused
// with its reason while the others are still served, and a plugin's library
// stays loaded exactly as long as something from it lives.
#include <dlfcn.h>

#include <algorithm>
#include <optional>

#include "boardgame/host/loader.h"
#include "test_host.h"

namespace host_test {
namespace {

using boardgame::host::LoadNote;
using boardgame::host::load_plugins;

const LoadNote& note_for(const boardgame::host::LoadResult& result, const std::string& file) {
  for (const LoadNote& note : result.notes)
    if (note.file.filename() == file) return note;
  throw std::runtime_error("no note for " + file);
}

// Loads a folder holding one broken file and the real plugin: the real one
// must still be served.
boardgame::host::LoadResult load_with_uttt(const PluginFolder& folder) {
  folder.add(UTTT_PLUGIN);
  auto result = load_plugins(folder.path());
  EXPECT_EQ(result.games.size(), 1u);
  EXPECT_EQ(result.games.at(0).game_id(), "uttt");
  EXPECT_EQ(result.notes.size(), 2u);
  return result;
}

TEST(Loader, LoadsTheRealPlugin) {
  PluginFolder folder;
  folder.add(UTTT_PLUGIN);
  const auto result = load_plugins(folder.path());
  ASSERT_EQ(result.games.size(), 1u);
  const auto& game = result.games[0];
  EXPECT_EQ(game.game_id(), "uttt");
  EXPECT_EQ(game.entry().abi_version, BOARDGAME_ABI_VERSION);
  ASSERT_EQ(result.notes.size(), 1u);
  EXPECT_TRUE(result.notes[0].loaded);
  EXPECT_EQ(boardgame::host::describe(result.notes[0]),
            "loaded game 'uttt' from " + (folder.path() / fs::path(UTTT_PLUGIN).filename()).string());

  v1::DescribeGameRequest request;
  request.set_game_id("uttt");
  v1::DescribeGameResponse response;
  ASSERT_TRUE(game.call(&BoardgamePlugin::describe_game, request, &response).ok());
  EXPECT_EQ(response.game().id(), "uttt");
  EXPECT_EQ(response.game().max_players(), 2u);
}

TEST(Loader, RefusesAFileThatIsNotALibrary) {
  PluginFolder folder;
  folder.write("README.so", "plugins go here\n");
  const auto result = load_with_uttt(folder);
  const LoadNote& note = note_for(result, "README.so");
  EXPECT_FALSE(note.loaded);
  EXPECT_EQ(note.reason, "not a shared library");
}

TEST(Loader, RefusesEachBrokenPlugin) {
  struct Case {
    const char* library;
    const char* file;  // its name in the folder
    const char* reason;
  };
  // Files load in name order, so the duplicate comes after the real plugin.
  const Case cases[] = {
      {FIXTURE_NO_ENTRY, "no_entry.so", "no game plugin entry point"},
      {FIXTURE_WRONG_ABI, "wrong_abi.so",
       "wrong plugin ABI version: built for version 99, this host speaks version 1"},
      {FIXTURE_DUPLICATE, "zz_second_uttt.so", "duplicate game id 'uttt', already served from "},
      {FIXTURE_FAILING, "failing.so",
       "its calls fail: DescribeGame returned INTERNAL: this fixture always fails"},
      {FIXTURE_OTHER_SDK, "other_sdk.so",
       "built against another SDK: it needs libboardgame_proto.so.0.0, this host has "
       "libboardgame_proto.so."},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.file);
    PluginFolder folder;
    folder.add(c.library, c.file);
    const auto result = load_with_uttt(folder);
    const LoadNote& note = note_for(result, c.file);
    EXPECT_FALSE(note.loaded);
    EXPECT_NE(note.reason.find(c.reason), std::string::npos) << note.reason;
    EXPECT_EQ(boardgame::host::describe(note),
              "refused " + (folder.path() / c.file).string() + ": " + note.reason);
  }
}

TEST(Loader, ServesTheGoodPluginsOfAMixedFolder) {
  PluginFolder folder;
  folder.add(UTTT_PLUGIN);
  folder.add(FIXTURE_NO_ENTRY);
  folder.add(FIXTURE_WRONG_ABI);
  folder.add(FIXTURE_DUPLICATE, "zz_second_uttt.so");
  folder.add(FIXTURE_FAILING);
  folder.add(FIXTURE_JUNK_LATER);
  folder.write("notes.txt", "not a library");
  const auto result = load_plugins(folder.path());

  std::vector<std::string> served;
  for (const auto& g : result.games) served.push_back(g.game_id());
  std::sort(served.begin(), served.end());
  EXPECT_EQ(served, (std::vector<std::string>{"junk_later", "uttt"}));
  ASSERT_EQ(result.notes.size(), 7u);
  EXPECT_EQ(note_for(result, "notes.txt").reason, "not a shared library");
  for (std::size_t i = 1; i < result.notes.size(); ++i)
    EXPECT_LT(result.notes[i - 1].file, result.notes[i].file);
}

TEST(Loader, MissingFolderThrows) {
  EXPECT_THROW(load_plugins("/nonexistent/club/plugins"), fs::filesystem_error);
}

bool library_is_loaded(const char* file) {
  void* handle = dlopen(file, RTLD_LAZY | RTLD_NOLOAD);
  if (!handle) return false;
  dlclose(handle);
  return true;
}

TEST(Loader, KeepsTheLibraryWhileAPluginCopyLives) {
  // A raw-ABI fixture: it holds no state that would pin it in memory.
  const fs::path library = FIXTURE_JUNK_LATER;
  ASSERT_FALSE(library_is_loaded(library.c_str()));
  PluginFolder folder;
  folder.add(library);
  const fs::path linked = folder.path() / library.filename();
  std::optional<boardgame::host::GamePlugin> kept;
  {
    auto result = load_plugins(folder.path());
    ASSERT_EQ(result.games.size(), 1u);
    kept = result.games[0];
  }
  // The load result is gone; the copy still holds the library.
  EXPECT_TRUE(library_is_loaded(linked.c_str()));
  v1::DescribeGameRequest request;
  v1::DescribeGameResponse response;
  EXPECT_TRUE(kept->call(&BoardgamePlugin::describe_game, request, &response).ok());
  EXPECT_EQ(response.game().id(), "junk_later");
  kept.reset();
  EXPECT_FALSE(library_is_loaded(linked.c_str()));
}

}  // namespace
}  // namespace host_test
