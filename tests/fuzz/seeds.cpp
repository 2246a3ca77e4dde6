// fuzz-seeds: writes the seed corpus of every fuzz target (checked in under
// tests/fuzz/corpus/) from real play: states of real games at every stage
// with every variant, real settings, game texts, rules documents.
//
//   fuzz-seeds tests/fuzz/corpus
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <tuple>
#include <vector>

#include <google/protobuf/text_format.h>

#include "boardgame/localization/tictactoe_rules_documents.h"
#include "boardgame/localization/uttt_rules_documents.h"
#include "boardgame/v1/game_service.pb.h"
#include "plugins.h"
#include "uttt/engine/notation.h"

namespace {

namespace fs = std::filesystem;
namespace v1 = boardgame::v1;
using fuzz::Call;

fs::path root;

void write(const std::string& target, const std::string& name, const std::string& bytes) {
  fs::create_directories(root / target);
  std::ofstream(root / target / name, std::ios::binary) << bytes;
}

std::string tagged(std::uint8_t pick, const google::protobuf::MessageLite& request) {
  return std::string(1, char(pick)) + request.SerializeAsString();
}

// The plugin_abi selector byte: plugin and call, the host giving room.
std::uint8_t pick(const BoardgamePlugin& plugin, Call which) {
  return std::uint8_t((&plugin == &fuzz::tictactoe_plugin() ? 1 : 0) | int(which) << 1);
}

v1::Setting setting(const std::string& id, const v1::SettingValue& value) {
  v1::Setting s;
  s.set_id(id);
  *s.mutable_value() = value;
  return s;
}

v1::GameState setup(const BoardgamePlugin& plugin, const std::vector<v1::Setting>& settings,
                    std::uint32_t game_number = 1) {
  v1::SetupRequest request;
  request.set_game_id(plugin.game_id);
  request.set_game_number(game_number);
  for (const v1::Setting& s : settings) *request.add_settings() = s;
  const fuzz::Reply reply = fuzz::call(plugin, Call::kSetup, request);
  fuzz::require(reply.code == grpc::OK, "setup refused " + request.ShortDebugString());
  return fuzz::read<v1::SetupResponse>(reply).state();
}

std::vector<std::uint32_t> legal(const BoardgamePlugin& plugin, const v1::GameState& state) {
  v1::ListMovesRequest request;
  *request.mutable_state() = state;
  const auto listed =
      fuzz::read<v1::ListMovesResponse>(fuzz::call(plugin, Call::kListMoves, request));
  std::vector<std::uint32_t> ids;
  for (const v1::Move& m : listed.moves()) ids.push_back(m.id());
  return ids;
}

v1::ApplyMoveRequest apply(const v1::GameState& state, std::uint32_t move_id,
                           std::uint32_t seat = 0) {
  v1::ApplyMoveRequest request;
  *request.mutable_state() = state;
  request.set_seat(seat ? seat : state.seat_to_move());
  request.set_move_id(move_id);
  return request;
}

// Plays `plies` moves (all of them with -1), each picked from the legal
// ones by a fixed pseudo-random sequence, so the seeds never change.
v1::GameState play(const BoardgamePlugin& plugin, v1::GameState state, int plies,
                   std::uint32_t seed) {
  for (int i = 0; (plies < 0 || i < plies) && state.seat_to_move(); ++i) {
    const std::vector<std::uint32_t> ids = legal(plugin, state);
    seed = seed * 1103515245u + 12345u;
    const fuzz::Reply reply =
        fuzz::call(plugin, Call::kApplyMove, apply(state, ids[(seed >> 16) % ids.size()]));
    state = fuzz::read<v1::ApplyMoveResponse>(reply).state();
  }
  return state;
}

// An id of the game that the position refuses, if there is one.
std::uint32_t refused(const BoardgamePlugin& plugin, const v1::GameState& state, int cells) {
  const std::vector<std::uint32_t> ids = legal(plugin, state);
  for (std::uint32_t id = 0; id < std::uint32_t(cells); ++id)
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) return id;
  return 0;
}

