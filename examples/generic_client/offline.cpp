// The part of the session that needs no host: when none answers at start,
// the finished games (written out as game texts) and the scoreboard, which
// are all kept on this device, until a host answers. Replaying a game and
// checking a game text need the game's rules: without a host, its plugin
// is loaded here (local_rules.h).
#include <chrono>

#include "commands.h"
#include "session.h"

namespace game_client {

bool Session::offline() {
  offline_ = true;
  enum Item { kHistory = 1, kScore, kImport, kRetry, kQuit = 0 };
  const std::vector<std::pair<Item, std::string>> items = {{kHistory, say("menu.history")},
                                                           {kScore, say("menu.scoreboard")},
                                                           {kImport, say("menu.import")},
                                                           {kRetry, say("offline.retry")},
                                                           {kQuit, say("menu.quit")}};
  for (;;) {
    con_.line();
    con_.line(con_.style().paint(say("offline.title"), Tone::kTitle));
    for (const auto& [item, label] : items) con_.line("  " + std::to_string(int(item)) + ". " + label);
    auto in = con_.ask(say("menu.choose") + " ");
    if (in.status != Console::Status::kLine) return false;
    if (auto cmd = parse_command(in.text, ui_); cmd && cmd->command == Command::kQuit) return false;
    switch (parse_number(in.text).value_or(-1)) {
      case kHistory: show_history(); break;
      case kScore: {
        const std::vector<std::string> ids = data_.scoreboard.games();
        if (ids.empty()) con_.line(say("offline.no_scores"));
        for (const std::string& id : ids) {
          std::string name = id;
          for (const FinishedGame& g : data_.history.all())
            if (g.plan.game_id == id && !g.game_name.empty()) name = g.game_name;
          show_scores(id, name);
        }
        break;
      }
      case kImport: import_game_text(); break;
      case kRetry:
        if (!host_.connect(std::chrono::seconds(5))) {
          offline_ = false;
          return true;
        }
        error(say("app.unreachable", {{"host", host_.address()}}));
        break;
      case kQuit: return false;
      default: error(say("menu.bad_item", {{"numbers", "1, 2, 3, 4, 0"}})); break;
    }
  }
}

LocalRules& Session::local_rules() {
  if (!local_) local_ = std::make_unique<LocalRules>(opt_.plugin_dir);
  return *local_;
}

GameRules* Session::rules_for(const std::string& game_id) {
  if (!offline_ && served(game_id)) return &host_;
  // A game the host does not serve (a text from elsewhere, a game from
  // another host) is replayed here too when its plugin is.
  if (LocalRules& local = local_rules(); local.serves(game_id)) return &local;
  return nullptr;
}

std::string Session::no_rules_here(const std::string& game) {
  const LocalRules& local = local_rules();
  const std::string folder = local.folder().string();
  if (folder.empty()) return say("local.no_folder");
  if (!local.problem().empty()) return say("local.unreadable", {{"folder", folder}, {"reason", local.problem()}});
  const std::vector<std::string> ids = local.game_ids();
  if (ids.empty()) return say("local.no_plugins", {{"folder", folder}});
  return say("local.unknown_game", {{"game", game}, {"folder", folder}, {"games", join(ids, ", ")}});
}

}  // namespace game_client
