// rules-diagrams: draws the pictures of a game's rule pages from real
// positions. Each position of localization/<game>/diagrams.textproto is
// played through the game's own plugin, what it claims (won boards, where
// the next move may go, how the game ended, a double threat) is checked
// against the engine, and the board is drawn as <id>.svg and <id>.txt.
// With --check nothing is written: a drawing that differs from the engine's
// is an error, so a picture on a page can never show a wrong position.
//
//   rules-diagrams --plugins build/plugins --game uttt
//       --positions localization/uttt/diagrams.textproto
//       --out localization/uttt/diagrams [--check]
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "boardgame/host/loader.h"
#include "boardgame/rules/board_picture.h"
#include "boardgame/v1/game_service.pb.h"
#include "textproto_file.h"

namespace {

namespace fs = std::filesystem;
namespace v1 = boardgame::v1;
using boardgame::host::GamePlugin;

struct Failed {
  std::string why;
};

template <class Response>
Response ask(const GamePlugin& game, boardgame::host::PluginCall call,
             const google::protobuf::MessageLite& request, const std::string& what) {
  Response response;
  const grpc::Status status = game.call(call, request, &response);
  if (!status.ok()) throw Failed{what + ": " + status.error_message()};
  return response;
}

std::vector<v1::Move> legal_moves(const GamePlugin& game, const v1::GameState& state) {
  v1::ListMovesRequest request;
  *request.mutable_state() = state;
  auto moves = ask<v1::ListMovesResponse>(game, &BoardgamePlugin::list_moves, request,
                                          "listing the moves").moves();
  return {moves.begin(), moves.end()};
}

v1::ApplyMoveResponse play(const GamePlugin& game, const v1::GameState& state,
                           std::uint32_t move_id) {
  v1::ApplyMoveRequest request;
  *request.mutable_state() = state;
  request.set_seat(state.seat_to_move());
  request.set_move_id(move_id);
  return ask<v1::ApplyMoveResponse>(game, &BoardgamePlugin::apply_move, request,
                                    fmt::format("playing move {}", move_id));
}

v1::GameState position(const GamePlugin& game, const v1::DiagramPosition& p) {
  v1::SetupRequest setup;
  setup.set_game_id(game.game_id());
  *setup.mutable_settings() = p.settings();
  v1::GameState state =
      ask<v1::SetupResponse>(game, &BoardgamePlugin::setup, setup, "setting up").state();
  for (int i = 0; i < p.moves_size(); ++i) {
    const std::vector<v1::Move> moves = legal_moves(game, state);
    auto it = std::find_if(moves.begin(), moves.end(),
                           [&](const v1::Move& m) { return m.notation() == p.moves(i); });
    if (it == moves.end())
      throw Failed{fmt::format("move {} \"{}\" is not legal there{}", i + 1, p.moves(i),
                               moves.empty() ? ": the game is over" : "")};
    state = play(game, state, it->id()).state();
  }
  return state;
}

std::uint32_t region_of(const v1::BoardView& view, std::uint32_t cell) {
  const std::uint32_t r = cell / view.columns(), c = cell % view.columns();
  return (r / view.region_rows()) * (view.columns() / view.region_columns()) +
         c / view.region_columns();
}

// Whether the side that just moved wins next move on a marked cell whatever
// the side to move answers.
bool double_threat(const GamePlugin& game, const v1::GameState& state,
                   const std::vector<std::uint32_t>& marked) {
  const std::vector<v1::Move> replies = legal_moves(game, state);
  if (replies.empty()) return false;
  for (const v1::Move& reply : replies) {
    const v1::GameState after = play(game, state, reply.id()).state();
    if (after.has_outcome()) return false;  // the reply itself ended the game
    const std::uint32_t threatening = after.seat_to_move();
    bool wins = false;
    for (const v1::Move& m : legal_moves(game, after)) {
      if (std::none_of(m.cells().begin(), m.cells().end(), [&](std::uint32_t c) {
            return std::find(marked.begin(), marked.end(), c) != marked.end();
          }))
        continue;
      const v1::GameState end = play(game, after, m.id()).state();
      for (const v1::SeatResult& r : end.outcome().results())
        wins |= r.seat() == threatening && r.result() == v1::SeatResult::WIN;
    }
    if (!wins) return false;
  }
  return true;
}

void check_claims(const v1::DiagramPosition& p, const v1::GameState& state,
                  const GamePlugin& game, const std::vector<std::uint32_t>& marked) {
  const v1::BoardView& view = state.view();
  const v1::DiagramClaims& claims = p.claims();
  if (!claims.regions().empty() && claims.regions() != view.regions())
    throw Failed{fmt::format("claims regions \"{}\", the engine has \"{}\"", claims.regions(),
                             view.regions())};
  if (claims.playable_regions_size() > 0) {
    std::set<std::uint32_t> lit;
    for (std::uint32_t cell : view.playable_cells()) lit.insert(region_of(view, cell));
    const std::set<std::uint32_t> claimed(claims.playable_regions().begin(),
                                          claims.playable_regions().end());
    if (lit != claimed)
      throw Failed{fmt::format("claims playable regions {}, the engine has {}",
                               fmt::join(claimed, ","), fmt::join(lit, ","))};
  }
  if (claims.outcome() != v1::Outcome::REASON_UNSPECIFIED &&
      claims.outcome() != state.outcome().reason())
    throw Failed{fmt::format("claims the game ended by {}, the engine says {}",
                             v1::Outcome::Reason_Name(claims.outcome()),
                             v1::Outcome::Reason_Name(state.outcome().reason()))};
  if (claims.marked_cells_win_next() && !double_threat(game, state, marked))
    throw Failed{"claims a double threat on its marked cells, but a reply stops it"};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Draws a game's rule-page diagrams from real positions, or checks them."};
  std::string plugins, game_id, positions_file, out;
  bool check = false;
  app.add_option("--plugins", plugins, "folder of game plugins")->required()->check(CLI::ExistingDirectory);
  app.add_option("--game", game_id, "the game whose positions these are")->required();
  app.add_option("--positions", positions_file, "the game's diagrams.textproto")
      ->required()
      ->check(CLI::ExistingFile);
  app.add_option("--out", out, "folder of the drawings")->required();
  app.add_flag("--check", check, "compare with the drawings in --out instead of writing them");
  CLI11_PARSE(app, argc, argv);

  std::vector<std::string> errors;
  v1::DiagramPositions positions;
  if (!boardgame::localization::parse_textproto_file(positions_file, positions, errors)) {
    for (const auto& e : errors) std::cerr << e << '\n';
    return 1;
  }
  if (positions.game_id() != game_id) {
    std::cerr << positions_file << ": error: game_id is \"" << positions.game_id()
              << "\", expected \"" << game_id << "\"\n";
    return 1;
  }
  const auto loaded = boardgame::host::load_plugins(plugins);
  auto game = std::find_if(loaded.games.begin(), loaded.games.end(),
                           [&](const GamePlugin& g) { return g.game_id() == game_id; });
  if (game == loaded.games.end()) {
    std::cerr << "rules-diagrams: error: no plugin in " << plugins << " serves \"" << game_id
              << "\"\n";
    for (const auto& note : loaded.notes) std::cerr << "  " << boardgame::host::describe(note) << '\n';
    return 1;
  }

  std::set<std::string> drawn;
  for (const v1::DiagramPosition& p : positions.positions()) {
    const std::string where = positions_file + ": position \"" + p.id() + "\": ";
    if (!drawn.insert(p.id()).second) {
      errors.push_back(where + "the id is used twice");
      continue;
    }
    try {
      const v1::GameState state = position(*game, p);
      const std::vector<std::uint32_t> marked(p.marked_cells().begin(), p.marked_cells().end());
      check_claims(p, state, *game, marked);
      const std::pair<std::string, std::string> files[] = {
          {p.id() + ".svg", boardgame::rules::board_svg(state.view(), marked)},
          {p.id() + ".txt", boardgame::rules::board_text(state.view(), marked)}};
      for (const auto& [name, drawing] : files) {
        const fs::path path = fs::path(out) / name;
        if (check) {
          std::string on_disk;
          if (!boardgame::localization::read_file(path.string(), on_disk))
            errors.push_back(path.string() + ": error: missing; run rules-diagrams without --check");
          else if (on_disk != drawing)
            errors.push_back(path.string() +
                             ": error: differs from the engine's position; run rules-diagrams "
                             "without --check to redraw it, and look at the result");
        } else {
          fs::create_directories(out);
          std::ofstream(path, std::ios::binary | std::ios::trunc) << drawing;
        }
      }
    } catch (const Failed& failed) {
      errors.push_back(where + "error: " + failed.why);
    }
  }
  if (check && fs::is_directory(out))
    for (const auto& entry : fs::directory_iterator(out))
      if (!drawn.count(entry.path().stem().string()))
        errors.push_back(entry.path().string() + ": error: no position of that id draws it");
  for (const auto& e : errors) std::cerr << e << '\n';
  return errors.empty() ? 0 : 1;
}
