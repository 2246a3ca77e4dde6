// uttt-arena: plays two CPU players against each other and measures who is
// stronger, or measures how fast the search runs.
//
//   uttt-arena A B [--games N] [--ms T] [--iterations I] [--threads K]
//                  [--seed S] [--opening-plies P] [variants]
//   uttt-arena --bench [--seconds S | --iterations I] [--runs R] [PLAYER...]
//
// Players: novato, normal, experto (the levels), uct (plain UCT: uniform
// playouts, no solver, the yardstick), random (uniformly random moves) and
// bot:PATH, a program speaking uttt-bot's CodinGame protocol, such as the
// uttt-bot of an older commit; it is started afresh for every game. Games
// alternate who plays X. The last line of a match, and every bench line,
// is key=value pairs for scripts.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "uttt/engine/playout.h"
#include "uttt/search/searcher.h"

extern "C" char** environ;

namespace {

using namespace uttt;
using Clock = std::chrono::steady_clock;

const std::vector<std::string> kPlayers = {"novato", "normal", "experto", "uct", "random"};
constexpr char kBotPrefix[] = "bot:";

bool is_bot(const std::string& name) { return name.rfind(kBotPrefix, 0) == 0; }

// A level or the yardstick, optionally changed for an experiment:
// "experto:network=FILE,leaves=0.5,minimax=0.5,exploration=0.4,fpu=0.25,expand=2,
// settle=1", where network=none is the fitted logistic evaluation and
// network=built-in the network in the program. Throws std::invalid_argument
// naming what is wrong.
SearchConfig config_of(const std::string& name, const SearchConfig& uct) {
  const std::size_t colon = name.find(':');
  const std::string base = name.substr(0, colon);
  const auto level = parse_level(base);
  if (!level && base != "uct") throw std::invalid_argument("no such player: " + base);
  SearchConfig c = level ? config_for(*level) : uct;
  if (colon == std::string::npos) return c;
  std::stringstream changes(name.substr(colon + 1));
  for (std::string change; std::getline(changes, change, ',');) {
    const std::size_t eq = change.find('=');
    const std::string key = change.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : change.substr(eq + 1);
    auto number = [&](double low, double high) {
      std::size_t used = 0;
      double x = 0;
      try {
        x = std::stod(value, &used);
      } catch (const std::exception&) {
      }
      if (used != value.size() || value.empty() || !(x >= low && x <= high))
        throw std::invalid_argument(key + " must be a number from " + CLI::detail::to_string(low) +
                                    " to " + CLI::detail::to_string(high) + ", not '" + value +
                                    "'");
      return x;
    };
    if (key == "network") {
      try {
        c.network = value == "none"       ? nullptr
                    : value == "built-in" ? nnue::Network::embedded()
                                          : nnue::Network::load(value);
      } catch (const std::runtime_error& e) {
        throw std::invalid_argument(e.what());
      }
    } else if (key == "leaves") {
      c.leaf_estimate_share = float(number(0, 1));
    } else if (key == "minimax") {
      c.minimax_weight = float(number(0, 1));
    } else if (key == "exploration") {
      c.exploration = float(number(0.01, 10));
    } else if (key == "expand") {
      const double visits = number(1, 100);
      if (visits != std::floor(visits))
        throw std::invalid_argument("expand must be a whole number of visits, not '" + value + "'");
      c.expand_visits = std::uint32_t(visits);
    } else if (key == "fpu") {
      c.first_play = float(number(0, 10));
    } else if (key == "contempt") {
      c.contempt = float(number(0, 0.5));
    } else if (key == "settle") {
      c.stop_when_settled = number(0, 1) != 0;
    } else {
      throw std::invalid_argument(
          "unknown change '" + key +
          "': give network, leaves, minimax, exploration, fpu, expand, contempt or settle");
    }
  }
  return c;
}

std::string grid_text(Move m) {
  return std::to_string(grid_row(m)) + " " + std::to_string(grid_col(m));
}

// Parses "row col": exactly two integers, blanks around them allowed.
std::optional<std::pair<int, int>> parse_row_col(const std::string& line) {
  int values[2];
  const char* p = line.data();
  const char* const end = p + line.size();
  auto skip_blanks = [&] {
    while (p != end && (*p == ' ' || *p == '\t' || *p == '\r')) ++p;
  };
  for (int& v : values) {
    skip_blanks();
    const auto [next, ec] = std::from_chars(p, end, v);
    if (ec != std::errc() || next == p) return std::nullopt;
    if (next != end && *next != ' ' && *next != '\t' && *next != '\r') return std::nullopt;
    p = next;
  }
  skip_blanks();
  if (p != end) return std::nullopt;
  return std::pair(values[0], values[1]);
}

// An external program speaking uttt-bot's CodinGame protocol (docs/cpu.md),
// for one game: the protocol cannot start a new game, so every game gets a
// fresh process. Anything the bot does wrong throws with the bot's name; a
// bot that is not finished cleanly is killed.
class BotProcess {
 public:
  BotProcess(const std::string& name, double ms, std::uint64_t seed, int game)
      : name_(name), game_(game), timeout_ms_(10 * ms + 10000) {
    const std::string path = name.substr(sizeof kBotPrefix - 1);
    // Close-on-exec, so that the bots of games played at once do not hold
    // each other's pipes open: a bot must see the end of its input.
    int to_bot[2], from_bot[2];
    if (pipe2(to_bot, O_CLOEXEC) != 0) fail(std::string("cannot make a pipe: ") + strerror(errno));
    if (pipe2(from_bot, O_CLOEXEC) != 0) {
      close(to_bot[0]);
      close(to_bot[1]);
      fail(std::string("cannot make a pipe: ") + strerror(errno));
    }
    to_bot_ = to_bot[1];
    from_bot_ = from_bot[0];
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to_bot[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, from_bot[1], STDOUT_FILENO);
    // The arena ignores SIGPIPE; the bot should not inherit that.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t default_signals;
    sigemptyset(&default_signals);
    sigaddset(&default_signals, SIGPIPE);
    posix_spawnattr_setsigdefault(&attributes, &default_signals);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
    char ms_text[32];
    std::snprintf(ms_text, sizeof ms_text, "%g", ms);
    std::vector<std::string> args = {path,    "--protocol", "codingame",         "--ms",
                                     ms_text, "--seed",     std::to_string(seed)};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const int error = posix_spawn(&pid_, path.c_str(), &actions, &attributes, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(to_bot[0]);
    close(from_bot[1]);
    if (error != 0) {
      pid_ = -1;
      kill_now();  // a constructor that throws gets no destructor
      fail("cannot start " + path + ": " + strerror(error));
    }
  }
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;
  ~BotProcess() { kill_now(); }

  // One turn: the opponent's last move ("-1 -1" when the bot opens), the
  // valid moves, and the bot's answer, which must be one of them.
  Move move(const Position& pos, std::optional<Move> last) {
    if (!buffer_.empty())
      fail(at(pos) + "wrote more than one line for its last move: \"" + first_line() + "\"");
    MoveList moves;
    pos.legal_moves(moves);
    std::string turn =
        (last ? grid_text(*last) : "-1 -1") + "\n" + std::to_string(moves.size) + "\n";
    for (Move m : moves) turn += grid_text(m) + "\n";
    // A bot that exits without reading its input may still have written why.
    const bool heard = send(turn);
    const std::string line = read_line(pos);
    if (!heard) fail(at(pos) + "answered \"" + line + "\" without reading its input");
    const auto rc = parse_row_col(line);
    if (!rc) fail(at(pos) + "answered \"" + line + "\", not a move \"row col\"");
    const auto [row, col] = *rc;
    if (row < 0 || row > 8 || col < 0 || col > 8)
      fail(at(pos) + "answered \"" + line + "\", off the grid: rows and columns go from 0 to 8");
    const Move m = move_at(row, col);
    if (const MoveError e = pos.check(m); e != MoveError::kOk)
      fail(at(pos) + "answered \"" + line + "\", a move the rules forbid: " + describe(e));
    return m;
  }

  // The end of its input ends the bot's game, and it must then exit with
  // status 0.
  void finish() {
    close(to_bot_);
    to_bot_ = -1;
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms_);
    while (read_some(deadline, "did not exit at the end of its input")) buffer_.clear();
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
    if (WIFSIGNALED(status))
      fail("was killed by signal " + std::to_string(WTERMSIG(status)) + " at the end of the game");
    if (WEXITSTATUS(status) != 0)
      fail("exited with status " + std::to_string(WEXITSTATUS(status)) + " at the end of the game");
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    throw std::runtime_error(name_ + " (game " + std::to_string(game_ + 1) + "): " + what);
  }
  std::string at(const Position& pos) const {
    return "at move " + std::to_string(pos.ply() + 1) + " ";
  }
  std::string first_line() const { return buffer_.substr(0, buffer_.find('\n')); }

