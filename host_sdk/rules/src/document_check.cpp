#include "boardgame/rules/document_check.h"

#include <algorithm>
#include <map>
#include <set>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>

#include "boardgame/rules/dates.h"
#include "boardgame/rules/language_tag.h"
#include "boardgame/rules/ui_format.h"

namespace boardgame::rules {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;
using v1::RulesDocument;

FieldStep at(const Message& m, const char* field, int index = -1) {
  return {m.GetDescriptor()->FindFieldByName(field), index};
}

FieldPath operator+(FieldPath path, FieldStep step) {
  path.push_back(step);
  return path;
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

// Repeated fields a document may leave empty; every other field must hold
// something, so that a translator cannot forget a piece silently.
bool may_be_empty(const FieldDescriptor* f) {
  return f->full_name() == "boardgame.v1.RuleTable.intro";
}

// A diagram's drawings are the build's own multi-line output, not prose.
bool is_drawing(const FieldDescriptor* f) {
  return f->containing_type()->full_name() == "boardgame.v1.Diagram" &&
         (f->name() == "svg" || f->name() == "text_board");
}

void check_text(const std::string& text, const FieldPath& path, std::vector<Problem>& out) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  if (text.empty()) {
    out.push_back({path, "is empty"});
  } else if (space(text.front()) || space(text.back())) {
    out.push_back({path, "starts or ends with a space"});
  } else if (text.find("  ") != std::string::npos) {
    out.push_back({path, "has two spaces in a row (check where quoted pieces are joined)"});
  } else if (std::any_of(text.begin(), text.end(),
                         [](char c) { return static_cast<unsigned char>(c) < 0x20; })) {
    out.push_back({path, "holds a line break or another control character; the page wraps "
                         "text by itself"});
  }
}

// Every field of every message is filled in, and every oneof holds a value.
void check_filled(const Message& m, FieldPath& path, std::vector<Problem>& out) {
  const auto* d = m.GetDescriptor();
  const Reflection* r = m.GetReflection();
  for (int i = 0; i < d->oneof_decl_count(); ++i) {
    const auto* oneof = d->oneof_decl(i);
    if (r->HasOneof(m, oneof)) continue;
    std::string choices;
    for (int k = 0; k < oneof->field_count(); ++k)
      choices += (k ? " or " : "") + oneof->field(k)->name();
    out.push_back({path, "holds nothing: give it " + choices});
  }
  for (int i = 0; i < d->field_count(); ++i) {
    const FieldDescriptor* f = d->field(i);
    if (f->is_repeated()) {
      int n = r->FieldSize(m, f);
      if (n == 0 && !may_be_empty(f)) out.push_back({path + FieldStep{f, -1}, "is empty"});
      for (int k = 0; k < n; ++k) {
        path.push_back({f, k});
        if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE)
          check_filled(r->GetRepeatedMessage(m, f, k), path, out);
        else if (f->cpp_type() == FieldDescriptor::CPPTYPE_STRING)
          check_text(r->GetRepeatedString(m, f, k), path, out);
        path.pop_back();
      }
      continue;
    }
    if (f->containing_oneof() && !r->HasField(m, f)) continue;
    path.push_back({f, -1});
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
      if (r->HasField(m, f))
        check_filled(r->GetMessage(m, f), path, out);
      else
        out.push_back({path, "is missing"});
    } else if (f->cpp_type() == FieldDescriptor::CPPTYPE_STRING) {
      if (is_drawing(f)) {
        if (r->GetString(m, f).empty()) out.push_back({path, "is empty: the build draws it"});
      } else {
        check_text(r->GetString(m, f), path, out);
      }
    }
    path.pop_back();
  }
}

