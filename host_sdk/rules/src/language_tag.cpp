#include "boardgame/rules/language_tag.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace boardgame::rules {
namespace {

// RFC 5646 section 2.1: irregular grandfathered tags, which do not follow
// the subtag grammar and are only valid whole.
constexpr std::array<std::string_view, 17> kIrregular = {
    "en-GB-oed", "i-ami",     "i-bnn",     "i-default", "i-enochian", "i-hak",
    "i-klingon", "i-lux",     "i-mingo",   "i-navajo",  "i-pwn",      "i-tao",
    "i-tay",     "i-tsu",     "sgn-BE-FR", "sgn-BE-NL", "sgn-CH-DE"};

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alnum(char c) { return is_alpha(c) || is_digit(c); }

bool all_of(std::string_view s, bool (*pred)(char)) {
  return std::all_of(s.begin(), s.end(), pred);
}
bool alpha(std::string_view s, std::size_t lo, std::size_t hi) {
  return s.size() >= lo && s.size() <= hi && all_of(s, is_alpha);
}
bool alnum(std::string_view s, std::size_t lo, std::size_t hi) {
  return s.size() >= lo && s.size() <= hi && all_of(s, is_alnum);
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}
std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
  return out;
}
std::string title(std::string_view s) {
  std::string out = lower(s);
  if (!out.empty()) out[0] = char(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && lower(a) == lower(b);
}

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

// Splits on '-' after checking the characters, so that every later message
// can speak of subtags.
Checked<std::vector<std::string_view>> split_subtags(std::string_view text) {
  using Result = Checked<std::vector<std::string_view>>;
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
  std::vector<std::string_view> subtags;
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
    subtags.push_back(sub);
    if (dash == std::string_view::npos) break;
    start = dash + 1;
  }
  return Result::ok(std::move(subtags));
}

}  // namespace

Checked<LanguageTag> parse_language_tag(std::string_view text) {
  using Result = Checked<LanguageTag>;
  for (std::string_view irregular : kIrregular) {
    if (equal_ignoring_case(text, irregular)) {
      LanguageTag tag;
      tag.grandfathered = std::string(irregular);
      return Result::ok(std::move(tag));
    }
  }
  auto split = split_subtags(text);
  if (!split) return Result::fail(split.error);
  const std::vector<std::string_view>& subs = split.value;
  std::size_t i = 0;
  auto fail = [&](const std::string& why) {
    return Result::fail("language tag " + quoted(text) + ": " + why);
  };

  LanguageTag tag;
  // A tag that is private use only: "x-whatever".
  if (!equal_ignoring_case(subs[0], "x")) {
    std::string_view lang = subs[i++];
    if (alpha(lang, 2, 3)) {
      tag.language = lower(lang);
      // Up to three extended language subtags, as in "zh-yue".
      for (int n = 0; n < 3 && i < subs.size() && alpha(subs[i], 3, 3); ++n)
        tag.language += "-" + lower(subs[i++]);
    } else if (alpha(lang, 5, 8)) {
      tag.language = lower(lang);
    } else if (all_of(lang, is_alpha)) {
      return fail("the language " + quoted(lang) + " must be 2, 3 or 5 to 8 letters");
    } else {
      return fail("the language " + quoted(lang) + " must be letters only");
    }
    if (i < subs.size() && alpha(subs[i], 4, 4)) tag.script = title(subs[i++]);
    if (i < subs.size() &&
        (alpha(subs[i], 2, 2) || (subs[i].size() == 3 && all_of(subs[i], is_digit))))
      tag.region = upper(subs[i++]);
    while (i < subs.size()) {
      std::string_view v = subs[i];
      bool variant = alnum(v, 5, 8) || (v.size() == 4 && is_digit(v[0]) && all_of(v, is_alnum));
      if (!variant) break;
      std::string lv = lower(v);
      if (std::find(tag.variants.begin(), tag.variants.end(), lv) != tag.variants.end())
        return fail("the variant " + quoted(v) + " appears twice");
      tag.variants.push_back(lv);
      ++i;
    }
    while (i < subs.size() && subs[i].size() == 1 && !equal_ignoring_case(subs[i], "x")) {
      std::string singleton = lower(subs[i++]);
      for (const std::string& e : tag.extensions)
        if (e[0] == singleton[0]) return fail("the extension " + quoted(singleton) + " appears twice");
      std::string ext = singleton;
      while (i < subs.size() && alnum(subs[i], 2, 8)) ext += "-" + lower(subs[i++]);
      if (ext.size() == 1) return fail("the extension " + quoted(singleton) + " has no subtags");
      tag.extensions.push_back(std::move(ext));
    }
  }
  if (i < subs.size() && equal_ignoring_case(subs[i], "x")) {
    std::string priv = "x";
    ++i;
    while (i < subs.size()) priv += "-" + lower(subs[i++]);  // each 1..8 alnum, checked by split
    if (priv.size() == 1) return fail("the private-use part 'x' has no subtags");
    tag.private_use = std::move(priv);
  }
  if (i < subs.size()) return fail(quoted(subs[i]) + " is not valid at this place");
  return Result::ok(std::move(tag));
}

std::string LanguageTag::to_string() const {
  if (!grandfathered.empty()) return grandfathered;
  std::string out = language;
  auto add = [&out](const std::string& part) {
    if (part.empty()) return;
    if (!out.empty()) out += '-';
    out += part;
  };
  add(script);
  add(region);
  for (const std::string& v : variants) add(v);
  for (const std::string& e : extensions) add(e);
  add(private_use);
  return out;
}

std::vector<std::string> lookup_chain(const LanguageTag& tag) {
  std::vector<std::string> chain;
  std::string current = tag.to_string();
  while (!current.empty()) {
    chain.push_back(current);
    std::size_t dash = current.rfind('-');
    if (dash == std::string::npos) break;
    current.resize(dash);
    // Never end on a singleton such as the "u" of "de-u-co-phonebk".
    std::size_t prev = current.rfind('-');
    std::size_t last_len = current.size() - (prev == std::string::npos ? 0 : prev + 1);
    if (last_len == 1) current.resize(prev == std::string::npos ? 0 : prev);
  }
  return chain;
}

}  // namespace boardgame::rules
