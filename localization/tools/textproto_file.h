// Reading the hand-edited text-format files of localization/: every
// complaint of the parser as a compiler-style "file:line:column: error:"
// line, so that editors jump straight to it.
#pragma once

#include <string>
#include <vector>

#include <google/protobuf/message.h>
#include <google/protobuf/text_format.h>

namespace boardgame::localization {

bool read_file(const std::string& path, std::string& text);

// Parses `path` into `message`; on failure appends the reasons to `errors`.
// `locations`, when given, receives where each field was written.
bool parse_textproto_file(const std::string& path, google::protobuf::Message& message,
                          std::vector<std::string>& errors,
                          google::protobuf::TextFormat::ParseInfoTree* locations = nullptr);

}  // namespace boardgame::localization
