#include "game.h"

#include <string>
#include <vector>

#include "boardgame/localization/tictactoe_rules_documents.h"
#include "match.h"

namespace ttt::adapter {

namespace v1 = boardgame::v1;
using boardgame::plugin::Texts;
using Spec = v1::SettingSpec;

namespace {

struct Choice {
  v1::SettingValue value;
  std::string label;
};

Choice flag(bool on, const Texts& texts) {
  Choice c{{}, texts.ui(on ? "value.on" : "value.off")};
  c.value.set_flag(on);
  return c;
}

Choice number(std::int64_t n, std::string label) {
  Choice c{{}, std::move(label)};
  c.value.set_number(n);
  return c;
}

Choice choice(const std::string& id, const std::string& value, const Texts& texts) {
  Choice c{{}, texts.ui("setting." + id + ".value." + value)};
  c.value.set_choice(value);
  return c;
}

// One row of the schema, labelled by the UI strings "setting.<id>.name" and
// "setting.<id>.description" (the ids are those of the rules page's tables).
// The first choice is the default; a row with one choice cannot be changed.
void add(v1::GameInfo& info, const Texts& texts, const std::string& id, Spec::Type type,
         Spec::Category category, const std::vector<Choice>& choices) {
  Spec& spec = *info.add_settings();
  spec.set_id(id);
  spec.set_type(type);
  spec.set_category(category);
  spec.set_label(texts.ui("setting." + id + ".name"));
  spec.set_description(texts.ui("setting." + id + ".description"));
  *spec.mutable_default_value() = choices.front().value;
  spec.set_changeable(choices.size() > 1);
  for (const Choice& c : choices) {
    v1::AllowedValue& allowed = *spec.add_allowed_values();
    *allowed.mutable_value() = c.value;
    allowed.set_label(c.label);
  }
}

}  // namespace

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

  add(info, texts, "players", Spec::NUMBER, Spec::PLATFORM,
      {number(2, texts.ui("setting.players.value.count", {{"count", "2"}}))});
  std::vector<Choice> times = {number(0, texts.ui("setting.time_per_turn.value.unlimited"))};
  for (int seconds : {30, 60})
    times.push_back(number(seconds, texts.ui("setting.time_per_turn.value.seconds",
                                             {{"seconds", std::to_string(seconds)}})));
  add(info, texts, "time_per_turn", Spec::NUMBER, Spec::PLATFORM, times);
  add(info, texts, "player_leaves", Spec::CHOICE, Spec::PLATFORM,
      {choice("player_leaves", "cpu_takes_over", texts)});
  add(info, texts, "draws", Spec::CHOICE, Spec::PLATFORM, {choice("draws", "half_point", texts)});
  add(info, texts, "rules_origin", Spec::CHOICE, Spec::PLATFORM,
      {choice("rules_origin", "standard", texts)});

  add(info, texts, "alternate_first_turn", Spec::FLAG, Spec::LOCAL_RULE,
      {flag(true, texts), flag(false, texts)});
  return info;
}

std::unique_ptr<boardgame::plugin::Match> Game::start(const boardgame::plugin::Settings& settings,
                                                      std::uint32_t game_number) const {
  // With alternation the seats take turns to open: seat 1 in odd games.
  const int first_seat = settings.flag("alternate_first_turn") && game_number % 2 == 0 ? 2 : 1;
  return std::make_unique<Match>(first_seat);
}

// Every level answers from a solved table in microseconds; a budget would
// only delay the answer.
double Game::default_think_ms(boardgame::plugin::Level) const { return 0; }

}  // namespace ttt::adapter
