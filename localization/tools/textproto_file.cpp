#include "textproto_file.h"

#include <fstream>
#include <sstream>

#include <google/protobuf/io/tokenizer.h>

namespace boardgame::localization {
namespace {

class Errors : public google::protobuf::io::ErrorCollector {
 public:
  Errors(const std::string& file, std::vector<std::string>& out) : file_(file), out_(out) {}
  void AddError(int line, int column, const std::string& message) override {
    out_.push_back(file_ + ":" + std::to_string(line + 1) + ":" + std::to_string(column + 1) +
                   ": error: " + message);
  }
  void AddWarning(int line, int column, const std::string& message) override {
    AddError(line, column, message);  // an editor's warning is an error too
  }

 private:
  const std::string& file_;
  std::vector<std::string>& out_;
};

}  // namespace

bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

bool parse_textproto_file(const std::string& path, google::protobuf::Message& message,
                          std::vector<std::string>& errors,
                          google::protobuf::TextFormat::ParseInfoTree* locations) {
  std::string text;
  if (!read_file(path, text)) {
    errors.push_back(path + ": error: cannot read the file");
    return false;
  }
  Errors collector(path, errors);
  google::protobuf::TextFormat::Parser parser;
  parser.RecordErrorsTo(&collector);
  if (locations) parser.WriteLocationsTo(locations);
  return parser.ParseFromString(text, &message);
}

}  // namespace boardgame::localization
