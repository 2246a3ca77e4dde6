// Holds a locale's texts to its term base (proto/boardgame/v1/term_base.proto):
// every form the base says to avoid, found as a whole word in any letter
// case, is a problem at the field that holds it.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <google/protobuf/message.h>

#include "boardgame/rules/document_check.h"
#include "boardgame/v1/term_base.pb.h"

namespace boardgame::rules {

// Where `text` uses a form that `terms` avoids: one sentence each, naming
// the form and the preferred term, e.g. "uses “tablas”: write “empate”
// (draw)". Phrases listed in a term's `allow` are not counted.
std::vector<std::string> avoided_terms(std::string_view text, const v1::TermBase& terms);

// Calls `visit` with every string field of `message` that holds prose, at
// any depth: every one but ids, keys, locales, dates, the maintainer's name
// and the build's drawings.
using ProseVisitor = std::function<void(const FieldPath& path, const std::string& text)>;
void for_each_prose(const google::protobuf::Message& message, const ProseVisitor& visit);

// avoided_terms() of every prose field of `message`.
std::vector<Problem> check_terms(const google::protobuf::Message& message,
                                 const v1::TermBase& terms);

// The term base a game's texts are held to: the club's, where each concept
// the game's own base names is the game's instead (Reversi is played with
// "fichas" where tic-tac-toe avoids the word), and the game's other
// concepts added.
v1::TermBase with_game_terms(v1::TermBase club, const v1::TermBase& game);

// What is wrong with a term base itself: an empty concept or preferred term,
// a concept twice, an avoided form that is also the preferred term.
std::vector<Problem> check_term_base(const v1::TermBase& terms);

}  // namespace boardgame::rules
