#include <regex>

#include <gtest/gtest.h>

#include "boardgame/rules/page.h"
#include "documents.h"

namespace boardgame::testing {
namespace {

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

class PageOf : public ::testing::TestWithParam<GameLocale> {
 protected:
  const v1::RulesDocument& doc() const { return document(GetParam().game, GetParam().locale); }
};

TEST_P(PageOf, HtmlIsAStandaloneSemanticPage) {
  const std::string html = rules::render_html(doc());
  EXPECT_EQ(html.rfind("<!DOCTYPE html>\n<html lang=\"" + GetParam().locale + "\">", 0), 0u);
  EXPECT_NE(html.find("<meta charset=\"utf-8\">"), std::string::npos);
  EXPECT_NE(html.find("<meta name=\"viewport\""), std::string::npos);
  EXPECT_NE(html.find("<style>"), std::string::npos);
  EXPECT_EQ(count(html, "<link"), 0u);  // nothing to fetch
  EXPECT_EQ(count(html, "<script"), 0u);
  EXPECT_EQ(count(html, "<h1>"), 1u);
  EXPECT_EQ(count(html, "<table>"), 2u);
  EXPECT_EQ(count(html, "<th scope=\"col\">"), 8u);
  EXPECT_EQ(count(html, "<th scope=\"row\">"),
            std::size_t(doc().settings().rows_size() + doc().local_rules().rows_size()));
  EXPECT_NE(html.find("<tr id=\"setting-alternate_first_turn\">"), std::string::npos);
  EXPECT_EQ(count(html, "<dl>"), 1u);
  EXPECT_EQ(count(html, "<dt "), std::size_t(doc().glossary().entries_size()));
  EXPECT_EQ(count(html, "<details "), std::size_t(doc().faq().entries_size()));
  EXPECT_EQ(count(html, "<summary>"), std::size_t(doc().faq().entries_size()));
  EXPECT_NE(html.find("<time datetime=\"" + doc().last_updated() + "\">"), std::string::npos);
  // Each part is a section with a heading and an entry in the contents.
  for (const rules::PagePart& part : rules::page_parts(doc())) {
    const std::string anchor(part.anchor);
    EXPECT_NE(html.find("<section id=\"" + anchor + "\">"), std::string::npos) << anchor;
    EXPECT_NE(html.find("<a href=\"#" + anchor + "\">"), std::string::npos) << anchor;
  }
  // Tags balance.
  for (const char* tag : {"section", "table", "tr", "details", "ul", "p", "dl", "li", "figure"})
    EXPECT_EQ(count(html, std::string("<") + tag + ">") + count(html, std::string("<") + tag + " "),
              count(html, std::string("</") + tag + ">"))
        << tag;
}

TEST_P(PageOf, MarkdownHasEveryPartAndBothTables) {
  const std::string md = rules::render_markdown(doc());
  EXPECT_EQ(md.rfind("# " + doc().title() + "\n", 0), 0u);
  for (const rules::PagePart& part : rules::page_parts(doc()))
    EXPECT_NE(md.find("\n## " + part.heading() + "\n"), std::string::npos) << part.heading();
  EXPECT_EQ(count(md, "| --- | --- | --- | --- |"), 2u);
  EXPECT_EQ(count(md, "\n### "), std::size_t(doc().faq().entries_size()));
  EXPECT_NE(md.find("Qdan, Inc."), std::string::npos);
}

// The club's section, the pictures with their words, the table columns in
// reading order (the default before the other values), the date in the
// language's own style.
TEST_P(PageOf, HasTheClubSectionThePicturesAndTheLocalDate) {
  const std::string html = rules::render_html(doc());
  const std::string md = rules::render_markdown(doc());
  EXPECT_NE(html.find("<section id=\"platform\">\n<h2>" + doc().platform().heading() + "</h2>"),
            std::string::npos);
  const std::size_t figures = count(html, "<figure class=\"diagram\"");
  EXPECT_EQ(figures, GetParam().game == "uttt" ? 5u : 1u);
  EXPECT_EQ(count(html, "<svg "), figures);
  EXPECT_EQ(count(html, "<figcaption>"), figures);
  EXPECT_EQ(count(html, "<div role=\"img\" aria-label=\""), figures);
  EXPECT_EQ(count(md, "```text\n"), figures);
  const auto& columns = doc().settings().columns();
  EXPECT_LT(html.find("<th scope=\"col\">" + columns.default_value() + "</th>"),
            html.find("<th scope=\"col\">" + columns.details() + "</th>"));
  EXPECT_NE(html.find("\">" + rules::shown_date(doc()) + "</time>"), std::string::npos);
  EXPECT_NE(md.find(rules::shown_date(doc()) + "\n"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Games, PageOf, ::testing::ValuesIn(every_game_and_locale()),
                         game_locale_name);

TEST(Render, DatesAreWrittenAsEachLanguageWritesThem) {
  EXPECT_EQ(rules::shown_date(uttt_document("de")), "01.12.2026");
  EXPECT_EQ(rules::shown_date(uttt_document("pt")), "01/12/2026");
}

TEST(Render, TheIndexListsEveryGameWithItsLink) {
  const std::string html = rules::render_html_index(
      "es", "Reglas", {{"Meta tres en raya", "Gana <tableros>", "/rules/uttt/es"},
                       {"Tres en raya", "Clásico", "/rules/tictactoe/es"}});
  EXPECT_EQ(html.rfind("<!DOCTYPE html>\n<html lang=\"es\">", 0), 0u);
  EXPECT_NE(html.find("<h1>Reglas</h1>"), std::string::npos);
  EXPECT_NE(html.find("<a href=\"/rules/uttt/es\">Meta tres en raya</a><p>Gana &lt;tableros&gt;</p>"),
            std::string::npos);
  EXPECT_NE(html.find("<a href=\"/rules/tictactoe/es\">Tres en raya</a>"), std::string::npos);
}

// A document whose every text is hostile.
v1::RulesDocument hostile() {
  v1::RulesDocument doc = uttt_document("en");
  const std::string evil = "<b>x</b> & \"q\" 'a' | *em* _u_ [l](http://e) `c` # h";
  doc.set_title(evil);
  doc.set_tagline(evil);
  doc.mutable_labels()->set_yes(evil);
  doc.mutable_settings()->mutable_rows(1)->set_name(evil);
  doc.mutable_settings()->mutable_columns()->set_details(evil);
  doc.mutable_glossary()->mutable_entries(0)->set_term(evil);
  doc.mutable_faq()->mutable_entries(0)->set_question(evil);
  doc.mutable_setup()->mutable_blocks(0)->set_paragraph("- " + evil);
  doc.set_locale("en\"><script>");
  return doc;
}

TEST(Render, HtmlEscapesEveryText) {
  const std::string html = rules::render_html(hostile());
  EXPECT_EQ(html.find("<b>"), std::string::npos);
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_EQ(html.find("\"q\""), std::string::npos);
  EXPECT_EQ(html.find("'a'"), std::string::npos);
  EXPECT_NE(html.find("&lt;b&gt;x&lt;/b&gt; &amp; &quot;q&quot; &#39;a&#39;"), std::string::npos);
  EXPECT_NE(html.find("<html lang=\"en&quot;&gt;&lt;script&gt;\">"), std::string::npos);
  // In attributes too: the column heading labels each cell on a phone.
  EXPECT_NE(html.find("data-label=\"&lt;b&gt;"), std::string::npos);
}

TEST(Render, MarkdownEscapesEveryText) {
  const std::string md = rules::render_markdown(hostile());
  EXPECT_EQ(md.find("<b>"), std::string::npos);
  EXPECT_EQ(md.find("*em*"), std::string::npos);
  EXPECT_EQ(md.find("[l]"), std::string::npos);
  EXPECT_NE(md.find("\\<b\\>x\\</b\\> \\& \"q\" 'a' \\| \\*em\\* \\_u\\_ \\[l\\](http://e) \\`c\\` \\# h"),
            std::string::npos)
      << md.substr(0, 300);
  // A paragraph that would start a list stays a paragraph.
  EXPECT_NE(md.find("\n\\- \\<b\\>"), std::string::npos);
  // Table cells cannot break out of their column.
  std::regex row(R"(\n\| [^\n]*\\\|[^\n]* \|\n)");
  EXPECT_TRUE(std::regex_search(md, row));
}

}  // namespace
}  // namespace boardgame::testing
