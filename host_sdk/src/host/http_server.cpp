#include "boardgame/host/http_server.h"

#include <algorithm>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cctype>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

namespace boardgame::host {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Every answer carries these: nothing on a page may run a script or load
// from elsewhere (unless the answer names a policy of its own), be framed,
// or be read as another type than it says.
template <class Body>
void secure(http::response<Body>& response, const std::string& policy) {
  response.set("Content-Security-Policy",
               policy.empty()
                   ? "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; "
                     "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
                   : policy);
  response.set("X-Content-Type-Options", "nosniff");
  response.set("Referrer-Policy", "no-referrer");
  response.set("X-Frame-Options", "DENY");
}

HttpRequest parsed(const http::request<http::string_body>& request, std::string* error) {
  HttpRequest q;
  q.method = std::string(request.method_string());
  q.target = std::string(request.target());
  const std::size_t mark = q.target.find('?');
  if (!percent_decode(q.target.substr(0, mark), false, &q.path)) {
    *error = "the path has a broken %-escape";
    return q;
  }
  if (mark != std::string::npos) {
    const std::string query = q.target.substr(mark + 1);
    for (std::size_t from = 0; from <= query.size();) {
      std::size_t end = std::min(query.find('&', from), query.size());
      const std::string pair = query.substr(from, end - from);
      from = end + 1;
      if (pair.empty()) continue;
      const std::size_t equals = pair.find('=');
      std::string name, value;
      if (!percent_decode(pair.substr(0, equals), true, &name) ||
          (equals != std::string::npos && !percent_decode(pair.substr(equals + 1), true, &value))) {
        *error = "the query has a broken %-escape";
        return q;
      }
      q.query.emplace(std::move(name), std::move(value));
    }
  }
  for (const auto& field : request) {
    std::string name(field.name_string());
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    q.headers.emplace(std::move(name), std::string(field.value()));
  }
  return q;
}

}  // namespace

std::string HttpRequest::param(const std::string& name) const {
  auto found = query.find(name);
  return found == query.end() ? "" : found->second;
}

std::string HttpRequest::header(const std::string& lower_case_name) const {
  auto found = headers.find(lower_case_name);
  return found == headers.end() ? "" : found->second;
}

// FNV-1a, 64 bits.
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

bool etag_matches(const std::string& if_none_match, const std::string& etag) {
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

HttpResponse text_answer(int status, std::string text) {
  HttpResponse response;
  response.status = status;
  response.body = std::move(text) + "\n";
  return response;
}

HttpResponse redirect_to(int status, const std::string& location) {
  HttpResponse response = text_answer(status, "see " + location);
  response.headers.emplace_back("Location", location);
  return response;
}

HttpResponse only_get_and_head() {
  HttpResponse response = text_answer(405, "only GET and HEAD are served here");
  response.headers.emplace_back("Allow", "GET, HEAD");
  return response;
}

bool percent_decode(const std::string& text, bool plus_is_space, std::string* decoded) {
  decoded->clear();
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+' && plus_is_space) {
      *decoded += ' ';
    } else if (text[i] == '%') {
      if (i + 2 >= text.size()) return false;
      const int high = hex_value(text[i + 1]), low = hex_value(text[i + 2]);
      if (high < 0 || low < 0) return false;
      *decoded += static_cast<char>(high * 16 + low);
      i += 2;
    } else {
      *decoded += text[i];
    }
  }
  return true;
}

std::string percent_encode(const std::string& text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string encoded;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      encoded += static_cast<char>(c);
    } else {
      encoded += '%';
      encoded += kHex[c >> 4];
      encoded += kHex[c & 15];
    }
  }
  return encoded;
}

class HttpServer::Impl {
 public:
  Impl(Handler handler, unsigned threads, Limits limits)
      : handler_(std::move(handler)),
        threads_(threads ? threads : std::max(2u, std::thread::hardware_concurrency())),
        limits_(limits),
        io_(static_cast<int>(threads_)),
        acceptor_(net::make_strand(io_)),
        retry_(acceptor_.get_executor()) {}

  int bind(const std::string& host, int port) {
    beast::error_code ec;
    tcp::resolver resolver(io_);
    auto found = resolver.resolve(host, std::to_string(port), tcp::resolver::passive, ec);
    if (ec || found.empty()) return -1;
    const tcp::endpoint at = found.begin()->endpoint();
    acceptor_.open(at.protocol(), ec);
    if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor_.bind(at, ec);
    if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
    if (ec) {
      acceptor_.close(ec);
      return -1;
    }
    return acceptor_.local_endpoint().port();
  }

  void serve() {
    accept();
    std::vector<std::thread> pool;
    for (unsigned i = 1; i < threads_; ++i) pool.emplace_back([this] { io_.run(); });
    io_.run();
    for (std::thread& t : pool) t.join();
  }

  void stop();

  const Handler& handler() const { return handler_; }
  const Limits& limits() const { return limits_; }

