#include "boardgame/host/web_files.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "boardgame/host/loader.h"

namespace boardgame::host {

namespace fs = std::filesystem;

namespace {

constexpr char kPrefix[] = "/play/";

// The types a built client is made of; anything else in the folder (a
// stray binary, a backup) is not served. Text says its charset, so that a
// browser never guesses one.
const char* content_type_of(std::string extension) {
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  static const std::map<std::string, const char*> kTypes = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".txt", "text/plain; charset=utf-8"},
      {".json", "application/json"},  // always UTF-8 (RFC 8259)
      {".map", "application/json"},
      {".webmanifest", "application/manifest+json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".ico", "image/x-icon"},
      {".woff2", "font/woff2"},
  };
  auto found = kTypes.find(extension);
  return found == kTypes.end() ? nullptr : found->second;
}

// FNV-1a, 64 bits: the same bytes give the same tag in every run and on
// every host, so a browser's copy stays good across restarts.
std::string etag_of(const std::string& bytes) {
  std::uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  char text[24];
  std::snprintf(text, sizeof text, "\"%016llx\"", static_cast<unsigned long long>(hash));
  return text;
}

// If-None-Match compares weakly (RFC 9110, 13.1.2): W/"x" matches "x".
bool matches(const std::string& if_none_match, const std::string& etag) {
  for (std::size_t from = 0; from < if_none_match.size();) {
    std::size_t end = std::min(if_none_match.find(',', from), if_none_match.size());
    std::string tag = if_none_match.substr(from, end - from);
    from = end + 1;
    tag.erase(0, tag.find_first_not_of(" \t"));
    tag.erase(tag.find_last_not_of(" \t") + 1);
    if (tag.rfind("W/", 0) == 0) tag.erase(0, 2);
    if (tag == "*" || tag == etag) return true;
  }
  return false;
}

std::runtime_error unreadable(const fs::path& path, const std::string& reason) {
  return std::runtime_error(path.string() + ": cannot read it: " + reason);
}

std::string read_file(const fs::path& path, std::uintmax_t size) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw unreadable(path, std::strerror(errno));
  std::string bytes(size, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  if (static_cast<std::uintmax_t>(in.gcount()) != size || in.peek() != EOF)
    throw unreadable(path, "it changed while it was read");
  return bytes;
}

using Found = std::map<std::string, std::pair<fs::path, std::uintmax_t>>;

// Finds the files of `folder` to serve, named `prefix` + their name, with
// their sizes. Links to folders are not followed, so that a loop of them
// cannot hold the start; links to files are.
void add_folder(const fs::path& folder, const std::string& prefix, std::uintmax_t* total,
                Found* found) {
  std::error_code ec;
  fs::directory_iterator entries(folder, ec);
  if (ec) throw unreadable(folder, ec.message());
  for (; entries != fs::directory_iterator(); entries.increment(ec)) {
    const fs::directory_entry& entry = *entries;
    const std::string name = entry.path().filename().string();
    if (name.empty() || name[0] == '.') continue;  // .git/, .DS_Store, editors' files
    std::error_code kind;
    if (entry.is_directory(kind) && !entry.is_symlink(kind)) {
      add_folder(entry.path(), prefix + name + "/", total, found);
      continue;
    }
    if (!entry.is_regular_file(kind) || !content_type_of(entry.path().extension().string()))
      continue;
    const std::uintmax_t size = entry.file_size(kind);
    if (kind) throw unreadable(entry.path(), kind.message());
    *total += size;
    found->emplace(prefix + name, std::make_pair(entry.path(), size));
  }
  if (ec) throw unreadable(folder, ec.message());
}

}  // namespace

WebFiles::WebFiles(const std::string& folder) {
  std::error_code ec;
  const fs::file_status status = fs::status(folder, ec);
  if (status.type() == fs::file_type::not_found)
    throw std::runtime_error(folder + ": no such folder");
  if (ec) throw unreadable(folder, ec.message());
  if (!fs::is_directory(status)) throw std::runtime_error(folder + ": not a folder");
  std::uintmax_t total = 0;
  Found found;
  add_folder(folder, "", &total, &found);
  // Checked before reading, so that a huge file is never read at all.
  if (total > kMaxTotalBytes)
    throw std::runtime_error(folder + ": the files to serve come to more than " +
                             std::to_string(kMaxTotalBytes >> 20) +
                             " MiB, far more than a browser client's build; is it the right "
                             "folder?");
  if (!found.count("index.html"))
    throw std::runtime_error(folder + ": no index.html, so no page to start from");
  for (const auto& [name, file] : found) {
    std::string bytes = read_file(file.first, file.second);
    std::string etag = etag_of(bytes);
    files_.emplace(name, File{content_type_of(file.first.extension().string()), std::move(etag),
                              std::move(bytes)});
  }
}

std::optional<HttpResponse> WebFiles::route(const HttpRequest& q) const {
  const bool readable = q.method == "GET" || q.method == "HEAD";
  if (q.path == "/") {
    if (!readable) return std::nullopt;
    return redirect_to(302, kPrefix);
  }
  if (q.path == "/play") return readable ? redirect_to(301, kPrefix) : only_get_and_head();
  if (q.path.rfind(kPrefix, 0) != 0) return std::nullopt;
  if (!readable) return only_get_and_head();
  std::string name = q.path.substr(sizeof kPrefix - 1);
  if (name.empty()) name = "index.html";
  auto found = files_.find(name);
  if (found == files_.end())
    return text_answer(404, "no such file; the browser client is at /play/");
  const File& file = found->second;
  HttpResponse response;
  response.content_type = file.content_type;
  response.content_security_policy = kPolicy;
  // no-cache: a browser keeps its copy but asks each time, so a new build
  // (read when the host restarts) is seen at once, for the price of a 304.
  response.headers = {{"ETag", file.etag}, {"Cache-Control", "no-cache"}};
  if (matches(q.header("if-none-match"), file.etag)) {
    response.status = 304;
    return response;
  }
  response.body = file.bytes;
  return response;
}

std::string WebFiles::default_folder() { return folder_beside_program({CLUB_WEB_DIRS_FROM_BIN}); }

}  // namespace boardgame::host
