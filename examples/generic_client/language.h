// Which language to speak: the --lang flag, else the environment's locale
// (LC_ALL, then LC_MESSAGES, then LANG, as POSIX orders them), negotiated
// against the client's locales as the host negotiates its own (BCP 47
// lookup, English last).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgame/rules/checked.h"

namespace game_client {

// "es_ES.UTF-8" -> "es-ES", "de_AT@euro" -> "de-AT"; "", "C" and "POSIX"
// -> "" (no preference).
std::string tag_from_posix_locale(std::string_view value);

struct LanguageChoice {
  std::string requested;  // the tag asked for, sent to the host ("pt-PT"), or ""
  std::string locale;     // the client locale used ("pt")
};

using Getenv = std::function<const char*(const char*)>;

// A malformed --lang is an error; a malformed environment value is ignored.
boardgame::rules::Checked<LanguageChoice> choose_language(std::string_view flag,
                                                          const Getenv& getenv,
                                                          const std::vector<std::string>& locales);

}  // namespace game_client
