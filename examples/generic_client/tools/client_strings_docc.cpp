// client-strings-docc: the build step that checks a generic client's own UI
// strings (localization/client/ for game-client, localization/web/ for the
// browser client) and embeds them into game-client's source (--source) or
// writes them as <locale>.json files for the browser (--json). Each file is
// a boardgame.v1.RulesDocument holding only its locale and ui_strings; every
// locale must have exactly the keys of the English file, with the same
// placeholders. Any problem is reported as file:line:column and nothing is
// written.
//
//   client-strings-docc --source out/client_strings_data.cpp
//       localization/client/en.textproto localization/client/es.textproto ...
//   client-strings-docc --json out/strings localization/web/en.textproto ...
//
// A JSON file is {"locale": "es", "strings": {"<key>": "<ICU message>"}}.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <google/protobuf/text_format.h>
#include <nlohmann/json.hpp>

#include "boardgame/rules/document_check.h"
#include "boardgame/rules/language_tag.h"
#include "boardgame/rules/negotiation.h"
#include "boardgame/rules/term_check.h"
#include "boardgame/rules/ui_format.h"
#include "boardgame/v1/rules_document.pb.h"
#include "boardgame/v1/term_base.pb.h"
#include "textproto_file.h"

namespace {

namespace fs = std::filesystem;
using boardgame::v1::RulesDocument;
using google::protobuf::TextFormat;

constexpr std::string_view kDelimiter = "client_strings";

struct Source {
  std::string file;
  RulesDocument document;
  TextFormat::ParseInfoTree locations;
};

std::string where(const Source& s, int index) {
  if (index < 0) return s.file;
  const auto* field = RulesDocument::descriptor()->FindFieldByName("ui_strings");
  TextFormat::ParseLocation at = s.locations.GetLocation(field, index);
  if (at.line < 0) return s.file;
  return s.file + ":" + std::to_string(at.line + 1) + ":" + std::to_string(at.column + 1);
}

bool is_key(const std::string& key) {
  bool part_empty = true;
  for (char c : key) {
    if (c == '.') {
      if (part_empty) return false;
      part_empty = true;
    } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') {
      part_empty = false;
    } else {
      return false;
    }
  }
  return !part_empty;
}

// A client catalogue holds its locale and its strings, nothing else.
void check_alone(const Source& s, std::vector<std::string>& errors) {
  RulesDocument rest = s.document;
  rest.clear_locale();
  rest.clear_ui_strings();
  if (rest.ByteSizeLong() != 0)
    errors.push_back(s.file + ": error: client strings hold only locale and ui_strings");
  auto tag = boardgame::rules::parse_language_tag(s.document.locale());
  if (!tag)
    errors.push_back(s.file + ": error: locale: " + tag.error);
  else if (s.document.locale() != fs::path(s.file).stem().string())
    errors.push_back(s.file + ": error: the file of locale \"" + s.document.locale() +
                     "\" must be named " + s.document.locale() + ".textproto");
  if (s.document.ui_strings_size() == 0) errors.push_back(s.file + ": error: no ui_strings");
  std::set<std::string> keys;
  for (int i = 0; i < s.document.ui_strings_size(); ++i) {
    const auto& u = s.document.ui_strings(i);
    const std::string& text = u.text();
    if (!is_key(u.key()))
      errors.push_back(where(s, i) + ": error: key \"" + u.key() +
                       "\" must be lowercase words of letters, digits and '_' joined by '.'");
    else if (!keys.insert(u.key()).second)
      errors.push_back(where(s, i) + ": error: key \"" + u.key() + "\" is used twice");
    if (text.empty() || text.front() == ' ' || text.back() == ' ')
      errors.push_back(where(s, i) + ": error: " + u.key() +
                       ": the text is empty or starts or ends with a space");
    for (char c : text)
      if (static_cast<unsigned char>(c) < 0x20) {
        errors.push_back(where(s, i) + ": error: " + u.key() +
                         ": the text holds a line break or a control character");
        break;
      }
    if (auto names = boardgame::rules::placeholder_names(text); !names)
      errors.push_back(where(s, i) + ": error: " + u.key() + ": " + names.error);
    if (text.find(kDelimiter) != std::string::npos)
      errors.push_back(where(s, i) + ": error: " + u.key() + ": the text may not contain \"" +
                       std::string(kDelimiter) + "\"");
  }
}