  // False if the bot no longer reads its input.
  bool send(const std::string& text) {
    for (std::size_t done = 0; done < text.size();) {
      const ssize_t n = write(to_bot_, text.data() + done, text.size() - done);
      if (n >= 0) {
        done += std::size_t(n);
      } else if (errno == EPIPE) {
        return false;
      } else if (errno != EINTR) {
        fail(std::string("cannot write to it: ") + strerror(errno));
      }
    }
    return true;
  }

  // Adds what the bot wrote to buffer_; false at the end of its output. A
  // bot that neither writes nor closes its output within the timeout would
  // otherwise hang the match.
  bool read_some(Clock::time_point deadline, const std::string& waiting_for) {
    for (;;) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) fail(waiting_for + " within " + std::to_string(timeout_ms_) + " ms");
      pollfd p = {from_bot_, POLLIN, 0};
      if (poll(&p, 1, int(std::min<long long>(left, 1000000))) <= 0) continue;
      char chunk[512];
      const ssize_t n = read(from_bot_, chunk, sizeof chunk);
      if (n > 0) {
        buffer_.append(chunk, std::size_t(n));
        return true;
      }
      if (n == 0) return false;
      if (errno != EINTR) fail(std::string("cannot read from it: ") + strerror(errno));
    }
  }

  std::string read_line(const Position& pos) {
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms_);
    std::size_t newline;
    while ((newline = buffer_.find('\n')) == std::string::npos) {
      if (!read_some(deadline, at(pos) + "gave no answer")) {
        fail(at(pos) + (buffer_.empty() ? "closed its output instead of answering (has it exited?)"
                                        : "closed its output after \"" + buffer_ +
                                              "\" without ending the line"));
      }
    }
    std::string line = buffer_.substr(0, newline);
    buffer_.erase(0, newline + 1);
    return line;
  }

  void kill_now() {
    if (to_bot_ >= 0) close(to_bot_);
    if (from_bot_ >= 0) close(from_bot_);
    to_bot_ = from_bot_ = -1;
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      while (waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
      }
      pid_ = -1;
    }
  }

  std::string name_;
  int game_;
  long long timeout_ms_;
  pid_t pid_ = -1;
  int to_bot_ = -1, from_bot_ = -1;
  std::string buffer_;  // what the bot wrote and was not read as a line yet
};

