// uttt-bot as an arena sees it: a separate process fed the CodinGame
// protocol on stdin, answering on stdout.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "uttt/engine/playout.h"
#include "build_paths.h"

namespace uttt {
namespace {

// The bot under test, with its stdin, stdout and stderr on pipes.
class BotProcess {
 public:
  explicit BotProcess(std::vector<std::string> args) {
    int in[2], out[2], err[2];
    if (pipe(in) || pipe(out) || pipe(err)) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      dup2(err[1], 2);
      for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) close(fd);
      std::vector<char*> argv{const_cast<char*>(UTTT_BOT_PATH)};
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(UTTT_BOT_PATH, argv.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(err[1]);
    to_bot_ = in[1];
    from_bot_ = out[0];
    errors_ = err[0];
  }
  ~BotProcess() {
    close_input();
    if (pid_ > 0 && !reaped_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    close(from_bot_);
    close(errors_);
  }

  void send(const std::string& text) {
    ASSERT_EQ(write(to_bot_, text.data(), text.size()), ssize_t(text.size()));
  }
  void close_input() {
    if (to_bot_ >= 0) close(to_bot_);
    to_bot_ = -1;
  }

  // One line of output, or "" if none comes within the time allowed.
  std::string read_line(int timeout_ms = 10000) {
    std::string line;
    char c;
    while (true) {
      pollfd p{from_bot_, POLLIN, 0};
      if (poll(&p, 1, timeout_ms) <= 0 || read(from_bot_, &c, 1) != 1) return "";
      if (c == '\n') return line;
      line += c;
    }
  }

  std::string all_errors() {
    std::string text;
    char buf[512];
    for (ssize_t n; (n = read(errors_, buf, sizeof buf)) > 0;) text.append(buf, std::size_t(n));
    return text;
  }

  int exit_status() {
    int status = 0;
    waitpid(pid_, &status, 0);
    reaped_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

 private:
  pid_t pid_ = -1;
  bool reaped_ = false;
  int to_bot_ = -1, from_bot_ = -1, errors_ = -1;
};

std::string grid(Move m) { return std::to_string(grid_row(m)) + " " + std::to_string(grid_col(m)); }

std::string turn_input(const Position& pos, const std::string& opponent_move) {
  MoveList moves;
  pos.legal_moves(moves);
  std::string text = opponent_move + "\n" + std::to_string(moves.size) + "\n";
  for (Move m : moves) text += grid(m) + "\n";
  return text;
}

Move parse_answer(const std::string& line) {
  int row = -1, col = -1;
  char extra = 0;
  if (std::sscanf(line.c_str(), "%d %d %c", &row, &col, &extra) != 2 || row < 0 || row > 8 ||
      col < 0 || col > 8)
    return kCells;
  return move_at(row, col);
}

// A scripted opponent (seeded random moves) against the bot, which plays X
// or O; every answer must be a legal move in the referee's own position.
void play_full_game(bool bot_opens, const std::string& level, std::uint64_t seed) {
  BotProcess bot({"--protocol", "codingame", "--ms", "5", "--level", level});
  Position pos;
  Rng rng(seed);
  std::string last = "-1 -1";
  if (!bot_opens) {
    const Move m = random_move(pos, rng);
    pos.play(m);
    last = grid(m);
  }
  while (!pos.is_over()) {
    bot.send(turn_input(pos, last));
    const std::string answer = bot.read_line();
    const Move m = parse_answer(answer);
    ASSERT_NE(m, kCells) << "not a move: \"" << answer << "\"; stderr: " << bot.all_errors();
    ASSERT_EQ(pos.check(m), MoveError::kOk) << "illegal answer " << answer << " at ply " << pos.ply();
    pos.play(m);
    if (pos.is_over()) break;
    const Move reply = random_move(pos, rng);
    pos.play(reply);
    last = grid(reply);
  }
  bot.close_input();
  EXPECT_EQ(bot.exit_status(), 0);
}

TEST(Bot, PlaysAFullGameAsX) { play_full_game(true, "experto", 1); }
TEST(Bot, PlaysAFullGameAsO) { play_full_game(false, "normal", 2); }
TEST(Bot, PlaysAFullGameAsNovato) { play_full_game(false, "novato", 3); }

void expect_rejected(const std::string& input, const std::string& words) {
  BotProcess bot({"--protocol", "codingame", "--ms", "5"});
  bot.send(input);
  bot.close_input();
  EXPECT_NE(bot.exit_status(), 0) << "input: " << input;
  const std::string errors = bot.all_errors();
  EXPECT_NE(errors.find(words), std::string::npos) << "stderr: " << errors;
}

TEST(Bot, RejectsMalformedOrIllegalInput) {
  expect_rejected("4 x\n", "expected the opponent's move");
  expect_rejected("4 4 4\n", "expected the opponent's move");
  expect_rejected("9 0\n", "off the grid");
  expect_rejected("4 4\n3\n3 3\n3 4\n3 5\n", "lists 3 valid moves but the rules allow 8");
  expect_rejected("4 4\n2\n0 0\n", "is not legal here");
  expect_rejected("4 4\n", "the input ended");
  expect_rejected("-1 -1\n81\n0 0\n0 0\n", "listed twice");
}

TEST(Bot, RejectsAnOpponentMoveOnATakenCell) {
  BotProcess bot({"--protocol", "codingame", "--ms", "5"});
  Position pos;
  pos.play(move_at(4, 4));
  bot.send(turn_input(pos, "4 4"));
  const std::string answer = bot.read_line();
  ASSERT_NE(parse_answer(answer), kCells) << answer;
  bot.send(answer + "\n");  // the opponent "plays" the bot's own cell
  bot.close_input();
  EXPECT_EQ(bot.exit_status(), 1);
  const std::string errors = bot.all_errors();
  EXPECT_NE(errors.find("is illegal"), std::string::npos) << errors;
}

TEST(Bot, RejectsAnUnknownProtocol) {
  BotProcess bot({"--protocol", "smoke-signals"});
  bot.close_input();
  EXPECT_NE(bot.exit_status(), 0);
}

}  // namespace
}  // namespace uttt
