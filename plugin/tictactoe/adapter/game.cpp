#include "game.h"

#include <string>
#include <vector>

#include "boardgame/localization/tictactoe_rules_documents.h"
#include "boardgame/plugin/settings_schema.h"
#include "match.h"

namespace ttt::adapter {

namespace v1 = boardgame::v1;
using boardgame::plugin::Texts;

std::vector<boardgame::plugin::RulesText> Game::rules_documents() const {
  std::vector<boardgame::plugin::RulesText> texts;
  for (const auto& embedded : boardgame::localization::tictactoe_rules_documents())
    texts.push_back({embedded.locale, embedded.bytes});
  return texts;
}

// The settings table of the rules page, then its local-rule table, in their
// order. The platform rows are the club's, the same for every game.
v1::GameInfo Game::info(const Texts& texts) const {
  const v1::RulesDocument& page = texts.document();
  v1::GameInfo info;
  info.set_name(page.title());
  *info.mutable_other_names() = page.other_names();
  info.set_version(TICTACTOE_PLUGIN_VERSION);
  info.set_min_players(2);
  info.set_max_players(2);
  info.add_sides("X");
  info.add_sides("O");

  boardgame::plugin::add_club_settings(info, texts);
  return info;
}

std::unique_ptr<boardgame::plugin::Match> Game::start(const boardgame::plugin::Settings& settings,
                                                      std::uint32_t game_number) const {
  return std::make_unique<Match>(boardgame::plugin::first_seat(settings, game_number));
}

// Every level answers from a solved table in microseconds; a budget would
// only delay the answer.
double Game::default_think_ms(boardgame::plugin::Level) const { return 0; }

}  // namespace ttt::adapter