struct MatchSettings {
  std::string a, b;
  int games = 100;
  double ms = 0;
  std::uint64_t iterations = 0;
  int threads = 1;
  std::uint64_t seed = 1;
  int opening_plies = 0;
  std::size_t tree_bytes = Searcher::kDefaultTreeBytes;
  SearchConfig uct = plain_uct();
  Rules rules;
};

// One seat at the board for one game; a searcher keeps its tree across the
// game's moves.
class Contestant {
 public:
  Contestant(const std::string& name, const MatchSettings& s) : name_(name), ms_(s.ms) {
    if (name == "random" || is_bot(name)) return;
    searcher_ = std::make_unique<Searcher>(config_of(name, s.uct), s.tree_bytes);
  }
  void new_game(int game, std::uint64_t seed) {
    if (searcher_) searcher_->forget();
    if (is_bot(name_)) bot_ = std::make_unique<BotProcess>(name_, ms_, seed, game);
  }
  void end_game() {
    if (bot_) bot_->finish();
    bot_.reset();
  }
  // last: the move just played, which is all a bot learns of the position.
  Move move(const Position& pos, std::optional<Move> last, SearchLimits limits) {
    if (!searcher_ && !bot_) {
      Rng rng(limits.seed);
      return random_move(pos, rng);
    }
    const auto start = Clock::now();
    Move m;
    if (bot_) {
      m = bot_->move(pos, last);  // how many iterations it ran, the protocol does not say
    } else {
      const SearchResult r = searcher_->choose(pos, limits);
      iterations_ += r.iterations;
      m = r.move;
    }
    seconds_ += std::chrono::duration<double>(Clock::now() - start).count();
    ++moves_;
    return m;
  }
  std::uint64_t iterations() const { return iterations_; }
  std::uint64_t moves() const { return moves_; }
  double seconds() const { return seconds_; }