  // Work for the pool from outside it (an answer, a part of a stream) is
  // queued only while the server is not stopping, so that serve() returns
  // once what was queued has run and no handler outlives the server; false
  // when refused.
  template <class Executor, class Work>
  bool post_unless_stopping(const Executor& executor, Work&& work) {
    std::lock_guard lock(mutex_);
    if (stopping_) return false;
    net::post(executor, std::forward<Work>(work));
    return true;
  }

 private:
  void accept();

  class Connection;

  const Handler handler_;
  const unsigned threads_;
  const Limits limits_;
  net::io_context io_;
  tcp::acceptor acceptor_;
  net::steady_timer retry_;
  std::mutex mutex_;
  bool stopping_ = false;
  std::set<Connection*> connections_;  // each registers itself for its life
};

// One client's connection: requests read and answered one after another
// (keep-alive) on its own strand, so that none of its steps run at once.
class HttpServer::Impl::Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket socket, Impl& server) : stream_(std::move(socket)), server_(server) {
    std::lock_guard lock(server_.mutex_);
    server_.connections_.insert(this);
  }
  ~Connection() {
    std::lock_guard lock(server_.mutex_);
    server_.connections_.erase(this);
  }

  void start() {
    net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
  }

  // At stop: every operation pending on the connection ends now.
  void hang_up() {
    net::post(stream_.get_executor(), [self = shared_from_this()] { self->stream_.close(); });
  }

 private:
  void read() {
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(server_.limits().header_bytes));
    parser_->body_limit(server_.limits().body_bytes);
    stream_.expires_after(server_.limits().idle);
    http::async_read(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec == http::error::end_of_stream || ec == beast::error::timeout ||
        ec == net::error::operation_aborted || ec == net::error::connection_reset ||
        ec == net::error::eof || ec == net::error::bad_descriptor)
      return close();
    if (ec) {
      // A request too large or not HTTP: say which, then hang up, since
      // where its next request would start is unknown.
      HttpResponse refusal;
      refusal.status = 400;
      if (ec == http::error::header_limit) {
        refusal.status = 431;
        refusal.body = "the request line and headers are longer than " +
                       std::to_string(server_.limits().header_bytes) + " bytes\n";
      } else if (ec == http::error::body_limit) {
        refusal.status = 413;
        refusal.body = "the request body is longer than " +
                       std::to_string(server_.limits().body_bytes) + " bytes\n";
      } else {
        refusal.body = "not an HTTP/1.1 request: " + ec.message() + "\n";
      }
      return answer(refusal, 11, false, false);
    }
    const http::request<http::string_body>& request = parser_->get();
    const bool keep_alive = request.keep_alive();
    const bool head = request.method() == http::verb::head;
    std::string error;
    HttpRequest q = parsed(request, &error);
    beast::error_code unknown;
    const tcp::endpoint remote = stream_.socket().remote_endpoint(unknown);
    if (!unknown) q.peer = remote.address().to_string() + ":" + std::to_string(remote.port());
    HttpResponse response;
    if (q.target.size() > server_.limits().target_bytes) {
      response.status = 414;
      response.body =
          "the URL is longer than " + std::to_string(server_.limits().target_bytes) + " bytes\n";
    } else if (!error.empty()) {
      response.status = 400;
      response.body = error + "\n";
    } else {
      q.body = std::move(parser_->get().body());
      const unsigned version = request.version();
      // The answer may come from another thread: it is written on this
      // connection's strand, and the connection lives until then.
      try {
        server_.handler()(
            q, [self = shared_from_this(), version, keep_alive, head](HttpResponse answer) {
              const std::function<void()> gone = answer.gone;
              if (!self->server_.post_unless_stopping(
                      self->stream_.get_executor(),
                      [self, answer = std::move(answer), version, keep_alive, head] {
                        self->answer(answer, version, keep_alive, head);
                      }) &&
                  gone)
                gone();  // a stream never opened: its client is as good as gone
            });
        return;
      } catch (const std::exception& e) {
        // A handler's bug costs its request, never the host.
        response.status = 500;
        response.body = std::string("the host could not answer: ") + e.what() + "\n";
      }
    }
    answer(response, request.version(), keep_alive, head);
  }

  void answer(const HttpResponse& a, unsigned version, bool keep_alive, bool head) {
    if (a.open && !head) return stream(a, version);
    response_ = {};
    response_.version(version);
    response_.result(static_cast<unsigned>(a.status));
    // A 304 has no body, and a Content-Length it sent would have to be the
    // 200's (RFC 9110, 8.6), so it sends none.
    const bool not_modified = a.status == 304;
    if (!not_modified) response_.set(http::field::content_type, a.content_type);
    for (const auto& [name, value] : a.headers) response_.set(name, value);
    secure(response_, a.content_security_policy);
    response_.keep_alive(keep_alive);
    if (!not_modified) {
      response_.body() = a.body;
      response_.prepare_payload();
    }
    if (head) response_.body().clear();  // Content-Length stays the GET's
    http::async_write(stream_, response_,
                      [self = shared_from_this(), keep_alive](beast::error_code ec, std::size_t) {
                        if (ec || !keep_alive) return self->close();
                        self->read();
                      });
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  }

  class Parts : public HttpStream {
   public:
    explicit Parts(std::shared_ptr<Connection> connection) : connection_(std::move(connection)) {}

    void write(std::string bytes, std::function<void(bool ok)> written) override {
      auto kept = std::make_shared<std::string>(std::move(bytes));
      auto connection = connection_;
      if (!connection->server_.post_unless_stopping(
              connection->stream_.get_executor(), [connection, kept, written] {
                net::async_write(
                    connection->stream_.socket(), net::buffer(*kept),
                    [kept, written](beast::error_code ec, std::size_t) { written(!ec); });
              }))
        written(false);
    }

    void close() override {
      auto connection = connection_;
      connection->server_.post_unless_stopping(connection->stream_.get_executor(), [connection] {
        beast::error_code ignored;
        connection->stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        connection->stream_.socket().close(ignored);
      });
    }

   private:
    std::shared_ptr<Connection> connection_;
  };

  // The head of a response in parts, then the parts as they come. The
  // connection is the response's to the end: no request follows it.
  void stream(const HttpResponse& a, unsigned version) {
    auto head = std::make_shared<http::response<http::empty_body>>();
    head->version(version);
    head->result(static_cast<unsigned>(a.status));
    head->set(http::field::content_type, a.content_type);
    head->set(http::field::cache_control, "no-store");
    for (const auto& [name, value] : a.headers) head->set(name, value);
    secure(*head, a.content_security_policy);
    head->keep_alive(false);
    stream_.expires_never();  // a quiet stream is not an idle connection
    auto serializer = std::make_shared<http::response_serializer<http::empty_body>>(*head);
    http::async_write_header(stream_, *serializer,
                             [self = shared_from_this(), head, serializer, open = a.open,
                              gone = a.gone](beast::error_code ec, std::size_t) {
                               if (ec) {
                                 self->close();
                                 if (gone) gone();
                                 return;
                               }
                               self->watch_for_hang_up(gone);
                               open(std::make_shared<Parts>(self));
                             });
  }

  // A client never sends more on a stream's connection: a read that ends
  // says it has gone.
  void watch_for_hang_up(std::function<void()> gone) {
    stream_.async_read_some(buffer_.prepare(512),
                            [self = shared_from_this(), gone](beast::error_code, std::size_t) {
                              self->close();
                              if (gone) gone();
                            });
  }

  beast::tcp_stream stream_;
  Impl& server_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  http::response<http::string_body> response_;  // lives until written
};

