#include "commands.h"

#include <gtest/gtest.h>

#include "client_strings.h"

namespace game_client {
namespace {

TEST(Commands, EnglishWordsAndShortcuts) {
  const Catalog en = client_catalog("en");
  EXPECT_EQ(parse_command("undo", en)->command, Command::kUndo);
  EXPECT_EQ(parse_command("U", en)->command, Command::kUndo);
  EXPECT_EQ(parse_command("?", en)->command, Command::kHelp);
  auto where = parse_command("where  3/9 ", en);
  ASSERT_TRUE(where);
  EXPECT_EQ(where->command, Command::kWhere);
  EXPECT_EQ(where->argument, "3/9");
  EXPECT_FALSE(parse_command("undone", en));
  EXPECT_FALSE(parse_command("e5", en));
  EXPECT_FALSE(parse_command("", en));
}

TEST(Commands, EachLanguageHasItsOwnLettersAndEnglishOnesGiveWay) {
  const Catalog es = client_catalog("es");
  EXPECT_EQ(parse_command("g", es)->command, Command::kSave);  // guardar
  EXPECT_EQ(parse_command("s", es)->command, Command::kQuit);  // salir, not save
  EXPECT_EQ(parse_command("d", es)->command, Command::kUndo);  // deshacer
  EXPECT_EQ(parse_command("q", es)->command, Command::kQuit);  // an English letter no Spanish one takes
  const Catalog pt = client_catalog("pt");
  EXPECT_EQ(parse_command("a", pt)->command, Command::kUndo);  // anular, not another
  EXPECT_EQ(parse_command("o", pt)->command, Command::kAnother);  // outra
  const Catalog de = client_catalog("de");
  EXPECT_EQ(parse_command("e", de)->command, Command::kQuit);  // ende, not export
  EXPECT_EQ(parse_command("x", de)->command, Command::kExport);
  EXPECT_EQ(parse_command("r", de)->command, Command::kUndo);  // rückgängig, not replay
}

TEST(Commands, GermanWithoutUmlauts) {
  const Catalog de = client_catalog("de");
  EXPECT_EQ(parse_command("züge", de)->command, Command::kMoves);
  EXPECT_EQ(parse_command("zuege", de)->command, Command::kMoves);
  EXPECT_EQ(parse_command("rueckgaengig", de)->command, Command::kUndo);
  EXPECT_EQ(parse_command("Menue", de)->command, Command::kMenu);
  EXPECT_FALSE(parse_command("zuge x", de) && parse_command("zuegex", de));
}

TEST(Commands, ThePlayersLanguageWithOrWithoutAccents) {
  const Catalog es = client_catalog("es");
  EXPECT_EQ(parse_command("deshacer", es)->command, Command::kUndo);
  EXPECT_EQ(parse_command("Menú", es)->command, Command::kMenu);
  EXPECT_EQ(parse_command("menu", es)->command, Command::kMenu);
  EXPECT_EQ(parse_command("donde 5/1", es)->command, Command::kWhere);
  EXPECT_EQ(parse_command("undo", es)->command, Command::kUndo);  // English always works
  const Catalog de = client_catalog("de");
  EXPECT_EQ(parse_command("rückgängig", de)->command, Command::kUndo);
  EXPECT_EQ(parse_command("zuge", de)->command, Command::kMoves);
}

TEST(Commands, Answers) {
  const Catalog pt = client_catalog("pt");
  EXPECT_EQ(parse_answer("s", pt), true);
  EXPECT_EQ(parse_answer("Sim", pt), true);
  EXPECT_EQ(parse_answer("nao", pt), false);
  EXPECT_EQ(parse_answer("yes", pt), true);
  EXPECT_EQ(parse_answer("talvez", pt), std::nullopt);
  const Catalog de = client_catalog("de");
  EXPECT_EQ(parse_answer("j", de), true);
  EXPECT_EQ(parse_answer("nein", de), false);
}

}  // namespace
}  // namespace game_client