 private:
  std::string name_;
  double ms_;
  std::unique_ptr<Searcher> searcher_;
  std::unique_ptr<BotProcess> bot_;
  std::uint64_t iterations_ = 0, moves_ = 0;
  double seconds_ = 0;
};

// Results seen by player A.
struct Tally {
  int wins = 0, draws = 0, losses = 0;
  int as_x[3] = {0, 0, 0};  // wins, draws, losses when A plays X
  int games() const { return wins + draws + losses; }
  double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
};

// Plays game g: A has X in even games. A short random opening, the same for
// both games of a pair, spreads the games over more positions.
Winner play_game(const MatchSettings& s, int g, Contestant& a, Contestant& b) {
  const bool a_is_x = g % 2 == 0;
  Contestant& x = a_is_x ? a : b;
  Contestant& o = a_is_x ? b : a;
  a.new_game(g, mix_seeds(mix_seeds(s.seed, std::uint64_t(g)), 1));
  b.new_game(g, mix_seeds(mix_seeds(s.seed, std::uint64_t(g)), 2));
  Position pos(s.rules);
  Rng opening(mix_seeds(s.seed, std::uint64_t(g / 2)));
  std::optional<Move> last;
  for (int i = 0; i < s.opening_plies && !pos.is_over(); ++i) {
    last = random_move(pos, opening);
    pos.play(*last);
  }
  while (!pos.is_over()) {
    SearchLimits limits;
    limits.max_iterations = s.iterations;
    limits.max_milliseconds = s.ms;
    limits.seed = mix_seeds(mix_seeds(s.seed, std::uint64_t(g)), std::uint64_t(pos.ply()));
    Contestant& mover = pos.side_to_move() == Player::X ? x : o;
    const Move m = mover.move(pos, last, limits);
    if (const MoveError e = pos.check(m); e != MoveError::kOk)
      throw std::logic_error(std::string("a player chose an illegal move: ") + describe(e));
    pos.play(m);
    last = m;
  }
  a.end_game();
  b.end_game();
  return winner_of(pos.status());
}

class ProgressBar {
 public:
  ProgressBar(int total) : total_(total), shown_(isatty(STDERR_FILENO)), start_(Clock::now()) {}
  void update(const Tally& t) {
    if (!shown_) return;
    constexpr int kWidth = 30;
    const int done = t.games();
    const int filled = total_ ? done * kWidth / total_ : kWidth;
    const double seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    const double eta = done ? seconds * (total_ - done) / done : 0;
    std::fprintf(stderr, "\r[%s%s] %d/%d  +%d =%d -%d  %.0fs left ", std::string(filled, '#').c_str(),
                 std::string(kWidth - filled, '.').c_str(), done, total_, t.wins, t.draws, t.losses,
                 eta);
    std::fflush(stderr);
  }
  void finish() {
    if (shown_) std::fprintf(stderr, "\n");
  }

 private:
  using Clock = std::chrono::steady_clock;
  int total_;
  bool shown_;
  Clock::time_point start_;
};

