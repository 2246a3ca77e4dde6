// A player's page and a game's standings, read from PlayerService: the
// rating in each game with its history as a sparkline, the latest rated
// games (each opens its replay, through the table's finished games), and
// the best-rated players of a game.
#include <algorithm>

#include "commands.h"
#include "rules_view.h"
#include "session.h"

namespace game_client {
namespace {

// Points in a sparkline: a line that fits the narrowest terminal.
constexpr std::size_t kHistoryPoints = 40;
// Rated games listed, newest first.
constexpr int kLatestGames = 10;

// `text` in `width` columns, left- or right-aligned.
std::string pad_right(const std::string& text, std::size_t width) {
  return text + std::string(width - std::min(width, display_width(text)), ' ');
}
std::string pad_left(const std::string& text, std::size_t width) {
  return std::string(width - std::min(width, display_width(text)), ' ') + text;
}

}  // namespace

std::string Session::game_name(const std::string& game_id) const {
  const v1::GameInfo* info = served(game_id);
  return info ? info->name() : game_id;
}

bool Session::show_player(const std::string& wanted) {
  const ClubPlayer* me = kept_player();
  const std::string id = wanted.empty() && me ? me->player_id : wanted;
  if (id.empty()) {
    con_.line(say("player.none"));
    return false;
  }
  v1::GetPlayerRequest request;
  request.set_player_id(id);
  v1::PlayerProfile profile;
  if (Failure f = host_.get_player(request, &profile)) {
    error(explain_online(f, nullptr));
    return false;
  }
  const bool mine = me && me->player_id == id;
  con_.line();
  con_.line(con_.style().paint(say(mine ? "player.title_you" : "player.title", {{"name", profile.name()}}),
                               Tone::kTitle));
  if (profile.ratings().empty()) con_.line(say("player.no_rated_games"));
  for (const v1::PlayerRating& r : profile.ratings()) {
    con_.line(game_name(r.game_id()));
    con_.line("  " + say(r.provisional() ? "player.rating_provisional" : "player.rating",
                         {{"rating", rating_text(r.rating())}}));
    con_.line("  " + say("player.record", {{"games", std::to_string(r.games())},
                                           {"wins", std::to_string(r.wins())},
                                           {"draws", std::to_string(r.draws())},
                                           {"losses", std::to_string(r.losses())}}));
    const std::vector<double> history = rating_history(profile, r.game_id(), kHistoryPoints);
    if (history.size() > 1)
      con_.line("  " + say("player.chart", {{"chart", sparkline(history)},
                                            {"first", rating_text(history.front())},
                                            {"last", rating_text(history.back())}}));
  }
  const int count = std::min(profile.recent_games_size(), kLatestGames);
  if (count == 0) return true;
  con_.line();
  con_.line(con_.style().paint(say("player.latest"), Tone::kTitle));
  auto row = [&](const v1::RatedGame& g) {
    const char* result = g.score() > 0.5   ? "player.won_against"
                         : g.score() < 0.5 ? "player.lost_to"
                                           : "player.drew_with";
    const Args args = {{"date", local_time(utc_time(g.finished_ms()))},
                       {"game", game_name(g.game_id())},
                       {"result", say(result, {{"opponent", g.opponent_name()}})},
                       {"before", rating_text(g.rating_before())},
                       {"after", rating_text(g.rating_after())},
                       {"change", rating_change(g.rating_before(), g.rating_after())}};
    return say(g.counted() ? "player.game_row" : "player.game_row_not_counted", args);
  };
  for (int i = 0; i < count; ++i) {
    const std::string number = "  " + std::to_string(i + 1) + ". ";
    con_.line(wrap(row(profile.recent_games(i)), opt_.width, number, std::string(number.size(), ' ')));
  }
  for (;;) {
    auto in = con_.ask(say("player.open_prompt") + " ");
    if (in.status != Console::Status::kLine || in.text.empty()) return true;
    if (auto cmd = parse_command(in.text, ui_);
        cmd && (cmd->command == Command::kMenu || cmd->command == Command::kQuit || cmd->command == Command::kBack))
      return true;
    auto n = parse_number(in.text);
    if (!n || *n < 1 || *n > count) {
      error(say("history.bad", {{"count", std::to_string(count)}}));
      continue;
    }
    const v1::RatedGame& g = profile.recent_games(*n - 1);
    con_.line();
    con_.line(con_.style().paint(row(g), Tone::kTitle));
    open_rated_game(g, id);
  }
}

void Session::open_rated_game(const v1::RatedGame& rated, const std::string& player_id) {
  if (!served(rated.game_id())) {
    error(say("history.game_gone", {{"game", rated.game_id()}}));
    return;
  }
  v1::TableRef table;
  table.set_table_id(rated.table_id());
  v1::ListFinishedGamesResponse finished;
  if (Failure f = host_.list_finished_games(table, &finished)) {
    error(f.code == grpc::StatusCode::NOT_FOUND ? say("player.game_gone") : explain_online(f, nullptr));
    return;
  }
  for (const v1::FinishedGame& g : finished.games()) {
    if (g.game_number() != rated.game_number()) continue;
    std::uint32_t reader = 0;
    for (const v1::Seat& s : g.seats())
      if (s.player_id() == player_id) reader = s.number();
    FinishedGame game = seated_game(g.seats(), g.state(), reader);
    game.finished_at = utc_time(g.finished_ms());
    game.table_id = g.table_id();
    // Named by the line it was chosen from: the history's row would say
    // "you" for a page that may be someone else's.
    open_finished(game, /*titled=*/false);
    return;
  }
  error(say("player.game_gone"));
}

bool Session::show_standings(const std::string& game_id) {
  // The ranked players, then, so that a new player sees why they are not
  // ranked yet, those left out while their ratings are provisional.
  v1::StandingsRequest request;
  request.set_game_id(game_id);
  v1::Standings standings, everyone;
  Failure f = host_.get_standings(request, &standings);
  request.set_include_provisional(true);
  if (!f) f = host_.get_standings(request, &everyone);
  if (f) {
    error(explain_online(f, nullptr));
    return false;
  }
  const ClubPlayer* me = kept_player();
  auto name_of = [&](const v1::Standing& s) {
    return me && me->player_id == s.player_id() ? say("online.you_mark", {{"name", s.name()}}) : s.name();
  };
  std::vector<std::string> provisional;
  for (const v1::Standing& s : everyone.standings())
    if (s.provisional()) provisional.push_back(name_of(s) + " " + rating_text(s.rating()));
  con_.line();
  con_.line(con_.style().paint(say("standings.title", {{"game", game_name(game_id)}}), Tone::kTitle));
  con_.line(con_.style().paint(say("standings.provisional_left_out"), Tone::kDim));
  if (standings.standings().empty()) con_.line(say("standings.empty"));
  if (!provisional.empty())
    con_.line(wrap(say("standings.provisional_players", {{"count", std::to_string(provisional.size())},
                                                         {"players", join(provisional, ", ")}}),
                   opt_.width, "", "  "));
  if (standings.standings().empty()) return true;
  // Columns as wide as their widest cell, in the player's words.
  std::vector<std::vector<std::string>> rows = {
      {say("standings.rank"), say("standings.player"), say("standings.rating"), say("standings.games")}};
  for (const v1::Standing& s : standings.standings())
    rows.push_back({std::to_string(s.rank()), name_of(s), rating_text(s.rating()), std::to_string(s.games())});
  std::size_t widths[4] = {};
  for (const auto& r : rows)
    for (std::size_t c = 0; c < 4; ++c) widths[c] = std::max(widths[c], display_width(r[c]));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const std::string line = "  " + pad_left(r[0], widths[0]) + "  " + pad_right(r[1], widths[1]) + "  " +
                             pad_left(r[2], widths[2]) + "  " + pad_left(r[3], widths[3]);
    con_.line(i == 0 ? con_.style().paint(line, Tone::kDim) : line);
  }
  return true;
}

}  // namespace game_client
