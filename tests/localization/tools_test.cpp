// The real programs: rules-docc stops the build on a broken document with
// file:line messages, and rules-page prints pages or a clear error.
#include <sys/wait.h>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <gtest/gtest.h>
#include "build_paths.h"

namespace {

namespace fs = std::filesystem;

struct Finished {
  int status;
  std::string output;  // stdout and stderr together
};

Finished run(const std::string& command) {
  Finished result{-1, {}};
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> buffer;
  while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) result.output.append(buffer.data(), n);
  int status = pclose(pipe);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

std::string shell_quote(const std::string& s) { return "'" + s + "'"; }

class RulesDocc : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("rules_docc_test_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    // The game's files at the top, the club's and the term bases beside.
    fs::create_directories(dir_ / "club");
    fs::create_directories(dir_ / "terms");
    const fs::path source(LOCALIZATION_DIR);
    for (const char* locale : {"en", "es"}) {
      const std::string file = std::string(locale) + ".textproto";
      fs::copy_file(source / "uttt" / file, dir_ / file);
      fs::copy_file(source / "club" / file, dir_ / "club" / file);
      fs::copy_file(source / "terms" / file, dir_ / "terms" / file);
    }
  }
  void TearDown() override { fs::remove_all(dir_); }

  Finished compile() const { return run(compile_command()); }
  std::string compile_command() const {
    return std::string(RULES_DOCC) + " --game uttt --function uttt_rules_documents --header " +
               shell_quote((dir_ / "out.h").string()) + " --source " +
               shell_quote((dir_ / "out.cpp").string()) + " " +
               shell_quote((dir_ / "en.textproto").string()) + " " +
               shell_quote((dir_ / "es.textproto").string()) + " --diagrams " +
               shell_quote((fs::path(LOCALIZATION_DIR) / "uttt" / "diagrams").string()) +
               " --club " + shell_quote((dir_ / "club" / "en.textproto").string()) + " " +
               shell_quote((dir_ / "club" / "es.textproto").string()) + " --terms " +
               shell_quote((dir_ / "terms" / "en.textproto").string()) + " " +
               shell_quote((dir_ / "terms" / "es.textproto").string());
  }
  bool wrote_output() const { return fs::exists(dir_ / "out.h") || fs::exists(dir_ / "out.cpp"); }

  // Replaces the first occurrence of `from` in a locale's file (or in
  // "club/es" and the like).
  void edit(const std::string& locale, const std::string& from, const std::string& to) {
    fs::path file = dir_ / (locale + ".textproto");
    std::string text = read(file);
    std::size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    write(file, text.replace(at, from.size(), to));
  }
  // The 1-based line of the first occurrence of `text` in a locale's file.
  int line_of(const std::string& locale, const std::string& text) {
    std::string content = read(dir_ / (locale + ".textproto"));
    return 1 + int(std::count(content.begin(), content.begin() + content.find(text), '\n'));
  }

  fs::path dir_;
};

TEST_F(RulesDocc, EmbedsValidDocuments) {
  Finished r = compile();
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(read(dir_ / "out.h").find("EmbeddedDocuments uttt_rules_documents();"), std::string::npos);
  std::string cpp = read(dir_ / "out.cpp");
  EXPECT_LT(cpp.find("{\"en\", {kDocument0"), cpp.find("{\"es\", {kDocument1"));
}

TEST_F(RulesDocc, RefusesAnUnknownFieldWithFileAndLine) {
  edit("es", "tagline:", "tag_line:");
  int line = line_of("es", "tag_line:");
  Finished r = compile();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("es.textproto:" + std::to_string(line) + ":"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("tag_line"), std::string::npos) << r.output;
  EXPECT_FALSE(wrote_output());
}

TEST_F(RulesDocc, RefusesBadSyntaxWithFileAndLine) {
  edit("en", "title: \"Ultimate tic-tac-toe\"", "title: \"Ultimate tic-tac-toe");
  int line = line_of("en", "title: \"Ultimate");
  Finished r = compile();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("en.textproto:" + std::to_string(line) + ":"), std::string::npos) << r.output;
  EXPECT_FALSE(wrote_output());
}

TEST_F(RulesDocc, PointsAtTheLineOfAnEmptyText) {
  edit("es", "question: \"¿Puede acabar en empate?\"", "question: \"\"");
  int line = line_of("es", "question: \"\"");
  Finished r = compile();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("es.textproto:" + std::to_string(line) + ":"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("faq.entries[1].question: is empty"), std::string::npos) << r.output;
  EXPECT_FALSE(wrote_output());
}

TEST_F(RulesDocc, RefusesATranslationWithWrongPlaceholders) {
  edit("es", "La casilla {cell} del tablero {board}", "La casilla {casilla} del tablero {board}");
  int line = line_of("es", "{casilla}");
  Finished r = compile();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("es.textproto:" + std::to_string(line) + ":"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("{board} {casilla}"), std::string::npos) << r.output;
}

