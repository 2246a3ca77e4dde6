#include "game.h"

#include <string>
#include <vector>

#include "boardgame/plugin/settings_schema.h"
#include "match.h"
#include "rules_documents.h"

namespace reversi::adapter {

namespace v1 = boardgame::v1;
using boardgame::plugin::Texts;

std::vector<boardgame::plugin::RulesText> Game::rules_documents() const {
  std::vector<boardgame::plugin::RulesText> texts;
  for (const RulesDocument& doc : parsed_rules_documents())
    texts.push_back({doc.locale, doc.bytes});
  return texts;
}

v1::GameInfo Game::info(const Texts& texts) const {
  const v1::RulesDocument& page = texts.document();
  v1::GameInfo info;
  info.set_name(page.title());
  *info.mutable_other_names() = page.other_names();
  info.set_version(REVERSI_PLUGIN_VERSION);
  info.set_min_players(2);
  info.set_max_players(2);
  info.add_sides("B");
  info.add_sides("W");
  boardgame::plugin::add_club_settings(info, texts);
  return info;
}

std::unique_ptr<boardgame::plugin::Match> Game::start(const boardgame::plugin::Settings& settings,
                                                      std::uint32_t game_number) const {
  return std::make_unique<Match>(boardgame::plugin::first_seat(settings, game_number));
}

// Novato answers at once; the searching levels use what they are given.
double Game::default_think_ms(boardgame::plugin::Level level) const {
  switch (level) {
    case v1::SuggestMoveRequest::NOVATO: return 0;
    case v1::SuggestMoveRequest::NORMAL: return 0;
    default: return 500;
  }
}

}  // namespace reversi::adapter
