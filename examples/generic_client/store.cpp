#include "store.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/file.h>
#include <sstream>
#include <system_error>
#include <unistd.h>

#include <google/protobuf/util/json_util.h>

namespace game_client {
namespace {

namespace fs = std::filesystem;
using boardgame::rules::Checked;
using nlohmann::json;

// Format 1 kept a single unfinished game as an object; format 2 keeps a
// list; format 3 adds the club's players. All are read. The number went up
// with the players so that an older client, which would drop them and
// their secrets on its next save, sets the file aside instead.
constexpr int kFormat = 3;

const char* mode_name(Mode m) {
  switch (m) {
    case Mode::kTwoPlayers: return "two_players";
    case Mode::kAgainstCpu: return "against_cpu";
    case Mode::kDemo: return "demo";
  }
  return "";
}

std::optional<Mode> mode_from(const std::string& name) {
  for (Mode m : {Mode::kTwoPlayers, Mode::kAgainstCpu, Mode::kDemo})
    if (name == mode_name(m)) return m;
  return std::nullopt;
}

template <class Message>
json message_json(const Message& m) {
  std::string text;
  google::protobuf::util::MessageToJsonString(m, &text);
  return json::parse(text);
}

template <class Message>
std::string message_from(const json& j, Message* m) {
  auto status = google::protobuf::util::JsonStringToMessage(j.dump(), m);
  return status.ok() ? std::string() : std::string(status.message());
}

Checked<SavedGame> saved_game_from(const json& j) {
  using Result = Checked<SavedGame>;
  if (!j.is_object()) return Result::fail("the unfinished game is not an object");
  SavedGame g;
  if (!j.contains("mode") || !j["mode"].is_string() || !mode_from(j["mode"].get<std::string>()))
    return Result::fail("the unfinished game has no known mode");
  g.plan.mode = *mode_from(j["mode"].get<std::string>());
  if (!j.contains("seats") || !j["seats"].is_array() || j["seats"].empty())
    return Result::fail("the unfinished game lists no seats");
  for (const json& s : j["seats"]) {
    SeatPlan seat;
    if (!s.is_object() || !s.contains("human") || !s["human"].is_boolean())
      return Result::fail("a seat of the unfinished game does not say who plays it");
    seat.human = s["human"].get<bool>();
    if (s.contains("name")) {
      if (!s["name"].is_string() || !valid_player_name(s["name"].get<std::string>()))
        return Result::fail("a seat of the unfinished game has a name that is not 1 to 32 characters");
      seat.name = s["name"].get<std::string>();
    }
    if (!seat.human) {
      if (!s.contains("level") || !s["level"].is_string() ||
          !v1::SuggestMoveRequest::Level_Parse(s["level"].get<std::string>(), &seat.level) ||
          seat.level == v1::SuggestMoveRequest::LEVEL_UNSPECIFIED)
        return Result::fail("a CPU seat of the unfinished game has no known level");
    }
    g.plan.seats.push_back(seat);
  }
  if (!j.contains("state")) return Result::fail("the unfinished game has no state");
  if (std::string why = message_from(j["state"], &g.state); !why.empty())
    return Result::fail("the unfinished game's state is not a GameState: " + why);
  g.plan.game_id = g.state.game_id();
  g.plan.settings.assign(g.state.settings().begin(), g.state.settings().end());
  g.plan.game_number = g.state.game_number();
  return Result::ok(std::move(g));
}

Checked<OnlineSeat> online_seat_from(const json& j) {
  using Result = Checked<OnlineSeat>;
  OnlineSeat seat;
  if (!j.is_object()) return Result::fail("a saved table seat is not an object");
  for (auto [name, field] : {std::pair{"host", &seat.host}, std::pair{"table_id", &seat.table_id},
                             std::pair{"invite_code", &seat.invite_code}, std::pair{"game_id", &seat.game_id},
                             std::pair{"token", &seat.token}}) {
    if (!j.contains(name) || !j[name].is_string())
      return Result::fail(std::string("a saved table seat has no ") + name);
    *field = j[name].get<std::string>();
  }
  if (!j.contains("seat") || !j["seat"].is_number_unsigned() || j["seat"].get<std::uint32_t>() == 0)
    return Result::fail("a saved table seat has no seat number");
  seat.seat = j["seat"].get<std::uint32_t>();
  if (seat.table_id.empty()) return Result::fail("a saved table seat has no table id");
  return Result::ok(std::move(seat));
}

Checked<ClubPlayer> club_player_from(const json& j) {
  using Result = Checked<ClubPlayer>;
  ClubPlayer player;
  if (!j.is_object()) return Result::fail("a saved player is not an object");
  for (auto [name, field] : {std::pair{"host", &player.host}, std::pair{"player_id", &player.player_id},
                             std::pair{"secret", &player.secret}, std::pair{"name", &player.name}}) {
    if (!j.contains(name) || !j[name].is_string()) return Result::fail(std::string("a saved player has no ") + name);
    *field = j[name].get<std::string>();
  }
  if (!valid_player_id(player.player_id) || !valid_player_secret(player.secret))
    return Result::fail("a saved player's id or secret is not as the host makes them");
  if (j.contains("moving_out")) {
    if (!j["moving_out"].is_boolean()) return Result::fail("a saved player's moving_out is not true or false");
    player.moving_out = j["moving_out"].get<bool>();
  }
  return Result::ok(std::move(player));
}

json saved_game_json(const SavedGame& game) {
  json seats = json::array();
  for (const SeatPlan& s : game.plan.seats) {
    json seat = {{"human", s.human}};
    if (!s.name.empty()) seat["name"] = s.name;
    if (!s.human) seat["level"] = v1::SuggestMoveRequest::Level_Name(s.level);
    seats.push_back(seat);
  }
  return {{"mode", mode_name(game.plan.mode)}, {"seats", seats}, {"state", message_json(game.state)}};
}

// A list of saved games; format 1's single object is a list of one.
std::string saved_games_from(const json& j, int format, std::vector<SavedGame>* out) {
  if (format == 1 && j.is_object()) {
    auto game = saved_game_from(j);
    if (!game) return game.error;
    out->push_back(std::move(game.value));
    return {};
  }
  if (!j.is_array()) return "the unfinished games are not a list";
  for (const json& item : j) {
    auto game = saved_game_from(item);
    if (!game) return game.error;
    out->push_back(std::move(game.value));
  }
  return {};
}

Checked<FinishedGame> finished_game_from(const json& j) {
  using Result = Checked<FinishedGame>;
  auto game = saved_game_from(j);
  if (!game) return Result::fail(game.error);
  FinishedGame g;
  g.plan = std::move(game.value.plan);
  g.state = std::move(game.value.state);
  if (!j.contains("finished_at") || !j["finished_at"].is_string())
    return Result::fail("a finished game does not say when it ended");
  g.finished_at = j["finished_at"].get<std::string>();
  if (!j.contains("reader") || !j["reader"].is_number_unsigned() ||
      j["reader"].get<std::uint32_t>() > g.plan.seats.size())
    return Result::fail("a finished game does not say which seat was the player's");
  g.reader = j["reader"].get<std::uint32_t>();
  for (auto [name, field] : {std::pair{"table_id", &g.table_id}, std::pair{"game_name", &g.game_name},
                             std::pair{"text", &g.text}}) {
    if (!j.contains(name)) continue;
    if (!j[name].is_string()) return Result::fail(std::string("a finished game's ") + name + " is not a string");
    *field = j[name].get<std::string>();
  }
  if (g.state.seat_to_move() != 0 || !g.state.has_outcome())
    return Result::fail("a finished game's state is not a finished game");
  return Result::ok(std::move(g));
}

// Writes all of `text` to `fd`; errno on failure.
bool write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += std::size_t(n);
  }
  return true;
}

}  // namespace

