// Exports a Game as a plugin: in exactly one source file of the plugin,
//
//     BOARDGAME_PLUGIN(my_game::Game)
//
// at global scope. The class needs a default constructor and a
// `static constexpr char kId[]` holding the game id.
#pragma once

#include <boost/dll/alias.hpp>
#include <cstddef>
#include <cstdint>

#include "boardgame/abi.h"
#include "boardgame/plugin/game.h"

namespace boardgame::plugin::detail {

enum class Method {
  kDescribeGame,
  kSetup,
  kListMoves,
  kApplyMove,
  kResign,
  kGetOutcome,
  kSuggestMove,
  kGetRules,
  kAgreeDraw,
};

// A game with its texts and its settings schema (its description in
// English), built together on first use, so a host that only lists the
// plugin runs no game code.
struct Served {
  Served(const Game& game, const char* game_id);

  const Game& game;
  rules::RulesCatalog catalog;
  v1::GameInfo schema;
};

template <class G>
const Served& served() {
  static const G game;
  static const Served s(game, G::kId);
  return s;
}

// Runs one call from the host: parses the request, serves it, writes the
// response or an ErrorDetail. Never lets an exception out.
std::int32_t serve(const Served& (*served)(), Method method, const std::uint8_t* request,
                   std::size_t size, const BoardgameCancel* cancel,
                   BoardgameOutput* out) noexcept;

template <class G, Method M>
std::int32_t call(const std::uint8_t* request, std::size_t size, BoardgameOutput* out) {
  return serve(&served<G>, M, request, size, nullptr, out);
}

template <class G>
std::int32_t suggest(const std::uint8_t* request, std::size_t size,
                     const BoardgameCancel* cancel, BoardgameOutput* out) {
  return serve(&served<G>, Method::kSuggestMove, request, size, cancel, out);
}

template <class G>
constexpr BoardgamePlugin entry_table() {
  return BoardgamePlugin{
      BOARDGAME_ABI_VERSION,
      BOARDGAME_ABI_REVISION,
      G::kId,
      &call<G, Method::kDescribeGame>,
      &call<G, Method::kSetup>,
      &call<G, Method::kListMoves>,
      &call<G, Method::kApplyMove>,
      &call<G, Method::kResign>,
      &call<G, Method::kGetOutcome>,
      &suggest<G>,
      &call<G, Method::kGetRules>,
      &call<G, Method::kAgreeDraw>,
  };
}

}  // namespace boardgame::plugin::detail

#define BOARDGAME_PLUGIN(GameClass)                                         \
  namespace boardgame_plugin_export {                                       \
  constexpr BoardgamePlugin entry =                                         \
      ::boardgame::plugin::detail::entry_table<GameClass>();                \
  }                                                                         \
  BOOST_DLL_ALIAS_SECTIONED(boardgame_plugin_export::entry, BOARDGAME_ENTRY, \
                            BOARDGAME_ENTRY_SECTION)
