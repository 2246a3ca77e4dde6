#include "wire.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/stubs/common.h>
#include <google/protobuf/wire_format_lite.h>

namespace boardgame::host {

std::optional<std::string> routed_game_id(std::string_view request, int depth) {
  using google::protobuf::internal::WireFormatLite;
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const std::uint8_t*>(request.data()),
                                            int(request.size()));
  std::optional<std::string> found = std::string();
  while (!in.ExpectAtEnd()) {
    const std::uint32_t tag = in.ReadTag();
    if (tag == 0) return std::nullopt;
    if (tag != WireFormatLite::MakeTag(1, WireFormatLite::WIRETYPE_LENGTH_DELIMITED)) {
      if (!WireFormatLite::SkipField(&in, tag)) return std::nullopt;
      continue;
    }
    std::uint32_t size = 0;
    if (!in.ReadVarint32(&size)) return std::nullopt;
    const int at = in.CurrentPosition();
    if (!in.Skip(int(size))) return std::nullopt;
    // The last occurrence wins. A state split over several occurrences,
    // which protobuf would merge, is routed by its last part; the plugin
    // reads the merged state and refuses one of another game.
    const std::string_view field = request.substr(std::size_t(at), size);
    if (depth == 1 && !google::protobuf::internal::IsStructurallyValidUTF8(field.data(), int(size)))
      return std::nullopt;  // protobuf refuses a string that is not UTF-8
    found = depth == 1 ? std::optional<std::string>(field) : routed_game_id(field, depth - 1);
    if (!found) return std::nullopt;
  }
  return found;
}

bool well_formed(std::string_view message) {
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const std::uint8_t*>(message.data()),
                                            int(message.size()));
  while (!in.ExpectAtEnd()) {
    const std::uint32_t tag = in.ReadTag();
    if (tag == 0 || !google::protobuf::internal::WireFormatLite::SkipField(&in, tag)) return false;
  }
  return true;
}

}  // namespace boardgame::host