json to_json(const ClientData& data) {
  json out = {{"format", kFormat}, {"scoreboard", data.scoreboard.to_json()}};
  out["settings"] = json::object();
  for (const auto& [game, settings] : data.settings) {
    json list = json::array();
    for (const v1::Setting& s : settings) list.push_back(message_json(s));
    out["settings"][game] = list;
  }
  if (!data.unfinished.empty()) {
    json list = json::array();
    for (const SavedGame& g : data.unfinished.all()) list.push_back(saved_game_json(g));
    out["unfinished"] = list;
  }
  if (!data.set_aside.empty()) {
    json list = json::array();
    for (const SavedGame& g : data.set_aside) list.push_back(saved_game_json(g));
    out["set_aside"] = list;
  }
  if (!data.history.empty()) {
    json list = json::array();
    for (const FinishedGame& g : data.history.all()) {
      json game = saved_game_json(SavedGame{g.plan, g.state});
      game["finished_at"] = g.finished_at;
      game["reader"] = g.reader;
      if (!g.table_id.empty()) game["table_id"] = g.table_id;
      if (!g.game_name.empty()) game["game_name"] = g.game_name;
      if (!g.text.empty()) game["text"] = g.text;
      list.push_back(std::move(game));
    }
    out["finished"] = list;
  }
  if (!data.two_player_names.empty()) out["two_player_names"] = data.two_player_names;
  if (!data.device_id.empty()) out["device_id"] = data.device_id;
  if (!data.player_name.empty()) out["player_name"] = data.player_name;
  if (!data.online_seats.empty()) {
    json seats = json::array();
    for (const OnlineSeat& s : data.online_seats)
      seats.push_back({{"host", s.host},
                       {"table_id", s.table_id},
                       {"invite_code", s.invite_code},
                       {"game_id", s.game_id},
                       {"seat", s.seat},
                       {"token", s.token}});
    out["online_seats"] = seats;
  }
  if (!data.players.empty()) {
    json players = json::array();
    for (const ClubPlayer& p : data.players) {
      json player = {{"host", p.host}, {"player_id", p.player_id}, {"secret", p.secret}, {"name", p.name}};
      if (p.moving_out) player["moving_out"] = true;
      players.push_back(std::move(player));
    }
    out["players"] = players;
  }
  return out;
}

