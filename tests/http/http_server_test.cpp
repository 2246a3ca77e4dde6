// HttpServer's stop: what it promises the callers who hold on to a client
// (the JSON API's calls) so that none of them outlives the server.
#include "boardgame/host/http_server.h"

#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <future>
#include <memory>
#include <string>
#include <thread>

namespace boardgame::host {
namespace {

using tcp = boost::asio::ip::tcp;
using namespace std::chrono_literals;

// A server on a free loopback port, serving on its own thread.
class Served {
 public:
  explicit Served(HttpServer::Handler handler) : server_(std::move(handler), 2, {}) {
    port_ = server_.bind("127.0.0.1", 0);
    EXPECT_GT(port_, 0);
    thread_ = std::thread([this] {
      server_.serve();
      returned_.set_value();
    });
  }
  ~Served() {
    server_.stop();
    if (thread_.joinable()) thread_.join();
  }

  // A client that sends one request and then reads nothing.
  tcp::socket request(const std::string& target) {
    tcp::socket socket(client_io_);
    socket.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"),
                                 static_cast<unsigned short>(port_)));
    boost::asio::write(socket, boost::asio::buffer("GET " + target +
                                                   " HTTP/1.1\r\nHost: test\r\n\r\n"));
    return socket;
  }

  // Stops the server and says whether serve() returned within `limit`.
  bool stop_and_join(std::chrono::seconds limit) {
    server_.stop();
    return served_.wait_for(limit) == std::future_status::ready;
  }

 private:
  HttpServer server_;
  int port_ = -1;
  std::promise<void> returned_;
  std::future<void> served_ = returned_.get_future();
  std::thread thread_;
  boost::asio::io_context client_io_;
};

TEST(HttpServerStop, EndsAWriteToAClientThatStoppedReadingAndRefusesTheNext) {
  // Each test sends one request, so its handler hands over once.
  std::promise<std::shared_ptr<HttpStream>> opened;
  auto stream_future = opened.get_future();
  Served served([&](const HttpRequest&, HttpServer::Respond respond) {
    HttpResponse head;
    head.content_type = "text/event-stream";
    head.open = [&opened](std::shared_ptr<HttpStream> stream) {
      opened.set_value(std::move(stream));
    };
    respond(std::move(head));
  });
  tcp::socket client = served.request("/events");
  ASSERT_EQ(stream_future.wait_for(10s), std::future_status::ready);
  std::shared_ptr<HttpStream> stream = stream_future.get();

  // Write until the socket's buffers are full: a write that is still
  // pending after a while waits for a reader there is not.
  const std::string chunk(1 << 20, 'x');
  std::future<bool> pending;
  for (int i = 0; i < 256 && !pending.valid(); ++i) {
    auto written = std::make_shared<std::promise<bool>>();
    std::future<bool> done = written->get_future();
    stream->write(chunk, [written](bool ok) { written->set_value(ok); });
    if (done.wait_for(500ms) == std::future_status::ready)
      ASSERT_TRUE(done.get()) << "a write failed before the server stopped";
    else
      pending = std::move(done);
  }
  ASSERT_TRUE(pending.valid()) << "256 MiB went to a client that reads nothing";

  ASSERT_TRUE(served.stop_and_join(10s)) << "serve() still runs after stop()";
  ASSERT_EQ(pending.wait_for(0s), std::future_status::ready)
      << "serve() returned with a write neither done nor failed";
  EXPECT_FALSE(pending.get());

  // After the stop, a write is told at once that its client has gone.
  bool called = false, ok = true;
  stream->write("late", [&](bool written) {
    called = true;
    ok = written;
  });
  EXPECT_TRUE(called);
  EXPECT_FALSE(ok);
}

TEST(HttpServerStop, AStreamAnsweredAfterTheStopIsToldItsClientHasGone) {
  std::promise<HttpServer::Respond> asked;
  auto respond_future = asked.get_future();
  Served served([&](const HttpRequest&, HttpServer::Respond respond) { asked.set_value(respond); });
  tcp::socket client = served.request("/events");
  ASSERT_EQ(respond_future.wait_for(10s), std::future_status::ready);
  HttpServer::Respond respond = respond_future.get();

  ASSERT_TRUE(served.stop_and_join(10s)) << "a request never answered held up the stop";
  bool opened = false, gone = false;
  HttpResponse head;
  head.open = [&](std::shared_ptr<HttpStream>) { opened = true; };
  head.gone = [&] { gone = true; };
  respond(std::move(head));
  EXPECT_FALSE(opened);
  EXPECT_TRUE(gone);

  // The client was hung up on: it reads the end of the connection.
  boost::system::error_code ec;
  char byte;
  boost::asio::read(client, boost::asio::buffer(&byte, 1), ec);
  EXPECT_EQ(ec, boost::asio::error::eof);
}

TEST(HttpServerStop, HangsUpOnAnIdleKeepAliveClientAtOnce) {
  Served served([](const HttpRequest&, HttpServer::Respond respond) {
    respond(text_answer(200, "hello"));
  });
  tcp::socket client = served.request("/");
  // Read the whole answer; the connection then waits, kept alive, for more.
  std::string answer;
  boost::system::error_code ec;
  char buffer[512];
  while (answer.find("hello\n") == std::string::npos && !ec)
    answer.append(buffer, client.read_some(boost::asio::buffer(buffer), ec));
  ASSERT_NE(answer.find("200 OK"), std::string::npos) << answer;

  // Well within the 30 s a kept-alive connection may idle.
  ASSERT_TRUE(served.stop_and_join(10s));
  boost::asio::read(client, boost::asio::buffer(buffer, 1), ec);
  EXPECT_EQ(ec, boost::asio::error::eof);
}

}  // namespace
}  // namespace boardgame::host
