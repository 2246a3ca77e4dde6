#include "boardgame/plugin/settings_schema.h"

namespace boardgame::plugin {

namespace {

using Spec = v1::SettingSpec;

// A platform row with a single value, which no group can change.
void add_fixed_choice(v1::GameInfo& info, const Texts& texts, const std::string& id,
                      const std::string& value) {
  Choice c{{}, texts.ui("setting." + id + ".value." + value)};
  c.value.set_choice(value);
  add_setting(info, texts, id, Spec::CHOICE, Spec::PLATFORM, {c});
}

}  // namespace

Choice flag_choice(bool on, const Texts& texts) {
  Choice c{{}, texts.ui(on ? "value.on" : "value.off")};
  c.value.set_flag(on);
  return c;
}

Choice number_choice(std::int64_t n, std::string label) {
  Choice c{{}, std::move(label)};
  c.value.set_number(n);
  return c;
}

void add_setting(v1::GameInfo& info, const Texts& texts, const std::string& id, Spec::Type type,
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

void add_club_settings(v1::GameInfo& info, const Texts& texts) {
  add_setting(info, texts, "players", Spec::NUMBER, Spec::PLATFORM,
              {number_choice(2, texts.ui("setting.players.value.count", {{"count", "2"}}))});
  std::vector<Choice> times = {
      number_choice(0, texts.ui("setting.time_per_turn.value.unlimited"))};
  for (int seconds : {30, 60})
    times.push_back(number_choice(seconds, texts.ui("setting.time_per_turn.value.seconds",
                                                    {{"seconds", std::to_string(seconds)}})));
  add_setting(info, texts, "time_per_turn", Spec::NUMBER, Spec::PLATFORM, times);
  add_fixed_choice(info, texts, "player_leaves", "cpu_takes_over");
  add_fixed_choice(info, texts, "draws", "half_point");
  add_fixed_choice(info, texts, "rules_origin", "standard");
  add_setting(info, texts, "alternate_first_turn", Spec::FLAG, Spec::LOCAL_RULE,
              {flag_choice(true, texts), flag_choice(false, texts)});
}

int first_seat(const Settings& settings, std::uint32_t game_number) {
  return settings.flag("alternate_first_turn") && game_number % 2 == 0 ? 2 : 1;
}

}  // namespace boardgame::plugin