TEST_F(RulesDocc, RefusesATranslationMissingAKey) {
  edit("es", "ui_strings { key: \"status.game_over\" text: \"Partida terminada\" }", "");
  Finished r = compile();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("has no key \"status.game_over\""), std::string::npos) << r.output;
}

// The term base's own test: a planted avoided form fails with file and line.
TEST_F(RulesDocc, RefusesAFormTheTermBaseAvoids) {
  edit("es", "title: \"Meta tres en raya\"", "title: \"Meta tres en raya (o tablas)\"");
  int line = line_of("es", "(o tablas)");
  Finished r = compile();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("es.textproto:" + std::to_string(line) + ":"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("“tablas”"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("“empate”"), std::string::npos) << r.output;
  EXPECT_FALSE(wrote_output());
}

// A game's own term base replaces the club's concept for that game's texts
// only, and is checked like the club's.
TEST_F(RulesDocc, AGamesOwnTermReplacesTheClubsConcept) {
  edit("es", "title: \"Meta tres en raya\"", "title: \"Meta tres en raya (o tablas)\"");
  const std::string with_game_terms = " --game-terms " + shell_quote((dir_ / "game_es.textproto").string());
  write(dir_ / "game_es.textproto",
        "locale: \"es\"\nterms { concept: \"draw\" preferred: \"tablas\" avoid: \"empate\" }\n");
  Finished r = run(compile_command() + with_game_terms);
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("uses “empate”"), std::string::npos) << r.output;  // the page says both
  EXPECT_EQ(r.output.find("uses “tablas”"), std::string::npos) << r.output;

  write(dir_ / "game_es.textproto", "locale: \"es\"\nterms { concept: \"draw\" preferred: \"tablas\" }\n");
  r = run(compile_command() + with_game_terms);
  EXPECT_EQ(r.status, 0) << r.output;

  write(dir_ / "game_es.textproto",
        "locale: \"es\"\nterms { concept: \"draw\" preferred: \"tablas\" avoid: \"tablas\" }\n");
  r = run(compile_command() + with_game_terms);
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("game_es.textproto:2:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("holds a form it avoids"), std::string::npos) << r.output;
}

TEST_F(RulesDocc, ChecksTheClubSectionAgainstTheTermBaseToo) {
  edit("club/es", "heading: \"", "heading: \"Tablas. ");
  Finished r = compile();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("club/es.textproto:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("“Tablas”"), std::string::npos) << r.output;
}

TEST_F(RulesDocc, RefusesAPlatformSectionInAGameFile) {
  edit("es", "\nsetup {", "\nplatform { heading: \"Plataforma\" blocks { paragraph: \"Texto.\" } }\nsetup {");
  Finished r = compile();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("the platform section is the club's"), std::string::npos) << r.output;
}

TEST_F(RulesDocc, RefusesADiagramWithoutADrawing) {
  edit("es", "id: \"sending\"", "id: \"nowhere\"");
  Finished r = compile();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("diagram \"nowhere\" has no drawing"), std::string::npos) << r.output;
}

TEST_F(RulesDocc, RefusesATranslationShowingOtherDiagrams) {
  edit("es", "id: \"sending\"", "id: \"winning_line\"");
  Finished r = compile();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("es.textproto: error: shows the diagrams winning_line, free_move"),
            std::string::npos) << r.output;
  EXPECT_NE(r.output.find("the same pictures, in the same order"), std::string::npos) << r.output;
}

TEST_F(RulesDocc, RefusesADrawingWrittenByHand) {
  edit("en", "diagram { id: \"sending\"", "diagram { id: \"sending\" svg: \"<svg/>\"");
  Finished r = compile();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("which the build draws from the position"), std::string::npos) << r.output;
}

TEST_F(RulesDocc, RefusesAFileNamedAfterAnotherLocale) {
  edit("es", "locale: \"es\"", "locale: \"pt\"");
  Finished r = compile();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("must be named pt.textproto"), std::string::npos) << r.output;
}

TEST(RulesPage, PrintsThePageInTheNegotiatedLanguage) {
  Finished html = run(std::string(RULES_PAGE) + " --game uttt --lang de-AT --format html");
  ASSERT_EQ(html.status, 0) << html.output;
  EXPECT_NE(html.output.find("<html lang=\"de\">"), std::string::npos);
  EXPECT_NE(html.output.find("<h1>Meta-Tic-Tac-Toe</h1>"), std::string::npos);
  Finished md = run(std::string(RULES_PAGE) + " --game uttt --lang pt-BR --format md");
  ASSERT_EQ(md.status, 0) << md.output;
  EXPECT_EQ(md.output.rfind("# Jogo do galo ultimate\n", 0), 0u);
  Finished fallback = run(std::string(RULES_PAGE) + " --game uttt --lang ja --format md");
  EXPECT_EQ(fallback.output.rfind("# Ultimate tic-tac-toe\n", 0), 0u);
  Finished header = run(std::string(RULES_PAGE) + " --game uttt --accept-language 'fr, es;q=0.5'");
  EXPECT_NE(header.output.find("<html lang=\"es\">"), std::string::npos);
}