bool is_identifier(const std::string& s) {
  if (s.empty() || !(s[0] >= 'a' && s[0] <= 'z')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

bool is_key(const std::string& key) {
  std::size_t start = 0;
  for (;;) {
    std::size_t dot = key.find('.', start);
    std::string part = key.substr(start, dot == std::string::npos ? dot : dot - start);
    bool ok = !part.empty() && std::all_of(part.begin(), part.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
    if (!ok) return false;
    if (dot == std::string::npos) return true;
    start = dot + 1;
  }
}

// The ids of a list of entries (table rows, glossary, FAQ) with the path of
// each id.
struct IdList {
  FieldPath list;  // the repeated field
  std::vector<std::string> ids;
};

template <class Entries>
IdList ids_of(FieldPath list, const Entries& entries) {
  IdList out{std::move(list), {}};
  for (const auto& e : entries) out.ids.push_back(e.id());
  return out;
}

FieldPath id_path(const IdList& list, int index, const Message& entry) {
  FieldPath path = list.list;
  path.back().index = index;
  return path + at(entry, "id");
}

template <class Entries>
void check_ids(const IdList& list, const Entries& entries, std::set<std::string>& seen,
               std::vector<Problem>& out) {
  for (int i = 0; i < entries.size(); ++i) {
    const std::string& id = entries[i].id();
    if (id.empty()) continue;  // reported as empty already
    if (!is_identifier(id))
      out.push_back({id_path(list, i, entries[i]),
                     quoted(id) + " must be lowercase letters, digits and '_'"});
    else if (!seen.insert(id).second)
      out.push_back({id_path(list, i, entries[i]), quoted(id) + " is used twice"});
  }
}

void compare_ids(const IdList& mine, const IdList& theirs, const std::string& reference,
                 std::vector<Problem>& out) {
  for (const std::string& id : theirs.ids)
    if (std::find(mine.ids.begin(), mine.ids.end(), id) == mine.ids.end())
      out.push_back({mine.list, "has no entry " + quoted(id) + ", which " + reference + " has"});
  for (std::size_t i = 0; i < mine.ids.size(); ++i) {
    if (std::find(theirs.ids.begin(), theirs.ids.end(), mine.ids[i]) == theirs.ids.end()) {
      FieldPath path = mine.list;
      path.back().index = int(i);
      out.push_back({path, "entry " + quoted(mine.ids[i]) + " is not in " + reference});
    }
  }
  std::set<std::string> a(mine.ids.begin(), mine.ids.end()), b(theirs.ids.begin(), theirs.ids.end());
  if (a == b && mine.ids != theirs.ids)
    out.push_back({mine.list, "lists its entries in another order than " + reference});
}

std::string join_placeholders(const std::vector<std::string>& names) {
  if (names.empty()) return "none";
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "{" : " {") + n + "}";
  return out;
}

std::vector<std::string> sorted_placeholders(const std::string& text) {
  std::vector<std::string> names = placeholder_names(text).value;
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

std::string to_string(const FieldPath& path) {
  std::string out;
  for (const FieldStep& step : path) {
    if (!out.empty()) out += '.';
    out += step.field->name();
    if (step.index >= 0) out += "[" + std::to_string(step.index) + "]";
  }
  return out;
}

std::string to_string(const Problem& problem) {
  return problem.path.empty() ? problem.message : to_string(problem.path) + ": " + problem.message;
}

std::vector<Problem> check_document(const RulesDocument& doc) {
  std::vector<Problem> out;
  FieldPath root;
  check_filled(doc, root, out);

  if (!doc.game_id().empty() && !is_identifier(doc.game_id()))
    out.push_back({{at(doc, "game_id")},
                   quoted(doc.game_id()) + " must be lowercase letters, digits and '_'"});
  if (!doc.locale().empty()) {
    auto tag = parse_language_tag(doc.locale());
    if (!tag)
      out.push_back({{at(doc, "locale")}, tag.error});
    else if (tag.value.to_string() != doc.locale())
      out.push_back({{at(doc, "locale")},
                     "write " + quoted(doc.locale()) + " as " + quoted(tag.value.to_string())});
  }
  if (!doc.last_updated().empty() && !is_iso_date(doc.last_updated()))
    out.push_back({{at(doc, "last_updated")},
                   quoted(doc.last_updated()) + " is not a date written YYYY-MM-DD"});

  // Setting ids share one namespace: both tables describe the game's
  // settings schema, and each id has its "setting.<id>.*" UI strings.
  std::set<std::string> setting_ids, glossary_ids, faq_ids;
  check_ids(ids_of({at(doc, "settings"), at(doc.settings(), "rows")}, doc.settings().rows()),
            doc.settings().rows(), setting_ids, out);
  check_ids(ids_of({at(doc, "local_rules"), at(doc.local_rules(), "rows")},
                   doc.local_rules().rows()),
            doc.local_rules().rows(), setting_ids, out);
  check_ids(ids_of({at(doc, "glossary"), at(doc.glossary(), "entries")}, doc.glossary().entries()),
            doc.glossary().entries(), glossary_ids, out);
  check_ids(ids_of({at(doc, "faq"), at(doc.faq(), "entries")}, doc.faq().entries()),
            doc.faq().entries(), faq_ids, out);

  std::set<std::string> keys;
  for (int i = 0; i < doc.ui_strings_size(); ++i) {
    const v1::UiString& s = doc.ui_strings(i);
    FieldPath path{at(doc, "ui_strings", i)};
    if (!s.key().empty() && !is_key(s.key()))
      out.push_back({path + at(s, "key"), quoted(s.key()) +
                                              " must be lowercase words of letters, digits "
                                              "and '_' joined by '.'"});
    else if (!s.key().empty() && !keys.insert(s.key()).second)
      out.push_back({path + at(s, "key"), quoted(s.key()) + " is used twice"});
    if (auto names = placeholder_names(s.text()); !names)
      out.push_back({path + at(s, "text"), names.error});
  }
  for (const std::string& id : setting_ids)
    for (const char* suffix : {".name", ".description"})
      if (!keys.count("setting." + id + suffix))
        out.push_back({{at(doc, "ui_strings")}, "has no key " + quoted("setting." + id + suffix) +
                                                    " for the table row " + quoted(id)});
  return out;
}

std::vector<Problem> check_translation(const RulesDocument& doc, const RulesDocument& ref) {
  std::vector<Problem> out;
  const std::string reference = "the " + (ref.locale().empty() ? "reference" : ref.locale()) +
                                " document";
  if (doc.game_id() != ref.game_id())
    out.push_back({{at(doc, "game_id")},
                   quoted(doc.game_id()) + " differs from " + reference + "'s " +
                       quoted(ref.game_id())});

  auto compare_rows = [&](const char* table, const v1::RuleTable& mine,
                          const v1::RuleTable& theirs) {
    FieldPath list{at(doc, table), at(mine, "rows")};
    compare_ids(ids_of(list, mine.rows()), ids_of(list, theirs.rows()), reference, out);
    for (int i = 0; i < mine.rows_size(); ++i)
      for (const auto& other : theirs.rows())
        if (other.id() == mine.rows(i).id() && other.changeable() != mine.rows(i).changeable())
          out.push_back({FieldPath{at(doc, table), at(mine, "rows", i),
                                   at(mine.rows(i), "changeable")},
                         std::string("says ") + (mine.rows(i).changeable() ? "true" : "false") +
                             " where " + reference + " says " +
                             (other.changeable() ? "true" : "false")});
  };
  compare_rows("settings", doc.settings(), ref.settings());
  compare_rows("local_rules", doc.local_rules(), ref.local_rules());
  {
    FieldPath list{at(doc, "glossary"), at(doc.glossary(), "entries")};
    compare_ids(ids_of(list, doc.glossary().entries()), ids_of(list, ref.glossary().entries()),
                reference, out);
  }
  {
    FieldPath list{at(doc, "faq"), at(doc.faq(), "entries")};
    compare_ids(ids_of(list, doc.faq().entries()), ids_of(list, ref.faq().entries()), reference,
                out);
  }

  std::map<std::string, const std::string*> ref_texts;
  for (const auto& s : ref.ui_strings()) ref_texts.emplace(s.key(), &s.text());
  std::set<std::string> seen;
  for (int i = 0; i < doc.ui_strings_size(); ++i) {
    const v1::UiString& s = doc.ui_strings(i);
    seen.insert(s.key());
    FieldPath path{at(doc, "ui_strings", i)};
    auto it = ref_texts.find(s.key());
    if (it == ref_texts.end()) {
      out.push_back({path + at(s, "key"), quoted(s.key()) + " is not in " + reference});
      continue;
    }
    if (!placeholder_names(s.text()) || !placeholder_names(*it->second)) continue;
    std::vector<std::string> mine = sorted_placeholders(s.text());
    std::vector<std::string> theirs = sorted_placeholders(*it->second);
    if (mine != theirs)
      out.push_back({path + at(s, "text"), "has arguments " + join_placeholders(mine) +
                                               " where " + reference + " has " +
                                               join_placeholders(theirs)});
  }
  for (const auto& [key, text] : ref_texts)
    if (!seen.count(key))
      out.push_back({{at(doc, "ui_strings")},
                     "has no key " + quoted(key) + ", which " + reference + " has"});
  return out;
}

}  // namespace boardgame::rules
