// rules-docc: the build step behind club_add_rules_documents(). Reads a
// game's rules documents in protobuf text format, checks them, and writes a
// C++ source that embeds their binary form. Any problem is reported as
// file:line:column and nothing is written.
//
//   rules-docc --game uttt --function uttt_rules_documents
//       --header out/uttt_rules_documents.h --source out/uttt_rules_documents.cpp
//       localization/uttt/en.textproto localization/uttt/es.textproto ...
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/text_format.h>

#include "boardgame/rules/document_check.h"
#include "boardgame/rules/negotiation.h"
#include "boardgame/v1/rules_document.pb.h"

namespace {

namespace fs = std::filesystem;
using boardgame::rules::FieldPath;
using boardgame::rules::Problem;
using boardgame::v1::RulesDocument;
using google::protobuf::TextFormat;

struct Source {
  std::string file;
  RulesDocument document;
  TextFormat::ParseInfoTree locations;
};

// Collects the parser's complaints as compiler-style lines.
class Errors : public google::protobuf::io::ErrorCollector {
 public:
  Errors(const std::string& file, std::vector<std::string>& out) : file_(file), out_(out) {}
  void AddError(int line, int column, const std::string& message) override {
    out_.push_back(file_ + ":" + std::to_string(line + 1) + ":" + std::to_string(column + 1) +
                   ": error: " + message);
  }
  void AddWarning(int line, int column, const std::string& message) override {
    out_.push_back(file_ + ":" + std::to_string(line + 1) + ":" + std::to_string(column + 1) +
                   ": error: " + message);  // a translator's warning is an error too
  }

 private:
  const std::string& file_;
  std::vector<std::string>& out_;
};

// The line of the deepest field of `path` that the file spells out; a
// missing field points at the message that should hold it.
TextFormat::ParseLocation locate(const Source& source, const FieldPath& path) {
  TextFormat::ParseLocation found;
  const TextFormat::ParseInfoTree* tree = &source.locations;
  for (const auto& step : path) {
    if (tree == nullptr) break;
    int index = step.field->is_repeated() ? std::max(step.index, 0) : -1;
    TextFormat::ParseLocation here = tree->GetLocation(step.field, index);
    if (here.line < 0) break;
    found = here;
    tree = step.field->message_type() ? tree->GetTreeForNested(step.field, index) : nullptr;
  }
  return found;
}

void report(const Source& source, const std::vector<Problem>& problems,
            std::vector<std::string>& out) {
  for (const Problem& p : problems) {
    TextFormat::ParseLocation at = locate(source, p.path);
    std::string where = source.file;
    if (at.line >= 0) where += ":" + std::to_string(at.line + 1) + ":" + std::to_string(at.column + 1);
    out.push_back(where + ": error: " + boardgame::rules::to_string(p));
  }
}

bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

// A C++ string literal of any bytes: printable ASCII as is, everything else
// as three-digit octal escapes, which never swallow a following digit.
std::string literal(const std::string& bytes) {
  std::string out = "\n    \"";
  std::size_t column = 0;
  for (unsigned char c : bytes) {
    if (column >= 96) {
      out += "\"\n    \"";
      column = 0;
    }
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '?') {
      out += char(c);
      column += 1;
    } else {
      char esc[5];
      std::snprintf(esc, sizeof esc, "\\%03o", c);
      out += esc;
      column += 4;
    }
  }
  return out + "\"";
}

