#include "console.h"

#include <gtest/gtest.h>

#include <sstream>
#include <thread>
#include <pty.h>
#include <unistd.h>

namespace game_client {
namespace {

using namespace std::chrono_literals;

struct Pipe {
  int fds[2];
  Pipe() { EXPECT_EQ(pipe(fds), 0); }
  ~Pipe() {
    close(fds[0]);
    if (fds[1] >= 0) close(fds[1]);
  }
  void write(const std::string& s) { ASSERT_EQ(::write(fds[1], s.data(), s.size()), ssize_t(s.size())); }
  void close_writer() {
    close(fds[1]);
    fds[1] = -1;
  }
};

TEST(Console, ALongPromptBreaksBetweenWords) {
  Pipe p;
  std::ostringstream out;
  Console console(p.fds[0], out, Style(false), /*echo=*/false);
  console.set_width(40);
  p.write("y\n");
  console.ask("Abandon your game (against the computer, Expert, at move 12) for good? [y/N] ");
  EXPECT_EQ(out.str(), "Abandon your game (against\nthe computer, Expert, at\nmove 12) for good? [y/N] ");
  std::ostringstream short_out;
  Console narrow(p.fds[0], short_out, Style(false), /*echo=*/false);
  narrow.set_width(40);
  p.write("y\n");
  narrow.ask("Short > ");
  EXPECT_EQ(short_out.str(), "Short > ");
}

TEST(Console, OnATerminalWhatWasTypedBeforeANewPromptIsDropped) {
  int master = -1, slave = -1;
  ASSERT_EQ(openpty(&master, &slave, nullptr, nullptr, nullptr), 0);
  std::ostringstream out;
  Console console(slave, out, Style(false), /*echo=*/false);
  console.set_discard_typeahead(true);
  auto type = [&](const std::string& s) { ASSERT_EQ(::write(master, s.data(), s.size()), ssize_t(s.size())); };
  type("xy");  // the previous player's half line, never sent
  EXPECT_EQ(console.ask("X >", 200ms).status, Console::Status::kTimeout);
  usleep(50000);
  Console::Input in{};
  std::thread typist([&] {
    usleep(100000);
    type("z\n");
  });
  in = console.ask("O >", 2000ms);
  typist.join();
  EXPECT_EQ(in.status, Console::Status::kLine);
  EXPECT_EQ(in.text, "z");
  close(master);
  close(slave);
}

TEST(Console, LinesAreTrimmedAndEchoedAfterTheirPrompt) {
  Pipe p;
  std::ostringstream out;
  Console console(p.fds[0], out, Style(false), /*echo=*/true);
  p.write("  5/5 \n\fundo\r\nlast");
  p.close_writer();
  Console::Input a = console.ask("X >");
  EXPECT_EQ(a.status, Console::Status::kLine);
  EXPECT_EQ(a.text, "5/5");
  EXPECT_EQ(console.ask("X >").text, "undo");
  EXPECT_EQ(console.ask("X >").text, "last");  // a last line without its newline
  EXPECT_EQ(console.ask("X >").status, Console::Status::kEnd);
  EXPECT_EQ(out.str(), "X >5/5\nX >undo\nX >last\nX >\n");
}

TEST(Console, APromptCanTimeOutAndTheLineStillComesLater) {
  Pipe p;
  std::ostringstream out;
  Console console(p.fds[0], out, Style(false), /*echo=*/false);
  EXPECT_EQ(console.ask("> ", 30ms).status, Console::Status::kTimeout);
  p.write("e5\n");
  Console::Input in = console.ask("> ", 1000ms);
  EXPECT_EQ(in.status, Console::Status::kLine);
  EXPECT_EQ(in.text, "e5");
}

TEST(Console, AWakeDescriptorEndsTheWaitButATypedLineComesFirst) {
  Pipe input, wake;
  std::ostringstream out;
  Console console(input.fds[0], out, Style(false), /*echo=*/true);
  wake.write("!");
  EXPECT_EQ(console.ask("> ", std::nullopt, wake.fds[0]).status, Console::Status::kWake);
  EXPECT_EQ(out.str(), "> ");  // nothing after the prompt: the caller goes on
  input.write("e5\n");
  Console::Input in = console.ask("> ", std::nullopt, wake.fds[0]);
  EXPECT_EQ(in.status, Console::Status::kLine);
  EXPECT_EQ(in.text, "e5");
  // Without the wake descriptor, the wake is not seen.
  EXPECT_EQ(console.ask("> ", 20ms).status, Console::Status::kTimeout);
}

}  // namespace
}  // namespace game_client
