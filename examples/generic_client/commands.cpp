#include "commands.h"

#include <array>
#include <cctype>

#include "console.h"

namespace game_client {
namespace {

struct CommandWords {
  Command command;
  const char* key;       // client string with the word in the player's language
  const char* english;
  const char* shortcut;  // in English; "" when the command has none
};

// The command's letter in the player's language ("command.save.key": "g"
// for guardar), "" when it has none of its own.
std::string own_shortcut(const CommandWords& c, const Catalog& ui) {
  const std::string key = std::string(c.key) + ".key";
  return ui.has(key) ? fold(ui.text(key)) : std::string();
}

constexpr std::array<CommandWords, 21> kCommands = {{
    {Command::kHelp, "command.help", "help", "?"},
    {Command::kMoves, "command.moves", "moves", ""},
    {Command::kWhere, "command.where", "where", ""},
    {Command::kHint, "command.hint", "hint", ""},
    {Command::kUndo, "command.undo", "undo", "u"},
    {Command::kResign, "command.resign", "resign", ""},
    {Command::kBoard, "command.board", "board", ""},
    {Command::kRules, "command.rules", "rules", ""},
    {Command::kScore, "command.score", "score", ""},
    {Command::kQuit, "command.quit", "quit", "q"},
    {Command::kAnother, "command.another", "another", "a"},
    {Command::kReplay, "command.replay", "replay", "r"},
    {Command::kMenu, "command.menu", "menu", "m"},
    {Command::kNext, "command.next", "next", "n"},
    {Command::kBack, "command.back", "back", "b"},
    {Command::kExport, "command.export", "export", "e"},
    {Command::kSave, "command.save", "save", "s"},
    // No letters: "a" is already another's, and answering an offer
    // deserves the whole word.
    {Command::kDraw, "command.draw", "draw", ""},
    {Command::kAccept, "command.accept", "accept", ""},
    {Command::kDecline, "command.decline", "decline", ""},
    {Command::kWithdraw, "command.withdraw", "withdraw", ""},
}};

// UTF-8 Latin letters with accents, and what they fold to.
constexpr std::array<std::pair<std::string_view, char>, 34> kAccents = {{
    {"á", 'a'}, {"à", 'a'}, {"â", 'a'}, {"ã", 'a'}, {"ä", 'a'}, {"é", 'e'}, {"è", 'e'},
    {"ê", 'e'}, {"ë", 'e'}, {"í", 'i'}, {"ì", 'i'}, {"î", 'i'}, {"ï", 'i'}, {"ó", 'o'},
    {"ò", 'o'}, {"ô", 'o'}, {"õ", 'o'}, {"ö", 'o'}, {"ú", 'u'}, {"ù", 'u'}, {"û", 'u'},
    {"ü", 'u'}, {"ñ", 'n'}, {"ç", 'c'}, {"Á", 'a'}, {"É", 'e'}, {"Í", 'i'}, {"Ó", 'o'},
    {"Ú", 'u'}, {"Ü", 'u'}, {"Ñ", 'n'}, {"Ç", 'c'}, {"Ä", 'a'}, {"Ö", 'o'},
}};

// German written without umlauts, as on a keyboard that lacks them:
// "zuege" for "züge", "menue" for "menü".
std::string umlauts_spelled_out(std::string_view text) {
  static constexpr std::pair<std::string_view, std::string_view> kSpelled[] = {
      {"ä", "ae"}, {"ö", "oe"}, {"ü", "ue"}, {"Ä", "ae"}, {"Ö", "oe"}, {"Ü", "ue"}, {"ß", "ss"}};
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    bool replaced = false;
    for (const auto& [letter, spelled] : kSpelled)
      if (text.substr(i, letter.size()) == letter) {
        out += spelled;
        i += letter.size();
        replaced = true;
        break;
      }
    if (!replaced) out += text[i++];
  }
  return out;
}

}  // namespace

std::string fold(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    bool folded = false;
    for (const auto& [accented, plain] : kAccents) {
      if (text.substr(i, accented.size()) == accented) {
        out += plain;
        i += accented.size();
        folded = true;
        break;
      }
    }
    if (!folded) out += char(std::tolower(static_cast<unsigned char>(text[i++])));
  }
  return out;
}

std::optional<int> parse_number(std::string_view text) {
  if (text.empty() || text.size() > 6) return std::nullopt;
  int n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return n;
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : std::string(separator)) + item;
  return out;
}

std::optional<TypedCommand> parse_command(std::string_view line, const Catalog& ui) {
  std::string_view word = line.substr(0, line.find(' '));
  std::string argument = word.size() < line.size() ? trim(line.substr(word.size())) : "";
  const std::string typed = fold(word);
  if (typed.empty()) return std::nullopt;
  // The player's language first, its words and its letters; then English,
  // whose letters give way to the language's own ("s" is salir in Spanish,
  // not save).
  for (const CommandWords& c : kCommands) {
    const std::string word = ui.text(c.key);
    const std::string letter = own_shortcut(c, ui);
    if (typed == fold(word) || typed == fold(umlauts_spelled_out(word)) || (!letter.empty() && typed == letter))
      return TypedCommand{c.command, argument};
  }
  for (const CommandWords& c : kCommands)
    if (typed == c.english || typed == c.shortcut) return TypedCommand{c.command, argument};
  return std::nullopt;
}

std::string command_word(Command command, const Catalog& ui) {
  for (const CommandWords& c : kCommands)
    if (c.command == command) return ui.text(c.key);
  return {};
}

std::optional<bool> parse_answer(std::string_view line, const Catalog& ui) {
  const std::string typed = fold(trim(line));
  for (bool yes : {true, false}) {
    const char* key = yes ? "answer.yes" : "answer.no";
    const char* word_key = yes ? "answer.yes_word" : "answer.no_word";
    if (typed == (yes ? "y" : "n") || typed == (yes ? "yes" : "no") || typed == fold(ui.text(key)) ||
        typed == fold(ui.text(word_key)))
      return yes;
  }
  return std::nullopt;
}

}  // namespace game_client
