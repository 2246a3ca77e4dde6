// What the build checks in a rules document before embedding it, and what a
// host checks before serving one: the document alone (nothing empty, ids and
// keys well formed, placeholders valid, the date a real date...) and a
// translation against the reference document of the same game (the same
// table rows, glossary and FAQ entries, UI keys and placeholders).
#pragma once

#include <string>
#include <vector>

#include "boardgame/v1/rules_document.pb.h"

namespace google::protobuf {
class FieldDescriptor;
}

namespace boardgame::rules {

// One step from a message into one of its fields; index is -1 for a
// singular field or for a repeated field as a whole.
struct FieldStep {
  const google::protobuf::FieldDescriptor* field;
  int index;
};
using FieldPath = std::vector<FieldStep>;

struct Problem {
  FieldPath path;  // where in the document; empty for the document itself
  std::string message;
};

// "faq.entries[2].question"
std::string to_string(const FieldPath& path);
// "faq.entries[2].question: is empty"
std::string to_string(const Problem& problem);

std::vector<Problem> check_document(const v1::RulesDocument& document);

// What `translation` lacks, has in excess or states differently compared
// with `reference` (the English document). Check each one alone first.
std::vector<Problem> check_translation(const v1::RulesDocument& translation,
                                       const v1::RulesDocument& reference);

}  // namespace boardgame::rules
