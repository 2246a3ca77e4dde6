// The part of the session that looks back: the list of finished games,
// replaying one, writing it out as a game text, and replaying a game text
// from anywhere.
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>

#include "commands.h"
#include "game_text.h"
#include "online.h"
#include "rules_view.h"
#include "session.h"

namespace game_client {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kGamesPerPage = 10;
// A game text is a header and a line of moves; a bigger file is not one.
constexpr std::uintmax_t kMaxGameTextBytes = 1 << 20;

// "uttt-2026-12-02-0155.txt": the game and when it ended.
std::string game_text_file(const FinishedGame& game) {
  std::string when = game.finished_at.substr(0, 16);  // "2026-12-02T01:55"
  std::replace(when.begin(), when.end(), 'T', '-');
  when.erase(std::remove(when.begin(), when.end(), ':'), when.end());
  return game.plan.game_id + "-" + when + ".txt";
}

}  // namespace

void Session::record_finished(FinishedGame game, const std::string& table_id) {
  if (game.plan.mode == Mode::kDemo) return;
  // A table shows its last game again on every return: it is kept once.
  if (!table_id.empty())
    for (const FinishedGame& g : data_.history.all())
      if (g.table_id == table_id && g.state.game_number() == game.state.game_number()) return;
  game.finished_at = utc_now();
  game.table_id = table_id;
  data_.history.add(std::move(game));
  save();
}

std::string Session::history_player(const FinishedGame& game, std::uint32_t seat) const {
  return seat == game.reader && seat != 0 ? say("player.you") : player_name(game.plan, seat);
}

std::string Session::history_row(const FinishedGame& game) const {
  const v1::GameInfo* info = served(game.plan.game_id);
  const std::string name = info ? info->name() : !game.game_name.empty() ? game.game_name : game.plan.game_id;
  std::vector<std::string> others;
  for (std::uint32_t seat = 1; seat <= game.plan.seats.size(); ++seat)
    if (seat != game.reader) others.push_back(history_player(game, seat));
  const std::string opponent = say(game.reader != 0 ? "history.against" : "history.between",
                                   {{"players", join(others, ", ")}});
  std::string result = say("history.drawn");
  for (const v1::SeatResult& r : game.state.outcome().results()) {
    if (game.reader != 0 && r.seat() == game.reader) {
      result = r.result() == v1::SeatResult::WIN             ? say("history.won")
               : game.state.resigned_seat() == game.reader ? say("history.resigned")
               : r.result() == v1::SeatResult::LOSS          ? say("history.lost")
                                                             : say("history.drawn");
      break;
    }
    if (game.reader == 0 && r.result() == v1::SeatResult::WIN)
      result = say("history.winner", {{"player", history_player(game, r.seat())}});
  }
  return say("history.row", {{"date", local_time(game.finished_at)},
                             {"game", name},
                             {"opponent", opponent},
                             {"result", result},
                             {"moves", std::to_string(game.state.moves_size())}});
}

void Session::show_history() {
  const auto& all = data_.history.all();
  std::size_t first = 0;  // newest first: entry k is all[all.size() - 1 - k]
  const std::string next = command_word(Command::kNext, ui_), back = command_word(Command::kBack, ui_);
  for (;;) {
    if (all.empty()) {
      con_.line(say("history.empty"));
      return;
    }
    const std::size_t last = std::min(all.size(), first + kGamesPerPage);
    con_.line();
    con_.line(con_.style().paint(say("history.title", {{"count", std::to_string(all.size())}}), Tone::kTitle));
    for (std::size_t k = first; k < last; ++k) {
      const std::string number = "  " + std::to_string(k + 1) + ". ";
      con_.line(wrap(history_row(all[all.size() - 1 - k]), opt_.width, number, std::string(number.size(), ' ')));
    }
    if (last < all.size()) con_.line(say("history.older", {{"next", next}, {"count", std::to_string(all.size() - last)}}));
    if (first > 0) con_.line(say("history.newer", {{"back", back}}));
    auto in = con_.ask(say("history.prompt") + " ");
    if (in.status != Console::Status::kLine || in.text.empty()) return;
    auto cmd = parse_command(in.text, ui_);
    if (cmd && (cmd->command == Command::kMenu || cmd->command == Command::kQuit)) return;
    if (cmd && cmd->command == Command::kNext && last < all.size()) {
      first = last;
      continue;
    }
    if (cmd && cmd->command == Command::kBack && first > 0) {
      first -= std::min(first, kGamesPerPage);
      continue;
    }
    if (auto n = parse_number(in.text); n && *n >= 1 && std::size_t(*n) <= all.size()) {
      // Opening a game saves nothing, so the list cannot move under it.
      const FinishedGame game = all[all.size() - std::size_t(*n)];
      open_finished(game);
      continue;
    }
    error(say("history.bad", {{"count", std::to_string(all.size())}}));
  }
}

