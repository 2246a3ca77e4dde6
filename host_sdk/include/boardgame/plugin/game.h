// The C++ side of a game plugin. A game author derives a Game and a Match
// from these classes and exports the Game with BOARDGAME_PLUGIN (export.h);
// the SDK does everything generic: it checks settings against the schema,
// rebuilds and verifies every state a client sends back, checks seats and
// turns, handles resignation bookkeeping, caps the CPU's thinking time by
// the caller's deadline, picks the language of texts, and turns errors into
// status codes.
#pragma once

#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardgame/rules/catalog.h"
#include "boardgame/v1/error_detail.pb.h"
#include "boardgame/v1/game_info.pb.h"
#include "boardgame/v1/game_service.pb.h"
#include "boardgame/v1/game_state.pb.h"
#include "boardgame/v1/move.pb.h"

namespace boardgame::plugin {

namespace v1 = ::boardgame::v1;
using Level = v1::SuggestMoveRequest::Level;

// Status codes, numbered as gRPC numbers them.
enum class Code : std::int32_t {
  kOk = 0,
  kCancelled = 1,
  kInvalidArgument = 3,
  kNotFound = 5,
  kFailedPrecondition = 9,
  kUnimplemented = 12,
  kInternal = 13,
};

// A request the game refuses. `reason` is a stable snake_case word listed in
// docs/errors.md; `args` fill the placeholders of the catalogue sentence
// "error.<reason>"; the message says the same in English.
class Rejected : public std::exception {
 public:
  using Args = std::initializer_list<std::pair<std::string_view, std::string>>;
  Rejected(Code code, std::string_view reason, std::string message, Args args = {});

  Code code() const { return code_; }
  const v1::ErrorDetail& detail() const { return detail_; }
  const char* what() const noexcept override { return detail_.message().c_str(); }

 private:
  Code code_;
  v1::ErrorDetail detail_;
};

// The settings of one game: the values chosen, checked against the schema,
// and the schema's defaults for the rest. A game reads them by id.
class Settings {
 public:
  Settings(const v1::GameInfo& schema,
           const google::protobuf::RepeatedPtrField<v1::Setting>& chosen)
      : schema_(schema), chosen_(chosen) {}

  bool flag(std::string_view id) const { return value(id).flag(); }
  std::int64_t number(std::string_view id) const { return value(id).number(); }
  const std::string& choice(std::string_view id) const { return value(id).choice(); }

 private:
  const v1::SettingValue& value(std::string_view id) const;
  const v1::GameInfo& schema_;
  const google::protobuf::RepeatedPtrField<v1::Setting>& chosen_;
};

// How a finished game ended. `winner` is a side index, or -1 for a draw.
struct Ending {
  v1::Outcome::Reason reason = v1::Outcome::REASON_UNSPECIFIED;
  int winner = -1;
  v1::Text summary;
};

// What the CPU is allowed: a time budget (always set), an optional
// iteration budget (0: none), the seed, and a flag raised when the caller
// gives up.
struct SearchBudget {
  Level level = v1::SuggestMoveRequest::NORMAL;
  double milliseconds = 0;
  std::uint64_t iterations = 0;
  std::uint64_t seed = 0;
  const std::atomic<bool>* stop = nullptr;
};

struct Suggestion {
  std::uint32_t move_id = 0;
  std::uint64_t iterations = 0;
  double expected_score = 0.5;
};

// One game in progress. The SDK builds a fresh Match for every call by
// replaying a state's record, so a Match needs no thread safety and lives
// only as long as the call. Sides are numbered from 0 in turn order
// (GameInfo.sides); seats from 1.
class Match {
 public:
  virtual ~Match() = default;

  virtual std::uint32_t seat_of_side(int side) const = 0;
  // The side to move, or -1 once the game is over (resignation included).
  virtual int side_to_move() const = 0;

  // Plays a move by id, or throws Rejected: INVALID_ARGUMENT for an id that
  // names no move of this game, FAILED_PRECONDITION with the game's own
  // reason for a move the position does not allow. Called only while the
  // game is on.
  virtual void play(std::uint32_t move_id) = 0;
  // The side resigns and loses. Called only while the game is on.
  virtual void resign(int side) = 0;

  virtual void legal_moves(google::protobuf::RepeatedPtrField<v1::Move>& out) const = 0;
  // The last move played, described as legal_moves described it.
  virtual v1::Move last_move() const = 0;
  virtual void draw(v1::BoardView& view) const = 0;
  // Meaningful once the game is over.
  virtual Ending ending() const = 0;
  // A move for the side to move. Called only while the game is on.
  virtual Suggestion suggest(const SearchBudget& budget) const = 0;
};

// What every two-seat game keeps besides its position: the seat side 0
// plays from (the other seat plays side 1) and the side that resigned. The
// game tells whether its position is over and whose turn it is there.
class TwoSeatMatch : public Match {
 public:
  explicit TwoSeatMatch(int first_seat) : first_seat_(first_seat) {}

  std::uint32_t seat_of_side(int side) const final {
    return std::uint32_t(side == 0 ? first_seat_ : 3 - first_seat_);
  }
  int side_to_move() const final { return over() ? -1 : position_side_to_move(); }
  void resign(int side) final { resigned_ = side; }

 protected:
  bool over() const { return resigned_ >= 0 || position_over(); }
  // Fills `end` and returns true if a side resigned; the summary is the
  // catalogue key of that side's resignation.
  bool resignation(Ending& end, const char* side0_key, const char* side1_key) const {
    if (resigned_ < 0) return false;
    end.reason = v1::Outcome::RESIGNATION;
    end.winner = 1 - resigned_;
    end.summary.set_key(resigned_ == 0 ? side0_key : side1_key);
    return true;
  }

 private:
  virtual bool position_over() const = 0;
  virtual int position_side_to_move() const = 0;

  int first_seat_;
  int resigned_ = -1;
};

// One published rules document: a serialized boardgame.v1.RulesDocument,
// as the build embeds it into the plugin, and its locale.
struct RulesText {
  std::string_view locale;
  std::string_view document;
};

// The game's text in the locale closest to a request's: its rules document
// and its UI strings.
class Texts {
 public:
  Texts(const rules::RulesCatalog& catalog, const v1::RulesDocument& document)
      : catalog_(catalog), document_(document) {}

  const std::string& locale() const { return document_.locale(); }
  const v1::RulesDocument& document() const { return document_; }
  // The UI string `key` with its placeholders filled in, from English when
  // this locale lacks it. Throws std::logic_error when English lacks it too.
  std::string ui(std::string_view key, const rules::UiArgs& args = {}) const;

 private:
  const rules::RulesCatalog& catalog_;
  const v1::RulesDocument& document_;
};

// A game: its description and how to start a match. One instance serves
// every call, from many threads at once, so it must be immutable.
class Game {
 public:
  virtual ~Game() = default;

  // The rules documents, one per locale, English among them. The bytes
  // must live as long as the game: the build embeds them in the plugin.
  virtual std::vector<RulesText> rules_documents() const = 0;
  // Names, labels and the settings schema, worded in `texts`. The SDK fills
  // in the id and the locale.
  virtual v1::GameInfo info(const Texts& texts) const = 0;
  // A match at its first move, for the game_number-th game (from 1) of a
  // series between the same seats.
  virtual std::unique_ptr<Match> start(const Settings& settings,
                                       std::uint32_t game_number) const = 0;
  // The CPU's thinking time when a request names none.
  virtual double default_think_ms(Level level) const = 0;
};

}  // namespace boardgame::plugin
