#include "game.h"

#include <string>
#include <vector>

#include "boardgame/localization/uttt_rules_documents.h"
#include "match.h"
#include "uttt/engine/types.h"

namespace uttt::adapter {

namespace v1 = boardgame::v1;
using boardgame::plugin::Texts;

namespace {

v1::SettingValue flag(bool on) {
  v1::SettingValue v;
  v.set_flag(on);
  return v;
}

v1::SettingValue number(std::int64_t n) {
  v1::SettingValue v;
  v.set_number(n);
  return v;
}

struct Allowed {
  v1::SettingValue value;
  std::string label;
};

// A setting's name, description and value labels come from the UI strings
// "setting.<id>.name", "setting.<id>.description" and
// "setting.<id>.value.<...>". The first allowed value is the default; a
// setting with one value cannot be changed.
void add_setting(v1::GameInfo& info, const Texts& texts, const std::string& id,
                 v1::SettingSpec::Type type, v1::SettingSpec::Category category,
                 const std::vector<Allowed>& allowed) {
  v1::SettingSpec& spec = *info.add_settings();
  spec.set_id(id);
  spec.set_type(type);
  spec.set_category(category);
  spec.set_label(texts.ui("setting." + id + ".name"));
  spec.set_description(texts.ui("setting." + id + ".description"));
  *spec.mutable_default_value() = allowed.front().value;
  spec.set_changeable(allowed.size() > 1);
  for (const Allowed& a : allowed) {
    v1::AllowedValue& v = *spec.add_allowed_values();
    *v.mutable_value() = a.value;
    v.set_label(a.label);
  }
}

// A platform setting with a single choice, which the group cannot change.
void add_fixed_choice(v1::GameInfo& info, const Texts& texts, const std::string& id,
                      const std::string& choice) {
  v1::SettingValue value;
  value.set_choice(choice);
  add_setting(info, texts, id, v1::SettingSpec::CHOICE, v1::SettingSpec::PLATFORM,
              {{value, texts.ui("setting." + id + ".value." + choice)}});
}

}  // namespace

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

  auto count = [](std::int64_t n) { return boardgame::rules::UiArgs{{"count", std::to_string(n)}}; };
  const Allowed on{flag(true), texts.ui("value.on")};
  const Allowed off{flag(false), texts.ui("value.off")};

  add_setting(info, texts, "players", Spec::NUMBER, Spec::PLATFORM,
              {{number(2), texts.ui("setting.players.value.count", count(2))}});
  std::vector<Allowed> times = {{number(0), texts.ui("setting.time_per_turn.value.unlimited")}};
  for (int seconds : {30, 60})
    times.push_back({number(seconds), texts.ui("setting.time_per_turn.value.seconds",
                                               {{"seconds", std::to_string(seconds)}})});
  add_setting(info, texts, "time_per_turn", Spec::NUMBER, Spec::PLATFORM, times);
  add_fixed_choice(info, texts, "player_leaves", "cpu_takes_over");
  add_fixed_choice(info, texts, "draws", "half_point");
  add_fixed_choice(info, texts, "rules_origin", "standard");

  add_setting(info, texts, "alternate_first_turn", Spec::FLAG, Spec::LOCAL_RULE, {on, off});
  for (const char* variant : {"early_draw", "open_boards", "draw_counts_both"})
    add_setting(info, texts, variant, Spec::FLAG, Spec::VARIANT, {off, on});
  std::vector<Allowed> targets = {{number(0), off.label}};
  for (int n = Rules::kMinFastTarget; n <= Rules::kMaxFastTarget; ++n)
    targets.push_back({number(n), texts.ui("setting.fast_game.value.target", count(n))});
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
  // With alternation the seats take turns to open: seat 1 in odd games.
  const int first_seat = settings.flag("alternate_first_turn") && game_number % 2 == 0 ? 2 : 1;
  return std::make_unique<Match>(rules, first_seat);
}

double Game::default_think_ms(boardgame::plugin::Level level) const {
  switch (level) {
    case v1::SuggestMoveRequest::NOVATO: return 100;
    case v1::SuggestMoveRequest::NORMAL: return 300;
    default: return 1000;
  }
}

}  // namespace uttt::adapter
