#include "boardgame/rules/language_tag.h"

#include <algorithm>
#include <array>
#include <vector>

#include <unicode/uloc.h>

#include "icu_support.h"

namespace boardgame::rules {
namespace {

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alnum(char c) { return is_alpha(c) || is_digit(c); }
char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }
char upper(char c) { return c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c; }

bool same_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return lower(x) == lower(y);
         });
}

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

// RFC 5646 section 2.1: the irregular grandfathered tags, which do not
// follow the subtag grammar and are only valid whole. The registry froze
// this list.
constexpr std::array<std::string_view, 17> kIrregular = {
    "en-GB-oed", "i-ami",     "i-bnn",     "i-default", "i-enochian", "i-hak",
    "i-klingon", "i-lux",     "i-mingo",   "i-navajo",  "i-pwn",      "i-tao",
    "i-tay",     "i-tsu",     "sgn-BE-FR", "sgn-BE-NL", "sgn-CH-DE"};

struct Subtag {
  std::string_view text;
  std::size_t start;  // offset in the tag
};

// What ICU does not say: the length, the characters and the shape of the
// subtags, so that every later message can speak of one subtag.
Checked<std::vector<Subtag>> split_subtags(std::string_view text) {
  using Result = Checked<std::vector<Subtag>>;
  if (text.empty()) return Result::fail("the language tag is empty");
  if (text.size() > kMaxTagLength)
    return Result::fail("the language tag is " + std::to_string(text.size()) +
                        " characters long; at most " + std::to_string(kMaxTagLength) +
                        " are allowed");
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '_')
      return Result::fail("language tag " + quoted(text) +
                          " uses '_'; subtags are joined by '-', as in 'pt-BR'");
    if (!is_alnum(c) && c != '-')
      return Result::fail("language tag " + quoted(text) + " has a character other than " +
                          "letters, digits and '-' at position " + std::to_string(i + 1));
  }
  std::vector<Subtag> subtags;
  std::size_t start = 0;
  for (;;) {
    std::size_t dash = text.find('-', start);
    std::string_view sub = text.substr(start, dash == std::string_view::npos ? dash : dash - start);
    if (sub.empty())
      return Result::fail("language tag " + quoted(text) + " has an empty subtag at position " +
                          std::to_string(start + 1));
    if (sub.size() > 8)
      return Result::fail("subtag " + quoted(sub) + " of " + quoted(text) +
                          " is longer than 8 characters");
    subtags.push_back({sub, start});
    if (dash == std::string_view::npos) break;
    start = dash + 1;
  }
  return Result::ok(std::move(subtags));
}

std::string bad_language(std::string_view language) {
  return std::all_of(language.begin(), language.end(), is_alpha)
             ? "the language " + quoted(language) + " must be 2, 3 or 5 to 8 letters"
             : "the language " + quoted(language) + " must be letters only";
}

// Why ICU stopped reading at subtag k.
std::string why_not(const std::vector<Subtag>& subs, std::size_t k) {
  std::string_view sub = subs[k].text;
  const bool last = k + 1 == subs.size();
  auto earlier = [&](auto shape) {
    return std::any_of(subs.begin(), subs.begin() + long(k), [&](const Subtag& s) {
      return shape(s.text) && same_ignoring_case(s.text, sub);
    });
  };
  if (same_ignoring_case(sub, "x")) return "the private-use part 'x' has no subtags";
  if (k == 0) return bad_language(sub);
  if (sub.size() == 1) {
    if (earlier([](std::string_view s) { return s.size() == 1; }))
      return "the extension " + quoted(sub) + " appears twice";
    if (last || subs[k + 1].text.size() == 1)
      return "the extension " + quoted(sub) + " has no subtags";
  }
  const bool variant = sub.size() >= 5 || (sub.size() == 4 && is_digit(sub[0]));
  if (variant && earlier([](std::string_view s) { return s.size() >= 4; }))
    return "the variant " + quoted(sub) + " appears twice";
  return quoted(sub) + " is not valid at this place";
}

// RFC 5646 section 2.1.1: lowercase, except two-letter subtags (regions)
// in uppercase and four-letter ones (scripts) in titlecase, when they
// neither start the tag nor follow a singleton.
std::string canonical_case(const std::vector<Subtag>& subs) {
  std::string out;
  bool after_singleton = false;
  for (std::size_t k = 0; k < subs.size(); ++k) {
    std::string sub;
    for (char c : subs[k].text) sub += lower(c);
    if (k > 0 && !after_singleton) {
      if (sub.size() == 2) std::transform(sub.begin(), sub.end(), sub.begin(), upper);
      if (sub.size() == 4) sub[0] = upper(sub[0]);
    }
    if (sub.size() == 1) after_singleton = true;
    out += (k ? "-" : "") + sub;
  }
  return out;
}

}  // namespace

Checked<LanguageTag> parse_language_tag(std::string_view text) {
  using Result = Checked<LanguageTag>;
  auto split = split_subtags(text);
  if (!split) return Result::fail(split.error);
  const std::vector<Subtag>& subs = split.value;
  auto fail = [&](const std::string& why) {
    return Result::fail("language tag " + quoted(text) + ": " + why);
  };
  const bool irregular =
      std::any_of(kIrregular.begin(), kIrregular.end(),
                  [&](std::string_view t) { return same_ignoring_case(t, text); });
  std::string_view first = subs[0].text;
  const bool language_shaped =
      first.size() > 1 && std::all_of(first.begin(), first.end(), is_alpha);
  // ICU takes four letters for a language, as Unicode locale ids allow;
  // RFC 5646 reserves that length.
  if (language_shaped && first.size() == 4) return fail(bad_language(first));
  // Only the irregular tags start with a singleton other than the 'x' of
  // private use.
  if (!irregular && first.size() == 1 && !same_ignoring_case(first, "x"))
    return fail(bad_language(first));

  if (!irregular) {
    // ICU checks the grammar and reads as far as the tag is well formed.
    // It gets the tag with its language masked by one of the same length:
    // ICU rewrites legacy prefixes first (sgn-DE -> gsg, i-klingon -> tlh)
    // and would then accept "sgn-DE-US" as gsg-US.
    std::string masked(text);
    if (language_shaped) std::fill_n(masked.begin(), first.size(), 'q');
    char id[1024];  // the ICU locale id is not used, only how far ICU read
    int32_t parsed = 0;
    UErrorCode status = U_ZERO_ERROR;
    uloc_forLanguageTag(masked.c_str(), id, int32_t(sizeof id), &parsed, &status);
    if (U_FAILURE(status) && status != U_BUFFER_OVERFLOW_ERROR)
      return fail("ICU cannot read it (" + std::string(u_errorName(status)) + ")");
    if (std::size_t(parsed) < text.size()) {
      std::size_t k = 0;
      while (k + 1 < subs.size() && subs[k].start < std::size_t(parsed)) ++k;
      return fail(why_not(subs, k));
    }
  }

  LanguageTag out;
  out.canonical = canonical_case(subs);
  const icu::Locale locale = detail::icu_locale(out);
  out.language = locale.getLanguage();
  out.script = locale.getScript();
  out.region = locale.getCountry();
  return Result::ok(std::move(out));
}

}  // namespace boardgame::rules
