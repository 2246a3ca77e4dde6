// Reading a rules document: protobuf text format, as the build reads
// localization/<game>/<locale>.textproto, and the binary form a plugin
// embeds. A document that parses goes through the checks; one that passes
// them must make a catalogue with the English reference of its game, give
// every UI string, and render as HTML and Markdown.
#include <string>
#include <string_view>

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

#include "boardgame/localization/tictactoe_rules_documents.h"
#include "boardgame/localization/uttt_rules_documents.h"
#include "boardgame/rules/catalog.h"
#include "boardgame/rules/document_check.h"
#include "boardgame/rules/page.h"
#include "check.h"

namespace v1 = boardgame::v1;
namespace rules = boardgame::rules;
using fuzz::require;

namespace {

class Quiet : public google::protobuf::io::ErrorCollector {
 public:
  void AddError(int, int, const std::string&) override {}
  void AddWarning(int, int, const std::string&) override {}
};

v1::RulesDocument english(boardgame::localization::EmbeddedDocuments documents) {
  auto doc = rules::parse_rules_document(documents.begin()->bytes);
  require(doc && doc.value.locale() == "en", "the embedded English document does not parse");
  return doc.value;
}

const v1::RulesDocument& reference(const std::string& game_id) {
  static const v1::RulesDocument uttt = english(boardgame::localization::uttt_rules_documents());
  static const v1::RulesDocument tictactoe =
      english(boardgame::localization::tictactoe_rules_documents());
  return game_id == tictactoe.game_id() ? tictactoe : uttt;
}

void use(const v1::RulesDocument& doc) {
  const std::vector<rules::Problem> problems = rules::check_document(doc);
  for (const rules::Problem& p : problems) require(!rules::to_string(p).empty(), "a silent problem");
  if (!problems.empty()) return;

  const v1::RulesDocument& ref = reference(doc.game_id());
  for (const rules::Problem& p : rules::check_translation(doc, ref))
    require(!rules::to_string(p).empty(), "a silent translation problem");

  std::vector<v1::RulesDocument> documents{doc};
  if (doc.locale() != ref.locale() || doc.game_id() != ref.game_id()) documents.push_back(ref);
  const auto catalog = rules::RulesCatalog::create(documents);
  require(bool(catalog) == (doc.game_id() == ref.game_id()),
          "catalogue: " + (catalog ? std::string("accepted two games") : catalog.error));
  if (catalog) {
    const auto chosen = catalog.value.for_language(doc.locale());
    require(chosen && chosen.value->locale() == doc.locale(),
            "the catalogue does not give back locale " + doc.locale());
    rules::UiArgs args;
    for (const v1::UiString& s : doc.ui_strings())
      for (const std::string& name : rules::placeholder_names(s.text()).value)
        args[name] = "1";  // a number suits every kind of argument
    for (const v1::UiString& s : doc.ui_strings()) {
      const auto text = catalog.value.ui_text(doc.locale(), s.key(), args);
      require(bool(text), "UI string " + s.key() + ": " + text.error);
    }
  }
  require(!rules::render_html(doc).empty(), "an empty HTML page");
  require(!rules::render_markdown(doc).empty(), "an empty Markdown page");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);

  Quiet quiet;
  google::protobuf::TextFormat::Parser parser;
  parser.RecordErrorsTo(&quiet);
  v1::RulesDocument doc;
  if (parser.ParseFromString(std::string(bytes), &doc)) use(doc);

  if (auto binary = rules::parse_rules_document(bytes)) use(binary.value);
  return 0;
}
