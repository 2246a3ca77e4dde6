// Classic tic-tac-toe as a boardgame.v1 game: the plugin's Game. Its
// settings are the platform table plus one local rule, "alternate first
// turn", which decides the seat that opens; the rules themselves have no
// variants.
#pragma once

#include "boardgame/plugin/game.h"

namespace ttt::adapter {

class Game final : public boardgame::plugin::Game {
 public:
  static constexpr char kId[] = "tictactoe";

  std::vector<boardgame::plugin::RulesText> rules_documents() const override;
  boardgame::v1::GameInfo info(const boardgame::plugin::Texts& texts) const override;
  std::unique_ptr<boardgame::plugin::Match> start(const boardgame::plugin::Settings& settings,
                                                  std::uint32_t game_number) const override;
  double default_think_ms(boardgame::plugin::Level level) const override;
};

}  // namespace ttt::adapter
