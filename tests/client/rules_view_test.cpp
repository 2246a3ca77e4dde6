#include "rules_view.h"

#include <gtest/gtest.h>

namespace game_client {
namespace {

namespace v1 = ::boardgame::v1;

TEST(RulesView, WrapsWordsWithinTheWidth) {
  EXPECT_EQ(wrap("one two three four", 9, "- ", "  "), "- one two\n  three\n  four");
  EXPECT_EQ(wrap("ñandú ñandú", 11, "", ""), "ñandú ñandú");  // columns, not bytes
  EXPECT_EQ(wrap("unbreakableword", 5, "", ""), "unbreakableword");
}

TEST(RulesView, EveryPartInPageOrderWithTablesRowByRow) {
  v1::RulesDocument d;
  d.set_title("Game");
  d.add_other_names("Other");
  d.set_tagline("Fun.");
  d.mutable_labels()->set_also_known_as("Also");
  d.mutable_labels()->set_yes("Yes");
  d.mutable_labels()->set_no("No");
  d.mutable_labels()->set_maintained_by("By");
  d.mutable_labels()->set_last_updated("Updated");
  d.set_maintainer("Club");
  d.set_last_updated("2026-11-30");
  d.mutable_setup()->set_heading("Setup");
  d.mutable_setup()->add_blocks()->set_paragraph("Two players.");
  d.mutable_how_to_play()->set_heading("Play");
  d.mutable_how_to_play()->add_blocks()->mutable_bullets()->add_items("Take turns.");
  d.mutable_local_rules()->set_heading("Local rules");
  d.mutable_local_rules()->mutable_columns()->set_details("Other values");
  d.mutable_local_rules()->mutable_columns()->set_default_value("Default");
  d.mutable_local_rules()->mutable_columns()->set_changeable("Changeable");
  auto* row = d.mutable_local_rules()->add_rows();
  row->set_name("Alternate");
  row->set_details("None");  // under its column's name, not bare
  row->set_default_value("On");
  row->set_changeable(true);
  d.mutable_faq()->set_heading("FAQ");
  auto* faq = d.mutable_faq()->add_entries();
  faq->set_question("Draws?");
  faq->add_answer()->set_paragraph("Yes.");

  const std::string page = render_rules(d, Style(false), 60);
  for (const char* piece :
       {"Game\nAlso: Other\n\nFun.\n", "== Setup ==\n\n  Two players.\n", "== Play ==\n\n    • Take turns.\n",
        "  Alternate\n    Other values: None\n    Default: On · Changeable: Yes\n", "  Draws?\n    Yes.\n",
        "By Club · Updated: 2026-11-30\n"})
    EXPECT_NE(page.find(piece), std::string::npos) << piece << "\n---\n" << page;
  EXPECT_LT(page.find("== Setup =="), page.find("== Play =="));
  EXPECT_LT(page.find("== Local rules =="), page.find("== FAQ =="));
}

}  // namespace
}  // namespace game_client