// Elo difference for an expected score, unbounded at 0 and 1.
double elo_of(double score) {
  if (score <= 0) return -INFINITY;
  if (score >= 1) return INFINITY;
  return -400.0 * std::log10(1.0 / score - 1.0);
}

std::string signed_elo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  if (std::fabs(elo) < 0.5) return "0";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.0f", elo);
  return buf;
}

int run_match(const MatchSettings& s) {
  Tally tally;
  std::uint64_t iterations[2] = {0, 0}, moves[2] = {0, 0};
  double thinking[2] = {0, 0};
  std::mutex mutex;
  std::atomic<int> next_game{0};
  ProgressBar bar(s.games);
  std::exception_ptr failure;
  const auto start = std::chrono::steady_clock::now();

  auto worker = [&] {
    try {
      Contestant a(s.a, s), b(s.b, s);
      for (int g; (g = next_game++) < s.games;) {
        const Winner w = play_game(s, g, a, b);
        const bool a_is_x = g % 2 == 0;
        const int outcome = w == Winner::kDraw ? 1 : (w == Winner::kX) == a_is_x ? 0 : 2;
        std::lock_guard<std::mutex> lock(mutex);
        (outcome == 0 ? tally.wins : outcome == 1 ? tally.draws : tally.losses)++;
        if (a_is_x) tally.as_x[outcome]++;
        bar.update(tally);
      }
      std::lock_guard<std::mutex> lock(mutex);
      iterations[0] += a.iterations();
      iterations[1] += b.iterations();
      moves[0] += a.moves();
      moves[1] += b.moves();
      thinking[0] += a.seconds();
      thinking[1] += b.seconds();
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      failure = std::current_exception();
      next_game = s.games;
    }
  };
  std::vector<std::thread> pool;
  for (int i = 0; i < s.threads; ++i) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  bar.finish();
  if (failure) std::rethrow_exception(failure);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  // Normal approximation over per-game scores: the draws narrow it. When
  // every game ended alike that variance is zero, and the Wilson interval of
  // a binomial score says honestly how sure n games can be.
  const int n = tally.games();
  const double mean = tally.score();
  const double second_moment = (tally.wins + 0.25 * tally.draws) / n;
  const double variance = std::max(0.0, second_moment - mean * mean);
  constexpr double z = 1.96;
  double low, high;
  if (variance > 0) {
    const double margin = z * std::sqrt(variance / n);
    low = std::max(0.0, mean - margin);
    high = std::min(1.0, mean + margin);
  } else {
    const double centre = (mean + z * z / (2 * n)) / (1 + z * z / n);
    const double half = z * std::sqrt(mean * (1 - mean) / n + z * z / (4.0 * n * n)) / (1 + z * z / n);
    // At a score of exactly 0 or 1 one bound is exact; keep rounding off it.
    low = mean == 0 ? 0.0 : std::max(0.0, centre - half);
    high = mean == 1 ? 1.0 : std::min(1.0, centre + half);
  }
  const double elo = elo_of(mean), elo_low = elo_of(low), elo_high = elo_of(high);
  auto per_move = [&](int i) { return moves[i] ? double(iterations[i]) / moves[i] : 0.0; };
  auto per_second = [&](int i) { return thinking[i] > 0 ? iterations[i] / thinking[i] : 0.0; };
  auto ms_per_move = [&](int i) { return moves[i] ? 1000 * thinking[i] / moves[i] : 0.0; };

  std::printf("%s vs %s: %d games, per move", s.a.c_str(), s.b.c_str(), n);
  if (s.ms > 0) std::printf(" %g ms", s.ms);
  if (s.iterations) std::printf(" %llu iterations", (unsigned long long)s.iterations);
  std::printf(", %d thread(s)", s.threads);
  if (s.a == "uct" || s.b == "uct") std::printf(", uct exploration %g", s.uct.exploration);
  std::printf("\n");
  std::printf("%s: %d wins, %d draws, %d losses (as X: +%d =%d -%d; as O: +%d =%d -%d)\n",
              s.a.c_str(), tally.wins, tally.draws, tally.losses, tally.as_x[0], tally.as_x[1],
              tally.as_x[2], tally.wins - tally.as_x[0], tally.draws - tally.as_x[1],
              tally.losses - tally.as_x[2]);
  std::printf("score %.3f, 95%% CI %.3f .. %.3f\n", mean, low, high);
  std::printf("Elo difference %s, 95%% CI %s .. %s\n", signed_elo(elo).c_str(),
              signed_elo(elo_low).c_str(), signed_elo(elo_high).c_str());
  // A bot's time is measured here, pipe and process included: a bot that
  // overruns its budget has an unfair advantage.
  for (int i = 0; i < 2; ++i)
    if (const std::string& name = i == 0 ? s.a : s.b; is_bot(name))
      std::printf("%s: %.1f ms per move\n", name.c_str(), ms_per_move(i));
  // A bot's iterations are unknown: they count as 0.
  std::printf(
      "a=%s b=%s games=%d wins=%d draws=%d losses=%d score=%.4f score_low=%.4f score_high=%.4f "
      "elo=%s elo_low=%s elo_high=%s a_iterations_per_move=%.0f b_iterations_per_move=%.0f "
      "a_iterations_per_s=%.0f b_iterations_per_s=%.0f seconds=%.1f a_ms_per_move=%.1f "
      "b_ms_per_move=%.1f\n",
      s.a.c_str(), s.b.c_str(), n, tally.wins, tally.draws, tally.losses, mean, low, high,
      signed_elo(elo).c_str(), signed_elo(elo_low).c_str(), signed_elo(elo_high).c_str(),
      per_move(0), per_move(1), per_second(0), per_second(1), seconds, ms_per_move(0),
      ms_per_move(1));
  return 0;
}

