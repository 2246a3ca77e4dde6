// The Markdown rule page. Document text is only ever written through esc(),
// so nothing a translator types can become markup.
#include <iterator>
#include <string>

#include <fmt/format.h>

#include "boardgame/rules/page.h"

namespace boardgame::rules {
namespace {

// Backslash-escapes every ASCII punctuation character that CommonMark or a
// pipe table gives a meaning to; a line that would open a list, a heading
// or a numbered item is neutralised at its start.
std::string esc(std::string_view text) {
  constexpr std::string_view kSpecial = "\\`*_[]<>&|#~!";
  std::string out;
  out.reserve(text.size() + 8);
  for (char c : text) {
    if (kSpecial.find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  if (!out.empty() && (out[0] == '-' || out[0] == '+' || out[0] == '=')) out.insert(0, "\\");
  std::size_t digits = 0;
  while (digits < out.size() && out[digits] >= '0' && out[digits] <= '9') ++digits;
  if (digits > 0 && digits < out.size() && (out[digits] == '.' || out[digits] == ')'))
    out.insert(digits, "\\");
  return out;
}

using Out = std::back_insert_iterator<std::string>;

void blocks(Out out, const google::protobuf::RepeatedPtrField<v1::Block>& blocks) {
  for (const v1::Block& block : blocks) {
    if (block.has_bullets()) {
      for (const std::string& item : block.bullets().items()) fmt::format_to(out, "- {}\n", esc(item));
      fmt::format_to(out, "\n");
    } else if (block.has_diagram()) {
      // The board as text in a fence, where nothing is markup; the caption
      // below it.
      fmt::format_to(out, "```text\n{}```\n\n*{}*\n\n", block.diagram().text_board(),
                     esc(block.diagram().caption()));
    } else {
      fmt::format_to(out, "{}\n\n", esc(block.paragraph()));
    }
  }
}

struct Body {
  Out out;
  const v1::PageLabels& labels;

  void operator()(const v1::Section* s) const { blocks(out, s->blocks()); }

  void operator()(const v1::RuleTable* t) const {
    blocks(out, t->intro());
    const v1::TableColumns& c = t->columns();
    fmt::format_to(out, "| {} | {} | {} | {} |\n| --- | --- | --- | --- |\n", esc(c.name()),
                   esc(c.default_value()), esc(c.details()), esc(c.changeable()));
    for (const v1::TableRow& row : t->rows())
      fmt::format_to(out, "| {} | {} | {} | {} |\n", esc(row.name()), esc(row.default_value()),
                     esc(row.details()), esc(row.changeable() ? labels.yes() : labels.no()));
    fmt::format_to(out, "\n");
  }

  void operator()(const v1::Glossary* g) const {
    for (const v1::GlossaryEntry& e : g->entries())
      fmt::format_to(out, "- **{}**: {}\n", esc(e.term()), esc(e.definition()));
    fmt::format_to(out, "\n");
  }

  void operator()(const v1::Faq* f) const {
    for (const v1::FaqEntry& e : f->entries()) {
      fmt::format_to(out, "### {}\n\n", esc(e.question()));
      blocks(out, e.answer());
    }
  }
};

}  // namespace

std::string render_markdown(const v1::RulesDocument& d) {
  std::string page;
  Out out(page);
  fmt::format_to(out, "# {}\n\n*{}: ", esc(d.title()), esc(d.labels().also_known_as()));
  for (int i = 0; i < d.other_names_size(); ++i)
    fmt::format_to(out, "{}{}", i ? ", " : "", esc(d.other_names(i)));
  fmt::format_to(out, "*\n\n**{}**\n\n", esc(d.tagline()));
  for (const PagePart& part : page_parts(d)) {
    fmt::format_to(out, "## {}\n\n", esc(part.heading()));
    std::visit(Body{out, d.labels()}, part.content);
  }
  // The date is escaped with its label: "01.12.2026" alone would look like
  // the start of a numbered list.
  fmt::format_to(out, "---\n\n{} {}  \n{}\n", esc(d.labels().maintained_by()),
                 esc(d.maintainer()), esc(d.labels().last_updated() + ": " + shown_date(d)));
  return page;
}

}  // namespace boardgame::rules