Checked<ClientData> client_data_from_json(const json& j) {
  using Result = Checked<ClientData>;
  if (!j.is_object()) return Result::fail("the file does not hold a JSON object");
  if (!j.contains("format") || !j["format"].is_number_integer() || j["format"] < 1 || j["format"] > kFormat)
    return Result::fail("the file is not in format 1 to " + std::to_string(kFormat));
  const int format = j["format"].get<int>();
  ClientData data;
  if (j.contains("scoreboard")) {
    auto board = Scoreboard::from_json(j["scoreboard"]);
    if (!board) return Result::fail(board.error);
    data.scoreboard = std::move(board.value);
  }
  if (j.contains("settings")) {
    if (!j["settings"].is_object()) return Result::fail("the settings are not an object");
    for (const auto& [game, list] : j["settings"].items()) {
      if (!list.is_array()) return Result::fail("the settings of " + game + " are not a list");
      for (const json& item : list) {
        v1::Setting s;
        if (std::string why = message_from(item, &s); !why.empty())
          return Result::fail("a setting of " + game + " is not a Setting: " + why);
        data.settings[game].push_back(s);
      }
    }
  }
  if (j.contains("unfinished")) {
    std::vector<SavedGame> games;
    if (std::string why = saved_games_from(j["unfinished"], format, &games); !why.empty())
      return Result::fail(why);
    for (SavedGame& g : games) data.unfinished.keep(std::move(g));
  }
  if (j.contains("set_aside")) {
    if (std::string why = saved_games_from(j["set_aside"], format, &data.set_aside); !why.empty())
      return Result::fail(why);
  }
  if (j.contains("finished")) {
    if (!j["finished"].is_array()) return Result::fail("the finished games are not a list");
    for (const json& item : j["finished"]) {
      auto game = finished_game_from(item);
      if (!game) return Result::fail(game.error);
      data.history.add(std::move(game.value));
    }
  }
  if (j.contains("two_player_names")) {
    const json& names = j["two_player_names"];
    if (!names.is_array()) return Result::fail("the two players' names are not a list");
    for (const json& name : names) {
      // A name the client would refuse is asked again, not fatal.
      if (!name.is_string() || !valid_player_name(name.get<std::string>())) {
        data.two_player_names.clear();
        break;
      }
      data.two_player_names.push_back(name.get<std::string>());
    }
  }
  if (j.contains("device_id")) {
    if (!j["device_id"].is_string() || !valid_device_id(j["device_id"].get<std::string>()))
      return Result::fail("the device id is not 16 to 64 letters, digits, '-' or '_'");
    data.device_id = j["device_id"].get<std::string>();
  }
  if (j.contains("player_name")) {
    if (!j["player_name"].is_string()) return Result::fail("the player's name is not a string");
    // A name the host would refuse is asked again, not fatal.
    if (valid_player_name(j["player_name"].get<std::string>())) data.player_name = j["player_name"].get<std::string>();
  }
  if (j.contains("online_seats")) {
    if (!j["online_seats"].is_array()) return Result::fail("the saved table seats are not a list");
    for (const json& item : j["online_seats"]) {
      auto seat = online_seat_from(item);
      if (!seat) return Result::fail(seat.error);
      data.online_seats.push_back(std::move(seat.value));
    }
  }
  if (j.contains("players")) {
    if (!j["players"].is_array()) return Result::fail("the saved players are not a list");
    for (const json& item : j["players"]) {
      auto player = club_player_from(item);
      if (!player) return Result::fail(player.error);
      data.players.push_back(std::move(player.value));
    }
  }
  return Result::ok(std::move(data));
}

