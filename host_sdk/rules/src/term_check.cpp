#include "boardgame/rules/term_check.h"

#include <algorithm>
#include <set>

#include <google/protobuf/descriptor.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

namespace boardgame::rules {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using icu::UnicodeString;

UnicodeString utf16(std::string_view utf8) {
  return UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), int32_t(utf8.size())));
}

// Case-folded for matching. Folding may change a text's length (ß -> ss),
// so a match is shown as written only when it did not.
UnicodeString folded(std::string_view utf8) { return utf16(utf8).foldCase(); }

bool letter_at(const UnicodeString& s, int32_t index) {
  if (index < 0 || index >= s.length()) return false;
  const UChar32 c = s.char32At(index);
  return u_isalnum(c) || c == '_';
}

// The spans [start, end) where `phrase` occurs in `text` as whole words.
std::vector<std::pair<int32_t, int32_t>> whole_words(const UnicodeString& text,
                                                     const UnicodeString& phrase) {
  std::vector<std::pair<int32_t, int32_t>> spans;
  if (phrase.isEmpty()) return spans;
  for (int32_t at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
    const int32_t end = at + phrase.length();
    const int32_t before = at == 0 ? -1 : text.moveIndex32(at, -1);
    if (!letter_at(text, before) && !letter_at(text, end)) spans.emplace_back(at, end);
  }
  return spans;
}

// Fields that name things rather than say them.
bool is_prose(const FieldDescriptor* f) {
  static const std::set<std::string> kNames = {
      "id", "key", "locale", "game_id", "last_updated", "maintainer", "svg", "text_board"};
  return !kNames.count(f->name());
}

void walk(const Message& m, FieldPath& path, const ProseVisitor& visit) {
  const auto* d = m.GetDescriptor();
  const auto* r = m.GetReflection();
  for (int i = 0; i < d->field_count(); ++i) {
    const FieldDescriptor* f = d->field(i);
    const bool text = f->cpp_type() == FieldDescriptor::CPPTYPE_STRING;
    const bool message = f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE;
    if ((!text && !message) || (text && !is_prose(f))) continue;
    if (f->is_repeated()) {
      for (int k = 0; k < r->FieldSize(m, f); ++k) {
        path.push_back({f, k});
        if (text)
          visit(path, r->GetRepeatedString(m, f, k));
        else
          walk(r->GetRepeatedMessage(m, f, k), path, visit);
        path.pop_back();
      }
    } else if (text || r->HasField(m, f)) {
      path.push_back({f, -1});
      if (text)
        visit(path, r->GetString(m, f));
      else
        walk(r->GetMessage(m, f), path, visit);
      path.pop_back();
    }
  }
}

}  // namespace

std::vector<std::string> avoided_terms(std::string_view text, const v1::TermBase& terms) {
  std::vector<std::string> found;
  const UnicodeString written = utf16(text);
  const UnicodeString haystack = UnicodeString(written).foldCase();
  const UnicodeString& shown = haystack.length() == written.length() ? written : haystack;
  for (const v1::Term& term : terms.terms()) {
    std::vector<std::pair<int32_t, int32_t>> allowed;
    for (const std::string& phrase : term.allow())
      for (const auto& span : whole_words(haystack, folded(phrase))) allowed.push_back(span);
    for (const std::string& form : term.avoid()) {
      for (const auto& [start, end] : whole_words(haystack, folded(form))) {
        bool excused = false;
        for (const auto& [from, to] : allowed) excused |= from <= start && end <= to;
        if (excused) continue;
        std::string as_written;
        shown.tempSubStringBetween(start, end).toUTF8String(as_written);
        found.push_back("uses “" + as_written + "”, which the term base avoids: write “" +
                        term.preferred() + "” (" + term.concept() + ")" +
                        (term.note().empty() ? "" : ". " + term.note()));
      }
    }
  }
  return found;
}

void for_each_prose(const Message& message, const ProseVisitor& visit) {
  FieldPath path;
  walk(message, path, visit);
}

std::vector<Problem> check_terms(const Message& message, const v1::TermBase& terms) {
  std::vector<Problem> out;
  for_each_prose(message, [&](const FieldPath& path, const std::string& text) {
    for (std::string& why : avoided_terms(text, terms)) out.push_back({path, std::move(why)});
  });
  return out;
}

v1::TermBase with_game_terms(v1::TermBase club, const v1::TermBase& game) {
  for (const v1::Term& own : game.terms()) {
    auto same = std::find_if(club.mutable_terms()->begin(), club.mutable_terms()->end(),
                             [&](const v1::Term& t) { return t.concept() == own.concept(); });
    if (same != club.mutable_terms()->end())
      *same = own;
    else
      *club.add_terms() = own;
  }
  return club;
}

std::vector<Problem> check_term_base(const v1::TermBase& terms) {
  std::vector<Problem> out;
  const auto* terms_field = terms.GetDescriptor()->FindFieldByName("terms");
  std::set<std::string> concepts;
  for (int i = 0; i < terms.terms_size(); ++i) {
    const v1::Term& t = terms.terms(i);
    const FieldPath at{{terms_field, i}};
    if (t.concept().empty()) out.push_back({at, "has no concept"});
    if (t.preferred().empty()) out.push_back({at, "has no preferred term"});
    if (!concepts.insert(t.concept()).second)
      out.push_back({at, "repeats the concept \"" + t.concept() + "\""});
    v1::TermBase alone;
    *alone.add_terms() = t;
    if (!avoided_terms(t.preferred(), alone).empty())
      out.push_back({at, "its preferred term \"" + t.preferred() + "\" holds a form it avoids"});
  }
  return out;
}

}  // namespace boardgame::rules
