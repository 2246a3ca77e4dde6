// The browser client's built files (index.html, app.js, app.css,
// strings/<locale>.json...), as game-host's HTTP server (http_server.h)
// serves them:
//
//   GET /play/                  index.html
//   GET /play/<relative path>   that file of the folder
//   GET /play                   leads (301) to /play/
//   GET /                       leads (302) to /play/
//
// A file the build compressed is served as NAME.br or NAME.gz beside it
// when the request's Accept-Encoding takes that coding. Files under
// assets/ have their content's hash in their names and are cached for good;
// the others are revalidated (ETag) each time. HEAD is answered like GET. The client keeps its own routes in the URL's
// fragment (#/table/ID), which never reaches the server, so an unknown path
// is a 404, not index.html.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "boardgame/host/http_server.h"

namespace boardgame::host {

class WebFiles {
 public:
  static constexpr std::size_t kMaxTotalBytes = 32 << 20;
  // The client's own script and style files only: still no inline script,
  // no eval, nothing from elsewhere, and calls only to this host.
  static constexpr const char* kPolicy =
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
      "img-src 'self' data:; manifest-src 'self'; base-uri 'none'; form-action 'none'; "
      "frame-ancestors 'none'";

  // Reads every file of `folder` (and its subfolders) that has a type it
  // serves; skips dotfiles, dot folders and other types. Throws
  // std::runtime_error, naming the folder and the reason, if the folder is
  // missing or unreadable, has no index.html, or holds more than
  // kMaxTotalBytes to serve.
  explicit WebFiles(const std::string& folder);

  // The answer for `/`, `/play` and everything under `/play/`; nullopt for
  // any other path, or for `/` with a method other than GET and HEAD.
  std::optional<HttpResponse> route(const HttpRequest& request) const;

  std::size_t file_count() const { return files_.size(); }

  // The folder whose files' names change with their content.
  static constexpr const char* kAssets = "assets/";
  static std::string cache_control(const std::string& name);

  // The first of these folders that exists, relative to this program: the
  // installed client (bin/../share/club-games/web), then a build tree's
  // web/ beside bin/; "" if none does.
  static std::string default_folder();

 private:
  struct Form {
    std::string coding;  // "" for the file as it is, else "br" or "gzip"
    std::string bytes;
    std::string etag;
  };
  struct File {
    std::string content_type;
    std::vector<Form> forms;  // the file as it is first, then its encodings, best first
  };
  // By path relative to the folder, with '/' between folders. A request is
  // only ever looked up here, never opened as a file, so no path, however
  // it is spelled (.., %2e%2e, //etc/passwd), reaches outside the folder.
  std::map<std::string, File> files_;
};

}  // namespace boardgame::host
