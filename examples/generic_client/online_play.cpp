// Playing and watching online, at a table the host keeps (TableService):
// opening a table and printing its invite code, joining by code, going back
// to one's seat after a restart, watching as a spectator. A TableWatch
// holds the table's Watch stream in the background; this thread prints its
// events between two prompts and reads what the player types. The board,
// the move input, the commands and the error messages are the ones of
// local play (play.cpp).
#include <algorithm>
#include <thread>

#include "commands.h"
#include "game_settings.h"
#include "offers.h"
#include "rules_view.h"
#include "session.h"

namespace game_client {
namespace {

using namespace std::chrono_literals;

// "Time is short" is said once per turn, this many seconds before the end.
constexpr std::int64_t kShortTimeS = 10;
// How long an action waits for its own event, so that the board is drawn
// before the next prompt.
constexpr auto kOwnEventPatience = 3s;
// How long news waits for the rest of its change before it is printed.
constexpr auto kBatchPause = 40ms;

constexpr Level kLevels[] = {v1::SuggestMoveRequest::NOVATO, v1::SuggestMoveRequest::NORMAL,
                             v1::SuggestMoveRequest::EXPERTO};

bool playing(const v1::Table& t) { return t.phase() == v1::Table::PLAYING; }

const v1::Seat* find_seat(const v1::Table& t, std::uint32_t number) {
  for (const v1::Seat& s : t.seats())
    if (s.number() == number) return &s;
  if (number >= 1 && int(number) <= t.seats_size() && t.seats(int(number) - 1).number() == 0)
    return &t.seats(int(number) - 1);
  return nullptr;
}

// The turn a "time is short" warning belongs to.
std::uint64_t turn_key(const v1::Table& t) {
  return (std::uint64_t(t.state().game_number()) << 32) | t.next_move_number();
}

}  // namespace

// ---------------------------------------------------------------- seats kept

void Session::remember_seat(const OnlineSeat& seat) {
  auto& seats = data_.online_seats;
  seats.erase(std::remove_if(seats.begin(), seats.end(),
                             [&](const OnlineSeat& s) { return s.host == seat.host && s.table_id == seat.table_id; }),
              seats.end());
  seats.push_back(seat);
  if (seats.size() > kMaxOnlineSeats) seats.erase(seats.begin(), seats.end() - kMaxOnlineSeats);
  save();
}

void Session::forget_seat(const std::string& table_id) {
  auto& seats = data_.online_seats;
  const auto before = seats.size();
  seats.erase(std::remove_if(seats.begin(), seats.end(),
                             [&](const OnlineSeat& s) { return s.host == host_.address() && s.table_id == table_id; }),
              seats.end());
  if (seats.size() != before) save();
}

const OnlineSeat* Session::saved_seat(const std::string& game_id) const {
  for (auto it = data_.online_seats.rbegin(); it != data_.online_seats.rend(); ++it)
    if (it->host == host_.address() && it->game_id == game_id) return &*it;
  return nullptr;
}

std::string Session::invite_command(const char* option, const std::string& code) const {
  std::string command = opt_.program + " " + option + " " + code;
  if (host_.address() != kDefaultHost) command += " --host " + host_.address();
  return command;
}

void Session::show_command(std::string_view said, const std::string& command, bool dim) {
  auto tone = [&](std::string_view text) { return dim ? con_.style().paint(text, Tone::kDim) : std::string(text); };
  con_.line(tone(said));
  con_.out() << "  " << tone(command) << '\n';
}

std::string Session::explain_online(const Failure& failure, const Game* game) const {
  const std::string& reason = failure.detail.reason();
  if (reason.empty() || !ui_.has("online.error." + reason)) return explain(failure, game);
  // With the refusal's own arguments: "try again in {seconds} s".
  v1::Text text;
  text.set_key("online.error." + reason);
  *text.mutable_args() = failure.detail.args();
  return ui_.text(text);
}

// ---------------------------------------------------------------- getting a seat

Session::Next Session::open_table(Game& game, bool ask) {
  const std::uint32_t seats = std::max<std::uint32_t>(game.info.max_players(), 2);
  std::vector<v1::SeatPlan> plans(seats);
  for (v1::SeatPlan& p : plans) p.set_kind(v1::SeatPlan::PERSON);
  bool rated = false;
  if (ask) {
    for (std::uint32_t s = 2; s <= seats; ++s) {
      con_.line("  1. " + say("online.seat_friend"));
      for (int i = 0; i < 3; ++i)
        con_.line("  " + std::to_string(i + 2) + ". " + say("online.seat_cpu", {{"level", level_name(kLevels[i])}}));
      auto n = choose(say("online.seat_question", {{"seat", std::to_string(s)}}), 1, 4, 1);
      if (!n) return Next::kMenu;
      if (*n > 1) {
        plans[s - 1].set_kind(v1::SeatPlan::CPU);
        plans[s - 1].set_level(kLevels[*n - 2]);
      }
    }
    if (!review_settings(game, say("online.settings_title"))) return Next::kMenu;
    auto yes = ask_yes_no(say("online.rated_question"), false);
    if (!yes) return Next::kMenu;
    rated = *yes;
  }
  v1::CreateTableRequest request;
  request.set_game_id(game.info.id());
  for (const v1::Setting& s : game.settings) *request.add_settings() = s;
  for (const v1::SeatPlan& p : plans) *request.add_seats() = p;
  request.set_rated(rated);
  v1::CreateTableResponse response;
  const auto f = as_player([&](const v1::PlayerKey& key) {
    *request.mutable_player()->mutable_key() = key;
    return host_.create_table(request, &response);
  });
  if (!f) return Next::kMenu;
  if (*f) {
    error(explain_online(*f, &game));
    online_failed_ = true;
    return Next::kMenu;
  }
  Online on;
  on.table = response.table();
  on.seat = {host_.address(),         on.table.table_id(),     on.table.invite_code(),
             on.table.game_id(),      response.ticket().seat(), response.ticket().token()};
  if (on.seat.seat != 0) remember_seat(on.seat);
  table_game_id_ = on.table.game_id();

  const std::string& code = on.table.invite_code();
  con_.line();
  con_.line(con_.style().paint(say("online.created", {{"code", con_.style().paint(code, Tone::kHighlight)}}),
                               Tone::kTitle));
  const bool friends = std::count_if(plans.begin(), plans.end(), [](const v1::SeatPlan& p) {
                         return p.kind() == v1::SeatPlan::PERSON;
                       }) > 1;
  if (friends) show_command(say("online.invite_how"), invite_command("--join", code));
  show_command(say("online.watch_how"), invite_command("--watch", code), /*dim=*/true);
  return run_table(game, on);
}

bool Session::review_settings(Game& game, std::string_view title) {
  con_.line(title);
  for (int i = 0; i < game.info.settings_size(); ++i)
    con_.line("  " + game.info.settings(i).label() + ": " +
              value_label(game.info.settings(i), game.settings[std::size_t(i)].value()));
  auto change = ask_yes_no(say("online.change_settings"), false);
  if (!change) return false;
  if (*change) settings_menu(game);
  return true;
}

bool Session::open_table_game(const v1::Table& table, Game* game) {
  table_game_id_ = table.game_id();
  return open_game(table.game_id(), game);
}

Session::Next Session::join_table(const std::string& text) {
  const v1::TableRef ref = parse_table_ref(text);
  if (ref.table_id().empty() && ref.invite_code().empty()) {
    error(say("online.error.bad_table_ref"));
    online_failed_ = true;
    return Next::kMenu;
  }
  // This device already has a seat there: take it back.
  for (auto it = data_.online_seats.rbegin(); it != data_.online_seats.rend(); ++it)
    if (it->host == host_.address() && same_table(*it, ref)) {
      const OnlineSeat saved = *it;
      return return_to_table(saved);
    }
  // A player who already sits there gets that seat back (JoinTable), from
  // any device that holds the player.
  v1::JoinTableRequest request;
  *request.mutable_table() = ref;
  v1::SeatResponse response;
  const auto f = as_player([&](const v1::PlayerKey& key) {
    *request.mutable_player()->mutable_key() = key;
    return host_.join_table(request, &response);
  });
  if (!f) return Next::kMenu;
  if (*f) {
    error(explain_online(*f, nullptr));
    online_failed_ = true;
    return Next::kMenu;
  }
  return sit_down(response.table(), response.ticket());
}

Session::Next Session::sit_down(const v1::Table& table, const v1::SeatTicket& ticket) {
  Online on;
  on.table = table;
  on.seat = {host_.address(), table.table_id(), table.invite_code(), table.game_id(), ticket.seat(), ticket.token()};
  remember_seat(on.seat);
  Game game;
  if (!open_table_game(on.table, &game)) {
    online_failed_ = true;
    return Next::kMenu;
  }
  con_.line(con_.style().paint(
      say("online.joined_you", {{"seat", std::to_string(on.seat.seat)}, {"game", game.info.name()}}), Tone::kGood));
  return run_table(game, on);
}

Session::Next Session::return_to_table(const OnlineSeat& saved) {
  v1::RejoinRequest request;
  request.mutable_table()->set_table_id(saved.table_id);
  request.set_seat(saved.seat);
  v1::SeatResponse response;
  Failure f;
  // The seat belongs to the player who took it; one taken before this
  // device had a player, to the device.
  if (const ClubPlayer* player = kept_player()) {
    *request.mutable_player() = key_of(*player);
    f = host_.rejoin(request, &response);
  }
  if (!request.has_player() || f.detail.reason() == "other_device" || f.detail.reason() == "bad_player_key") {
    request.clear_player();
    request.set_device_id(device_id());
    f = host_.rejoin(request, &response);
  }
  if (f) {
    error(f.code == grpc::StatusCode::NOT_FOUND ? say("online.table_gone") : explain_online(f, nullptr));
    // A table that is gone, or a seat this device does not hold, is no
    // longer offered.
    if (f.code == grpc::StatusCode::NOT_FOUND || f.detail.reason() == "other_device") forget_seat(saved.table_id);
    online_failed_ = true;
    return Next::kMenu;
  }
  Online on;
  on.table = response.table();
  on.seat = saved;
  on.seat.token = response.ticket().token();
  if (response.ticket().seat() != 0) on.seat.seat = response.ticket().seat();
  if (!on.table.invite_code().empty()) on.seat.invite_code = on.table.invite_code();
  remember_seat(on.seat);
  Game game;
  if (!open_table_game(on.table, &game)) {
    online_failed_ = true;
    return Next::kMenu;
  }
  con_.line(con_.style().paint(
      say("online.welcome_back", {{"seat", std::to_string(on.seat.seat)}, {"game", game.info.name()}}),
      Tone::kGood));
  return run_table(game, on);
}

Session::Next Session::watch_table(const std::string& text) {
  const v1::TableRef ref = parse_table_ref(text);
  if (ref.table_id().empty() && ref.invite_code().empty()) {
    error(say("online.error.bad_table_ref"));
    online_failed_ = true;
    return Next::kMenu;
  }
  v1::TableResponse response;
  if (Failure f = host_.get_table(ref, &response)) {
    error(explain_online(f, nullptr));
    online_failed_ = true;
    return Next::kMenu;
  }
  Game game;
  if (!open_table_game(response.table(), &game)) {
    online_failed_ = true;
    return Next::kMenu;
  }
  Online on;
  on.table = response.table();
  on.seat.host = host_.address();
  on.seat.table_id = on.table.table_id();
  on.seat.game_id = on.table.game_id();
  con_.line(con_.style().paint(say("online.watching", {{"game", game.info.name()},
                                                       {"quit", command_word(Command::kQuit, ui_)}}),
                               Tone::kGood));
  return run_table(game, on);
}

// ---------------------------------------------------------------- at the table

Session::Next Session::run_table(Game& game, Online& on) {
  spectating_ = on.spectator();
  struct Reset {
    bool& flag;
    ~Reset() { flag = false; }
  } reset{spectating_};
  TableWatch watch(host_, on.table.table_id(), on.seat.token, on.table.version());
  on.shown = on.table.version();
  if (on.table.rated()) con_.line(say("online.rated_table"));
  switch (on.table.phase()) {
    case v1::Table::PLAYING:
      announce_table(game, on, on.table);
      show_table(game, on, on.table);
      break;
    case v1::Table::GAME_OVER:
      announce_table(game, on, on.table);
      finish_table(game, on, on.table);
      break;
    default: show_table(game, on, on.table); break;
  }
  if (!on.spectator())
    con_.line(con_.style().paint(say("game.help_hint", {{"help", command_word(Command::kHelp, ui_)}}), Tone::kDim));

  std::vector<TableWatch::Item> pending;
  bool show_prompt = true;
  for (;;) {
    for (TableWatch::Item& item : watch.take()) pending.push_back(std::move(item));
    bool ended = false;
    for (const TableWatch::Item& item : pending) {
      switch (item.kind) {
        case TableWatch::Item::kEvent: {
          const v1::TableEvent& event = item.event;
          if (event.table().version() >= on.table.version()) on.table = event.table();
          if (event.version() > on.shown || event.kind() == v1::TableEvent::SNAPSHOT) {
            on.shown = std::max(on.shown, event.version());
            show_event(game, on, event);
          }
          if (event.kind() == v1::TableEvent::EXPIRED) {
            ended = true;
            if (!on.spectator()) forget_seat(on.seat.table_id);
          }
          break;
        }
        case TableWatch::Item::kLost:
          error(say("online.connection_lost", {{"host", host_.address()}}));
          break;
        case TableWatch::Item::kBack:
          con_.line(con_.style().paint(say("online.connection_back"), Tone::kGood));
          break;
        case TableWatch::Item::kEnded:
          if (item.failure.code == grpc::StatusCode::NOT_FOUND) {
            // Closed, or lost by a host that keeps its tables in memory.
            error(say("online.table_gone"));
            if (!on.spectator()) forget_seat(on.seat.table_id);
          } else if (item.failure) {
            error(explain_online(item.failure, &game));
          }
          ended = true;
          break;
      }
    }
    if (!pending.empty()) show_prompt = true;
    pending.clear();
    if (ended) return Next::kMenu;
    if (on.end_to_come) {
      // GAME_OVER follows the event that ended the game (table.proto), and
      // "What next?" must not come before the final board it brings.
      on.end_to_come = false;
      watch.wait_for(on.shown + 1, kOwnEventPatience);
      continue;
    }

    const v1::Table& t = on.table;
    const bool my_turn = !on.spectator() && playing(t) && t.state().seat_to_move() == on.seat.seat;
    std::optional<std::chrono::milliseconds> timeout;
    if (my_turn) {
      ensure_moves(game, on);
      if (auto left = seconds_left(t.turn_deadline_ms(), now_ms());
          left && *left > kShortTimeS && on.warned_turn != turn_key(t))
        timeout = std::chrono::milliseconds(t.turn_deadline_ms() - now_ms() - kShortTimeS * 1000);
    }
    Console::Input in = con_.ask(show_prompt ? table_prompt(game, on) + " " : std::string(), timeout, watch.wake_fd());
    show_prompt = true;
    switch (in.status) {
      case Console::Status::kWake:
        // News from the table: it goes on its own lines, then the prompt
        // again. A wake with nothing new leaves the prompt as it is.
        pending = watch.take();
        if (pending.empty()) {
          show_prompt = false;
          continue;
        }
        // Events of one change come together (a seat taken and the game
        // starting): a moment's wait shows them under one prompt.
        std::this_thread::sleep_for(kBatchPause);
        for (TableWatch::Item& item : watch.take()) pending.push_back(std::move(item));
        con_.line();
        continue;
      case Console::Status::kTimeout:
        on.warned_turn = turn_key(t);
        error(say("online.time_short", {{"seconds", std::to_string(kShortTimeS)}}));
        continue;
      case Console::Status::kEnd:
        leave_table(on);
        return Next::kQuit;
      case Console::Status::kLine: break;
    }
    if (auto next = table_input(game, on, watch, in.text)) return *next;
  }
}

std::optional<Session::Next> Session::table_input(Game& game, Online& on, TableWatch& watch,
                                                  const std::string& text) {
  if (text.empty()) return std::nullopt;
  const auto cmd = parse_command(text, ui_);
  if (on.spectator()) {
    if (cmd && cmd->command == Command::kQuit) return Next::kQuit;
    if (cmd && cmd->command == Command::kMenu) return Next::kMenu;
    if (cmd && cmd->command == Command::kHelp)
      con_.line(say("online.spectator_help", {{"quit", command_word(Command::kQuit, ui_)},
                                              {"menu", command_word(Command::kMenu, ui_)}}));
    else
      error(say("online.spectator_cannot_move", {{"quit", command_word(Command::kQuit, ui_)}}));
    return std::nullopt;
  }

  const v1::Table t = on.table;  // a copy: answers replace the table
  const v1::GameState& state = t.state();
  const std::uint32_t to_move = playing(t) ? state.seat_to_move() : 0;
  const bool my_turn = to_move != 0 && to_move == on.seat.seat;
  auto not_now = [&] {
    if (t.phase() == v1::Table::WAITING)
      error(say("online.error.waiting_for_players"));
    else if (t.phase() == v1::Table::GAME_OVER)
      error(say("online.error.game_over", {{"another", command_word(Command::kAnother, ui_)}}));
    else
      error(say("online.not_your_turn",
                {{"player", table_player(t, to_move)}, {"side", side_of(game, state, to_move)}}));
  };
  auto await = [&](const v1::Table& answer, std::uint64_t version) {
    if (answer.version() > on.table.version()) on.table = answer;
    watch.wait_for(version, kOwnEventPatience);
  };
  // Where another person sits, taking back and the next game are offers
  // that person answers (offers.cpp).
  const bool people = between_people(t, on.seat.seat);
  v1::GameRequest game_request;
  game_request.set_table_id(t.table_id());
  game_request.set_token(on.seat.token);
  game_request.set_game_number(state.game_number());

  if (!cmd) {
    table_move(game, on, watch, text);
    return std::nullopt;
  }
  switch (cmd->command) {
    case Command::kHelp:
      show_help(state.view(), my_turn ? on.moves : std::vector<v1::Move>{}, /*online=*/true, t.undo_allowed(),
                people);
      break;
    case Command::kMoves: {
      if (!my_turn || !ensure_moves(game, on)) {
        if (!my_turn) not_now();
        break;
      }
      show_moves(t.state().view(), on.moves);
      break;
    }
    case Command::kWhere:
      if (!my_turn || !ensure_moves(game, on)) {
        if (!my_turn) not_now();
        break;
      }
      where(game, state, on.moves, cmd->argument);
      break;
    case Command::kHint:
      if (!t.undo_allowed())
        error(say("online.no_hint"));
      else if (!my_turn)
        not_now();
      else
        hint(game, state);
      break;
    case Command::kUndo: {
      if (people) {
        if (playing(t))
          make_offer(game, on, watch, v1::Offer::TAKEBACK);
        else
          not_now();
        break;
      }
      if (!t.undo_allowed()) {
        error(say("online.error.undo_not_allowed"));
        break;
      }
      v1::UndoRequest request;
      request.set_table_id(t.table_id());
      request.set_token(on.seat.token);
      request.set_game_number(state.game_number());
      request.set_move_number(t.next_move_number());
      v1::TableResponse response;
      if (Failure f = host_.undo(request, &response))
        error(explain_online(f, &game));
      else
        await(response.table(), response.table().version());
      break;
    }
    case Command::kResign: {
      if (!playing(t)) {
        not_now();
        break;
      }
      auto sure = ask_yes_no(say("resign.confirm_you"), false);
      if (!sure || !*sure) {
        con_.line(say("resign.cancelled"));
        break;
      }
      v1::TableResponse response;
      if (Failure f = host_.resign_game(game_request, &response))
        error(explain_online(f, &game));
      else
        await(response.table(), response.table().version());
      break;
    }
    case Command::kAnother: {
      if (t.phase() != v1::Table::GAME_OVER) {
        error(t.phase() == v1::Table::WAITING
                  ? say("online.error.waiting_for_players")
                  : say("game.not_over", {{"resign", command_word(Command::kResign, ui_)}}));
        break;
      }
      if (people) {
        make_offer(game, on, watch, v1::Offer::NEXT_GAME);
        break;
      }
      v1::TableResponse response;
      if (Failure f = host_.next_game(game_request, &response))
        error(explain_online(f, &game));
      else
        await(response.table(), response.table().version());
      break;
    }
    case Command::kBoard:
      if (t.phase() == v1::Table::GAME_OVER)
        finish_table(game, on, t);
      else
        show_table(game, on, t);
      break;
    case Command::kRules: show_rules(game); break;
    case Command::kScore: show_table_score(on, t); break;
    case Command::kQuit: leave_table(on); return Next::kQuit;
    case Command::kMenu: leave_table(on); return Next::kMenu;
    case Command::kReplay:
    case Command::kNext:
    case Command::kBack:
    case Command::kExport:
    case Command::kSave: error(say("online.not_here")); break;
    case Command::kDraw:
      if (playing(t))
        make_offer(game, on, watch, v1::Offer::DRAW);
      else
        not_now();
      break;
    case Command::kAccept:
    case Command::kDecline:
    case Command::kWithdraw: answer_offer(game, on, watch, cmd->command); break;
  }
  return std::nullopt;
}

void Session::table_move(Game& game, Online& on, TableWatch& watch, const std::string& text) {
  const v1::Table t = on.table;
  if (t.phase() == v1::Table::WAITING) {
    error(say("online.error.waiting_for_players"));
    return;
  }
  if (t.phase() == v1::Table::GAME_OVER) {
    error(say("online.error.game_over", {{"another", command_word(Command::kAnother, ui_)}}));
    return;
  }
  const std::uint32_t to_move = t.state().seat_to_move();
  if (to_move != on.seat.seat) {
    error(say("online.not_your_turn",
              {{"player", table_player(t, to_move)}, {"side", side_of(game, t.state(), to_move)}}));
    return;
  }
  if (!ensure_moves(game, on)) return;
  const v1::Move* move = typed_move(game, text, on.moves, t.state().view());
  if (!move) return;
  v1::PlayRequest request;
  request.set_table_id(t.table_id());
  request.set_token(on.seat.token);
  request.set_game_number(t.state().game_number());
  request.set_move_number(t.next_move_number());
  request.set_move_id(move->id());
  v1::PlayResponse response;
  if (Failure f = host_.play(request, &response)) {
    error(explain_online(f, &game));
    return;
  }
  if (response.table().version() > on.table.version()) on.table = response.table();
  watch.wait_for(own_change_end(response), kOwnEventPatience);
}

bool Session::ensure_moves(Game& game, Online& on) {
  if (on.moves_version == on.table.version() && on.moves_version != 0) return true;
  if (game.known.empty()) learn_moves_of(game, on.table.state());
  v1::ListMovesRequest request;
  *request.mutable_state() = on.table.state();
  v1::ListMovesResponse response;
  if (Failure f = host_.list_moves(request, &response)) {
    error(explain(f, &game));
    return false;
  }
  on.moves.assign(response.moves().begin(), response.moves().end());
  for (const v1::Move& m : on.moves) game.known.emplace(m.id(), m);
  on.moves_version = on.table.version();
  return true;
}

void Session::learn_moves_of(Game& game, const v1::GameState& state) {
  // The moves of the starting position, so that a move typed when it is no
  // longer legal can still be named to the game.
  v1::SetupRequest setup;
  setup.set_game_id(state.game_id());
  *setup.mutable_settings() = state.settings();
  setup.set_game_number(state.game_number());
  v1::SetupResponse start;
  if (host_.setup(setup, &start)) return;  // only hints are lost
  v1::ListMovesRequest request;
  *request.mutable_state() = start.state();
  v1::ListMovesResponse response;
  if (host_.list_moves(request, &response)) return;
  for (const v1::Move& m : response.moves()) game.known.emplace(m.id(), m);
}

void Session::leave_table(Online& on) {
  if (on.spectator() || on.seat.token.empty()) return;
  v1::SeatRequest request;
  request.set_table_id(on.seat.table_id);
  request.set_token(on.seat.token);
  v1::TableResponse response;
  if (Failure f = host_.leave(request, &response)) {
    if (f.detail.reason() != "bad_token") error(explain_online(f, nullptr));
    return;
  }
  on.seat.token.clear();
  show_command(say("online.left"), invite_command("--join", on.seat.invite_code));
}

// ---------------------------------------------------------------- what it looks like

std::string Session::table_prompt(const Game& game, const Online& on) const {
  const v1::Table& t = on.table;
  if (!playing(t)) {
    if (on.spectator()) return say("online.prompt_watch_idle");
    return t.phase() == v1::Table::GAME_OVER ? say("end.prompt") : say("online.prompt_waiting");
  }
  const std::uint32_t to_move = t.state().seat_to_move();
  const std::string side = side_of(game, t.state(), to_move);
  const auto left = seconds_left(t.turn_deadline_ms(), now_ms());
  Args args = {{"player", table_player(t, to_move)}, {"side", side}};
  if (left) args["seconds"] = std::to_string(*left);
  if (on.spectator()) return say(left ? "online.prompt_watch_clock" : "online.prompt_watch", args);
  if (to_move == on.seat.seat) {
    args["player"] = say("player.you");
    return say(left ? "game.prompt_clock" : "game.prompt", args);
  }
  return say(left ? "online.prompt_wait_clock" : "online.prompt_wait", args);
}

std::string Session::table_player(const v1::Table& table, std::uint32_t seat) const {
  const v1::Seat* s = find_seat(table, seat);
  if (!s) return say("player.seat", {{"seat", std::to_string(seat)}});
  if (s->plan().kind() == v1::SeatPlan::CPU)
    return say("player.cpu", {{"level", level_name(s->plan().level() == v1::SuggestMoveRequest::LEVEL_UNSPECIFIED
                                                      ? v1::SuggestMoveRequest::NORMAL
                                                      : s->plan().level())}});
  if (!s->taken() || s->name().empty()) return say("online.free_seat");
  return s->name();
}

std::string Session::seat_label(const Online& on, const v1::Table& table, std::uint32_t seat) const {
  std::string label = table_player(table, seat);
  if (!on.spectator() && seat == on.seat.seat) label = say("online.you_mark", {{"name", label}});
  if (const v1::Seat* s = find_seat(table, seat); s && s->absent())
    label = say("online.away_mark", {{"name", label}});
  return label;
}

std::string Session::seats_line(const Game& game, const Online& on, const v1::Table& t) const {
  std::vector<std::string> parts;
  const v1::GameState& state = t.state();
  if (t.phase() == v1::Table::WAITING || state.side_seats_size() == 0) {
    for (const v1::Seat& s : t.seats())
      parts.push_back(say("online.seat_number",
                          {{"seat", std::to_string(s.number())}, {"player", seat_label(on, t, s.number())}}));
    return join(parts, "  ·  ");
  }
  const std::uint32_t to_move = playing(t) ? state.seat_to_move() : 0;
  for (std::uint32_t seat : state.side_seats()) {
    const v1::Seat* s = find_seat(t, seat);
    const bool clocked = playing(t) && t.time_per_turn_s() > 0 && s && s->plan().kind() == v1::SeatPlan::PERSON &&
                         !s->absent();
    std::optional<std::int64_t> seconds;
    if (clocked && seat == to_move) seconds = seconds_left(t.turn_deadline_ms(), now_ms());
    if (clocked && seat != to_move) seconds = std::int64_t(t.time_per_turn_s());
    Args args = {{"side", side_of(game, state, seat)}, {"player", seat_label(on, t, seat)}};
    if (seconds) args["seconds"] = std::to_string(*seconds);
    parts.push_back(say(seconds ? "online.seat_clock" : "game.seat", args));
  }
  return join(parts, "  ·  ");
}

void Session::announce_table(const Game& game, const Online& on, const v1::Table& t) {
  const v1::GameState& state = t.state();
  con_.line();
  con_.line(con_.style().paint(say("game.header", {{"number", std::to_string(state.game_number())},
                                                   {"game", game.info.name()}}),
                               Tone::kTitle));
  if (state.side_seats_size() > 0) {
    const std::uint32_t opener = state.side_seats(0);
    const std::string side = side_of(game, state, opener);
    const bool me = !on.spectator() && opener == on.seat.seat;
    con_.line(me ? say("game.you_open", {{"side", side}})
                 : say("game.opens", {{"player", table_player(t, opener)}, {"person", person(me)}, {"side", side}}));
  }
}

void Session::show_table(const Game& game, const Online& on, const v1::Table& t) {
  if (t.phase() == v1::Table::WAITING || !t.has_state()) {
    con_.line();
    con_.line(seats_line(game, on, t));
    if (on.spectator())
      con_.line(say("online.waiting_watch"));
    else
      show_command(say("online.waiting_for_players", {{"code", t.invite_code()}}),
                   invite_command("--join", t.invite_code()));
    return;
  }
  print_board(game, t.state().view());
  if (playing(t))
    con_.line(say("game.status", {{"move", std::to_string(t.next_move_number())},
                                  {"status", game.text.text(t.state().view().status())}}));
  con_.line(seats_line(game, on, t));
  if (t.has_offer()) show_offer(on, t, t.offer());
}

void Session::finish_table(const Game& game, Online& on, const v1::Table& t) {
  const v1::GameState& state = t.state();
  print_board(game, state.view());
  std::string verdict = say("end.draw");
  for (const v1::SeatResult& r : state.outcome().results()) {
    if (!on.spectator() && r.seat() == on.seat.seat) {
      verdict = r.result() == v1::SeatResult::WIN    ? say("end.you_win")
                : r.result() == v1::SeatResult::LOSS ? say("end.you_lose")
                                                     : say("end.draw");
      break;
    }
    if (r.result() == v1::SeatResult::WIN)
      verdict = say("end.winner", {{"player", table_player(t, r.seat())},
                                   {"person", person(!on.spectator() && r.seat() == on.seat.seat)}});
  }
  con_.line(con_.style().paint(
      say("end.result", {{"summary", game.text.text(state.outcome().summary())}, {"verdict", verdict}}),
      Tone::kTitle));
  show_table_score(on, t);
  if (t.rated()) show_rating_changes(on, t);
  if (t.has_offer()) show_offer(on, t, t.offer());
  if (on.spectator()) {
    con_.line(say("online.watch_end", {{"quit", command_word(Command::kQuit, ui_)}}));
    return;
  }
  record_finished(finished_at_table(on, t), t.table_id());
  con_.line(say("online.end_choices", {{"another", command_word(Command::kAnother, ui_)},
                                       {"menu", command_word(Command::kMenu, ui_)},
                                       {"quit", command_word(Command::kQuit, ui_)}}));
}

FinishedGame Session::finished_at_table(const Online& on, const v1::Table& t) const {
  return seated_game(t.seats(), t.state(), on.seat.seat);
}

FinishedGame Session::seated_game(const google::protobuf::RepeatedPtrField<v1::Seat>& seats,
                                  const v1::GameState& state, std::uint32_t reader) const {
  FinishedGame game;
  game.plan.game_id = state.game_id();
  game.plan.mode = Mode::kTwoPlayers;
  for (const v1::Seat& s : seats) {
    SeatPlan seat;
    seat.human = s.plan().kind() != v1::SeatPlan::CPU;
    if (!seat.human && s.plan().level() != v1::SuggestMoveRequest::LEVEL_UNSPECIFIED) seat.level = s.plan().level();
    if (seat.human && valid_player_name(s.name())) seat.name = s.name();
    game.plan.seats.resize(std::max<std::size_t>(game.plan.seats.size(), s.number()));
    if (s.number() >= 1) game.plan.seats[s.number() - 1] = seat;
  }
  game.reader = reader;
  game.state = state;
  if (const v1::GameInfo* info = served(state.game_id())) game.game_name = info->name();
  return game;
}

void Session::show_table_score(const Online& on, const v1::Table& t) {
  con_.line(say(t.rated() ? "online.score_title_rated" : "online.score_title"));
  for (const v1::SeatScore& s : t.scores())
    con_.line("  " + say("online.score_line", {{"player", seat_label(on, t, s.seat())},
                                               {"wins", std::to_string(s.wins())},
                                               {"draws", std::to_string(s.draws())},
                                               {"losses", std::to_string(s.losses())},
                                               {"points", points_number(s.points())}}));
}

void Session::show_event(Game& game, Online& on, const v1::TableEvent& event) {
  const v1::Table& t = event.table();
  const std::uint32_t seat = event.seat();
  const bool me = !on.spectator() && seat == on.seat.seat;
  const std::string who = table_player(t, seat);
  const std::string side = t.has_state() ? side_of(game, t.state(), seat) : "?";
  auto board_if_playing = [&] {
    if (playing(t)) show_table(game, on, t);
  };
  // Each event carries the table after its whole change, so the one that
  // ends a game is already GAME_OVER, with the end itself still to come.
  const bool can_end = event.kind() == v1::TableEvent::MOVE || event.kind() == v1::TableEvent::CPU_STANDING_IN ||
                       event.kind() == v1::TableEvent::RESIGNED || event.kind() == v1::TableEvent::OFFER_ACCEPTED;
  if (can_end || event.kind() == v1::TableEvent::GAME_OVER || event.kind() == v1::TableEvent::SNAPSHOT)
    on.end_to_come = can_end && t.phase() == v1::Table::GAME_OVER;
  switch (event.kind()) {
    case v1::TableEvent::SNAPSHOT:
      if (t.phase() == v1::Table::GAME_OVER)
        finish_table(game, on, t);
      else
        show_table(game, on, t);
      break;
    case v1::TableEvent::SEAT_JOINED:
      if (!me)
        con_.line(con_.style().paint(
            say("online.seat_joined", {{"player", who}, {"seat", std::to_string(seat)}}), Tone::kGood));
      break;
    case v1::TableEvent::GAME_STARTED:
    case v1::TableEvent::NEXT_GAME:
      announce_table(game, on, t);
      show_table(game, on, t);
      break;
    case v1::TableEvent::MOVE: {
      const std::string move = move_text(t.state().view(), event.move());
      con_.line(me ? say("game.you_play", {{"side", side}, {"move", move}})
                   : say("game.plays", {{"side", side}, {"player", who}, {"person", person(me)}, {"move", move}}));
      board_if_playing();  // a deciding move: GAME_OVER follows with the board
      break;
    }
    case v1::TableEvent::CPU_STANDING_IN: {
      const bool timed_out = event.stand_in() == v1::TableEvent::TIME_RAN_OUT;
      const char* key = timed_out ? (me ? "online.time_out_you" : "online.time_out")
                                  : (me ? "online.standing_in_you" : "online.standing_in");
      con_.line(con_.style().paint(
          say(key, {{"player", who},
                    {"person", person(me)},
                    {"side", side},
                    {"move", move_text(t.state().view(), event.move())}}),
          Tone::kHighlight));
      board_if_playing();
      break;
    }
    case v1::TableEvent::SEAT_LEFT:
      if (me)
        error(say("online.you_away"));
      else
        con_.line(con_.style().paint(say("online.seat_left", {{"player", who}}), Tone::kHighlight));
      break;
    case v1::TableEvent::SEAT_REJOINED:
      con_.line(con_.style().paint(me ? say("online.you_back") : say("online.seat_rejoined", {{"player", who}}),
                                   Tone::kGood));
      break;
    case v1::TableEvent::CLOCK_STARTED:
      if (auto left = seconds_left(t.turn_deadline_ms(), now_ms()); left && playing(t)) {
        const std::uint32_t to_move = t.state().seat_to_move();
        con_.line(!on.spectator() && to_move == on.seat.seat
                      ? say("online.clock_you", {{"seconds", std::to_string(*left)}})
                      : say("online.clock", {{"player", table_player(t, to_move)},
                                             {"side", side_of(game, t.state(), to_move)},
                                             {"seconds", std::to_string(*left)}}));
      }
      break;
    case v1::TableEvent::RESIGNED:
      con_.line(me ? say("online.you_resigned")
                   : say("online.resigned", {{"player", who}, {"person", person(me)}, {"side", side}}));
      break;
    case v1::TableEvent::GAME_OVER: finish_table(game, on, t); break;
    case v1::TableEvent::UNDONE:
      // Against the computer its answer went too; between people only the
      // moves from the offerer's on.
      con_.line(me && !between_people(t, seat) ? say("online.undone_you")
                                               : say("online.undone", {{"player", who}, {"person", person(me)}}));
      board_if_playing();
      break;
    case v1::TableEvent::EXPIRED: error(say("online.expired")); break;
    case v1::TableEvent::OFFERED:
    case v1::TableEvent::OFFER_ACCEPTED:
    case v1::TableEvent::OFFER_DECLINED:
    case v1::TableEvent::OFFER_WITHDRAWN: show_offer_event(on, event); break;
    default: break;  // CREATED: nothing to show
  }
}

}  // namespace game_client
