// The rules pages of every loaded game over HTTP, as game-host --http
// serves them:
//
//   GET /rules/<game>?lang=<tag>[&format=md]
//   GET /rules/<game>/<tag>[?format=md]
//   GET /rules/<game>            (language from Accept-Language, else English)
//   GET /rules[?lang=<tag>]      every game's page, listed in the language
//   GET /                        leads to /rules
//
// A trailing slash is accepted everywhere; HEAD is answered like GET.
// The language is negotiated like every other text (es-MX -> es, anything
// unknown -> en) and the response says which one it used, in
// Content-Language and in the page's lang attribute.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "boardgame/host/game_plugin.h"

namespace boardgame::host {

class HttpServer;
struct HttpRequest;
struct HttpResponse;

class RulesSite {
 public:
  explicit RulesSite(std::vector<GamePlugin> games);
  ~RulesSite();

  // Binds host:port (port 0 picks a free one) and returns the port, or -1.
  int bind(const std::string& host, int port);
  // Serves until stop() is called from another thread.
  void serve();
  void stop();

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
  HttpResponse route(const HttpRequest& request) const;

  std::vector<GamePlugin> games_;
  std::unique_ptr<HttpServer> server_;
};

}  // namespace boardgame::host