void Session::open_finished(const FinishedGame& finished, bool titled) {
  // With a host or a plugin here that plays the game, the game is
  // replayed through it; without, what was kept of it is all there is: its
  // text.
  Game game;
  Match match;
  std::string text = finished.text;
  GameRules* rules = rules_for(finished.plan.game_id);
  const bool replayable = rules != nullptr;
  const std::string name = finished.game_name.empty() ? finished.plan.game_id : finished.game_name;
  if (replayable) {
    if (!open_game(finished.plan.game_id, &game, rules)) return;
    MatchPlan plan = finished.plan;
    plan.settings.assign(finished.state.settings().begin(), finished.state.settings().end());
    plan.game_number = finished.state.game_number();
    Failure f = Match::build(*rules, plan, {finished.state.moves().begin(), finished.state.moves().end()}, &match);
    if (!f && finished.state.resigned_seat() != 0) f = match.resign(*rules, finished.state.resigned_seat());
    if (f) {
      error(say("history.unreadable", {{"reason", explain(f, &game)}}));
      return;
    }
    text = match.game_text(text_header(finished.plan, finished.finished_at));
  } else if (text.empty()) {
    error(offline_ ? say("offline.game_needs_host", {{"reason", no_rules_here(name)}})
                   : say("history.game_gone", {{"game", name}}));
    return;
  }

  const Args words = {{"replay", command_word(Command::kReplay, ui_)},
                      {"export", command_word(Command::kExport, ui_)},
                      {"save", command_word(Command::kSave, ui_)}};
  if (titled) con_.line(con_.style().paint(history_row(finished), Tone::kTitle));
  for (;;) {
    con_.line(wrap(say("history.actions", words), opt_.width, "", ""));
    auto in = con_.ask(say("history.action_prompt") + " ");
    if (in.status != Console::Status::kLine || in.text.empty()) return;
    auto cmd = parse_command(in.text, ui_);
    if (!cmd) {
      error(say("history.bad_action", {{"input", in.text}}));
      continue;
    }
    switch (cmd->command) {
      case Command::kReplay:
        if (replayable) replay(game, match);
        else if (offline_)
          error(say("offline.replay_needs_host",
                    {{"reason", no_rules_here(name)}, {"export", words.at("export")}, {"save", words.at("save")}}));
        else
          error(say("history.game_gone", {{"game", name}}));
        break;
      case Command::kExport: con_.line(text); break;
      case Command::kSave: save_game_text(text, game_text_file(finished)); break;
      case Command::kBack:
      case Command::kMenu:
      case Command::kQuit: return;
      default: error(say("history.bad_action", {{"input", in.text}})); break;
    }
  }
}

namespace {

// Where a game text goes by default: the user's documents, else home, else
// the folder the client was started in.
fs::path text_folder() {
  const char* home = std::getenv("HOME");
  if (home == nullptr || *home != '/') return {};
  std::error_code ec;
  if (const char* documents = std::getenv("XDG_DOCUMENTS_DIR"); documents && *documents == '/' &&
                                                                 fs::is_directory(documents, ec))
    return documents;
  if (fs::is_directory(fs::path(home) / "Documents", ec)) return fs::path(home) / "Documents";
  return home;
}

// "~/games/x.txt" as a shell would read it.
fs::path expand_home(const std::string& typed) {
  const char* home = std::getenv("HOME");
  if (home != nullptr && *home == '/' && (typed == "~" || typed.rfind("~/", 0) == 0))
    return fs::path(home) / typed.substr(std::min<std::size_t>(typed.size(), 2));
  return typed;
}

bool is_tag_line(const std::string& line) {
  const std::size_t first = line.find_first_not_of(" \t");
  return first != std::string::npos && line[first] == '[';
}

}  // namespace

