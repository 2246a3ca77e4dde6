// The HTML rule page. Document text is only ever written through esc(), so
// nothing a translator types can become markup.
#include <iterator>
#include <string>

#include <fmt/format.h>

#include "boardgame/rules/dates.h"
#include "boardgame/rules/page.h"

namespace boardgame::rules {
namespace {

// Phone first: one column of comfortable text; tables turn into one card
// per row below 40rem, each cell labelled with its column heading, so
// nothing scrolls sideways. Follows the reader's light or dark preference.
constexpr std::string_view kStyle = R"css(
:root{color-scheme:light dark;--ink:#1e2430;--muted:#5b6373;--paper:#fbfaf7;--panel:#f2efe8;--rule:#ddd7cb;--accent:#a83a25}
@media (prefers-color-scheme:dark){:root{--ink:#e9e7e2;--muted:#a9afba;--paper:#15171c;--panel:#1e2128;--rule:#353a45;--accent:#f2937a}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--paper);color:var(--ink);font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif;overflow-wrap:break-word;hyphens:auto}
.page{max-width:50rem;margin:0 auto;padding:1.5rem 1.25rem 3rem}
header{border-bottom:3px solid var(--accent);padding-bottom:1.25rem}
h1{font-size:clamp(1.9rem,7vw,2.7rem);line-height:1.1;margin:.25rem 0 .5rem;letter-spacing:-.01em}
h2{font-size:1.45rem;line-height:1.25;margin:2.5rem 0 .75rem;color:var(--accent)}
p,li,dd,summary{max-width:70ch}
p{margin:0 0 .9rem}
ul,ol{padding-left:1.4rem;margin:0 0 .9rem}
li{margin:.35rem 0}
.aka{color:var(--muted);margin:0 0 .9rem}
.tagline{font-size:1.2rem;line-height:1.5;margin:0}
nav h2{font-size:1rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:1.5rem 0 .5rem}
nav ol{columns:2 13rem;column-gap:2rem;margin:0}
nav li{margin:0 0 .3rem;break-inside:avoid}
a{color:var(--accent);text-underline-offset:.15em}
table{width:100%;border-collapse:collapse;font-size:.95rem;line-height:1.45;margin:.5rem 0 1rem}
th,td{text-align:left;vertical-align:top;padding:.6rem .7rem;border-bottom:1px solid var(--rule)}
thead th{border-bottom:2px solid var(--ink);font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
tbody th{font-weight:650}
tbody tr:nth-child(odd){background:var(--panel)}
td.flag{white-space:nowrap}
dl{margin:0}
dt{font-weight:650;margin-top:1rem}
dd{margin:.2rem 0 0 1.25rem}
details{border:1px solid var(--rule);border-radius:.6rem;background:var(--panel);margin:.65rem 0}
summary{cursor:pointer;padding:.8rem 1rem;font-weight:600}
details[open]>summary{border-bottom:1px solid var(--rule)}
details>:not(summary){margin-left:1rem;margin-right:1rem}
details>:nth-child(2){margin-top:.8rem}
figure{margin:1.25rem 0;text-align:center}
figure svg{max-width:100%;height:auto}
figcaption{color:var(--muted);font-size:.95rem;margin-top:.4rem}
.games{list-style:none;padding:0}
.games li{border:1px solid var(--rule);border-radius:.6rem;background:var(--panel);padding:.9rem 1.1rem;margin:1rem 0}
.games a{font-size:1.3rem;font-weight:650}
.games p{margin:.3rem 0 0}
footer{margin-top:3rem;padding-top:1rem;border-top:1px solid var(--rule);color:var(--muted);font-size:.9rem}
footer p{margin:.2rem 0}
@media (max-width:40rem){
body{font-size:1rem}
table,thead,tbody,tr,th,td{display:block}
thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
tbody tr,tbody tr:nth-child(odd){background:var(--panel);border:1px solid var(--rule);border-radius:.6rem;padding:.6rem .9rem;margin:0 0 .75rem}
th,td{border:0;padding:.25rem 0}
tbody th{font-size:1.05rem}
td::before{content:attr(data-label);display:block;font-size:.75rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
}
)css";

std::string esc(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

using Out = std::back_insert_iterator<std::string>;

void blocks(Out out, const google::protobuf::RepeatedPtrField<v1::Block>& blocks) {
  for (const v1::Block& block : blocks) {
    if (block.has_bullets()) {
      fmt::format_to(out, "<ul>\n");
      for (const std::string& item : block.bullets().items())
        fmt::format_to(out, "<li>{}</li>\n", esc(item));
      fmt::format_to(out, "</ul>\n");
    } else if (block.has_diagram()) {
      // The drawing is the build's own SVG (rules-diagrams), never an
      // editor's text; its name for screen readers is the alt text.
      const v1::Diagram& d = block.diagram();
      fmt::format_to(out,
                     "<figure class=\"diagram\" id=\"diagram-{}\">\n<div role=\"img\" "
                     "aria-label=\"{}\">\n{}</div>\n<figcaption>{}</figcaption>\n</figure>\n",
                     esc(d.id()), esc(d.alt()), d.svg(), esc(d.caption()));
    } else {
      fmt::format_to(out, "<p>{}</p>\n", esc(block.paragraph()));
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
    fmt::format_to(out,
                   "<table>\n<thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th>"
                   "<th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead>\n<tbody>\n",
                   esc(c.name()), esc(c.default_value()), esc(c.details()), esc(c.changeable()));
    for (const v1::TableRow& row : t->rows())
      fmt::format_to(out,
                     "<tr id=\"setting-{}\"><th scope=\"row\">{}</th>"
                     "<td data-label=\"{}\">{}</td><td data-label=\"{}\">{}</td>"
                     "<td class=\"flag\" data-label=\"{}\">{}</td></tr>\n",
                     esc(row.id()), esc(row.name()), esc(c.default_value()),
                     esc(row.default_value()), esc(c.details()), esc(row.details()),
                     esc(c.changeable()),
                     esc(row.changeable() ? labels.yes() : labels.no()));
    fmt::format_to(out, "</tbody>\n</table>\n");
  }

  void operator()(const v1::Glossary* g) const {
    fmt::format_to(out, "<dl>\n");
    for (const v1::GlossaryEntry& e : g->entries())
      fmt::format_to(out, "<dt id=\"term-{}\">{}</dt>\n<dd>{}</dd>\n", esc(e.id()), esc(e.term()),
                     esc(e.definition()));
    fmt::format_to(out, "</dl>\n");
  }

  void operator()(const v1::Faq* f) const {
    for (const v1::FaqEntry& e : f->entries()) {
      fmt::format_to(out, "<details id=\"faq-{}\">\n<summary>{}</summary>\n", esc(e.id()),
                     esc(e.question()));
      blocks(out, e.answer());
      fmt::format_to(out, "</details>\n");
    }
  }
};

void page_head(Out out, std::string_view locale, std::string_view description,
               std::string_view title) {
  fmt::format_to(out,
                 "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                 "<meta name=\"description\" content=\"{}\">\n<title>{}</title>\n"
                 "<style>{}</style>\n</head>\n<body>\n<div class=\"page\">\n",
                 esc(locale), esc(description), esc(title), kStyle);
}

}  // namespace

std::string render_html_index(std::string_view locale, std::string_view heading,
                              const std::vector<IndexEntry>& games) {
  std::string page;
  Out out(page);
  page_head(out, locale, heading, heading);
  fmt::format_to(out, "<header>\n<h1>{}</h1>\n</header>\n<main>\n<ul class=\"games\">\n",
                 esc(heading));
  for (const IndexEntry& game : games)
    fmt::format_to(out, "<li><a href=\"{}\">{}</a><p>{}</p></li>\n", esc(game.href),
                   esc(game.title), esc(game.tagline));
  fmt::format_to(out, "</ul>\n</main>\n</div>\n</body>\n</html>\n");
  return page;
}

std::string render_html(const v1::RulesDocument& d) {
  std::string page;
  Out out(page);
  const std::vector<PagePart> parts = page_parts(d);
  page_head(out, d.locale(), d.tagline(), d.title());

  fmt::format_to(out, "<header>\n<h1>{}</h1>\n<p class=\"aka\">{}: ", esc(d.title()),
                 esc(d.labels().also_known_as()));
  for (int i = 0; i < d.other_names_size(); ++i)
    fmt::format_to(out, "{}<i>{}</i>", i ? ", " : "", esc(d.other_names(i)));
  fmt::format_to(out, "</p>\n<p class=\"tagline\">{}</p>\n</header>\n", esc(d.tagline()));

  fmt::format_to(out, "<nav aria-labelledby=\"contents\">\n<h2 id=\"contents\">{}</h2>\n<ol>\n",
                 esc(d.labels().contents()));
  for (const PagePart& part : parts)
    fmt::format_to(out, "<li><a href=\"#{}\">{}</a></li>\n", part.anchor, esc(part.heading()));
  fmt::format_to(out, "</ol>\n</nav>\n<main>\n");

  for (const PagePart& part : parts) {
    fmt::format_to(out, "<section id=\"{}\">\n<h2>{}</h2>\n", part.anchor, esc(part.heading()));
    std::visit(Body{out, d.labels()}, part.content);
    fmt::format_to(out, "</section>\n");
  }

  fmt::format_to(out,
                 "</main>\n<footer>\n<p>{} {}</p>\n"
                 "<p>{}: <time datetime=\"{}\">{}</time></p>\n</footer>\n</div>\n</body>\n</html>\n",
                 esc(d.labels().maintained_by()), esc(d.maintainer()),
                 esc(d.labels().last_updated()), esc(d.last_updated()),
                 esc(shown_date(d)));
  return page;
}

}  // namespace boardgame::rules
