// What survives quitting: the scoreboard, the settings chosen for each game,
// the unfinished and the finished games, and for playing online the device's id, the player's
// name, the club's player of each host and the seats held at tables, in one JSON file under the user's data directory
// ($XDG_DATA_HOME/club-games/, else ~/.local/share/club-games/). Written
// whole to a temporary file, flushed to the disk and renamed, so neither a
// crash nor a power cut leaves half a file or loses the previous one; a file that cannot be read is moved aside, never overwritten. The
// file holds seat tokens and players' secrets, so only its owner may read it.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "history.h"
#include "language.h"
#include "match.h"
#include "online.h"
#include "players.h"
#include "saved_games.h"
#include "scoreboard.h"

namespace game_client {

struct ClientData {
  Scoreboard scoreboard;
  std::map<std::string, std::vector<v1::Setting>> settings;  // by game id
  SavedGames unfinished;
  History history;  // finished games, newest last
  // The names last given to two people sharing the screen, seat order.
  std::vector<std::string> two_player_names;
  // Games the host refused to restore (an altered record, a game it no
  // longer plays): never offered again, never deleted.
  std::vector<SavedGame> set_aside;
  // Playing online: made once, the only way back to a seat (Rejoin).
  std::string device_id;
  std::string player_name;               // the name last used at a table
  std::vector<OnlineSeat> online_seats;  // newest last
  // The club's player on each host (docs/players.md), at most one a host.
  std::vector<ClubPlayer> players;
};

// How many seats the file keeps; the oldest go first.
constexpr std::size_t kMaxOnlineSeats = 20;

class Store {
 public:
  explicit Store(std::filesystem::path directory);

  // $XDG_DATA_HOME/club-games when set to an absolute path, else
  // $HOME/.local/share/club-games; empty when neither is known.
  static std::filesystem::path default_directory(const Getenv& getenv);

  const std::filesystem::path& file() const { return file_; }

  // One client at a time per folder: the file is read once and written
  // whole, so a second client's saves would undo the first's. Held until
  // the process ends (a kill -9 too, which is why it is a flock). Also
  // removes the temporary files of saves that a crash cut short, which
  // only the holder may do.
  struct Claim {
    enum class Status { kHeld, kInUse, kFailed } status = Status::kHeld;
    long holder = 0;      // kInUse: the other client's process id, 0 if unknown
    std::string problem;  // kFailed: why the folder cannot be used
  };
  Claim claim();

  struct Loaded {
    ClientData data;
    std::string problem;              // why the file could not be read, or ""
    std::filesystem::path set_aside;  // where the unreadable file went, or ""
  };
  // No file yet is a fresh start, not a problem.
  Loaded load() const;

  // "" or what went wrong.
  std::string save(const ClientData& data) const;

 private:
  std::filesystem::path file_;
  int lock_fd_ = -1;  // the folder's lock, held for the life of the process
};

// The parts of ClientData as JSON, exposed for tests.
nlohmann::json to_json(const ClientData& data);
boardgame::rules::Checked<ClientData> client_data_from_json(const nlohmann::json& json);

}  // namespace game_client
