#include "boardgame/rules/page.h"

#include "boardgame/rules/dates.h"

namespace boardgame::rules {

const std::string& PagePart::heading() const {
  return std::visit([](const auto* part) -> const std::string& { return part->heading(); },
                    content);
}

std::vector<PagePart> page_parts(const v1::RulesDocument& d) {
  return {
      {"setup", &d.setup()},
      {"how-to-play", &d.how_to_play()},
      {"how-to-win", &d.how_to_win()},
      {"draws", &d.draws()},
      {"resigning", &d.resigning()},
      {"platform", &d.platform()},
      {"settings", &d.settings()},
      {"local-rules", &d.local_rules()},
      {"glossary", &d.glossary()},
      {"faq", &d.faq()},
      {"strategy", &d.strategy()},
  };
}

std::string shown_date(const v1::RulesDocument& d) {
  auto date = format_date(d.last_updated(), d.locale());
  return date ? date.value : d.last_updated();
}

}  // namespace boardgame::rules
