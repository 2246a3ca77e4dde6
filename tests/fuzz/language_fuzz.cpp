// Language tags, Accept-Language headers and UI-string messages, as a
// client sends the first two and a translator writes the third. Whatever
// parses is checked for what the headers promise: canonical tags that parse
// back to themselves and negotiate as the tag did, ranges by falling
// weight, a negotiated locale that is always a published one, and messages
// that format in every published language once each argument has a value.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "boardgame/rules/language_tag.h"
#include "boardgame/rules/negotiation.h"
#include "boardgame/rules/ui_format.h"
#include "check.h"

namespace rules = boardgame::rules;
using fuzz::require;

namespace {

const std::vector<std::string> kPublished = {"de", "en", "es", "pt"};

bool published(const std::string& locale) {
  return std::find(kPublished.begin(), kPublished.end(), locale) != kPublished.end();
}

bool same_ignoring_case(std::string_view a, std::string_view b) {
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [&](char x, char y) { return lower(x) == lower(y); });
}

void check_tag(std::string_view text) {
  const auto tag = rules::parse_language_tag(text);
  if (!tag) {
    require(!tag.error.empty(), "a refused tag without a reason");
    return;
  }
  const std::string canonical = tag.value.to_string();
  require(text.size() <= rules::kMaxTagLength, "a tag over the length limit parsed");
  require(same_ignoring_case(canonical, text), "canonical form " + canonical + " changes more than case");
  const auto again = rules::parse_language_tag(canonical);
  require(again && again.value.to_string() == canonical, "canonical form " + canonical + " does not parse back");

  require(rules::negotiate_locale(canonical, kPublished).value ==
              rules::negotiate_locale(text, kPublished).value,
          "canonical form " + canonical + " negotiates otherwise than the tag");
}

void check_negotiation(std::string_view text) {
  const auto locale = rules::negotiate_locale(text, kPublished);
  require(!locale || published(locale.value), "negotiated an unpublished locale " + locale.value);

  const auto ranges = rules::parse_accept_language(text);
  if (ranges) {
    for (std::size_t i = 0; i < ranges.value.size(); ++i) {
      const rules::LanguageRange& r = ranges.value[i];
      require(r.weight >= 0 && r.weight <= 1000, "a q-value outside 0..1");
      require(i == 0 || ranges.value[i - 1].weight >= r.weight, "ranges not by falling weight");
      if (r.tag != "*") {
        const auto tag = rules::parse_language_tag(r.tag);
        require(tag && tag.value.to_string() == r.tag, "range " + r.tag + " is not a canonical tag");
      }
    }
  }
  const auto chosen = rules::negotiate_accept_language(text, kPublished);
  require(!chosen || published(chosen.value), "negotiated an unpublished locale " + chosen.value);
  require(!chosen == !ranges, "Accept-Language parsed and negotiated differently");
}

void check_ui_text(std::string_view text) {
  const auto names = rules::placeholder_names(text);
  rules::UiArgs args;
  for (const std::string& name : names.value) args[name] = "1";  // fits plain, plural and select
  for (const std::string& locale : kPublished) {
    const auto filled = rules::format_ui_text(text, locale, args);
    require(bool(filled) == bool(names),
            "argument names and formatting disagree on " + std::string(text) + " in " + locale +
                ": " + names.error + filled.error);
  }
  if (!names || names.value.empty()) return;
  args.erase(names.value.front());
  require(!rules::format_ui_text(text, "en", args), "a missing argument was not noticed");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_tag(text);
  check_negotiation(text);
  check_ui_text(text);
  return 0;
}
