// Rule pages made from a RulesDocument: the parts of a page in reading
// order, shared by every output format, and the two renderers.
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "boardgame/v1/rules_document.pb.h"

namespace boardgame::rules {

// One titled part of the page, with the anchor it is linked by.
struct PagePart {
  std::string_view anchor;  // "setup", "local-rules", "faq"...
  std::variant<const v1::Section*, const v1::RuleTable*, const v1::Glossary*, const v1::Faq*>
      content;

  const std::string& heading() const;
};

// Setup, how to play, how to win, draws, resigning, how the club runs a
// game, the two tables, the glossary, the FAQ and the strategy tips, in
// that order.
std::vector<PagePart> page_parts(const v1::RulesDocument& document);

// The document's last_updated date as its language writes it ("30.11.2026"
// in German); the ISO date itself should the locale have no date style.
std::string shown_date(const v1::RulesDocument& document);

// A standalone HTML5 page in the document's language: headings, a table of
// contents, real tables, a definition list for the glossary, one
// <details> per FAQ question, and a small stylesheet that reads well from a
// phone to a desktop. All document text is escaped.
std::string render_html(const v1::RulesDocument& document);

// One line of the page index: a game's title and tagline in the index's
// language, and where its page is.
struct IndexEntry {
  std::string title;
  std::string tagline;
  std::string href;
};

// The page that lists every game's rules, in the same style as the pages.
std::string render_html_index(std::string_view locale, std::string_view heading,
                              const std::vector<IndexEntry>& games);

// The same page as CommonMark with pipe tables. All document text is
// escaped, so nothing in it turns into markup.
std::string render_markdown(const v1::RulesDocument& document);

}  // namespace boardgame::rules
