#include "game.h"

#include <string>
#include <vector>

#include "boardgame/localization/uttt_rules_documents.h"
#include "boardgame/plugin/settings_schema.h"
#include "match.h"
#include "uttt/engine/types.h"

namespace uttt::adapter {

namespace v1 = boardgame::v1;
using boardgame::plugin::add_setting;
using boardgame::plugin::Choice;
using boardgame::plugin::Texts;

std::vector<boardgame::plugin::RulesText> Game::rules_documents() const {
  std::vector<boardgame::plugin::RulesText> texts;
  for (const auto& embedded : boardgame::localization::uttt_rules_documents())
    texts.push_back({embedded.locale, embedded.bytes});
  return texts;
}

// The settings follow the settings table and then the local-rule table of
// the rules page, in their order.
v1::GameInfo Game::info(const Texts& texts) const {
  using Spec = v1::SettingSpec;
  const v1::RulesDocument& page = texts.document();
  v1::GameInfo info;
  info.set_name(page.title());
  *info.mutable_other_names() = page.other_names();
  info.set_version(UTTT_PLUGIN_VERSION);
  info.set_min_players(2);
  info.set_max_players(2);
  info.add_sides("X");
  info.add_sides("O");

  boardgame::plugin::add_club_settings(info, texts);
  const Choice off = boardgame::plugin::flag_choice(false, texts);
  const Choice on = boardgame::plugin::flag_choice(true, texts);
  for (const char* variant : {"early_draw", "open_boards", "draw_counts_both"})
    add_setting(info, texts, variant, Spec::FLAG, Spec::VARIANT, {off, on});
  std::vector<Choice> targets = {boardgame::plugin::number_choice(0, off.label)};
  for (int n = Rules::kMinFastTarget; n <= Rules::kMaxFastTarget; ++n)
    targets.push_back(boardgame::plugin::number_choice(
        n, texts.ui("setting.fast_game.value.target", {{"count", std::to_string(n)}})));
  add_setting(info, texts, "fast_game", Spec::NUMBER, Spec::VARIANT, targets);
  return info;
}

std::unique_ptr<boardgame::plugin::Match> Game::start(const boardgame::plugin::Settings& settings,
                                                      std::uint32_t game_number) const {
  Rules rules;
  rules.early_draw = settings.flag("early_draw");
  rules.open_boards = settings.flag("open_boards");
  rules.draw_counts_both = settings.flag("draw_counts_both");
  rules.fast_target = std::uint8_t(settings.number("fast_game"));
  return std::make_unique<Match>(rules, boardgame::plugin::first_seat(settings, game_number));
}

double Game::default_think_ms(boardgame::plugin::Level level) const {
  switch (level) {
    case v1::SuggestMoveRequest::NOVATO: return 100;
    case v1::SuggestMoveRequest::NORMAL: return 300;
    default: return 1000;
  }
}

}  // namespace uttt::adapter
