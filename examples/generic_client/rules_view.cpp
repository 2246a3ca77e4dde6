#include "rules_view.h"

#include <variant>

#include "boardgame/rules/page.h"

namespace game_client {
namespace {

namespace v1 = ::boardgame::v1;

void blocks(std::string& out, const google::protobuf::RepeatedPtrField<v1::Block>& blocks,
            std::size_t width, const std::string& indent) {
  for (const v1::Block& b : blocks) {
    if (b.has_bullets()) {
      for (const std::string& item : b.bullets().items())
        out += wrap(item, width, indent + "  • ", indent + "    ") + "\n";
    } else {
      out += wrap(b.paragraph(), width, indent, indent) + "\n";
    }
    out += '\n';
  }
}

struct Body {
  std::string& out;
  const v1::RulesDocument& doc;
  const Style& style;
  std::size_t width;

  void operator()(const v1::Section* s) const { blocks(out, s->blocks(), width, "  "); }

  void operator()(const v1::RuleTable* t) const {
    blocks(out, t->intro(), width, "  ");
    const v1::TableColumns& c = t->columns();
    for (const v1::TableRow& row : t->rows()) {
      out += "  " + style.paint(row.name(), Tone::kTitle) + "\n";
      // Under its column's name, as the page's table shows it: a bare
      // "None" says nothing.
      out += wrap(c.details() + ": " + row.details(), width, "    ", "    ") + "\n";
      out += wrap(c.default_value() + ": " + row.default_value() + " · " + c.changeable() + ": " +
                      (row.changeable() ? doc.labels().yes() : doc.labels().no()),
                  width, "    ", "    ") + "\n";
      out += '\n';
    }
  }

  void operator()(const v1::Glossary* g) const {
    for (const v1::GlossaryEntry& e : g->entries()) {
      out += "  " + style.paint(e.term(), Tone::kTitle) + "\n";
      out += wrap(e.definition(), width, "    ", "    ") + "\n\n";
    }
  }

  void operator()(const v1::Faq* f) const {
    for (const v1::FaqEntry& e : f->entries()) {
      out += "  " + style.paint(e.question(), Tone::kTitle) + "\n";
      blocks(out, e.answer(), width, "    ");
    }
  }
};

}  // namespace

std::string wrap(std::string_view text, std::size_t width, std::string_view first,
                 std::string_view rest) {
  std::string out(first), word;
  std::size_t column = display_width(first);
  bool line_empty = true;
  auto flush = [&] {
    if (word.empty()) return;
    const std::size_t w = display_width(word);
    if (!line_empty && column + 1 + w > width) {
      out += "\n";
      out += rest;
      column = display_width(rest);
      line_empty = true;
    }
    if (!line_empty) {
      out += ' ';
      ++column;
    }
    out += word;
    column += w;
    line_empty = false;
    word.clear();
  };
  for (char c : text) {
    if (c == ' ' || c == '\n')
      flush();
    else
      word += c;
  }
  flush();
  return out;
}

std::string render_rules(const v1::RulesDocument& doc, const Style& style, std::size_t width) {
  std::string out = style.paint(doc.title(), Tone::kTitle) + "\n";
  if (doc.other_names_size() > 0) {
    std::string names;
    for (const std::string& n : doc.other_names()) names += (names.empty() ? "" : ", ") + n;
    out += wrap(doc.labels().also_known_as() + ": " + names, width, "", "") + "\n";
  }
  out += "\n" + wrap(doc.tagline(), width, "", "") + "\n\n";
  for (const boardgame::rules::PagePart& part : boardgame::rules::page_parts(doc)) {
    out += style.paint("== " + part.heading() + " ==", Tone::kTitle) + "\n\n";
    std::visit(Body{out, doc, style, width}, part.content);
  }
  out += doc.labels().maintained_by() + " " + doc.maintainer() + " · " + doc.labels().last_updated() +
         ": " + doc.last_updated() + "\n";
  return out;
}

}  // namespace game_client