// Search speed from the start position, single-threaded, one fresh tree per
// run, for a time or (with --iterations) a fixed number of iterations; the
// best of the runs is the figure least disturbed by the machine. `seconds`
// is what the best run took.
int run_bench(const std::vector<std::string>& players, double seconds, int runs,
              const MatchSettings& s) {
  for (const std::string& name : players) {
    if (name == "random") continue;
    SearchConfig config = config_of(name, s.uct);
    config.max_iterations = 0;  // the levels' handicaps are not the engine's speed
    config.blunder_rate = 0;
    double best = 0, best_seconds = 0;
    std::uint64_t best_iterations = 0;
    std::size_t nodes = 0;
    for (int r = 0; r < runs; ++r) {
      Searcher searcher(config, s.tree_bytes);
      SearchLimits limits;
      // A fixed iteration budget does the same work on every run, which is
      // what an instruction counter (callgrind) should see.
      if (s.iterations)
        limits.max_iterations = s.iterations;
      else
        limits.max_milliseconds = seconds * 1000;
      limits.seed = std::uint64_t(r + 1);
      const auto start = std::chrono::steady_clock::now();
      const SearchResult result = searcher.choose(Position(s.rules), limits);
      const double took =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (result.iterations / took > best) {
        best = result.iterations / took;
        best_seconds = took;
        best_iterations = result.iterations;
        nodes = searcher.nodes_in_use();
      }
    }
    std::printf(
        "player=%s seconds=%.2f runs=%d iterations=%llu iterations_per_s=%.0f nodes=%zu "
        "tree_mb=%.1f\n",
        name.c_str(), best_seconds, runs, (unsigned long long)best_iterations, best, nodes,
        double(nodes * Searcher::kBytesPerNode) / (1 << 20));
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Plays CPU players of ultimate tic-tac-toe against each other, or times the search"};
  MatchSettings s;
  std::vector<std::string> players;
  bool bench = false;
  double bench_seconds = 1;
  int bench_runs = 3;
  int fast_target = 0;
  std::size_t tree_mb = Searcher::kDefaultTreeBytes >> 20;

  const CLI::Validator player_name(
      [](std::string& name) -> std::string {
        if (std::find(kPlayers.begin(), kPlayers.end(), name) != kPlayers.end()) return "";
        if (is_bot(name) && name.size() > sizeof kBotPrefix - 1) return "";
        if (name.find(':') != std::string::npos) {
          try {
            config_of(name, plain_uct());
            return "";
          } catch (const std::invalid_argument& e) {
            return "player " + name + ": " + e.what();
          }
        }
        return "unknown player " + name + ": give one of " + CLI::detail::join(kPlayers, ", ") +
               ", or bot:PATH";
      },
      "PLAYER");
  app.add_option(
         "players", players,
         "two players for a match (any number for --bench): " + CLI::detail::join(kPlayers, ", ") +
             ", or bot:PATH, a program speaking uttt-bot's CodinGame protocol")
      ->check(player_name);
  app.add_flag("--bench", bench, "time the search from the start position instead of playing");
  app.add_option("--seconds", bench_seconds, "bench: seconds per run")->check(CLI::PositiveNumber);
  app.add_option("--runs", bench_runs, "bench: runs per player, the best counts")
      ->check(CLI::Range(1, 100));
  app.add_option("--games", s.games, "games to play (sides alternate)")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--ms", s.ms, "thinking time per move in milliseconds")
      ->check(CLI::Range(0.0, 3600000.0));
  app.add_option("--iterations", s.iterations,
                 "search iterations per move (bench: per run, instead of --seconds)");
  app.add_option("--threads", s.threads, "games played at once")->check(CLI::Range(1, 256));
  app.add_option("--seed", s.seed, "seed of the whole match");
  app.add_option("--opening-plies", s.opening_plies,
                 "random moves before the players take over (shared by each pair of games)")
      ->check(CLI::Range(0, 20));
  app.add_option("--tree-mb", tree_mb, "memory for each player's tree, in MiB")
      ->check(CLI::Range(1, 65536));
  app.add_option("--uct-exploration", s.uct.exploration,
                 "UCB1 constant of the uct yardstick (default: its best, as measured)")
      ->check(CLI::Range(0.01, 10.0));
  app.add_flag("--early-draw", s.rules.early_draw, "variant: early draw");
  app.add_flag("--open-boards", s.rules.open_boards, "variant: decided boards stay open");
  app.add_flag("--draw-both", s.rules.draw_counts_both, "variant: a drawn board counts for both");
  app.add_option("--fast", fast_target, "variant: fast game to this many small boards")
      ->check(CLI::Range(Rules::kMinFastTarget, Rules::kMaxFastTarget));
  CLI11_PARSE(app, argc, argv);

  s.rules.fast_target = std::uint8_t(fast_target);
  s.tree_bytes = tree_mb << 20;
  try {
    const bool with_bot = std::any_of(players.begin(), players.end(), is_bot);
    if (bench && with_bot) {
      std::fprintf(stderr, "error: --bench times the search in this program, not a bot\n");
      return 2;
    }
    if (bench)
      return run_bench(players.empty() ? std::vector<std::string>{"experto", "uct"} : players,
                       bench_seconds, bench_runs, s);
    if (players.size() != 2) {
      std::fprintf(stderr,
                   "error: a match needs exactly two players, e.g. `uttt-arena experto uct`\n");
      return 2;
    }
    if (s.ms == 0 && s.iterations == 0) {
      std::fprintf(stderr,
                   "error: give a time per move (--ms) or iterations per move (--iterations)\n");
      return 2;
    }
    if (with_bot) {
      // A bot has a time budget only, plays the standard rules only, and
      // learns of nothing but the opponent's last move, so it could not
      // follow an opening it did not play.
      if (s.ms < 1) {
        std::fprintf(stderr, "error: a bot plays by time: give --ms (at least 1)\n");
        return 2;
      }
      if (s.opening_plies > 0) {
        std::fprintf(stderr,
                     "error: --opening-plies cannot be used with a bot: the protocol tells it only "
                     "the opponent's last move\n");
        return 2;
      }
      if (s.rules != Rules()) {
        std::fprintf(stderr, "error: a bot plays the standard rules only, not the variants\n");
        return 2;
      }
      // A bot that exits early must be an error the match reports, not a
      // signal that ends the arena at its next write.
      signal(SIGPIPE, SIG_IGN);
    }
    s.a = players[0];
    s.b = players[1];
    return run_match(s);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}
