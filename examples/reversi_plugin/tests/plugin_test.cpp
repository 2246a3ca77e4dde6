// The built plugin as a host calls it, through its entry table: the rules
// documents of every language, the opening, a whole game with passes, the
// view of flipped discs, the score in the outcome, refusals with their
// reasons, and the CPU at each level. Usage: reversi_plugin_test <libreversi.so>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <algorithm>
#include <chrono>
#include <set>
#include <unistd.h>
#include <string>

#include "boardgame/host/loader.h"
#include "boardgame/v1/error_detail.pb.h"
#include "boardgame/v1/game_service.pb.h"
#include "boardgame/v1/rules_document.pb.h"
#include "engine/players.h"
#include "engine/random.h"

namespace {

namespace v1 = boardgame::v1;
namespace fs = std::filesystem;
using boardgame::host::GamePlugin;

int failures = 0;
#define EXPECT(cond)                                                      \
  do {                                                                    \
    if (!(cond)) {                                                        \
      std::fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                         \
    }                                                                     \
  } while (0)

const BoardgameCancel kNever{nullptr, [](void*) -> std::int32_t { return 0; }, -1};

std::set<std::string> ui_keys(const v1::RulesDocument& doc) {
  std::set<std::string> keys;
  for (const auto& s : doc.ui_strings()) keys.insert(s.key());
  return keys;
}

void check_documents(const GamePlugin& game) {
  std::set<std::string> english;
  for (const char* locale : {"en", "es", "pt-PT", "de-AT"}) {
    v1::GetRulesRequest req;
    req.set_game_id("reversi");
    req.set_locale(locale);
    v1::GetRulesResponse res;
    EXPECT(game.call(&BoardgamePlugin::get_rules, req, &res).ok());
    EXPECT(std::string(locale).substr(0, 2) == res.locale());
    EXPECT(res.document().has_platform());
    if (english.empty())
      english = ui_keys(res.document());
    else if (ui_keys(res.document()) != english) {
      std::fprintf(stderr, "%s: its UI string keys differ from English\n", locale);
      ++failures;
    }
  }
}

v1::GameState setup(const GamePlugin& game) {
  v1::SetupRequest req;
  req.set_game_id("reversi");
  req.set_game_number(1);
  v1::SetupResponse res;
  EXPECT(game.call(&BoardgamePlugin::setup, req, &res).ok());
  return res.state();
}

v1::ListMovesResponse moves(const GamePlugin& game, const v1::GameState& state) {
  v1::ListMovesRequest req;
  *req.mutable_state() = state;
  v1::ListMovesResponse res;
  EXPECT(game.call(&BoardgamePlugin::list_moves, req, &res).ok());
  return res;
}

grpc::Status apply(const GamePlugin& game, v1::GameState& state, std::uint32_t move) {
  v1::ApplyMoveRequest req;
  *req.mutable_state() = state;
  req.set_seat(state.seat_to_move());
  req.set_move_id(move);
  v1::ApplyMoveResponse res;
  grpc::Status status = game.call(&BoardgamePlugin::apply_move, req, &res);
  if (status.ok()) state = res.state();
  return status;
}

std::string reason(const grpc::Status& status) {
  v1::ErrorDetail detail;
  detail.ParseFromString(status.error_details());
  return detail.reason();
}

std::uint32_t suggest(const GamePlugin& game, const v1::GameState& state,
                      v1::SuggestMoveRequest::Level level) {
  v1::SuggestMoveRequest req;
  *req.mutable_state() = state;
  req.set_level(level);
  req.set_seed(7);
  req.set_iteration_budget(2000);
  v1::SuggestMoveResponse res;
  EXPECT(game.call(&BoardgamePlugin::suggest_move, req, kNever, &res).ok());
  return res.move().id();
}

void check_opening(const GamePlugin& game) {
  v1::GameState state = setup(game);
  const v1::BoardView& view = state.view();
  EXPECT(view.rows() == 8 && view.columns() == 8);
  EXPECT(view.cells().substr(24, 16) == "...WB......BW...");
  EXPECT(view.side_to_move() == "B");
  EXPECT(view.status().key() == "status.first_move");
  std::set<std::string> names;
  const v1::ListMovesResponse opening = moves(game, state);
  for (const v1::Move& m : opening.moves()) {
    names.insert(m.notation());
    EXPECT(m.cells_size() == 1 && m.cells(0) == m.id());
  }
  EXPECT((names == std::set<std::string>{"d3", "c4", "f5", "e6"}));

  EXPECT(reason(apply(game, state, 27)) == "cell_occupied");  // d4
  EXPECT(reason(apply(game, state, 0)) == "no_flip");         // a1
  EXPECT(reason(apply(game, state, 64)) == "cannot_pass");
  EXPECT(reason(apply(game, state, 65)) == "not_a_cell");
  EXPECT(apply(game, state, 19).ok());  // d3 flips d4
  EXPECT((std::set<std::uint32_t>(state.view().last_move_cells().begin(),
                                  state.view().last_move_cells().end()) ==
          std::set<std::uint32_t>{19, 27}));
  EXPECT(state.view().status().key() == "status.white_to_move");
}

// A seed whose random game has a pass, found on the engine.
std::uint64_t seed_of_a_game_with_a_pass() {
  for (std::uint64_t seed = 1;; ++seed) {
    reversi::Random rng(seed);
    reversi::Position p = reversi::Position::start();
    while (!p.is_over()) {
      if (p.legal_moves() == 0) return seed;
      p.play(rng.pick(p.legal_moves()));
    }
  }
}

void check_game_with_a_pass(const GamePlugin& game) {
  reversi::Random rng(seed_of_a_game_with_a_pass());
  v1::GameState state = setup(game);
  int passes = 0;
  while (state.seat_to_move() != 0) {
    const v1::ListMovesResponse listed = moves(game, state);
    EXPECT(listed.moves_size() > 0);
    if (listed.moves_size() == 1 && listed.moves(0).notation() == "pass") {
      const v1::Move& pass = listed.moves(0);
      EXPECT(pass.id() == 64 && pass.cells_size() == 0 && !pass.ends_game());
      EXPECT(state.view().playable_cells_size() == 0);
      EXPECT(state.view().status().key().find("_must_pass") != std::string::npos);
      EXPECT(suggest(game, state, v1::SuggestMoveRequest::EXPERTO) == 64);
      EXPECT(apply(game, state, 64).ok());
      EXPECT(state.view().last_move_cells_size() == 0);
      ++passes;
      continue;
    }
    reversi::Bits legal = 0;
    for (const v1::Move& m : listed.moves()) legal |= reversi::bit(int(m.id()));
    const int square = rng.pick(legal);
    const std::string before = state.view().cells();
    EXPECT(apply(game, state, std::uint32_t(square)).ok());
    int changed = 0;
    for (std::size_t i = 0; i < before.size(); ++i) changed += before[i] != state.view().cells()[i];
    EXPECT(state.view().last_move_cells_size() == changed);
    EXPECT(state.view().last_move_cells(0) == std::uint32_t(square));
  }
  EXPECT(passes > 0);
  const v1::Outcome& outcome = state.outcome();
  EXPECT(outcome.summary().key().rfind("outcome.", 0) == 0);
  int black = -1, white = -1;
  for (const v1::Arg& a : outcome.summary().args())
    (a.name() == "black" ? black : white) = std::atoi(a.value().c_str());
  const std::string& cells = state.view().cells();
  EXPECT(black == int(std::count(cells.begin(), cells.end(), 'B')));
  EXPECT(white == int(std::count(cells.begin(), cells.end(), 'W')));
  double total = 0;
  for (const auto& r : outcome.results()) total += r.score();
  EXPECT(total == 1.0);
  std::printf("plugin game: %d pass(es), %s black=%d white=%d\n", passes,
              outcome.summary().key().c_str(), black, white);
}

void check_levels(const GamePlugin& game) {
  for (auto level : {v1::SuggestMoveRequest::NOVATO, v1::SuggestMoveRequest::NORMAL,
                     v1::SuggestMoveRequest::EXPERTO}) {
    v1::GameState state = setup(game);
    for (int ply = 0; ply < 12 && state.seat_to_move() != 0; ++ply)
      EXPECT(apply(game, state, suggest(game, state, level)).ok());
  }
}

// Experto asked for ten seconds by a caller with 100 ms left answers in
// time: the SDK's stop flag reaches the search.
void check_deadline(const GamePlugin& game) {
  const BoardgameCancel soon{nullptr, [](void*) -> std::int32_t { return 0; }, 100};
  v1::SuggestMoveRequest req;
  *req.mutable_state() = setup(game);
  req.set_level(v1::SuggestMoveRequest::EXPERTO);
  req.set_time_budget_ms(10000);
  v1::SuggestMoveResponse res;
  const auto started = std::chrono::steady_clock::now();
  EXPECT(game.call(&BoardgamePlugin::suggest_move, req, soon, &res).ok());
  const double ms = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - started).count();
  EXPECT(ms < 1000);
  EXPECT((std::set<std::uint32_t>{19, 26, 37, 44}.count(res.move().id()) == 1));
  std::printf("experto within a 100 ms deadline: %.0f ms, %llu nodes\n", ms,
              static_cast<unsigned long long>(res.stats().iterations()));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: reversi_plugin_test <libreversi.so>\n");
    return 2;
  }
  const fs::path folder = fs::temp_directory_path() / ("reversi-plugin-test-" + std::to_string(::getpid()));
  fs::create_directories(folder);
  fs::copy_file(argv[1], folder / "libreversi.so", fs::copy_options::overwrite_existing);
  {
    auto loaded = boardgame::host::load_plugins(folder);
    for (const auto& note : loaded.notes) std::printf("%s\n", boardgame::host::describe(note).c_str());
    if (loaded.games.size() != 1 || loaded.games[0].game_id() != "reversi") {
      fs::remove_all(folder);
      return 1;
    }
    const GamePlugin& game = loaded.games[0];
    check_documents(game);
    check_opening(game);
    check_game_with_a_pass(game);
    check_levels(game);
    check_deadline(game);
  }
  fs::remove_all(folder);
  std::printf("%s\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}