void Session::save_game_text(const std::string& text, const std::string& name) {
  const std::string suggested = (text_folder() / name).string();
  auto in = con_.ask(say("history.file_prompt", {{"file", suggested}}) + " ");
  if (in.status != Console::Status::kLine) return;
  const fs::path file = in.text.empty() ? fs::path(suggested) : expand_home(in.text);
  std::error_code ec;
  if (fs::exists(file, ec)) {
    auto replace = ask_yes_no(say("history.file_exists", {{"file", file.string()}}), false);
    if (!replace || !*replace) return;
  }
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << text << "\n";
  out.close();
  if (!out) {
    error(say("history.file_failed", {{"file", file.string()}, {"reason", std::strerror(errno)}}));
    return;
  }
  con_.line(say("history.file_written", {{"file", file.string()}}));
}

void Session::import_game_text() {
  for (;;) {
    auto in = con_.ask(say("history.import_prompt") + " ");
    if (in.status != Console::Status::kLine || in.text.empty()) return;
    // A pasted text with a header comes a line at a time: its tag lines,
    // then the moves line, which ends it.
    std::string text = in.text;
    for (std::string line = in.text; is_tag_line(line);) {
      auto more = con_.ask(say("history.import_more") + " ");
      if (more.status != Console::Status::kLine) break;
      line = more.text;
      text += "\n" + line;
    }
    if (replay_game_text(text)) return;
    // Refused: asked again, with a one-line text on the line to be put
    // right; a header and its moves do not fit on one line.
    if (text == in.text) con_.offer(in.text);
  }
}

bool Session::replay_game_text(const std::string& input) {
  std::string text = input;
  std::error_code ec;
  if (text.find(':') == std::string::npos || fs::is_regular_file(text, ec)) {
    const fs::path file(input);
    if (!fs::is_regular_file(file, ec) || fs::file_size(file, ec) > kMaxGameTextBytes) {
      error(say("history.not_a_text", {{"input", input}}));
      return false;
    }
    std::ifstream f(file, std::ios::binary);
    std::ostringstream read;
    read << f.rdbuf();
    if (!f) {
      error(say("history.file_unreadable", {{"file", file.string()}, {"reason", std::strerror(errno)}}));
      return false;
    }
    text = read.str();
  }
  GameText parsed;
  if (GameTextProblem p = read_game_text(text, &parsed); !p.key.empty()) {
    error(say("history.bad_text", {{"reason", say(p.key, p.args)}}));
    return false;
  }
  // Checked by the host, or without one by the game's plugin here: the
  // same rules either way.
  GameRules* rules = rules_for(parsed.game_id);
  if (!rules) {
    error(offline_ ? no_rules_here(parsed.game_id) : unknown_game(parsed.game_id));
    return false;
  }
  Game game;
  if (!open_game(parsed.game_id, &game, rules)) return false;
  MatchPlan plan = plan_for(game, Mode::kTwoPlayers);
  // The seats are named by the text's header, never by the last people who
  // shared this screen; without a header, they are "Player 1"...
  for (std::uint32_t seat = 1; seat <= plan.seats.size(); ++seat) {
    const std::string name = parsed.tag("Seat" + std::to_string(seat));
    plan.seats[seat - 1].name = valid_player_name(name) ? name : "";
  }
  if (GameTextProblem p = settings_of(parsed, game.info, &plan.settings); !p.key.empty()) {
    error(say("history.bad_text", {{"reason", say(p.key, p.args)}}));
    return false;
  }
  plan.game_number = parsed.game_number;
  Match match;
  if (Failure f = Match::build(*rules, plan, {}, &match)) {
    error(say("history.bad_text", {{"reason", explain(f, &game)}}));
    return false;
  }
  for (std::size_t i = 0; i < parsed.moves.size(); ++i) {
    const std::string& typed = parsed.moves[i];
    std::vector<v1::Move> moves;
    Failure f = match.legal_moves(*rules, &moves);
    auto move = std::find_if(moves.begin(), moves.end(), [&](const v1::Move& m) { return m.notation() == typed; });
    if (!f && move == moves.end()) {
      error(say("history.illegal_move", {{"number", std::to_string(i + 1)}, {"move", typed}}));
      return false;
    }
    if (!f) f = match.play(*rules, move->id());
    if (f) {
      error(say("history.bad_text", {{"reason", explain(f, &game)}}));
      return false;
    }
  }
  if (parsed.resigned_seat != 0) {
    if (Failure f = match.resign(*rules, parsed.resigned_seat)) {
      error(say("history.bad_text", {{"reason", explain(f, &game)}}));
      return false;
    }
  }
  con_.line(say("history.imported", {{"game", game.info.name()},
                                     {"moves", std::to_string(match.played().size())}}));
  replay(game, match);
  return true;
}

}  // namespace game_client