void game_seeds(const BoardgamePlugin& plugin, int cells) {
  const std::string game = plugin.game_id;
  const v1::GameInfo info = fuzz::described(plugin);

  // Settings: the defaults, every allowed value of every setting, and the
  // three ways to get them wrong.
  auto setup_request = [&](const std::vector<v1::Setting>& settings, std::uint32_t number = 1) {
    v1::SetupRequest r;
    r.set_game_id(game);
    r.set_game_number(number);
    for (const v1::Setting& s : settings) *r.add_settings() = s;
    return r;
  };
  write("settings", game + "-defaults", setup_request({}).SerializeAsString());
  std::vector<v1::Setting> all_changed;
  for (const v1::SettingSpec& spec : info.settings()) {
    for (int i = 0; i < spec.allowed_values_size(); ++i) {
      const v1::Setting s = setting(spec.id(), spec.allowed_values(i).value());
      write("settings", game + "-" + spec.id() + "-" + std::to_string(i),
            setup_request({s}, 2).SerializeAsString());
      if (i == spec.allowed_values_size() - 1) all_changed.push_back(s);
    }
  }
  write("settings", game + "-all-changed", setup_request(all_changed).SerializeAsString());
  v1::SettingValue big;
  big.set_number(1000);
  write("settings", game + "-bad-value",
        setup_request({setting(info.settings(1).id(), big)}).SerializeAsString());
  v1::SettingValue on;
  on.set_flag(true);
  write("settings", game + "-unknown", setup_request({setting("no_such_setting", on)}).SerializeAsString());
  const v1::Setting last = all_changed.back();
  write("settings", game + "-duplicate", setup_request({last, last}).SerializeAsString());

  // States: a new game, the middle and the end of games with each set of
  // settings, a resigned one; each with a legal move, a refused one and the
  // wrong seat.
  struct Start {
    std::string name;
    std::vector<v1::Setting> settings;
    std::uint32_t number;
  };
  std::vector<Start> starts = {{"standard", {}, 1}, {"all-changed", all_changed, 2}};
  for (const v1::SettingSpec& spec : info.settings())
    if (spec.category() == v1::SettingSpec::VARIANT)
      starts.push_back({spec.id(), {setting(spec.id(), spec.allowed_values(1).value())}, 1});
  std::uint32_t seed = 1;
  for (const Start& s : starts) {
    const v1::GameState start = setup(plugin, s.settings, s.number);
    const v1::GameState middle = play(plugin, start, cells / 4, seed++);
    const v1::GameState end = play(plugin, middle, -1, seed++);
    const std::string base = game + "-" + s.name;
    write("state", base + "-start", apply(start, legal(plugin, start).front()).SerializeAsString());
    write("state", base + "-middle", apply(middle, legal(plugin, middle).back()).SerializeAsString());
    write("state", base + "-middle-refused",
          apply(middle, refused(plugin, middle, cells)).SerializeAsString());
    write("state", base + "-middle-wrong-seat",
          apply(middle, legal(plugin, middle).front(), 3 - middle.seat_to_move()).SerializeAsString());
    write("state", base + "-after-end", apply(end, 0, 1).SerializeAsString());
  }
  const v1::GameState middle = play(plugin, setup(plugin, {}), cells / 3, 99);
  v1::ResignRequest resign;
  *resign.mutable_state() = middle;
  resign.set_seat(1);
  const v1::GameState resigned =
      fuzz::read<v1::ResignResponse>(fuzz::call(plugin, Call::kResign, resign)).state();
  write("state", game + "-resigned", apply(resigned, 0, 2).SerializeAsString());

  // Every call of the ABI with a real request.
  v1::DescribeGameRequest describe;
  describe.set_game_id(game);
  describe.set_locale("es-MX");
  write("plugin_abi", game + "-describe", tagged(pick(plugin, Call::kDescribeGame), describe));
  v1::GetRulesRequest rules;
  rules.set_game_id(game);
  rules.set_locale("pt-PT");
  write("plugin_abi", game + "-rules", tagged(pick(plugin, Call::kGetRules), rules));
  write("plugin_abi", game + "-setup",
        tagged(pick(plugin, Call::kSetup), setup_request(all_changed, 2)));
  v1::ListMovesRequest list;
  *list.mutable_state() = middle;
  write("plugin_abi", game + "-list-moves", tagged(pick(plugin, Call::kListMoves), list));
  write("plugin_abi", game + "-apply-move",
        tagged(pick(plugin, Call::kApplyMove), apply(middle, legal(plugin, middle).front())));
  write("plugin_abi", game + "-resign", tagged(pick(plugin, Call::kResign), resign));
  v1::GetOutcomeRequest outcome;
  *outcome.mutable_state() = play(plugin, middle, -1, 7);
  write("plugin_abi", game + "-outcome", tagged(pick(plugin, Call::kGetOutcome), outcome));
  v1::SuggestMoveRequest suggest;
  *suggest.mutable_state() = middle;
  suggest.set_level(v1::SuggestMoveRequest::NOVATO);
  suggest.set_seed(1);
  suggest.set_iteration_budget(100);
  write("plugin_abi", game + "-suggest", tagged(pick(plugin, Call::kSuggestMove), suggest));
  write("plugin_abi", game + "-describe-no-room",
        tagged(pick(plugin, Call::kDescribeGame) | 16, describe));
}

