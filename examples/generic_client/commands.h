// The words typed at the prompts: each command has its English word, the
// player's language's word (client strings "command.<id>") and a one-letter
// shortcut, all accepted whatever the language. Letter case and the usual
// accents do not matter ("menu" finds "menú").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.h"

namespace game_client {

enum class Command {
  kHelp, kMoves, kWhere, kHint, kUndo, kResign, kBoard, kRules, kScore, kQuit,
  kAnother, kReplay, kMenu, kNext, kBack, kExport, kSave,
  // Offers between the people at a table (offers.cpp).
  kDraw, kAccept, kDecline, kWithdraw,
};

struct TypedCommand {
  Command command;
  std::string argument;  // the rest of the line, trimmed: "where 3/9" -> "3/9"
};

std::optional<TypedCommand> parse_command(std::string_view line, const Catalog& ui);

// The word to show for a command in the player's language.
std::string command_word(Command command, const Catalog& ui);

// Whether `line` answers yes or no ("y", "yes", the player's language's
// word and letter); nullopt for anything else.
std::optional<bool> parse_answer(std::string_view line, const Catalog& ui);

// Lowercase, with the accents of Latin letters dropped.
std::string fold(std::string_view text);

// A menu number typed at a prompt: digits only.
std::optional<int> parse_number(std::string_view text);

// "a, b, c": words listed in a message.
std::string join(const std::vector<std::string>& items, std::string_view separator);

}  // namespace game_client
