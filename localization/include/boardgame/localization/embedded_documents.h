// Rules documents compiled into a binary: each is a serialized
// boardgame.v1.RulesDocument, checked by the build (see
// docs/localization.md). The bytes live in read-only static storage for the
// life of the program or plugin that embeds them.
#pragma once

#include <cstddef>
#include <string_view>

namespace boardgame::localization {

struct EmbeddedDocument {
  std::string_view locale;  // "en", "es"...: the document's locale field
  std::string_view bytes;
};

// All documents of one game, English first, then by locale.
struct EmbeddedDocuments {
  const EmbeddedDocument* first;
  std::size_t count;

  const EmbeddedDocument* begin() const { return first; }
  const EmbeddedDocument* end() const { return first + count; }
  std::size_t size() const { return count; }
};

}  // namespace boardgame::localization