void notation_seeds() {
  const char* texts[] = {
      "5/5", "3/9", "uttt:", "uttt: 5/5 5/1 1/9",
      "uttt first=2 early-draw open-boards draw-both fast=5: 5/5 5/1 1/9",
      "uttt fast=3: 1/1 1/2 2/1", "uttt early-draw:", "uttt 5/5",
  };
  int n = 0;
  for (const char* t : texts) write("notation", "text-" + std::to_string(n++), t);
  // Whole games, each played to its end by the first legal move after a
  // pseudo-random skip.
  const uttt::Rules variants[] = {{}, {true, false, false, 0}, {false, true, false, 0},
                                  {false, false, true, 4}};
  std::uint32_t seed = 5;
  for (const uttt::Rules& rules : variants) {
    uttt::GameRecord game{rules, 1 + int(seed % 2), {}};
    uttt::Position pos(rules);
    while (!pos.is_over()) {
      uttt::MoveList list;
      pos.legal_moves(list);
      seed = seed * 1103515245u + 12345u;
      const uttt::Move m = list[int((seed >> 16) % unsigned(list.size))];
      pos.play(m);
      game.moves.push_back(m);
    }
    write("notation", "game-" + std::to_string(n++), uttt::game_to_string(game));
  }
}

void rules_document_seeds() {
  auto pick_document = [](boardgame::localization::EmbeddedDocuments docs, std::string_view locale) {
    for (const auto& d : docs)
      if (d.locale == locale) return std::string(d.bytes);
    fuzz::fail("no embedded document " + std::string(locale));
  };
  const auto uttt = boardgame::localization::uttt_rules_documents();
  const auto tictactoe = boardgame::localization::tictactoe_rules_documents();
  write("rules_document", "uttt-en.binpb", pick_document(uttt, "en"));
  write("rules_document", "tictactoe-es.binpb", pick_document(tictactoe, "es"));
  for (auto [docs, locale, name] : {std::tuple{uttt, "de", "uttt-de.textproto"},
                                    std::tuple{tictactoe, "en", "tictactoe-en.textproto"}}) {
    v1::RulesDocument doc;
    doc.ParseFromString(pick_document(docs, locale));
    std::string text;
    google::protobuf::TextFormat::PrintToString(doc, &text);
    write("rules_document", name, text);
  }
}

void language_seeds() {
  const char* texts[] = {
      "es-MX", "pt-BR", "de-CH-1996", "zh-Hant-TW", "en-US-u-ca-buddhist-x-club",
      "i-klingon", "sgn-BE-FR", "EN_us", "de-AT,de;q=0.9,en;q=0.5", "*;q=0.1, pt-PT",
      "Board {board}, cell {cell}", "{{literal}} {count} boards",
  };
  int n = 0;
  for (const char* t : texts) write("language", "text-" + std::to_string(n++), t);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: fuzz-seeds <corpus-dir>\n";
    return 2;
  }
  root = argv[1];
  game_seeds(fuzz::uttt_plugin(), 81);
  game_seeds(fuzz::tictactoe_plugin(), 9);
  notation_seeds();
  rules_document_seeds();
  language_seeds();
  return 0;
}
