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
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/text_format.h>

#include "boardgame/rules/document_check.h"
#include "boardgame/rules/term_check.h"
#include "boardgame/rules/negotiation.h"
#include "boardgame/v1/rules_document.pb.h"
#include "boardgame/v1/term_base.pb.h"
#include "textproto_file.h"

namespace {

namespace fs = std::filesystem;
using boardgame::rules::FieldPath;
using boardgame::rules::Problem;
using boardgame::v1::RulesDocument;
using google::protobuf::TextFormat;

// A parsed file, and where each of its fields was written.
struct Located {
  std::string file;
  TextFormat::ParseInfoTree locations;
};

struct Source : Located {
  RulesDocument document;
};

struct Terms : Located {
  boardgame::v1::TermBase base;
};

// The line of the deepest field of `path` that the file spells out; a
// missing field points at the message that should hold it.
TextFormat::ParseLocation locate(const Located& source, const FieldPath& path) {
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

void report(const Located& source, const std::vector<Problem>& problems,
            std::vector<std::string>& out) {
  for (const Problem& p : problems) {
    TextFormat::ParseLocation at = locate(source, p.path);
    std::string where = source.file;
    if (at.line >= 0) where += ":" + std::to_string(at.line + 1) + ":" + std::to_string(at.column + 1);
    out.push_back(where + ": error: " + boardgame::rules::to_string(p));
  }
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

// Parses every file into a fresh T; a file that does not parse leaves its
// complaints in `errors` and no entry.
template <class T, class Message>
std::vector<std::unique_ptr<T>> parse_all(const std::vector<std::string>& files,
                                          Message T::*message, std::vector<std::string>& errors) {
  std::vector<std::unique_ptr<T>> parsed;
  for (const std::string& file : files) {
    // Parse locations are not movable: keep each source in place.
    auto source = std::make_unique<T>();
    source->file = file;
    if (boardgame::localization::parse_textproto_file(file, (*source).*message, errors,
                                                      &source->locations))
      parsed.push_back(std::move(source));
  }
  return parsed;
}

const Source* of_locale(const std::vector<std::unique_ptr<Source>>& sources,
                        const std::string& locale) {
  for (const auto& s : sources)
    if (s->document.locale() == locale) return s.get();
  return nullptr;
}

Terms* terms_of(std::vector<std::unique_ptr<Terms>>& terms, const std::string& locale) {
  for (auto& t : terms)
    if (t->base.locale() == locale) return t.get();
  return nullptr;
}

// The diagram blocks of a document, in page order.
std::vector<boardgame::v1::Diagram*> diagrams_of(RulesDocument& d) {
  std::vector<boardgame::v1::Diagram*> found;
  auto scan = [&found](auto* blocks) {
    for (auto& block : *blocks)
      if (block.has_diagram()) found.push_back(block.mutable_diagram());
  };
  for (auto* section : {d.mutable_setup(), d.mutable_how_to_play(), d.mutable_how_to_win(),
                        d.mutable_draws(), d.mutable_resigning(), d.mutable_strategy()})
    scan(section->mutable_blocks());
  scan(d.mutable_settings()->mutable_intro());
  scan(d.mutable_local_rules()->mutable_intro());
  for (auto& entry : *d.mutable_faq()->mutable_entries()) scan(entry.mutable_answer());
  return found;
}

// Sets into a game's document what the club writes once per locale: the
// platform section and the club's own UI strings.
void add_club_parts(Source& s, const Source& club, std::vector<std::string>& errors) {
  if (s.document.has_platform()) {
    errors.push_back(s.file + ": error: the platform section is the club's, written once in " +
                     club.file + "; remove it here");
    return;
  }
  *s.document.mutable_platform() = club.document.platform();
  for (const auto& club_string : club.document.ui_strings()) {
    for (const auto& own : s.document.ui_strings())
      if (own.key() == club_string.key())
        errors.push_back(s.file + ": error: ui_strings key \"" + own.key() + "\" is the club's (" +
                         club.file + ")");
    *s.document.add_ui_strings() = club_string;
  }
}

// Fills each diagram block with its drawing from `folder`.
void add_drawings(Source& s, const std::string& folder, std::vector<std::string>& errors) {
  for (boardgame::v1::Diagram* diagram : diagrams_of(s.document)) {
    if (!diagram->svg().empty() || !diagram->text_board().empty()) {
      errors.push_back(s.file + ": error: diagram \"" + diagram->id() +
                       "\" sets svg or text_board, which the build draws from the position");
      continue;
    }
    const fs::path stem = fs::path(folder) / diagram->id();
    if (folder.empty() ||
        !boardgame::localization::read_file(stem.string() + ".svg", *diagram->mutable_svg()) ||
        !boardgame::localization::read_file(stem.string() + ".txt",
                                            *diagram->mutable_text_board()))
      errors.push_back(s.file + ": error: diagram \"" + diagram->id() + "\" has no drawing " +
                       stem.string() + ".svg/.txt; add its position to diagrams.textproto and "
                       "run rules-diagrams");
  }
}

std::vector<std::string> diagram_ids(RulesDocument document) {
  std::vector<std::string> ids;
  for (const auto* d : diagrams_of(document)) ids.push_back(d->id());
  return ids;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Checks a game's rules documents and embeds them into a C++ source."};
  std::string game, function, header, source, diagrams;
  std::vector<std::string> files, club_files, term_files, game_term_files;
  app.add_option("--game", game, "game id every document must carry")->required();
  app.add_option("--function", function, "name of the generated accessor")->required();
  app.add_option("--header", header, "generated header to write")->required();
  app.add_option("--source", source, "generated source to write")->required();
  app.add_option("--club", club_files,
                 "the club's <locale>.textproto files: the platform section of every game")
      ->required()
      ->check(CLI::ExistingFile);
  app.add_option("--terms", term_files, "term bases (<locale>.textproto) to hold the texts to")
      ->check(CLI::ExistingFile);
  app.add_option("--game-terms", game_term_files,
                 "the game's own term bases (<locale>.textproto): each concept they name replaces "
                 "the club's for this game's texts")
      ->check(CLI::ExistingFile);
  app.add_option("--diagrams", diagrams, "folder of the game's drawn diagrams (<id>.svg, <id>.txt)");
  app.add_option("files", files, "one <locale>.textproto per locale, en included")
      ->required()
      ->check(CLI::ExistingFile);
  CLI11_PARSE(app, argc, argv);

  std::vector<std::string> errors;
  auto sources = parse_all(files, &Source::document, errors);
  auto club = parse_all(club_files, &Source::document, errors);
  auto terms = parse_all(term_files, &Terms::base, errors);
  auto game_terms = parse_all(game_term_files, &Terms::base, errors);
  for (const auto& t : terms) report(*t, boardgame::rules::check_term_base(t->base), errors);
  for (const auto& t : game_terms) report(*t, boardgame::rules::check_term_base(t->base), errors);
  for (const auto& c : club) {
    if (!c->document.has_platform() || c->document.platform().blocks().empty())
      errors.push_back(c->file + ": error: the club's document must hold the platform section");
    if (Terms* t = terms_of(terms, c->document.locale()))
      report(*c, boardgame::rules::check_terms(c->document, t->base), errors);
  }

  for (auto& s : sources) {
    if (Terms* t = terms_of(terms, s->document.locale())) {
      const Terms* own = terms_of(game_terms, s->document.locale());
      report(*s,
             boardgame::rules::check_terms(
                 s->document, own ? boardgame::rules::with_game_terms(t->base, own->base) : t->base),
             errors);
    }
    if (const Source* c = of_locale(club, s->document.locale()))
      add_club_parts(*s, *c, errors);
    else
      errors.push_back(s->file + ": error: no club document for locale \"" +
                       s->document.locale() + "\" among --club");
    add_drawings(*s, diagrams, errors);

    std::vector<Problem> problems = boardgame::rules::check_document(s->document);
    report(*s, problems, errors);
    std::string stem = fs::path(s->file).stem().string();
    if (s->document.locale() != stem)
      errors.push_back(s->file + ": error: the file of locale \"" + s->document.locale() +
                       "\" must be named " + s->document.locale() + ".textproto");
    if (s->document.game_id() != game)
      errors.push_back(s->file + ": error: game_id is \"" + s->document.game_id() +
                       "\" but these are the documents of \"" + game + "\"");
  }
  if (!errors.empty() || sources.size() != files.size()) {
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
  const std::vector<std::string> reference_diagrams = diagram_ids(sources.front()->document);
  for (std::size_t i = 1; i < sources.size(); ++i) {
    const Source& s = *sources[i];
    if (s.document.locale() == sources[i - 1]->document.locale())
      errors.push_back(s.file + ": error: a second document for locale " + s.document.locale());
    report(s, boardgame::rules::check_translation(s.document, sources.front()->document), errors);
    if (diagram_ids(s.document) != reference_diagrams)
      errors.push_back(s.file + ": error: shows the diagrams " +
                       fmt::format("{}", fmt::join(diagram_ids(s.document), ", ")) +
                       " where " + sources.front()->file + " shows " +
                       fmt::format("{}", fmt::join(reference_diagrams, ", ")) +
                       ": the same pictures, in the same order");
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
