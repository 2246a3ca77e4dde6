// game-host's one HTTP/1.1 server (--http), on Boost.Beast. A fixed pool of
// threads drives every connection asynchronously, so a connection that waits
// (keep-alive now; live table events next) costs a socket and a buffer, never
// a thread. cpp-httplib, used before, spends a thread on each connection.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace boardgame::host {

struct HttpRequest {
  std::string method;
  std::string target;                             // as sent, escapes included
  std::string path;                               // decoded, without the query
  std::multimap<std::string, std::string> query;  // decoded
  std::map<std::string, std::string> headers;     // names in lower case
  std::string body;
  std::string peer;  // the client's address and port

  // The first value of a query parameter, or "".
  std::string param(const std::string& name) const;
  bool has_param(const std::string& name) const { return query.count(name) > 0; }
  std::string header(const std::string& lower_case_name) const;
};

// A response sent in parts as they come, such as a stream of events.
// Writes are taken one at a time: the next once the last is written.
class HttpStream {
 public:
  virtual ~HttpStream() = default;
  // `written(true)` once `bytes` are sent, or `written(false)` when the
  // client has gone: from the server's threads, or at once on the caller's
  // if the server is stopping.
  virtual void write(std::string bytes, std::function<void(bool ok)> written) = 0;
  // Ends the response and its connection.
  virtual void close() = 0;
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  // Empty: the server's own policy, which lets no script run. A page that
  // needs more (the browser client's) names its own.
  std::string content_security_policy;
  // Set for a response sent in parts: the head goes first, with no length
  // (the connection's end ends the body), then `open` gets the stream to
  // write the rest to, and `gone` runs once if the client hangs up first.
  std::function<void(std::shared_ptr<HttpStream>)> open;
  std::function<void()> gone;
};

// Answers every part of the site gives alike: a line of plain text, a
// redirect, and the 405 of a path that only GET and HEAD may read.
HttpResponse text_answer(int status, std::string text);
HttpResponse redirect_to(int status, const std::string& location);
HttpResponse only_get_and_head();

// A strong entity tag of `bytes`, quoted: the same bytes give the same tag
// in every run and on every host, so a browser's copy stays good across
// restarts.
std::string etag_of(const std::string& bytes);
// Whether an If-None-Match header names `etag` (or is "*"). It compares
// weakly (RFC 9110, 13.1.2): W/"x" matches "x".
bool etag_matches(const std::string& if_none_match, const std::string& etag);

// "%2F" -> "/", and in a query "+" -> " ". False for a broken escape.
bool percent_decode(const std::string& text, bool plus_is_space, std::string* decoded);
// Escapes all but unreserved characters, for a query value.
std::string percent_encode(const std::string& text);

class HttpServer {
 public:
  struct Limits {
    std::size_t target_bytes = 8 * 1024;   // the URL
    std::size_t header_bytes = 32 * 1024;  // request line and headers
    std::size_t body_bytes = 64 * 1024;
    std::chrono::seconds idle{30};  // a connection that sends nothing is closed
  };
  // Sends the answer to a request: once, from any thread, now or later.
  using Respond = std::function<void(HttpResponse)>;
  // Answers one request. Called on the server's threads, several at once;
  // it must not block, so a slow answer is given later through `respond`.
  using Handler = std::function<void(const HttpRequest&, Respond respond)>;

  HttpServer(Handler handler, unsigned threads, Limits limits);
  explicit HttpServer(Handler handler) : HttpServer(std::move(handler), 0, Limits{}) {}
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds host:port (port 0 picks a free one) and returns the port, or -1.
  int bind(const std::string& host, int port);
  // Serves on this thread and the pool's until stop() is called.
  void serve();
  // Hangs up on every client and takes no more work: serve() returns once
  // what is pending has ended. An answer given later is dropped (a stream's
  // `gone` runs), a write is told its client has gone.
  void stop();

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace boardgame::host
