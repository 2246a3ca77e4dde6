// The part of the session that keeps unfinished games: saved after every
// move, one per game and opponent, resumed on request, and removed only
// when finished or abandoned after asking.
#include <algorithm>

#include "session.h"

namespace game_client {

void Session::save() {
  if (!store_) return;
  std::string problem = store_->save(data_);
  if (!problem.empty() && !save_failed_) error(say("app.save_failed", {{"reason", problem}}));
  save_failed_ = !problem.empty();
}

std::string Session::saved_line(std::string_view key) const { return saved() ? say(key) : say("app.not_saved"); }

void Session::keep_unfinished(const Match& match) {
  if (match.plan().mode == Mode::kDemo || match.over()) return;
  data_.unfinished.keep(SavedGame{match.plan(), match.state()});
  save();
}

void Session::drop_unfinished(const MatchPlan& plan) {
  if (data_.unfinished.remove(plan)) save();
}

void Session::set_aside(const MatchPlan& plan) {
  const SavedGame* held = data_.unfinished.find(plan);
  if (!held) return;
  data_.set_aside.push_back(*held);
  data_.unfinished.remove(plan);
  save();
}

std::string Session::saved_label(const SavedGame& game) const {
  return say("saved.item", {{"mode", mode_name(game.plan)}, {"move", std::to_string(game.state.moves_size() + 1)}});
}

std::optional<Session::Next> Session::offer_return() {
  const OnlineSeat* newest = nullptr;
  for (const OnlineSeat& s : data_.online_seats)
    if (s.host == host_.address() && served(s.game_id)) newest = &s;
  if (!newest) return std::nullopt;
  const OnlineSeat seat = *newest;
  auto yes = ask_yes_no(say("resume.table_question", {{"game", served(seat.game_id)->name()},
                                                      {"seat", std::to_string(seat.seat)},
                                                      {"code", seat.invite_code}}),
                        true);
  if (!yes) return Next::kQuit;
  if (!*yes) {
    con_.line(say("resume.table_kept"));
    return std::nullopt;
  }
  table_game_id_ = seat.game_id;
  return return_to_table(seat);
}

std::optional<Session::Next> Session::offer_resume() {
  if (data_.unfinished.empty()) return std::nullopt;
  const SavedGame saved = data_.unfinished.all().back();  // the newest
  const v1::GameInfo* info = served(saved.plan.game_id);
  if (!info) {
    con_.line(say("resume.game_gone", {{"game", saved.plan.game_id}}));
    return std::nullopt;
  }
  auto yes = ask_yes_no(say("resume.question", {{"game", info->name()},
                                                {"mode", mode_name(saved.plan)},
                                                {"move", std::to_string(saved.state.moves_size() + 1)}}),
                        true);
  if (!yes) return Next::kQuit;
  if (!*yes) {
    con_.line(say("resume.kept"));
    return std::nullopt;
  }
  Game game;
  if (!open_game(saved.plan.game_id, &game)) return Next::kMenu;
  return resume(game, saved);
}

Session::Next Session::resume(Game& game, const SavedGame& saved) {
  return run_series(game, saved.plan, saved_moves(saved));
}

std::optional<SavedGame> Session::pick_saved(const Game& game, std::string_view question) {
  const std::vector<SavedGame> games = data_.unfinished.of_game(game.info.id());
  if (games.size() <= 1) return games.empty() ? std::nullopt : std::optional(games.front());
  for (std::size_t i = 0; i < games.size(); ++i)
    con_.line("  " + std::to_string(i + 1) + ". " + saved_label(games[i]));
  auto n = choose(question, 1, int(games.size()), int(games.size()));
  if (!n) return std::nullopt;
  return games[std::size_t(*n - 1)];
}

void Session::abandon(const SavedGame& saved) {
  const bool cpu = saved.plan.mode == Mode::kAgainstCpu;
  const Args args = {{"game", saved_label(saved)}};
  auto sure = ask_yes_no(say(cpu ? "abandon.confirm_cpu" : "abandon.confirm", args), false);
  if (!sure || !*sure) {
    con_.line(say("abandon.kept"));
    return;
  }
  if (cpu) data_.scoreboard.count(saved.plan, abandoned_outcome(saved.plan));
  data_.unfinished.remove(saved.plan);
  save();
  con_.line(saved_line(cpu ? "abandon.done_cpu" : "abandon.done"));
}

bool Session::settle_slot(const Game& game, MatchPlan* plan, std::vector<std::uint32_t>* moves) {
  const SavedGame* held = data_.unfinished.find(*plan);
  if (!held) return true;
  const SavedGame saved = *held;
  con_.line(say("saved.slot_taken", {{"game", game.info.name()}, {"saved", saved_label(saved)}}));
  auto again = ask_yes_no(say("saved.resume_instead"), true);
  if (!again) return false;
  if (*again) {
    *plan = saved.plan;
    *moves = saved_moves(saved);
    return true;
  }
  abandon(saved);
  return data_.unfinished.find(*plan) == nullptr;
}

}  // namespace game_client
