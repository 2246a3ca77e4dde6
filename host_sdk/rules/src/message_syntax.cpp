#include "message_syntax.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <vector>

#include <unicode/messagepattern.h>

#include "icu_support.h"

namespace boardgame::rules::detail {
namespace {

using icu::MessagePattern;
using icu::UnicodeString;

bool is_name(const std::string& s) {
  if (s.empty() || !(s[0] >= 'a' && s[0] <= 'z')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

bool is_plural_case(const std::string& s) {
  static constexpr std::array<std::string_view, 6> kCategories = {"zero", "one", "two",
                                                                  "few",  "many", "other"};
  return s[0] == '=' ||  // an exact value, "=0"; ICU checks the number
         std::find(kCategories.begin(), kCategories.end(), s) != kCategories.end();
}

std::string position(const UnicodeString& text, int32_t utf16_offset) {
  return "position " + std::to_string(character_position(text, utf16_offset));
}

// ICU reads a '}' outside any argument, and an apostrophe quotation that
// reaches the end of the message, as plain text. Both are nearly always
// slips ("{board}}", "l'{player}"), so the literal text between top-level
// arguments, [from, to), is read again here with ICU's quoting rules.
std::string literal_problem(const UnicodeString& text, int32_t from, int32_t to) {
  for (int32_t i = from; i < to; ++i) {
    const char16_t c = text[i];
    if (c == u'}')
      return "a '}' at " + position(text, i) +
             " closes nothing; write '}' between apostrophes for a literal brace";
    if (c != u'\'' || i + 1 >= to) continue;
    if (text[i + 1] == u'\'') {  // '' is one apostrophe
      ++i;
    } else if (text[i + 1] == u'{' || text[i + 1] == u'}') {  // a quotation
      const int32_t open = i;
      for (i += 2; i < to; ++i) {
        if (text[i] != u'\'') continue;
        if (i + 1 < to && text[i + 1] == u'\'') {
          ++i;
        } else {
          break;
        }
      }
      if (i >= to)
        return "the apostrophe at " + position(text, open) +
               " starts a quotation that never ends; close it with another apostrophe, or "
               "write ’ for an apostrophe in the text";
    }
  }
  return {};
}

// An apostrophe before a brace starts a quotation, which swallows braces:
// the likely cause of a brace error in a text that has one.
std::string quotation_hint(const UnicodeString& text) {
  if (text.indexOf(u"'{") < 0 && text.indexOf(u"'}") < 0) return {};
  return " (an apostrophe before a brace starts a quotation: write ’ for an apostrophe in the "
         "text)";
}

// ICU reports an unclosed brace at offset 0; the parts it read before it
// gave up say which brace it was: the innermost argument or case still
// open. -1 when they do not tell.
int32_t unclosed_brace(const MessagePattern& pattern) {
  std::vector<int32_t> open;
  for (int32_t i = 0; i < pattern.countParts(); ++i) {
    const MessagePattern::Part& part = pattern.getPart(i);
    const UMessagePatternPartType type = part.getType();
    // A case's message starts at its '{'; the whole message's has no brace.
    if (type == UMSGPAT_PART_TYPE_ARG_START ||
        (type == UMSGPAT_PART_TYPE_MSG_START && part.getLength() > 0))
      open.push_back(part.getIndex());
    else if ((type == UMSGPAT_PART_TYPE_ARG_LIMIT ||
              (type == UMSGPAT_PART_TYPE_MSG_LIMIT && part.getLength() > 0)) &&
             !open.empty())
      open.pop_back();
  }
  return open.empty() ? -1 : open.back();
}

std::string describe(const UnicodeString& text, UErrorCode status, const UParseError& where,
                     int32_t brace) {
  const std::string at = position(text, where.offset);
  const UnicodeString after(where.postContext);
  const std::string before_text = after.isEmpty() ? "" : ", before “" + utf8(after) + "”";
  switch (status) {
    case U_UNMATCHED_BRACES:
      return (brace >= 0 ? "the '{' at " + position(text, brace) + " is never closed"
                         : "a '{' is never closed") +
             "; write '{' between apostrophes for a literal brace" + quotation_hint(text);
    case U_PATTERN_SYNTAX_ERROR:
      return "the message syntax breaks at " + at + before_text +
             ": an argument is {name}, {name, number}, {name, plural, …} or "
             "{name, select, …}, and a literal brace is written '{' between apostrophes" +
             quotation_hint(text);
    case U_DEFAULT_KEYWORD_MISSING:
      return "the plural or select at " + at +
             " has no “other” case, which every plural and select needs";
    case U_DUPLICATE_KEYWORD:
      return "the plural or select at " + at + before_text + " has a case twice";
    case U_ARGUMENT_TYPE_MISMATCH:
      return "the message mixes named and numbered arguments at " + at;
    case U_INDEX_OUTOFBOUNDS_ERROR:
      return "the message is too long or nested too deeply for ICU (at " + at + ")";
    default:
      if (status >= U_FMT_PARSE_ERROR_START && status < U_FMT_PARSE_ERROR_LIMIT)
        return "a number or plural style is not one ICU knows (" +
               std::string(u_errorName(status)) + ", at " + at + before_text + ")";
      return "ICU cannot read the message (" + std::string(u_errorName(status)) + ", at " + at +
             before_text + ")";
  }
}

// One argument being read: its name, type and the cases seen so far.
struct OpenArgument {
  std::string name;
  UMessagePatternArgType type;
  std::set<std::string> cases;
};

}  // namespace

std::string describe_syntax_error(const UnicodeString& text, UErrorCode status,
                                  const UParseError& where) {
  return describe(text, status, where, -1);
}

Checked<MessageArgs> read_message(const UnicodeString& text) {
  using Result = Checked<MessageArgs>;
  UErrorCode status = U_ZERO_ERROR;
  UParseError where{};
  MessagePattern pattern(UMSGPAT_APOS_DOUBLE_OPTIONAL, status);
  pattern.parse(text, &where, status);
  if (U_FAILURE(status))
    return Result::fail(describe(text, status, where, unclosed_brace(pattern)));

  MessageArgs out;
  std::set<std::string> selected;  // names a select uses: their values are words
  std::vector<OpenArgument> open;
  int32_t literal_from = 0;  // where the current top-level literal text starts
  for (int32_t i = 0; i < pattern.countParts(); ++i) {
    const MessagePattern::Part& part = pattern.getPart(i);
    const std::string at = position(text, part.getIndex());
    switch (part.getType()) {
      case UMSGPAT_PART_TYPE_ARG_START: {
        if (open.empty())
          if (std::string why = literal_problem(text, literal_from, part.getIndex()); !why.empty())
            return Result::fail(why);
        const MessagePattern::Part& name_part = pattern.getPart(i + 1);
        const std::string name = utf8(pattern.getSubstring(name_part));
        if (name_part.getType() == UMSGPAT_PART_TYPE_ARG_NUMBER)
          return Result::fail("the argument {" + name + "} at " + at +
                              " is numbered; arguments are named, such as {count}");
        if (!is_name(name))
          return Result::fail("the argument name “" + name + "” at " + at +
                              " must be lowercase letters, digits and '_', starting with a letter");
        if (std::find(out.names.begin(), out.names.end(), name) == out.names.end())
          out.names.push_back(name);
        const UMessagePatternArgType type = part.getArgType();
        if (type == UMSGPAT_ARG_TYPE_SIMPLE) {
          UnicodeString kind = pattern.getSubstring(pattern.getPart(i + 2));
          kind.toLower("");
          if (kind != u"number" && kind != u"spellout" && kind != u"ordinal")
            return Result::fail("the argument {" + name + "} at " + at + " has the type “" +
                                utf8(kind) +
                                "”; messages use {name}, number, plural, selectordinal and select");
        } else if (type == UMSGPAT_ARG_TYPE_CHOICE) {
          return Result::fail("the argument {" + name + "} at " + at +
                              " is a choice, which ICU deprecates: write a plural");
        }
        if (type == UMSGPAT_ARG_TYPE_SELECT) selected.insert(name);
        if (type != UMSGPAT_ARG_TYPE_NONE && type != UMSGPAT_ARG_TYPE_SELECT)
          out.numeric.insert(name);
        open.push_back({name, type, {}});
        break;
      }
      case UMSGPAT_PART_TYPE_ARG_SELECTOR: {
        OpenArgument& arg = open.back();
        const std::string key = utf8(pattern.getSubstring(part));
        if (arg.type != UMSGPAT_ARG_TYPE_SELECT && !is_plural_case(key))
          return Result::fail("the case “" + key + "” of {" + arg.name + "} at " + at +
                              " is not a plural category: write zero, one, two, few, many, "
                              "other or an exact value such as =0");
        if (!arg.cases.insert(key).second)
          return Result::fail("the case “" + key + "” of {" + arg.name + "} at " + at +
                              " appears twice");
        break;
      }
      case UMSGPAT_PART_TYPE_ARG_LIMIT:
        open.pop_back();
        if (open.empty()) literal_from = part.getLimit();
        break;
      default:
        break;
    }
  }
  if (std::string why = literal_problem(text, literal_from, text.length()); !why.empty())
    return Result::fail(why);
  for (const std::string& name : selected)
    if (out.numeric.count(name))
      return Result::fail("the argument {" + name +
                          "} is both a number (plural or number) and a select word");
  return Result::ok(std::move(out));
}

}  // namespace boardgame::rules::detail
