#include "boardgame/host/web_files.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
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

// The encodings a build may have made of a file, beside it as NAME.br and
// NAME.gz, best first. They are not served under their own names.
struct Coding {
  const char* name;  // as in Accept-Encoding and Content-Encoding
  const char* suffix;
};
constexpr Coding kCodings[] = {{"br", ".br"}, {"gzip", ".gz"}};

// The weight Accept-Encoding gives `coding` (RFC 9110, 12.5.3): its own,
// else that of "*", else 0 (not acceptable).
double weight_of(const std::string& accept_encoding, const std::string& coding) {
  double star = 0;
  for (std::size_t from = 0; from < accept_encoding.size();) {
    const std::size_t end = std::min(accept_encoding.find(',', from), accept_encoding.size());
    std::string item = accept_encoding.substr(from, end - from);
    from = end + 1;
    double weight = 1;
    if (const auto semicolon = item.find(';'); semicolon != std::string::npos) {
      const auto q = item.find("q=", semicolon);
      weight = q == std::string::npos ? 1 : std::strtod(item.c_str() + q + 2, nullptr);
      item.erase(semicolon);
    }
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    for (char& c : item) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (item == coding) return weight;
    if (item == "*") star = weight;
  }
  return star;
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
    File served{content_type_of(file.first.extension().string()), {}};
    served.forms.push_back({"", read_file(file.first, file.second), {}});
    for (const Coding& coding : kCodings) {
      const fs::path encoded = file.first.string() + coding.suffix;
      std::error_code ec;
      const std::uintmax_t size = fs::file_size(encoded, ec);
      if (!ec) served.forms.push_back({coding.name, read_file(encoded, size), {}});
    }
    // Each form its own tag, from its own bytes: a cache must not answer a
    // request for one with another (RFC 9110, 8.8.3).
    for (Form& form : served.forms) form.etag = etag_of(form.bytes);
    files_.emplace(name, std::move(served));
  }
}

std::string WebFiles::cache_control(const std::string& name) {
  // A file under assets/ has its content's hash in its name, so its bytes
  // never change: kept a year, never asked again. Every other file (the
  // page that names them, the words) is kept but asked for each time, so a
  // new build (read when the host restarts) is seen at once, for the price
  // of a 304.
  return name.rfind(kAssets, 0) == 0 ? "public, max-age=31536000, immutable" : "no-cache";
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
  // The smallest form the browser takes: the build makes them best first.
  const Form* form = &file.forms.front();
  const std::string accept_encoding = q.header("accept-encoding");
  for (const Form& other : file.forms)
    if (!other.coding.empty() && weight_of(accept_encoding, other.coding) > 0) {
      form = &other;
      break;
    }
  HttpResponse response;
  response.content_type = file.content_type;
  response.content_security_policy = kPolicy;
  response.headers = {{"ETag", form->etag}, {"Cache-Control", cache_control(name)}};
  if (file.forms.size() > 1) response.headers.emplace_back("Vary", "Accept-Encoding");
  if (!form->coding.empty()) response.headers.emplace_back("Content-Encoding", form->coding);
  if (etag_matches(q.header("if-none-match"), form->etag)) {
    response.status = 304;
    return response;
  }
  response.body = form->bytes;
  return response;
}

std::string WebFiles::default_folder() { return folder_beside_program({CLUB_WEB_DIRS_FROM_BIN}); }

}  // namespace boardgame::host