void HttpServer::Impl::accept() {
  if (!acceptor_.is_open()) return;
  acceptor_.async_accept(net::make_strand(io_), [this](beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted) return;
    if (!ec) {
      auto connection = std::make_shared<Connection>(std::move(socket), *this);
      {
        std::lock_guard lock(mutex_);
        if (stopping_) return;  // accepted as the server stopped: hung up on
      }
      connection->start();
      return accept();
    }
    // Out of file descriptors, say: try again in a moment, not in a loop.
    retry_.expires_after(std::chrono::milliseconds(100));
    retry_.async_wait([this](beast::error_code waited) {
      if (!waited) accept();
    });
  });
}

// Stops taking work, closes the acceptor and hangs up on every client: what
// is pending ends at once with an error, and serve() returns when that has
// run. The io_context is not simply stopped, which would leave handlers
// (and the callers' objects they hold) unrun until the server is destroyed.
void HttpServer::Impl::stop() {
  // Without it the pool could run out of work, and serve() return, when the
  // acceptor is closed and before the hang-ups below are queued.
  const auto keep_serving = net::make_work_guard(io_);
  std::vector<std::shared_ptr<Connection>> open;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
    // One being destroyed waits on the lock to leave the set: lock() skips it.
    for (Connection* connection : connections_)
      if (std::shared_ptr<Connection> kept = connection->weak_from_this().lock())
        open.push_back(std::move(kept));
  }
  net::post(acceptor_.get_executor(), [this] {
    beast::error_code ignored;
    acceptor_.close(ignored);
    retry_.cancel();
  });
  for (const std::shared_ptr<Connection>& connection : open) connection->hang_up();
}

HttpServer::HttpServer(Handler handler, unsigned threads, Limits limits)
    : impl_(std::make_unique<Impl>(std::move(handler), threads, limits)) {}

HttpServer::~HttpServer() = default;

int HttpServer::bind(const std::string& host, int port) { return impl_->bind(host, port); }

void HttpServer::serve() { impl_->serve(); }

void HttpServer::stop() { impl_->stop(); }

}  // namespace boardgame::host
