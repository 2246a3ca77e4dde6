// The finished games a player keeps, to look back on: when, which game,
// against whom, how it ended, and the whole record, so that any of them can
// be replayed or written out as a game text (game_text.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "match.h"

namespace game_client {

struct FinishedGame {
  std::string finished_at;   // UTC, "2026-12-02T01:55:07Z"
  MatchPlan plan;            // who played each seat: names, CPU levels
  // The seat of the person keeping this history; 0 when no one seat is
  // theirs (two people on one screen).
  std::uint32_t reader = 0;
  v1::GameState state;       // the final state: the record and the outcome
  std::string table_id;      // the online table it was played at, or ""
  // Kept for when no host answers: the game's name in the language of the
  // day it ended, and its game text ("" when its moves' notations were
  // not known, at a table).
  std::string game_name;
  std::string text;
};

// Newest last; the oldest go once there are more than kMaxFinishedGames.
class History {
 public:
  static constexpr std::size_t kMaxFinishedGames = 500;

  const std::vector<FinishedGame>& all() const { return games_; }
  bool empty() const { return games_.empty(); }
  void add(FinishedGame game);

 private:
  std::vector<FinishedGame> games_;
};

// Now, or `ms` since the Unix epoch, as FinishedGame::finished_at writes it.
std::string utc_now();
std::string utc_time(std::int64_t ms);
// "2026-12-02 02:55" in the local time zone; the text itself when it is not
// a time utc_now() wrote.
std::string local_time(const std::string& utc);

}  // namespace game_client