bool write_file(const std::string& path, const std::string& text) {
  fs::create_directories(fs::path(path).parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return bool(out.flush());
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Checks a game's rules documents and embeds them into a C++ source."};
  std::string game, function, header, source;
  std::vector<std::string> files;
  app.add_option("--game", game, "game id every document must carry")->required();
  app.add_option("--function", function, "name of the generated accessor")->required();
  app.add_option("--header", header, "generated header to write")->required();
  app.add_option("--source", source, "generated source to write")->required();
  app.add_option("files", files, "one <locale>.textproto per locale, en included")
      ->required()
      ->check(CLI::ExistingFile);
  CLI11_PARSE(app, argc, argv);

  std::vector<std::string> errors;
  // Parse locations are not movable: keep each source in place.
  std::vector<std::unique_ptr<Source>> sources;
  for (std::size_t i = 0; i < files.size(); ++i) {
    Source& s = *sources.emplace_back(std::make_unique<Source>());
    s.file = files[i];
    std::string text;
    if (!read_file(s.file, text)) {
      errors.push_back(s.file + ": error: cannot read the file");
      continue;
    }
    Errors collector(s.file, errors);
    TextFormat::Parser parser;
    parser.RecordErrorsTo(&collector);
    parser.WriteLocationsTo(&s.locations);
    if (!parser.ParseFromString(text, &s.document)) continue;

    std::vector<Problem> problems = boardgame::rules::check_document(s.document);
    report(s, problems, errors);
    std::string stem = fs::path(s.file).stem().string();
    if (s.document.locale() != stem)
      errors.push_back(s.file + ": error: the file of locale \"" + s.document.locale() +
                       "\" must be named " + s.document.locale() + ".textproto");
    if (s.document.game_id() != game)
      errors.push_back(s.file + ": error: game_id is \"" + s.document.game_id() +
                       "\" but these are the documents of \"" + game + "\"");
  }
  if (!errors.empty()) {
    for (const std::string& e : errors) std::cerr << e << '\n';
    return 1;
  }

  auto by_locale = [](const std::unique_ptr<Source>& a, const std::unique_ptr<Source>& b) {
    bool ae = a->document.locale() == boardgame::rules::kFallbackLocale;
    bool be = b->document.locale() == boardgame::rules::kFallbackLocale;
    return ae != be ? ae : a->document.locale() < b->document.locale();
  };
  std::sort(sources.begin(), sources.end(), by_locale);
  if (sources.front()->document.locale() != boardgame::rules::kFallbackLocale) {
    std::cerr << "rules-docc: error: no " << boardgame::rules::kFallbackLocale
              << ".textproto among the documents of " << game
              << "; English is the fallback for every other language\n";
    return 1;
  }
  for (std::size_t i = 1; i < sources.size(); ++i) {
    const Source& s = *sources[i];
    if (s.document.locale() == sources[i - 1]->document.locale())
      errors.push_back(s.file + ": error: a second document for locale " + s.document.locale());
    report(s, boardgame::rules::check_translation(s.document, sources.front()->document), errors);
  }
  if (!errors.empty()) {
    for (const std::string& e : errors) std::cerr << e << '\n';
    return 1;
  }

  std::string h =
      "// Generated by rules-docc from the " + game + " rules documents. Do not edit.\n"
      "#pragma once\n\n#include \"boardgame/localization/embedded_documents.h\"\n\n"
      "namespace boardgame::localization {\n\n"
      "// The checked rules documents of \"" + game + "\", English first.\n"
      "EmbeddedDocuments " + function + "();\n\n}  // namespace boardgame::localization\n";
  std::string cpp =
      "// Generated by rules-docc from the " + game + " rules documents. Do not edit.\n"
      "#include \"boardgame/localization/" + function + ".h\"\n\n"
      "namespace boardgame::localization {\nnamespace {\n\n";
  for (std::size_t i = 0; i < sources.size(); ++i) {
    std::string bytes;
    google::protobuf::io::StringOutputStream stream(&bytes);
    {
      google::protobuf::io::CodedOutputStream coded(&stream);
      coded.SetSerializationDeterministic(true);
      sources[i]->document.SerializeToCodedStream(&coded);
    }
    cpp += "// " + fs::path(sources[i]->file).filename().string() + "\n";
    cpp += "constexpr char kDocument" + std::to_string(i) + "[] =" + literal(bytes) + ";\n\n";
  }
  cpp += "constexpr EmbeddedDocument kDocuments[] = {\n";
  for (std::size_t i = 0; i < sources.size(); ++i)
    cpp += "    {\"" + sources[i]->document.locale() + "\", {kDocument" + std::to_string(i) +
           ", sizeof kDocument" + std::to_string(i) + " - 1}},\n";
  cpp += "};\n\n}  // namespace\n\nEmbeddedDocuments " + function +
         "() { return {kDocuments, sizeof kDocuments / sizeof kDocuments[0]}; }\n\n"
         "}  // namespace boardgame::localization\n";

  if (!write_file(header, h) || !write_file(source, cpp)) {
    std::cerr << "rules-docc: error: cannot write " << header << " or " << source << '\n';
    return 1;
  }
  return 0;
}
