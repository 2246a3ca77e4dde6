#include "session.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <unistd.h>

#include "client_strings.h"
#include "commands.h"
#include "coordinates.h"
#include "game_settings.h"
#include "rules_view.h"
#include "scoreboard.h"

namespace game_client {
namespace {

using namespace std::chrono_literals;

constexpr Level kLevels[] = {v1::SuggestMoveRequest::NOVATO, v1::SuggestMoveRequest::NORMAL,
                             v1::SuggestMoveRequest::EXPERTO};

std::string upper_ascii(std::string text) {
  for (char& c : text)
    if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
  return text;
}

}  // namespace

Session::Session(Console& console, HostLink& host, Options options)
    : con_(console), host_(host), opt_(std::move(options)), ui_(client_catalog(opt_.language.locale)) {
  if (!opt_.data_dir.empty()) store_.emplace(opt_.data_dir);
  host_.set_outage_policy({[this](int attempt) { return wait_for_host(attempt); },
                           [this] { con_.line(con_.style().paint(say("host.back"), Tone::kGood)); }});
}

bool Session::wait_for_host(int attempt) {
  // Long enough for a host to be restarted by hand.
  constexpr auto kPatience = std::chrono::minutes(2);
  const auto now = std::chrono::steady_clock::now();
  if (attempt == 1) {
    host_lost_ = now;
    left_outage_ = LeftOutage::kNo;
    error(say("host.away", {{"menu", command_word(Command::kMenu, ui_)}}));
  }
  if (now - host_lost_ > kPatience) {
    left_outage_ = LeftOutage::kGaveUp;  // the caller says what became of its request
    return false;
  }
  const std::chrono::milliseconds pause = backoff_delay(attempt);
  Console::Input in = con_.wait(pause);
  if (in.status == Console::Status::kEnd) {
    // No one can type "menu" any more: keep trying, within patience.
    std::this_thread::sleep_for(pause);
    return true;
  }
  if (in.status == Console::Status::kLine) {
    auto cmd = parse_command(in.text, ui_);
    // The caller says what became of the game.
    if (cmd && (cmd->command == Command::kMenu || cmd->command == Command::kQuit || cmd->command == Command::kBack)) {
      left_outage_ = LeftOutage::kAsked;
      return false;
    }
    error(say("host.still_away", {{"menu", command_word(Command::kMenu, ui_)}}));
  }
  return true;
}

// ---------------------------------------------------------------- start-up

int Session::run() {
  con_.line(con_.style().paint(say("app.title"), Tone::kTitle));
  if (store_) {
    const Store::Claim claim = store_->claim();
    const std::string folder = store_->file().parent_path().string();
    if (claim.status == Store::Claim::Status::kInUse) {
      error(say("app.data_in_use", {{"folder", folder},
                                    {"process", claim.holder > 0 ? std::to_string(claim.holder) : "?"}}));
      return 1;
    }
    // Saves say for themselves whether the folder can be written.
    if (claim.status == Store::Claim::Status::kFailed)
      error(say("app.data_unlocked", {{"folder", folder}, {"reason", claim.problem}}));
    else
      con_.keep_line_history((store_->file().parent_path() / "line-history").string());
  }
  if (store_) {
    Store::Loaded loaded = store_->load();
    if (!loaded.problem.empty()) {
      if (!loaded.set_aside.empty()) {
        error(say("app.data_unreadable", {{"file", store_->file().string()},
                                          {"reason", loaded.problem},
                                          {"moved", loaded.set_aside.string()}}));
      } else {
        error(say("app.data_unreadable_kept",
                  {{"file", store_->file().string()}, {"reason", loaded.problem}}));
        store_.reset();
      }
    }
    data_ = std::move(loaded.data);
  } else {
    con_.line(say("app.no_storage"));
  }

  if (host_.connect(5s)) {
    error(say("app.unreachable", {{"host", host_.address()}}));
    // What is kept here needs no host, nor does a game text whose game's
    // plugin is here.
    if (data_.history.empty() && data_.scoreboard.games().empty() && local_rules().game_ids().empty()) return 1;
    if (!offline()) {
      con_.line(say("app.bye"));
      return 0;
    }
  }
  v1::ListGamesRequest request;
  request.set_locale(opt_.language.requested.empty() ? opt_.language.locale : opt_.language.requested);
  v1::ListGamesResponse response;
  if (Failure f = host_.list_games(request, &response)) {
    error(explain(f, nullptr));
    return 1;
  }
  games_.assign(response.games().begin(), response.games().end());
  if (games_.empty()) {
    error(say("app.no_games", {{"host", host_.address()}}));
    return 1;
  }
  if (!opt_.game_id.empty() && !served(opt_.game_id)) {
    error(unknown_game(opt_.game_id));
    return 2;
  }

  // --standings, --player and the transfers: said, and the end.
  if (auto status = run_player_option()) return *status;

  std::string game_id = opt_.game_id;
  const std::string unfinished_game = data_.unfinished.empty() ? "" : data_.unfinished.all().back().plan.game_id;
  const bool online_start = opt_.create || opt_.play_now || !opt_.join.empty() || !opt_.watch.empty();
  // A table is live, a local game waits: the table is offered first.
  std::optional<Next> offered;
  std::string offered_game;
  if (!online_start && (offered = offer_return())) offered_game = table_game_id_;
  else if (!online_start && (offered = offer_resume())) offered_game = unfinished_game;
  if (offered) {
    if (*offered == Next::kQuit) {
      con_.line(say("app.bye"));
      return 0;
    }
    if (game_id.empty()) game_id = offered_game;  // back to that game's menu
  }

  // --join and --watch name a table, which names its game.
  if (!opt_.join.empty() || !opt_.watch.empty()) {
    const bool joining = !opt_.join.empty();
    const Next next = joining ? join_table(opt_.join) : watch_table(opt_.watch);
    opt_.join.clear();
    opt_.watch.clear();
    if (online_failed_) return 1;
    if (next == Next::kQuit) {
      con_.line(say("app.bye"));
      return 0;
    }
    if (game_id.empty()) game_id = table_game_id_;  // back to that game's menu
  }

  for (;;) {
    if (game_id.empty() && games_.size() == 1) game_id = games_.front().id();
    if (game_id.empty()) {
      con_.line();
      con_.line(con_.style().paint(say("menu.games_title"), Tone::kTitle));
      for (std::size_t i = 0; i < games_.size(); ++i)
        con_.line("  " + std::to_string(i + 1) + ". " + games_[i].name() + "  (" + games_[i].id() + ")");
      int fallback = 1;
      for (std::size_t i = 0; i < games_.size(); ++i)
        if (games_[i].id() == kFlagshipGame) fallback = int(i) + 1;
      auto choice = choose(say("menu.choose_game"), 1, int(games_.size()), fallback);
      if (!choice) return 0;
      game_id = games_[std::size_t(*choice - 1)].id();
    }
    Game game;
    if (!open_game(game_id, &game)) return 1;
    if (opt_.create || opt_.play_now) {
      const Next next = opt_.create ? open_table(game, /*ask=*/false) : play_now(game, /*ask=*/false);
      opt_.create = opt_.play_now = false;
      if (online_failed_) return 1;
      if (next == Next::kQuit) {
        con_.line(say("app.bye"));
        return 0;
      }
    }
    if (opt_.mode) {
      const Mode mode = *opt_.mode;
      opt_.mode.reset();
      MatchPlan plan = plan_for(game, mode);
      if (mode == Mode::kTwoPlayers) {
        auto named = plan_two_players(game);
        if (!named) return 0;
        plan = *named;
      }
      if (opt_.seat > plan.seats.size()) {
        error(say("app.bad_seat", {{"game", game.info.name()},
                                   {"seat", std::to_string(opt_.seat)},
                                   {"last", std::to_string(plan.seats.size())}}));
        return 2;
      }
      if (mode == Mode::kAgainstCpu) {
        const std::uint32_t seat = opt_.seat ? opt_.seat : 1;
        for (std::uint32_t s = 1; s <= plan.seats.size(); ++s) plan.seats[s - 1].human = s == seat;
      }
      if (mode == Mode::kDemo) single_demo_ = true;
      const Next next = run_series(game, plan);
      if (mode == Mode::kDemo) return 0;  // its result line is the last word
      if (next == Next::kQuit) {
        con_.line(say("app.bye"));
        return 0;
      }
    }
    if (!game_menu(game)) {
      con_.line(say("app.bye"));
      return 0;
    }
    game_id.clear();
  }
}

bool Session::open_game(const std::string& game_id, Game* out, GameRules* from) {
  GameRules& source = from ? *from : host_;
  const std::string locale =
      opt_.language.requested.empty() ? opt_.language.locale : opt_.language.requested;
  v1::DescribeGameRequest describe;
  describe.set_game_id(game_id);
  describe.set_locale(locale);
  v1::DescribeGameResponse description;
  if (Failure f = source.describe_game(describe, &description)) {
    error(explain(f, nullptr));
    return false;
  }
  v1::GetRulesRequest rules_request;
  rules_request.set_game_id(game_id);
  rules_request.set_locale(locale);
  v1::GetRulesResponse rules;
  Game game;
  game.info = description.game();
  // Without its documents a game is still playable; its sentences then
  // show as their keys.
  if (Failure f = source.get_rules(rules_request, &rules)) {
    error(say("rules.unavailable", {{"game", game.info.name()}, {"reason", explain(f, nullptr)}}));
  } else {
    game.rules = rules.document();
    game.text = Catalog(game.rules);
  }

  // The values chosen before, when they still fit the schema; the
  // defaults otherwise.
  std::vector<v1::Setting> saved = data_.settings[game_id];
  for (const v1::SettingSpec& spec : game.info.settings()) {
    v1::Setting s;
    s.set_id(spec.id());
    *s.mutable_value() = spec.default_value();
    for (const v1::Setting& mine : saved)
      if (mine.id() == spec.id() && spec.changeable() && allowed(spec, mine.value()))
        *s.mutable_value() = mine.value();
    game.settings.push_back(s);
  }
  *out = std::move(game);
  return true;
}

// ---------------------------------------------------------------- menus

bool Session::game_menu(Game& game) {
  enum Item {
    kTwo = 1, kCpu, kOpenTable, kJoinTable, kWatchTable, kDemo, kSettings, kRules, kScore, kResume,
    kAbandon, kReturn, kHistory, kImport, kOtherGame,
    // The club's player (docs/players.md): new entries go last, so that
    // no number changes.
    kPlayNow, kPlayersWaiting, kStandings, kRatings, kTransferOut, kTransferIn,
    kQuit = 0
  };
  for (;;) {
    con_.line();
    con_.line(con_.style().paint(say("menu.game_title", {{"game", game.info.name()}}), Tone::kTitle));
    std::vector<std::pair<Item, std::string>> items = {
        {kTwo, say("menu.two_players")},         {kCpu, say("menu.against_cpu")},
        {kOpenTable, say("menu.open_table")},    {kJoinTable, say("menu.join_table")},
        {kWatchTable, say("menu.watch_table")},  {kDemo, say("menu.demo")},
        {kSettings, say("menu.settings")},       {kRules, say("menu.rules")},
        {kScore, say("menu.scoreboard")}};
    const bool resumable = !data_.unfinished.of_game(game.info.id()).empty();
    if (resumable) items.push_back({kResume, say("menu.resume")});
    if (resumable) items.push_back({kAbandon, say("menu.abandon")});
    const OnlineSeat* seat = saved_seat(game.info.id());
    if (seat) items.push_back({kReturn, say("menu.return_to_table", {{"code", seat->invite_code}})});
    if (!data_.history.empty()) items.push_back({kHistory, say("menu.history")});
    items.push_back({kImport, say("menu.import")});
    if (games_.size() > 1) items.push_back({kOtherGame, say("menu.other_game")});
    items.push_back({kPlayNow, say("menu.play_now")});
    items.push_back({kPlayersWaiting, say("menu.players_waiting")});
    items.push_back({kStandings, say("menu.standings")});
    items.push_back({kRatings, say("menu.ratings")});
    // Only a player this device holds can move.
    if (kept_player()) items.push_back({kTransferOut, say("menu.transfer_out")});
    items.push_back({kTransferIn, say("menu.transfer_in")});
    items.push_back({kQuit, say("menu.quit")});
    // Each entry keeps its number whichever others show, so that a hand
    // that learned "13" for the finished games keeps it; 0 is "quit".
    std::vector<int> numbers;
    for (std::size_t i = 0; i < items.size(); ++i) {
      numbers.push_back(int(items[i].first));
      con_.line("  " + std::to_string(numbers.back()) + ". " + items[i].second);
    }
    std::optional<Item> choice;
    for (;;) {
      auto in = con_.ask(say("menu.choose") + " ");
      if (in.status != Console::Status::kLine) return false;
      if (auto cmd = parse_command(in.text, ui_); cmd && cmd->command == Command::kQuit) return false;
      auto n = parse_number(in.text);
      if (auto at = n ? std::find(numbers.begin(), numbers.end(), *n) : numbers.end(); at != numbers.end()) {
        choice = items[std::size_t(at - numbers.begin())].first;
        break;
      }
      std::vector<std::string> shown;
      for (int k : numbers) shown.push_back(std::to_string(k));
      error(say("menu.bad_item", {{"numbers", join(shown, ", ")}}));
    }
    Next next = Next::kMenu;
    switch (*choice) {
      case kTwo:
        if (auto plan = plan_two_players(game)) next = run_series(game, *plan);
        break;
      case kCpu:
        if (auto plan = plan_against_cpu(game)) next = run_series(game, *plan);
        break;
      case kDemo:
        if (auto plan = plan_demo(game)) next = run_series(game, *plan);
        break;
      case kResume:
        if (auto saved = pick_saved(game, say("saved.which_resume"))) next = resume(game, *saved);
        break;
      case kAbandon:
        if (auto saved = pick_saved(game, say("saved.which_abandon"))) abandon(*saved);
        break;
      case kOpenTable: next = open_table(game, /*ask=*/true); break;
      case kJoinTable:
      case kWatchTable: {
        auto in = con_.ask(say(*choice == kJoinTable ? "online.ask_code" : "online.ask_watch") + " ");
        if (in.status != Console::Status::kLine) return false;
        if (in.text.empty()) break;
        next = *choice == kJoinTable ? join_table(in.text) : watch_table(in.text);
        break;
      }
      case kReturn: {
        const OnlineSeat saved = *seat;
        next = return_to_table(saved);
        break;
      }
      case kSettings: settings_menu(game); break;
      case kRules: show_rules(game); break;
      case kScore: show_scoreboard(game); break;
      case kHistory: show_history(); break;
      case kImport: import_game_text(); break;
      case kOtherGame: return true;
      case kPlayNow: next = play_now(game, /*ask=*/true); break;
      case kPlayersWaiting: next = players_waiting(game); break;
      case kStandings: show_standings(game.info.id()); break;
      case kRatings: show_player(""); break;
      case kTransferOut: transfer_out(); break;
      case kTransferIn: {
        auto in = con_.ask(say("transfer.ask_code") + " ");
        if (in.status != Console::Status::kLine) return false;
        if (!in.text.empty()) transfer_in(in.text);
        break;
      }
      case kQuit: return false;
    }
    if (next == Next::kQuit) return false;
  }
}

const v1::GameInfo* Session::served(const std::string& game_id) const {
  auto it = std::find_if(games_.begin(), games_.end(), [&](const v1::GameInfo& g) { return g.id() == game_id; });
  return it == games_.end() ? nullptr : &*it;
}

std::string Session::unknown_game(const std::string& game_id) const {
  std::vector<std::string> ids;
  for (const v1::GameInfo& g : games_) ids.push_back(g.id());
  return say("app.unknown_game", {{"game", game_id}, {"games", join(ids, ", ")}});
}

MatchPlan Session::plan_for(const Game& game, Mode mode) const {
  MatchPlan plan;
  plan.game_id = game.info.id();
  plan.mode = mode;
  plan.settings = game.settings;
  plan.game_number = 1;
  const std::uint32_t seats = std::max<std::uint32_t>(game.info.max_players(), 2);
  for (std::uint32_t s = 0; s < seats; ++s) plan.seats.push_back({mode == Mode::kTwoPlayers, opt_.level, ""});
  return plan;
}

std::optional<MatchPlan> Session::plan_two_players(const Game& game) {
  MatchPlan plan = plan_for(game, Mode::kTwoPlayers);
  if (opt_.names.size() == plan.seats.size()) {
    for (std::size_t i = 0; i < plan.seats.size(); ++i) plan.seats[i].name = opt_.names[i];
    return plan;
  }
  const std::vector<std::string>& last = data_.two_player_names;
  std::vector<std::string> names;
  for (std::uint32_t seat = 1; seat <= plan.seats.size(); ++seat) {
    const std::string fallback = seat <= last.size() ? last[seat - 1] : "";
    for (;;) {
      const std::string shown = fallback.empty() ? say("player.seat", {{"seat", std::to_string(seat)}}) : fallback;
      auto in = con_.ask(say("names.ask", {{"seat", std::to_string(seat)}, {"default", shown}}) + " ");
      if (in.status != Console::Status::kLine) return std::nullopt;
      const std::string name = in.text.empty() ? fallback : in.text;
      if (!name.empty() && !valid_player_name(name)) {
        error(say("names.bad"));
        continue;
      }
      if (!name.empty() && std::find(names.begin(), names.end(), name) != names.end()) {
        error(say("names.same"));
        continue;
      }
      names.push_back(name);
      break;
    }
  }
  for (std::size_t i = 0; i < names.size(); ++i) plan.seats[i].name = names[i];
  if (names != last) {
    data_.two_player_names = names;
    save();
  }
  return plan;
}

std::optional<MatchPlan> Session::plan_against_cpu(const Game& game) {
  auto level = choose_level(say("level.question"));
  if (!level) return std::nullopt;
  std::uint32_t seat = opt_.seat <= std::max<std::uint32_t>(game.info.max_players(), 2) ? opt_.seat : 0;
  if (seat == 0) {
    auto first = ask_yes_no(say("cpu.you_open"), true);
    if (!first) return std::nullopt;
    seat = *first ? 1 : 2;
  }
  MatchPlan plan = plan_for(game, Mode::kAgainstCpu);
  for (std::uint32_t s = 1; s <= plan.seats.size(); ++s) {
    plan.seats[s - 1].human = s == seat;
    plan.seats[s - 1].level = *level;
  }
  return plan;
}

std::optional<MatchPlan> Session::plan_demo(const Game& game) {
  MatchPlan plan = plan_for(game, Mode::kDemo);
  for (std::uint32_t s = 1; s <= plan.seats.size(); ++s) {
    auto level = choose_level(say("level.seat_question", {{"seat", std::to_string(s)}}));
    if (!level) return std::nullopt;
    plan.seats[s - 1].level = *level;
  }
  return plan;
}

void Session::settings_menu(Game& game) {
  for (;;) {
    con_.line();
    con_.line(con_.style().paint(say("settings.title", {{"game", game.info.name()}}), Tone::kTitle));
    const int count = game.info.settings_size();
    for (int i = 0; i < count; ++i) {
      const v1::SettingSpec& spec = game.info.settings(i);
      std::string row = "  " + std::to_string(i + 1) + ". " + spec.label() + ": " +
                        value_label(spec, game.settings[std::size_t(i)].value());
      if (!spec.changeable()) row += " " + con_.style().paint(say("settings.fixed"), Tone::kDim);
      con_.line(row);
    }
    auto in = con_.ask(say("settings.choose") + " ");
    if (in.status != Console::Status::kLine || in.text.empty()) return;
    if (auto cmd = parse_command(in.text, ui_);
        cmd && (cmd->command == Command::kBack || cmd->command == Command::kQuit || cmd->command == Command::kMenu))
      return;
    auto n = parse_number(in.text);
    if (!n || *n < 1 || *n > count) {
      error(say("menu.bad_choice", {{"first", "1"}, {"last", std::to_string(count)}}));
      continue;
    }
    const v1::SettingSpec& spec = game.info.settings(*n - 1);
    if (!spec.changeable()) {
      error(say("settings.fixed_refused", {{"setting", spec.label()}}));
      continue;
    }
    con_.line(wrap(spec.description(), opt_.width, "     ", "     "));
    for (int k = 0; k < spec.allowed_values_size(); ++k)
      con_.line("     " + std::to_string(k + 1) + ". " + spec.allowed_values(k).label());
    auto value = choose(say("settings.choose_value", {{"setting", spec.label()}}), 1,
                        spec.allowed_values_size(), 0);
    if (!value) continue;
    *game.settings[std::size_t(*n - 1)].mutable_value() = spec.allowed_values(*value - 1).value();
    data_.settings[game.info.id()] = game.settings;
    save();
    con_.line(con_.style().paint(
        say("settings.changed", {{"setting", spec.label()}, {"value", spec.allowed_values(*value - 1).label()}}),
        Tone::kGood));
  }
}

void Session::show_rules(const Game& game) {
  if (game.rules.title().empty()) {
    error(say("rules.none", {{"game", game.info.name()}}));
    return;
  }
  const std::string page = render_rules(game.rules, con_.style(), std::min<std::size_t>(opt_.width - 1, 100));
  // A pager on a terminal; the page as it is anywhere else.
  if (opt_.interactive && isatty(STDOUT_FILENO)) {
    const char* pager = std::getenv("PAGER");
    std::string command = pager && *pager ? pager : "less -FRX";
    ::setenv("LESSCHARSET", "utf-8", /*overwrite=*/0);  // the page is UTF-8 whatever the locale says
    con_.out() << std::flush;
    if (FILE* pipe = ::popen(command.c_str(), "w")) {
      std::fwrite(page.data(), 1, page.size(), pipe);
      if (::pclose(pipe) == 0) return;
    }
  }
  con_.out() << page;
}

void Session::show_scoreboard(const Game& game) { show_scores(game.info.id(), game.info.name()); }

void Session::show_scores(const std::string& game_id, const std::string& name) {
  con_.line();
  con_.line(con_.style().paint(say("score.title", {{"game", name}}), Tone::kTitle));
  for (Level level : kLevels) {
    const Record r = data_.scoreboard.record(game_id, Scoreboard::cpu_key(level));
    con_.line("  " + say("score.cpu_line", {{"level", level_name(level)},
                                           {"wins", std::to_string(r.wins)},
                                           {"draws", std::to_string(r.draws)},
                                           {"losses", std::to_string(r.losses)},
                                           {"points", points_number(r.points())}}));
  }
  for (const auto& [key, r] : data_.scoreboard.records(game_id)) {
    const auto people = Scoreboard::people(key);
    if (key == Scoreboard::kTwoPlayers || people.size() == 2)
      con_.line("  " + two_players_line(people, r));
  }
}

std::string Session::two_players_line(const std::vector<std::string>& people, const Record& r) const {
  const bool named = people.size() == 2;
  return say("score.two_line", {{"first", named ? people[0] : say("player.seat", {{"seat", "1"}})},
                                {"second", named ? people[1] : say("player.seat", {{"seat", "2"}})},
                                {"wins", std::to_string(r.wins)},
                                {"draws", std::to_string(r.draws)},
                                {"losses", std::to_string(r.losses)}});
}

// ---------------------------------------------------------------- words

std::string Session::points_number(double p) {
  // Points count a win as 1 and a draw as 1/2: whole or a half.
  std::string s = std::to_string(int(p));
  if (p - int(p) > 0.25) s += ".5";
  return s;
}

std::string Session::player_name(const MatchPlan& plan, std::uint32_t seat) const {
  if (seat < 1 || seat > plan.seats.size()) return say("player.seat", {{"seat", std::to_string(seat)}});
  const SeatPlan& s = plan.seats[seat - 1];
  if (s.human && plan.mode == Mode::kAgainstCpu) return say("player.you");
  if (s.human) return s.name.empty() ? say("player.seat", {{"seat", std::to_string(seat)}}) : s.name;
  if (plan.mode == Mode::kDemo)
    return say("player.cpu_seat", {{"seat", std::to_string(seat)}, {"level", level_name(s.level)}});
  return say("player.cpu", {{"level", level_name(s.level)}});
}

GameTextHeader Session::text_header(const MatchPlan& plan, const std::string& finished_at) const {
  GameTextHeader header;
  header.date = finished_at.substr(0, 10);  // "2026-12-02" of "2026-12-02T01:55:07Z"
  for (std::uint32_t seat = 1; seat <= plan.seats.size(); ++seat) {
    const SeatPlan& s = plan.seats[seat - 1];
    header.seats.push_back(s.human && s.name.empty() ? say("player.seat", {{"seat", std::to_string(seat)}})
                           : s.human                 ? s.name
                                                     : player_name(plan, seat));
  }
  return header;
}

std::string Session::played_line(const MatchPlan& plan, std::uint32_t seat, const std::string& side,
                                 const std::string& move) const {
  if (plan.mode == Mode::kAgainstCpu && plan.human(seat)) return say("game.you_play", {{"side", side}, {"move", move}});
  return say("game.plays", {{"side", side},
                            {"player", player_name(plan, seat)},
                            {"person", person(reader(plan, seat))},
                            {"move", move}});
}

std::string Session::side_of(const Game& game, const v1::GameState& state, std::uint32_t seat) const {
  for (int i = 0; i < state.side_seats_size() && i < game.info.sides_size(); ++i)
    if (state.side_seats(i) == seat) return game.info.sides(i);
  return "?";
}

std::string Session::level_name(Level level) const {
  switch (level) {
    case v1::SuggestMoveRequest::NOVATO: return say("level.novato");
    case v1::SuggestMoveRequest::EXPERTO: return say("level.experto");
    default: return say("level.normal");
  }
}

std::string Session::mode_name(const MatchPlan& plan) const {
  switch (plan.mode) {
    case Mode::kTwoPlayers: return say("mode.two_players");
    case Mode::kDemo: return say("mode.demo");
    case Mode::kAgainstCpu:
      for (const SeatPlan& s : plan.seats)
        if (!s.human) return say("mode.against_cpu", {{"level", level_name(s.level)}});
  }
  return {};
}

std::string Session::move_text(const v1::BoardView& view, const v1::Move& move) const {
  std::string text = move.notation().empty() ? "#" + std::to_string(move.id()) : move.notation();
  if (move.cells_size() == 1 && view.columns() > 0) {
    const std::string cell = cell_name(view, move.cells(0));
    if (cell != text) text += " (" + cell + ")";
  }
  return text;
}

std::string Session::explain(const Failure& failure, const Game* game) const {
  const std::string& reason = failure.detail.reason();
  if (game && !reason.empty() && game->text.has("error." + reason)) {
    v1::Text t;
    t.set_key("error." + reason);
    *t.mutable_args() = failure.detail.args();
    return game->text.text(t);
  }
  // A transport status ("CANCELLED", "failed to connect to all
  // addresses") means nothing to a player: only the host's own words are
  // shown.
  if (host_away(failure)) return say("error.unreachable", {{"host", host_.address()}});
  if (!failure.detail.message().empty()) return say("error.host", {{"message", failure.detail.message()}});
  switch (failure.code) {
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::FAILED_PRECONDITION:
    case grpc::StatusCode::NOT_FOUND:
    case grpc::StatusCode::OUT_OF_RANGE:
    case grpc::StatusCode::ALREADY_EXISTS:
    case grpc::StatusCode::PERMISSION_DENIED:
      return say("error.host", {{"message", failure.message}});
    default:
      return say("error.host_failed");
  }
}

void Session::error(std::string_view text) { con_.line(con_.style().paint(text, Tone::kError)); }

// ---------------------------------------------------------------- prompts

std::optional<int> Session::choose(std::string_view question, int first, int last, int fallback) {
  for (;;) {
    Args args = {{"question", std::string(question)},
                 {"first", std::to_string(first)},
                 {"last", std::to_string(last)}};
    std::string prompt = fallback >= first && fallback <= last
                             ? say("menu.prompt_default", {{"question", std::string(question)},
                                                           {"first", std::to_string(first)},
                                                           {"last", std::to_string(last)},
                                                           {"default", std::to_string(fallback)}})
                             : say("menu.prompt", args);
    auto in = con_.ask(prompt + " ");
    if (in.status != Console::Status::kLine) return std::nullopt;
    if (in.text.empty() && fallback >= first && fallback <= last) return fallback;
    if (auto cmd = parse_command(in.text, ui_);
        cmd && (cmd->command == Command::kQuit || cmd->command == Command::kBack || cmd->command == Command::kMenu))
      return std::nullopt;
    if (auto n = parse_number(in.text); n && *n >= first && *n <= last) return n;
    error(say("menu.bad_choice", {{"first", std::to_string(first)}, {"last", std::to_string(last)}}));
  }
}

std::optional<bool> Session::ask_yes_no(std::string_view question, bool fallback) {
  const std::string yes = say("answer.yes"), no = say("answer.no");
  for (;;) {
    auto in = con_.ask(say("answer.prompt", {{"question", std::string(question)},
                                             {"yes", fallback ? upper_ascii(yes) : yes},
                                             {"no", fallback ? no : upper_ascii(no)}}) +
                       " ");
    if (in.status != Console::Status::kLine) return std::nullopt;
    if (in.text.empty()) return fallback;
    if (auto answer = parse_answer(in.text, ui_)) return answer;
    error(say("answer.bad", {{"yes", yes}, {"no", no}}));
  }
}

std::optional<Level> Session::choose_level(std::string_view question) {
  for (int i = 0; i < 3; ++i) con_.line("  " + std::to_string(i + 1) + ". " + level_name(kLevels[i]));
  const int fallback = opt_.level == v1::SuggestMoveRequest::NOVATO ? 1
                       : opt_.level == v1::SuggestMoveRequest::EXPERTO ? 3 : 2;
  auto n = choose(question, 1, 3, fallback);
  if (!n) return std::nullopt;
  return kLevels[*n - 1];
}

}  // namespace game_client
