// Ultimate tic-tac-toe as a boardgame.v1 game: the plugin's Game. It maps
// the settings schema onto the engine's Rules and the seat that opens.
#pragma once

#include "boardgame/plugin/game.h"

namespace uttt::adapter {

class Game final : public boardgame::plugin::Game {
 public:
  static constexpr char kId[] = "uttt";

  std::vector<boardgame::plugin::RulesText> rules_documents() const override;
  boardgame::v1::GameInfo info(const boardgame::plugin::Texts& texts) const override;
  std::unique_ptr<boardgame::plugin::Match> start(const boardgame::plugin::Settings& settings,
                                                  std::uint32_t game_number) const override;
  double default_think_ms(boardgame::plugin::Level level) const override;
};

}  // namespace uttt::adapter
