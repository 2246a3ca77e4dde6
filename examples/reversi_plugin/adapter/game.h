// Reversi (Othello) as a boardgame.v1 game: the plugin's Game. Its settings
// are the club's platform table and its local rule "alternate first turn",
// which decides the seat that plays Black; the rules have no variants.
#pragma once

#include "boardgame/plugin/game.h"

namespace reversi::adapter {

class Game final : public boardgame::plugin::Game {
 public:
  static constexpr char kId[] = "reversi";

  std::vector<boardgame::plugin::RulesText> rules_documents() const override;
  boardgame::v1::GameInfo info(const boardgame::plugin::Texts& texts) const override;
  std::unique_ptr<boardgame::plugin::Match> start(const boardgame::plugin::Settings& settings,
                                                  std::uint32_t game_number) const override;
  double default_think_ms(boardgame::plugin::Level level) const override;
};

}  // namespace reversi::adapter