Store::Store(fs::path directory) : file_(std::move(directory) / "game-client.json") {}

fs::path Store::default_directory(const Getenv& getenv) {
  const char* xdg = getenv("XDG_DATA_HOME");
  if (xdg != nullptr && *xdg == '/') return fs::path(xdg) / "club-games";
  const char* home = getenv("HOME");
  if (home != nullptr && *home != '\0') return fs::path(home) / ".local" / "share" / "club-games";
  return {};
}

Store::Claim Store::claim() {
  using Status = Claim::Status;
  if (lock_fd_ >= 0) return {};
  const fs::path folder = file_.parent_path();
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) return {Status::kFailed, 0, "cannot create " + folder.string() + ": " + ec.message()};
  const fs::path lock = folder / "game-client.lock";
  int fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return {Status::kFailed, 0, "cannot open " + lock.string() + ": " + std::strerror(errno)};
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int why = errno;
    char text[32] = {};
    const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
    ::close(fd);
    if (why != EWOULDBLOCK) return {Status::kFailed, 0, "cannot lock " + lock.string() + ": " + std::strerror(why)};
    return {Status::kInUse, n > 0 ? std::strtol(text, nullptr, 10) : 0, {}};
  }
  // Who holds it, for the message the next client prints; the lock holds
  // without it.
  const std::string pid = std::to_string(::getpid()) + "\n";
  const bool noted = ::ftruncate(fd, 0) == 0 && ::pwrite(fd, pid.data(), pid.size(), 0) == ssize_t(pid.size());
  (void)noted;
  lock_fd_ = fd;
  // Saves cut short by a crash: the holder is the only writer, so every
  // temporary file here is stale, and may hold seat tokens.
  const std::string stem = file_.filename().string() + ".tmp";
  for (const auto& entry : fs::directory_iterator(folder, ec))
    if (entry.path().filename().string().rfind(stem, 0) == 0) fs::remove(entry.path(), ec);
  return {};
}

Store::Loaded Store::load() const {
  Loaded loaded;
  std::error_code ec;
  if (!fs::exists(file_, ec)) return loaded;
  std::string problem;
  std::ifstream in(file_, std::ios::binary);
  if (!in) {
    problem = "it cannot be opened";
  } else {
    std::ostringstream text;
    text << in.rdbuf();
    json j = json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) {
      problem = "it is not valid JSON";
    } else {
      auto data = client_data_from_json(j);
      if (data) {
        loaded.data = std::move(data.value);
        return loaded;
      }
      problem = data.error;
    }
  }
  loaded.problem = problem;
  fs::path aside = file_;
  aside += ".unreadable";
  fs::rename(file_, aside, ec);
  if (!ec) loaded.set_aside = aside;
  return loaded;
}

std::string Store::save(const ClientData& data) const {
  std::error_code ec;
  fs::create_directories(file_.parent_path(), ec);
  if (ec) return "cannot create " + file_.parent_path().string() + ": " + ec.message();
  // One temporary file per process: two clients saving at once never write
  // into each other's half-written file.
  fs::path temporary = file_;
  temporary += ".tmp" + std::to_string(::getpid());
  const std::string text = to_json(data).dump(2) + "\n";
  auto failed = [&](const char* what) {
    std::string why = std::string(what) + " " + temporary.string() + ": " + std::strerror(errno);
    ::unlink(temporary.c_str());
    return why;
  };
  // Seat tokens are secrets: the file is the user's alone.
  int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return "cannot create " + temporary.string() + ": " + std::strerror(errno);
  // The new file reaches the disk before it replaces the old one.
  if (!write_all(fd, text) || ::fsync(fd) != 0) {
    const int saved = errno;
    ::close(fd);
    errno = saved;
    return failed("cannot write");
  }
  if (::close(fd) != 0) return failed("cannot write");
  if (::rename(temporary.c_str(), file_.c_str()) != 0) return failed("cannot rename");
  // The rename itself is durable once the directory is.
  if (int dir = ::open(file_.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return {};
}

}  // namespace game_client
