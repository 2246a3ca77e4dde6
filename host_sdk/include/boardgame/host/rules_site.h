// The rules pages of every loaded game, as game-host's HTTP server
// (http_server.h) serves them:
//
//   GET /rules/<game>?lang=<tag>[&format=md|strings]
//   GET /rules/<game>/<tag>[?format=md|strings]
//   GET /rules/<game>            (language from Accept-Language, else English)
//   GET /rules[?lang=<tag>]      every game's page, listed in the language
//   GET /                        leads to /rules (to /play/ when game-host serves the
//                                browser client: web_files.h)
//
// format=strings is the game's own words for clients, as JSON:
// {"locale": "es", "strings": {"<key>": "<text>", ...}}: what a table shows
// of the document, without the pages. Every answer has an ETag, and a
// browser keeps it but asks again each time (a 304 while it is the same).
// A trailing slash is accepted everywhere; HEAD is answered like GET.
// The language is negotiated like every other text (es-MX -> es, anything
// unknown -> en) and the response says which one it used, in
// Content-Language and in the page's lang attribute.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "boardgame/host/game_plugin.h"
#include "boardgame/host/http_server.h"

namespace boardgame::host {

class RulesSite {
 public:
  explicit RulesSite(std::vector<GamePlugin> games);

  // The answer to a request for any path but the API's.
  HttpResponse route(const HttpRequest& request) const;

  // One response, without a socket: what the server answers for a GET of
  // `path` with query parameters and an Accept-Language header.
  struct Page {
    int status = 200;
    std::string content_type;
    std::string content_language;  // empty on errors
    std::string body;
  };
  Page get(const std::string& game, const std::string& lang, const std::string& format,
           const std::string& accept_language) const;
  // The index of every game's page (GET /rules).
  Page index(const std::string& lang, const std::string& accept_language) const;

 private:
  std::vector<GamePlugin> games_;
};

}  // namespace boardgame::host
