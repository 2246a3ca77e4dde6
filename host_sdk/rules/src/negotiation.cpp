#include "boardgame/rules/negotiation.h"

#include <algorithm>
#include <optional>

#include <unicode/localematcher.h>

#include "boardgame/rules/language_tag.h"
#include "icu_support.h"

namespace boardgame::rules {
namespace {

// ICU's LocaleMatcher over the published locales. Its distance limit is
// that of two regional forms of one language (en-US and en-GB): without it,
// ICU would also answer across languages, as CLDR suggests for readers of
// Catalan or Galician (Spanish) and of Swiss German (German), where our
// pages promise the requested language or the fallback.
class Matcher {
 public:
  explicit Matcher(const std::vector<std::string>& available) : available_(available) {
    std::vector<icu::Locale> supported;
    for (std::size_t i = 0; i < available.size(); ++i) {
      auto locale = detail::published_locale(available[i]);
      if (!locale) continue;  // a malformed published tag is never chosen
      supported.push_back(locale.value);
      index_.push_back(i);
    }
    UErrorCode status = U_ZERO_ERROR;
    const icu::Locale region_a = icu::Locale::forLanguageTag("en-US", status);
    const icu::Locale region_b = icu::Locale::forLanguageTag("en-GB", status);
    icu::LocaleMatcher matcher = icu::LocaleMatcher::Builder()
                                     .setSupportedLocales(supported.begin(), supported.end())
                                     .setNoDefaultLocale()
                                     .setMaxDistance(region_a, region_b)
                                     .build(status);
    if (U_SUCCESS(status)) matcher_.emplace(std::move(matcher));
  }

  // The published locale closest to `tag`, or "" when none is close enough.
  std::string match(const LanguageTag& tag) const {
    if (!matcher_ || tag.language.empty()) return {};  // "x-club": no language to match
    UErrorCode status = U_ZERO_ERROR;
    const icu::LocaleMatcher::Result result =
        matcher_->getBestMatchResult(detail::icu_locale(tag), status);
    const int32_t supported = result.getSupportedIndex();
    if (U_FAILURE(status) || supported < 0) return {};
    return available_[index_[std::size_t(supported)]];
  }

 private:
  const std::vector<std::string>& available_;
  std::vector<std::size_t> index_;  // ICU's supported index -> index in available_
  std::optional<icu::LocaleMatcher> matcher_;
};

std::string_view trim(std::string_view s) {
  auto ows = [](char c) { return c == ' ' || c == '\t'; };
  while (!s.empty() && ows(s.front())) s.remove_prefix(1);
  while (!s.empty() && ows(s.back())) s.remove_suffix(1);
  return s;
}

// qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ), in
// thousandths. ICU reads Accept-Language leniently and without saying what
// is wrong, so the header's syntax is checked here.
Checked<int> parse_qvalue(std::string_view q) {
  auto bad = [&] {
    return Checked<int>::fail("q-value '" + std::string(q) +
                              "' must be a number from 0 to 1 with at most three decimals");
  };
  if (q.empty() || (q[0] != '0' && q[0] != '1')) return bad();
  int whole = q[0] - '0';
  if (q.size() == 1) return Checked<int>::ok(whole * 1000);
  if (q[1] != '.' || q.size() > 5) return bad();
  int fraction = 0;
  for (std::size_t i = 2; i < 5; ++i) {
    char c = i < q.size() ? q[i] : '0';
    if (c < '0' || c > '9') return bad();
    fraction = fraction * 10 + (c - '0');
  }
  if (whole == 1 && fraction != 0) return bad();
  return Checked<int>::ok(whole * 1000 + fraction);
}

}  // namespace

Checked<std::vector<LanguageRange>> parse_accept_language(std::string_view header) {
  using Range = LanguageRange;
  using Result = Checked<std::vector<Range>>;
  std::vector<Range> ranges;
  std::size_t start = 0;
  while (start <= header.size()) {
    std::size_t comma = header.find(',', start);
    std::string_view element =
        trim(header.substr(start, comma == std::string_view::npos ? comma : comma - start));
    start = comma == std::string_view::npos ? header.size() + 1 : comma + 1;
    if (element.empty()) continue;  // the list syntax allows empty elements

    std::string_view range = element;
    int weight = 1000;
    if (std::size_t semi = element.find(';'); semi != std::string_view::npos) {
      range = trim(element.substr(0, semi));
      std::string_view param = trim(element.substr(semi + 1));
      if (param.size() < 2 || (param[0] != 'q' && param[0] != 'Q') || param[1] != '=')
        return Result::fail("Accept-Language entry '" + std::string(element) +
                            "': only a weight such as ';q=0.8' may follow a language");
      auto q = parse_qvalue(param.substr(2));
      if (!q) return Result::fail("Accept-Language entry '" + std::string(element) + "': " + q.error);
      weight = q.value;
    }
    if (range == "*") {
      ranges.push_back({"*", weight});
      continue;
    }
    auto tag = parse_language_tag(range);
    if (!tag) return Result::fail("Accept-Language: " + tag.error);
    ranges.push_back({tag.value.to_string(), weight});
  }
  std::stable_sort(ranges.begin(), ranges.end(),
                   [](const Range& a, const Range& b) { return a.weight > b.weight; });
  return Result::ok(std::move(ranges));
}

Checked<std::string> negotiate_locale(std::string_view requested,
                                      const std::vector<std::string>& available,
                                      std::string_view fallback) {
  auto tag = parse_language_tag(requested);
  if (!tag) return Checked<std::string>::fail(tag.error);
  std::string found = Matcher(available).match(tag.value);
  return Checked<std::string>::ok(found.empty() ? std::string(fallback) : found);
}

Checked<std::string> negotiate_accept_language(std::string_view header,
                                               const std::vector<std::string>& available,
                                               std::string_view fallback) {
  auto ranges = parse_accept_language(header);
  if (!ranges) return Checked<std::string>::fail(ranges.error);
  // Range by range, most wanted first: ICU's own list matching weighs a
  // close match of a later range against a looser one of an earlier range,
  // where the header's order is the reader's.
  const Matcher matcher(available);
  for (const LanguageRange& range : ranges.value) {
    if (range.weight == 0) break;  // sorted: everything from here is refused
    if (range.tag == "*") break;   // any language will do: the fallback
    std::string found = matcher.match(parse_language_tag(range.tag).value);
    if (!found.empty()) return Checked<std::string>::ok(found);
  }
  return Checked<std::string>::ok(std::string(fallback));
}

}  // namespace boardgame::rules
