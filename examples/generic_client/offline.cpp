// The part of the session that needs no host: when none answers at start,
// the finished games (written out as game texts) and the scoreboard, which
// are all kept on this device, until a host answers.
#include <chrono>

#include "commands.h"
#include "session.h"

namespace game_client {

bool Session::offline() {
  offline_ = true;
  enum Item { kHistory = 1, kScore, kRetry, kQuit = 0 };
  const std::vector<std::pair<Item, std::string>> items = {{kHistory, say("menu.history")},
                                                           {kScore, say("menu.scoreboard")},
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
      case kRetry:
        if (!host_.connect(std::chrono::seconds(5))) {
          offline_ = false;
          return true;
        }
        error(say("app.unreachable", {{"host", host_.address()}}));
        break;
      case kQuit: return false;
      default: error(say("menu.bad_item", {{"numbers", "1, 2, 3, 0"}})); break;
    }
  }
}

}  // namespace game_client