int write_json(const std::vector<Source>& sources, const fs::path& folder) {
  fs::create_directories(folder);
  for (const Source& s : sources) {
    nlohmann::ordered_json strings = nlohmann::ordered_json::object();
    for (const auto& u : s.document.ui_strings()) strings[u.key()] = u.text();
    const fs::path file = folder / (s.document.locale() + ".json");
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << nlohmann::ordered_json{{"locale", s.document.locale()}, {"strings", strings}}.dump(1)
        << '\n';
    if (!out.flush()) {
      std::cerr << "client-strings-docc: error: cannot write " << file.string() << '\n';
      return 1;
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Checks a client's UI strings and embeds them into a C++ source or JSON files."};
  std::string source, json_folder;
  std::vector<std::string> files, term_files;
  auto* source_option = app.add_option("--source", source, "generated source to write");
  app.add_option("--json", json_folder, "folder to write one <locale>.json per locale to")
      ->excludes(source_option);

  app.add_option("--terms", term_files, "term bases (<locale>.textproto) to hold the texts to")
      ->check(CLI::ExistingFile);
  app.add_option("files", files, "one <locale>.textproto per locale, en included")
      ->required()
      ->check(CLI::ExistingFile);
  CLI11_PARSE(app, argc, argv);
  if (source.empty() && json_folder.empty()) {
    std::cerr << "client-strings-docc: error: give --source or --json\n";
    return 2;
  }

  std::vector<std::string> errors;
  std::vector<Source> sources(files.size());
  const Source* english = nullptr;
  for (std::size_t i = 0; i < files.size(); ++i) {
    Source& s = sources[i];
    s.file = files[i];
    if (!boardgame::localization::parse_textproto_file(s.file, s.document, errors, &s.locations))
      continue;
    check_alone(s, errors);
    for (const std::string& term_file : term_files) {
      boardgame::v1::TermBase terms;
      if (!boardgame::localization::parse_textproto_file(term_file, terms, errors) ||
          terms.locale() != s.document.locale())
        continue;
      for (const auto& p : boardgame::rules::check_terms(s.document, terms))
        errors.push_back(where(s, p.path.empty() ? -1 : p.path.front().index) +
                         ": error: " + boardgame::rules::to_string(p));
    }
    if (s.document.locale() == boardgame::rules::kFallbackLocale) english = &s;
  }
  if (errors.empty() && english == nullptr)
    errors.push_back("client-strings-docc: error: no en.textproto: English is the fallback");
  if (errors.empty()) {
    for (const Source& s : sources) {
      if (&s == english) continue;
      for (const auto& p : boardgame::rules::check_translation(s.document, english->document))
        errors.push_back(s.file + ": error: " + boardgame::rules::to_string(p));
    }
  }
  if (!errors.empty()) {
    for (const std::string& e : errors) std::cerr << e << '\n';
    return 1;
  }

  if (!json_folder.empty()) return write_json(sources, json_folder);

  // The checked documents, re-printed in canonical text format and parsed
  // again at start-up: readable in the generated file, and a raw string
  // needs no escaping.
  std::string cpp =
      "// Generated by client-strings-docc from localization/client/. Do not edit.\n"
      "#include \"client_strings_data.h\"\n\nnamespace game_client {\n\n"
      "const std::vector<EmbeddedStrings>& embedded_client_strings() {\n"
      "  static const std::vector<EmbeddedStrings> documents = {\n";
  for (const Source& s : sources) {
    std::string printed;
    TextFormat::Printer printer;
    printer.SetUseUtf8StringEscaping(true);
    printer.PrintToString(s.document, &printed);
    cpp += "      {\"" + s.document.locale() + "\", R\"" + std::string(kDelimiter) + "(" + printed +
           ")" + std::string(kDelimiter) + "\"},\n";
  }
  cpp += "  };\n  return documents;\n}\n\n}  // namespace game_client\n";

  fs::create_directories(fs::path(source).parent_path());
  std::ofstream out(source, std::ios::binary | std::ios::trunc);
  out << cpp;
  if (!out.flush()) {
    std::cerr << "client-strings-docc: error: cannot write " << source << '\n';
    return 1;
  }
  return 0;
}