TEST(RulesPage, PrintsEveryGame) {
  Finished html = run(std::string(RULES_PAGE) + " --game tictactoe --lang es --format html");
  ASSERT_EQ(html.status, 0) << html.output;
  EXPECT_NE(html.output.find("<html lang=\"es\">"), std::string::npos);
  EXPECT_NE(html.output.find("<h1>Tres en raya</h1>"), std::string::npos);
  Finished md = run(std::string(RULES_PAGE) + " --game tictactoe --lang pt-BR --format md");
  ASSERT_EQ(md.status, 0) << md.output;
  EXPECT_EQ(md.output.rfind("# Jogo do galo\n", 0), 0u);
  Finished fallback = run(std::string(RULES_PAGE) + " --game tictactoe --accept-language 'de-CH, fr'");
  EXPECT_NE(fallback.output.find("<h1>Tic-Tac-Toe</h1>"), std::string::npos);
}

TEST(RulesPage, RefusesBadRequestsClearly) {
  struct Case {
    const char* args;
    const char* message;
  };
  for (const Case& c : {Case{"--game chess", "unknown game \"chess\"; known games: uttt, tictactoe"},
                        Case{"--game uttt --lang en_US", "'_'"},
                        Case{"--game uttt --lang ''", "empty"},
                        Case{"--game uttt --format pdf", "pdf"},
                        Case{"--game uttt --accept-language 'de;q=9'", "q-value"},
                        Case{"--game uttt --lang de --accept-language de", "excludes"},
                        Case{"--lang de", "--game"},
                        Case{"--game uttt --colour red", "--colour"}}) {
    Finished r = run(std::string(RULES_PAGE) + " " + c.args);
    EXPECT_NE(r.status, 0) << c.args;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.args << "\n" << r.output;
    EXPECT_EQ(r.output.find("<html"), std::string::npos) << c.args;
  }
}

// rules-diagrams redraws every picture from the engine: the drawings in the
// tree match, and a drawing or a claim that the engine contradicts fails.
class RulesDiagrams : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("rules_diagrams_test_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::copy(fs::path(LOCALIZATION_DIR) / "uttt" / "diagrams", dir_ / "diagrams");
    fs::copy_file(fs::path(LOCALIZATION_DIR) / "uttt" / "diagrams.textproto",
                  dir_ / "diagrams.textproto");
  }
  void TearDown() override { fs::remove_all(dir_); }

  Finished check() const {
    return run(std::string(RULES_DIAGRAMS) + " --plugins " + shell_quote(CLUB_PLUGIN_DIR) +
               " --game uttt --check --positions " +
               shell_quote((dir_ / "diagrams.textproto").string()) + " --out " +
               shell_quote((dir_ / "diagrams").string()));
  }
  void edit(const fs::path& file, const std::string& from, const std::string& to) {
    std::string text = read(dir_ / file);
    std::size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    write(dir_ / file, text.replace(at, from.size(), to));
  }

  fs::path dir_;
};

TEST_F(RulesDiagrams, TheTreesDrawingsMatchTheEngine) {
  Finished r = check();
  EXPECT_EQ(r.status, 0) << r.output;
}

TEST_F(RulesDiagrams, ADrawingTouchedByHandFails) {
  edit("diagrams/sending.svg", "#fde9a6", "#ffffff");
  Finished r = check();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("sending.svg: error: differs from the engine's position"),
            std::string::npos) << r.output;
}

TEST_F(RulesDiagrams, AClaimTheEngineContradictsFails) {
  edit("diagrams.textproto", "claims { playable_regions: 2 }", "claims { playable_regions: 3 }");
  Finished r = check();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("position \"sending\": error: claims playable regions 3, the engine has 2"),
            std::string::npos) << r.output;
}

TEST_F(RulesDiagrams, AnIllegalMoveFailsWithItsNumber) {
  edit("diagrams.textproto", "moves: \"5/3\"", "moves: [\"5/3\", \"5/1\"]");
  Finished r = check();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("move 2 \"5/1\" is not legal there"), std::string::npos) << r.output;
}

TEST_F(RulesDiagrams, AStaleDrawingFails) {
  write(dir_ / "diagrams" / "gone.svg", "<svg/>");
  Finished r = check();
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("gone.svg: error: no position of that id draws it"), std::string::npos)
      << r.output;
}

}  // namespace
