// The part of the session that plays one game: turns, the CPU's moves,
// undo, the preview of a move, the end of the game and the replay.
#include <algorithm>
#include <thread>
#include <utility>
#include <unistd.h>

#include "commands.h"
#include "coordinates.h"
#include "game_settings.h"
#include "move_input.h"
#include "regions.h"
#include "rules_view.h"
#include "session.h"
#include "undo_policy.h"

namespace game_client {
namespace {

// A line that is no move, as an error message repeats it: in short, and
// without control characters that could drive the terminal.
std::string shown_input(std::string text) {
  constexpr std::size_t kMaxEcho = 24;
  if (text.size() > kMaxEcho) {
    std::size_t cut = kMaxEcho;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // whole characters
    text = text.substr(0, cut) + "…";
  }
  for (char& c : text)
    if (static_cast<unsigned char>(c) < ' ' || c == '\x7f') c = '?';
  return text;
}

}  // namespace

void Session::announce_regions(const v1::BoardView& before, const v1::BoardView& after) {
  // Read from the BoardView alone: any game tiled in regions gets it.
  if (region_grid(after).count() < 2) return;
  for (std::uint32_t r = 0; r < region_grid(after).count(); ++r) {
    const char was = region_state(before, r), now = region_state(after, r);
    if (was != '.' || now == '.') continue;
    const std::string board = std::to_string(r + 1);
    con_.line(con_.style().paint(now == '=' || now == '+' ? say("board.region_drawn", {{"board", board}})
                                                          : say("board.region_won", {{"side", std::string(1, now)},
                                                                                     {"board", board}}),
                                 Tone::kGood));
  }
}

Session::Next Session::run_series(Game& game, MatchPlan plan, std::optional<std::vector<std::uint32_t>> resumed) {
  std::vector<std::uint32_t> moves = resumed.value_or(std::vector<std::uint32_t>{});
  if (!resumed && !settle_slot(game, &plan, &moves)) return Next::kMenu;
  for (;;) {
    Match match;
    if (Failure f = Match::build(host_, plan, moves, &match)) {
      if (!moves.empty() && host_away(f)) {
        // Nothing is wrong with the game: it waits for the host.
        error(say("resume.host_away"));
      } else if (!moves.empty()) {
        error(say("resume.failed", {{"reason", explain(f, &game)}}));
        set_aside(plan);
      } else {
        error(explain(f, &game));
      }
      return Next::kMenu;
    }
    moves.clear();
    Next next = play(game, match);
    if (next != Next::kAnother) return next;
    plan = match.plan();
    ++plan.game_number;
  }
}

void Session::announce(const Game& game, const Match& match) {
  const v1::GameState& state = match.state();
  con_.line();
  con_.line(con_.style().paint(say("game.header", {{"number", std::to_string(state.game_number())},
                                                   {"game", game.info.name()}}),
                               Tone::kTitle));
  for (int i = 0; i < state.side_seats_size(); ++i)
    con_.line("  " + say("game.seat", {{"side", side_of(game, state, state.side_seats(i))},
                                       {"player", player_name(match.plan(), state.side_seats(i))}}));
  if (state.side_seats_size() > 0) {
    const std::uint32_t opener = state.side_seats(0);
    const std::string side = side_of(game, state, opener);
    con_.line(match.plan().mode == Mode::kAgainstCpu && match.plan().human(opener)
                  ? say("game.you_open", {{"side", side}})
                  : say("game.opens", {{"player", player_name(match.plan(), opener)},
                                       {"person", person(reader(match.plan(), opener))},
                                       {"side", side}}));
  }
  if (state.moves_size() > 0)
    con_.line(say("game.resumed", {{"move", std::to_string(state.moves_size() + 1)}}));
  if (match.plan().mode != Mode::kDemo)
    con_.line(con_.style().paint(say("game.help_hint", {{"help", command_word(Command::kHelp, ui_)}}),
                                 Tone::kDim));
}

Session::Next Session::play(Game& game, Match& match) {
  left_outage_ = LeftOutage::kNo;
  announce(game, match);
  const bool demo = match.plan().mode == Mode::kDemo;
  std::vector<v1::Move> moves;
  if (game.known.empty()) learn_opening_moves(game, match);
  bool fresh = true;
  for (;;) {
    if (match.over()) return finish(game, match);
    const std::uint32_t seat = match.state().seat_to_move();
    if (!match.plan().human(seat)) {
      if (!cpu_move(game, match, match.plan().seats[seat - 1].level)) return Next::kMenu;
      if (demo && opt_.interactive && !match.over()) {
        show_position(game, match, match.state());
        // The pause between moves listens: q (or menu) stops the demo.
        Console::Input in = con_.wait(opt_.demo_pause);
        if (auto cmd = in.status == Console::Status::kLine ? parse_command(in.text, ui_) : std::nullopt;
            cmd && (cmd->command == Command::kQuit || cmd->command == Command::kMenu)) {
          con_.line(say("demo.stopped"));
          return single_demo_ ? Next::kQuit : Next::kMenu;
        }
      }
      fresh = true;
      continue;
    }
    if (fresh) {
      keep_unfinished(match);
      show_position(game, match, match.state());
      if (Failure f = match.legal_moves(host_, &moves)) {
        error(explain(f, &game));
        return Next::kMenu;
      }
      for (const v1::Move& m : moves) game.known.emplace(m.id(), m);
      fresh = false;
      turn_started_ = std::chrono::steady_clock::now();
    }
    switch (human_turn(game, match, moves)) {
      case Turn::kPlayed: fresh = true; break;
      case Turn::kStay:
        // "menu" while the host was away means the menu, as it says; so
        // does the end of the wait.
        if (const LeftOutage left = std::exchange(left_outage_, LeftOutage::kNo); left != LeftOutage::kNo) {
          keep_unfinished(match);
          if (left == LeftOutage::kGaveUp) error(say("host.gave_up"));
          else con_.line(saved_line("game.saved_for_menu"));
          return Next::kMenu;
        }
        break;
      case Turn::kLeave: return Next::kMenu;
      case Turn::kQuit: return Next::kQuit;
    }
  }
}

Session::Turn Session::human_turn(Game& game, Match& match, const std::vector<v1::Move>& moves) {
  const v1::GameState state = match.state();  // a copy: playing replaces the match's state
  const std::uint32_t seat = state.seat_to_move();
  const std::string player = player_name(match.plan(), seat);
  const std::string side = side_of(game, state, seat);

  // The platform's turn clock, when the group set one.
  // One clock per turn: reading the rules or the help does not restart it.
  std::optional<std::chrono::milliseconds> clock;
  if (auto seconds = turn_clock(game.info, state))
    clock = std::max(std::chrono::milliseconds(0),
                     std::chrono::duration_cast<std::chrono::milliseconds>(
                         *seconds - (std::chrono::steady_clock::now() - turn_started_)));

  const std::string prompt =
      clock ? say("game.prompt_clock",
                  {{"player", player}, {"side", side}, {"seconds", std::to_string((clock->count() + 999) / 1000)}})
            : say("game.prompt", {{"player", player}, {"side", side}});
  Console::Input in = con_.ask(prompt + " ", clock);
  if (in.status == Console::Status::kEnd) {
    keep_unfinished(match);
    con_.line(saved_line("app.saved_on_quit"));
    return Turn::kQuit;
  }
  if (in.status == Console::Status::kTimeout) {
    con_.line(match.plan().mode == Mode::kAgainstCpu
                  ? say("time.out_you")
                  : say("time.out", {{"player", player}, {"person", person(reader(match.plan(), seat))}}));
    if (!cpu_move(game, match, v1::SuggestMoveRequest::NORMAL)) return Turn::kLeave;
    return Turn::kPlayed;
  }
  const std::string& text = in.text;
  if (text.empty()) return Turn::kStay;

  if (auto cmd = parse_command(text, ui_)) {
    switch (cmd->command) {
      case Command::kHelp: show_help(state.view(), moves); return Turn::kStay;
      case Command::kMoves: show_moves(state.view(), moves); return Turn::kStay;
      case Command::kWhere: where(game, state, moves, cmd->argument); return Turn::kStay;
      case Command::kHint: hint(game, state); return Turn::kStay;
      case Command::kUndo: return undo(game, match) ? Turn::kPlayed : Turn::kStay;
      case Command::kResign: {
        auto sure = ask_yes_no(match.plan().mode == Mode::kAgainstCpu
                                   ? say("resign.confirm_you")
                                   : say("resign.confirm", {{"player", player}, {"side", side}}),
                               false);
        if (!sure || !*sure) {
          con_.line(say("resign.cancelled"));
          return Turn::kStay;
        }
        if (Failure f = match.resign(host_, seat)) {
          error(explain(f, &game));
          return Turn::kStay;
        }
        return Turn::kPlayed;
      }
      case Command::kBoard: return Turn::kPlayed;
      case Command::kRules: show_rules(game); return Turn::kStay;
      case Command::kScore: show_scoreboard(game); return Turn::kStay;
      case Command::kQuit:
        keep_unfinished(match);
        con_.line(saved_line("app.saved_on_quit"));
        return Turn::kQuit;
      case Command::kMenu:
        keep_unfinished(match);
        con_.line(saved_line("game.saved_for_menu"));
        return Turn::kLeave;
      case Command::kAnother:
      case Command::kReplay:
      case Command::kNext:
      case Command::kBack:
      case Command::kExport:
      case Command::kSave:
        error(say("game.not_over", {{"resign", command_word(Command::kResign, ui_)}}));
        return Turn::kStay;
      case Command::kDraw:
      case Command::kAccept:
      case Command::kDecline:
      case Command::kWithdraw: error(say("game.no_offers")); return Turn::kStay;
    }
  }

  const v1::BoardView& view = state.view();
  const v1::Move* move = typed_move(game, text, moves, view);
  if (!move) return Turn::kStay;
  const std::string shown = move_text(view, *move);
  if (Failure f = match.play(host_, move->id())) {
    if (left_outage_ == LeftOutage::kNo) error(explain(f, &game));
    return Turn::kStay;
  }
  con_.line(played_line(match.plan(), seat, side, shown));
  announce_regions(view, match.state().view());
  keep_unfinished(match);
  return Turn::kPlayed;
}

const v1::Move* Session::typed_move(Game& game, const std::string& text, const std::vector<v1::Move>& moves,
                                    const v1::BoardView& view) {
  const ResolvedMove resolved = resolve_move(text, moves, game.known, view);
  switch (resolved.kind) {
    case MoveInput::kMove:
    // A move of the game that is not legal now goes to the game too: only
    // it knows why (a taken cell, the wrong board, a finished board...), and
    // its error says so in the player's language.
    case MoveInput::kIllegal:
      return resolved.move;
    case MoveInput::kTaken:
      error(say("input.taken", {{"cell", cell_name(view, resolved.cell)}}));
      return nullptr;
    case MoveInput::kNotPlayable:
      error(say("input.not_playable", {{"cell", cell_name(view, resolved.cell)},
                                       {"status", game.text.text(view.status())}}));
      return nullptr;
    case MoveInput::kOffBoard:
      error(say(has_column_letters(view) ? "input.off_board" : "input.off_board_numbers",
                {{"cell", shown_input(text)},
                 {"first_column", column_label(view, 0)},
                 {"last_column", column_label(view, view.columns() - 1)},
                 {"first_row", "1"},
                 {"last_row", std::to_string(view.rows())}}));
      return nullptr;
    case MoveInput::kAmbiguous: {
      std::vector<std::string> names;
      for (const v1::Move& m : moves)
        if (std::find(m.cells().begin(), m.cells().end(), resolved.cell) != m.cells().end())
          names.push_back(m.notation());
      error(say("input.ambiguous", {{"cell", cell_name(view, resolved.cell)}, {"moves", join(names, ", ")}}));
      return nullptr;
    }
    case MoveInput::kUnknown:
      error(say("input.unknown", {{"input", shown_input(text)}, {"help", command_word(Command::kHelp, ui_)}}));
      return nullptr;
  }
  return nullptr;
}

void Session::hint(Game& game, const v1::GameState& state) {
  v1::SuggestMoveRequest request;
  *request.mutable_state() = state;
  request.set_level(v1::SuggestMoveRequest::NORMAL);
  request.set_time_budget_ms(opt_.cpu_ms);
  v1::SuggestMoveResponse response;
  if (Failure f = host_.suggest_move(request, &response))
    error(explain(f, &game));
  else
    con_.line(say("hint.suggest", {{"move", move_text(state.view(), response.move())}}));
}

void Session::learn_opening_moves(Game& game, const Match& match) {
  v1::ListMovesRequest request;
  *request.mutable_state() = match.positions().front();
  v1::ListMovesResponse response;
  if (host_.list_moves(request, &response)) return;  // only hints are lost
  for (const v1::Move& m : response.moves()) game.known.emplace(m.id(), m);
}

bool Session::cpu_move(Game& game, Match& match, Level level) {
  const v1::GameState state = match.state();
  const std::uint32_t seat = state.seat_to_move();
  v1::SuggestMoveRequest request;
  *request.mutable_state() = state;
  request.set_level(level);
  request.set_time_budget_ms(opt_.cpu_ms);
  v1::SuggestMoveResponse response;
  // On a terminal, a word while the computer thinks; the move replaces it.
  const bool thinking = opt_.interactive && match.plan().mode != Mode::kDemo;
  if (thinking)
    con_.out() << con_.style().paint(say("cpu.thinking", {{"player", player_name(match.plan(), seat)}}), Tone::kDim)
               << std::flush;
  Failure asked = host_.suggest_move(request, &response);
  if (thinking) con_.out() << (isatty(STDOUT_FILENO) ? "\r\033[K" : "\n");
  if (asked) {
    error(explain(asked, &game));
    return false;
  }
  if (Failure f = match.play(host_, response.move().id())) {
    error(explain(f, &game));
    return false;
  }
  std::string line =
      played_line(match.plan(), seat, side_of(game, state, seat), move_text(state.view(), match.played().back()));
  if (match.plan().mode == Mode::kDemo) line = std::to_string(state.moves_size() + 1) + ". " + line;
  con_.line(line);
  announce_regions(state.view(), match.state().view());
  return true;
}

bool Session::undo(Game& game, Match& match) {
  UndoPlan plan = plan_undo(match.movers(), match.plan().humans(), match.over());
  switch (plan.refusal) {
    case UndoRefusal::kNone: break;
    case UndoRefusal::kGameOver: error(say("undo.game_over")); return false;
    case UndoRefusal::kNothingToUndo:
    case UndoRefusal::kNoHumanPlayer: error(say("undo.nothing")); return false;
    case UndoRefusal::kCpuOpening: error(say("undo.cpu_opening")); return false;
  }
  if (Failure f = match.take_back(host_, plan.moves)) {
    error(explain(f, &game));
    return false;
  }
  con_.line(plan.moves == 1 ? say("undo.one") : say("undo.many", {{"count", std::to_string(plan.moves)}}));
  keep_unfinished(match);
  return true;
}

void Session::where(Game& game, const v1::GameState& state, const std::vector<v1::Move>& moves,
                    const std::string& argument) {
  const v1::BoardView& view = state.view();
  const std::string word = command_word(Command::kWhere, ui_);
  if (argument.empty()) {
    error(say("where.usage", {{"command", word}, {"move", moves.empty() ? "" : moves.front().notation()}}));
    return;
  }
  ResolvedMove resolved = resolve_move(argument, moves, game.known, view);
  if (resolved.kind != MoveInput::kMove) {
    // The same reason as playing it would give: the client's for what is
    // no move here, the game's own for a move it refuses now. Asking the
    // game changes nothing: ApplyMove returns a new state and keeps none.
    const v1::Move* move = typed_move(game, argument, moves, view);
    if (!move) return;
    v1::ApplyMoveRequest probe;
    *probe.mutable_state() = state;
    probe.set_seat(state.seat_to_move());
    probe.set_move_id(move->id());
    v1::ApplyMoveResponse ignored;
    if (Failure f = host_.apply_move(probe, &ignored); f && !host_away(f))
      error(explain(f, &game));
    else
      error(say("where.not_a_move", {{"move", shown_input(argument)}}));
    return;
  }
  const v1::Move& m = *resolved.move;
  const std::string shown = move_text(view, m);
  if (m.ends_game()) {
    con_.line(say("where.ends", {{"move", shown}}));
  } else if (m.opponent_case() == v1::Move::kDestinationRegion) {
    print_board(game, preview_view(view, m), m.destination_region());
    con_.line(con_.style().paint(
        say("where.sends", {{"move", shown}, {"board", std::to_string(m.destination_region() + 1)}}),
        Tone::kPlayable));
  } else if (m.opponent_case() == v1::Move::kFreeMove) {
    con_.line(say(region_grid(view).count() > 1 ? "where.free" : "where.anywhere", {{"move", shown}}));
  } else {
    con_.line(say("where.unknown", {{"move", shown}}));
  }
}

Session::Next Session::finish(Game& game, Match& match) {
  const v1::GameState& state = match.state();
  const MatchPlan& plan = match.plan();
  show_position(game, match, state);

  std::string verdict = say("end.draw");
  for (const v1::SeatResult& r : state.outcome().results()) {
    if (plan.mode == Mode::kAgainstCpu && plan.human(r.seat())) {
      verdict = r.result() == v1::SeatResult::WIN   ? say("end.you_win")
                : state.resigned_seat() == r.seat() ? say("end.you_resigned")
                : r.result() == v1::SeatResult::LOSS ? say("end.you_lose")
                                                     : say("end.draw");
      break;
    }
    if (r.result() == v1::SeatResult::WIN)
      verdict = say("end.winner", {{"player", player_name(plan, r.seat())}, {"person", person(reader(plan, r.seat()))}});
  }
  con_.line(con_.style().paint(
      say("end.result", {{"summary", game.text.text(state.outcome().summary())}, {"verdict", verdict}}),
      Tone::kTitle));
  // The deciding move is the only place a game is counted.
  if (data_.scoreboard.count(plan, state.outcome())) {
    Record r = data_.scoreboard.record(plan.game_id, Scoreboard::record_key(plan));
    Args args = {{"wins", std::to_string(r.wins)},
                 {"draws", std::to_string(r.draws)},
                 {"losses", std::to_string(r.losses)}};
    if (plan.mode == Mode::kAgainstCpu) {
      for (const SeatPlan& s : plan.seats)
        if (!s.human) args["level"] = level_name(s.level);
      con_.line(say("score.cpu_line_short", args));
    } else {
      con_.line(two_players_line(Scoreboard::people(Scoreboard::record_key(plan)), r));
    }
  }
  record_finished(FinishedGame{{}, plan, plan.person_seat(), state, {}, game.info.name(), match.game_text(text_header(plan, utc_now()))});
  drop_unfinished(plan);
  if (single_demo_) return Next::kQuit;

  const std::string choices = say("end.choices", {{"another", command_word(Command::kAnother, ui_)},
                                                   {"replay", command_word(Command::kReplay, ui_)},
                                                   {"menu", command_word(Command::kMenu, ui_)},
                                                   {"quit", command_word(Command::kQuit, ui_)}});
  con_.line(choices);
  for (;;) {
    auto in = con_.ask(say("end.prompt") + " ");
    if (in.status != Console::Status::kLine) return Next::kQuit;
    auto cmd = parse_command(in.text, ui_);
    if (!cmd) {
      if (!in.text.empty()) error(say("end.unknown", {{"input", in.text}}) + " " + choices);
      continue;
    }
    switch (cmd->command) {
      case Command::kAnother: return Next::kAnother;
      case Command::kMenu: return Next::kMenu;
      case Command::kQuit: return Next::kQuit;
      case Command::kReplay:
        replay(game, match);
        con_.line(choices);
        break;
      case Command::kUndo: error(say("undo.game_over")); break;
      case Command::kBoard: show_position(game, match, state); break;
      case Command::kRules: show_rules(game); break;
      case Command::kScore: show_scoreboard(game); break;
      default: error(say("end.unknown", {{"input", in.text}}) + " " + choices); break;
    }
  }
}

void Session::replay(Game& game, const Match& match) {
  const auto& positions = match.positions();
  const std::size_t count = positions.size() - 1;  // moves played
  std::size_t i = 0;
  const std::string next = command_word(Command::kNext, ui_), back = command_word(Command::kBack, ui_),
                    quit = command_word(Command::kQuit, ui_);
  con_.line(con_.style().paint(say("replay.help", {{"next", next}, {"back", back}, {"quit", quit},
                                                  {"count", std::to_string(count)}}),
                               Tone::kDim));
  for (;;) {
    // The last position is the game as it ended: after a resignation, not
    // the move before it.
    const v1::GameState& at = i == count ? match.state() : positions[i];
    con_.line();
    con_.line(con_.style().paint(
        say("replay.title", {{"index", std::to_string(i)}, {"count", std::to_string(count)}}), Tone::kTitle));
    print_board(game, at.view());
    con_.line(game.text.text(at.view().status()));
    if (i < count) {
      const std::uint32_t seat = at.seat_to_move();
      con_.line(say("replay.next_move", {{"player", player_name(match.plan(), seat)},
                                         {"person", mover(match.plan(), seat)},
                                         {"level", level_name(match.plan().seats[seat - 1].level)},
                                         {"side", side_of(game, at, seat)},
                                         {"move", move_text(at.view(), match.played()[i])}}));
    } else {
      con_.line(say("replay.end", {{"summary", game.text.text(match.state().outcome().summary())}}));
    }
    for (;;) {
      auto in = con_.ask(say("replay.prompt") + " ");
      if (in.status != Console::Status::kLine) return;
      auto cmd = parse_command(in.text, ui_);
      if (in.text.empty() || (cmd && cmd->command == Command::kNext)) {
        if (i == count) {
          con_.line(say("replay.finished"));
          return;
        }
        ++i;
        break;
      }
      if (cmd && cmd->command == Command::kBack) {
        if (i > 0) --i;
        break;
      }
      if (cmd && (cmd->command == Command::kQuit || cmd->command == Command::kMenu)) return;
      if (auto n = parse_number(in.text); n && std::size_t(*n) <= count) {
        i = std::size_t(*n);
        break;
      }
      error(say("replay.bad", {{"next", next}, {"back", back}, {"quit", quit}, {"count", std::to_string(count)}}));
    }
  }
}

void Session::show_moves(const v1::BoardView& view, const std::vector<v1::Move>& moves) {
  // Both notations, as the moves are announced: "3/1 (g1)".
  std::vector<std::string> names;
  for (const v1::Move& m : moves) names.push_back(move_text(view, m));
  con_.line(wrap(say("moves.list", {{"count", std::to_string(moves.size())}, {"moves", join(names, ", ")}}),
                 opt_.width, "", "  "));
}

void Session::show_help(const v1::BoardView& view, const std::vector<v1::Move>& moves, bool online,
                        bool undo, bool people) {
  con_.line(con_.style().paint(say("help.title"), Tone::kTitle));
  if (!moves.empty()) {
    const v1::Move& example = moves[moves.size() / 2];
    const std::string cell = example.cells_size() > 0 ? cell_name(view, example.cells(0)) : "";
    Args args = {{"notation", example.notation()},
                 {"cell", cell},
                 {"first_column", column_label(view, 0)},
                 {"last_column", column_label(view, view.columns() - 1)},
                 {"first_row", "1"},
                 {"last_row", std::to_string(view.rows())}};
    con_.line(wrap(say(has_column_letters(view) ? "help.move" : "help.move_numbers", args), opt_.width, "  ",
                   "  "));
  }
  con_.line(wrap(say(region_grid(view).count() > 1 ? "help.board" : "help.board_plain"), opt_.width, "  ", "  "));
  static constexpr std::pair<Command, const char*> kLines[] = {
      {Command::kWhere, "help.where"},   {Command::kMoves, "help.moves"},
      {Command::kHint, "help.hint"},     {Command::kUndo, "help.undo"},
      {Command::kResign, "help.resign"}, {Command::kBoard, "help.redraw"},
      {Command::kRules, "help.rules"},   {Command::kScore, "help.score"},
      {Command::kMenu, "help.menu"},     {Command::kQuit, "help.quit"},
      {Command::kHelp, "help.help"},
  };
  // At a table: hints and undo only where every other seat is the
  // computer; the scoreboard is the table's; leaving hands the seat to the
  // computer.
  static constexpr std::pair<Command, const char*> kOnlineLines[] = {
      {Command::kWhere, "help.where"},          {Command::kMoves, "help.moves"},
      {Command::kHint, "online.help.hint"},     {Command::kUndo, "online.help.undo"},
      {Command::kResign, "help.resign"},        {Command::kAnother, "online.help.another"},
      {Command::kBoard, "help.redraw"},         {Command::kRules, "help.rules"},
      {Command::kScore, "online.help.score"},   {Command::kMenu, "online.help.menu"},
      {Command::kQuit, "online.help.quit"},     {Command::kHelp, "help.help"},
  };
  for (const auto& [command, key] : online ? std::vector(std::begin(kOnlineLines), std::end(kOnlineLines))
                                           : std::vector(std::begin(kLines), std::end(kLines))) {
    if (online && !undo && !people && (command == Command::kUndo || command == Command::kHint)) continue;
    if (people && command == Command::kHint) continue;
    con_.line(wrap(say(people ? offer_help_key(command, key) : key, {{"command", command_word(command, ui_)}}),
                   opt_.width, "  ", "      "));
    if (people && command == Command::kResign) show_offer_help();
  }
}

void Session::show_position(const Game& game, const Match& match, const v1::GameState& state) {
  print_board(game, state.view());
  // Once over, the result line that follows says it all.
  if (state.seat_to_move() != 0)
    con_.line(say("game.status", {{"move", std::to_string(state.moves_size() + 1)},
                                  {"status", game.text.text(state.view().status())}}));
  if (!match.played().empty() && &state == &match.state() && state.moves_size() > 0) {
    const std::size_t last = match.played().size() - 1;
    const v1::GameState& before = match.positions()[last];
    const std::uint32_t seat = before.seat_to_move();
    con_.line(con_.style().paint(say("game.last_move", {{"player", player_name(match.plan(), seat)},
                                                       {"person", mover(match.plan(), seat)},
                                                       {"level", level_name(match.plan().seats[seat - 1].level)},
                                                       {"side", side_of(game, before, seat)},
                                                       {"move", move_text(before.view(), match.played()[last])}}),
                                 Tone::kDim));
  }
}

void Session::print_board(const Game& game, const v1::BoardView& view,
                          std::optional<std::uint32_t> lit_region) {
  BoardLook look;
  look.sides.assign(game.info.sides().begin(), game.info.sides().end());
  look.map_title = say("board.map_title");
  look.lit_region = lit_region;
  con_.line();
  for (const std::string& line : draw_board(view, con_.style(), look)) con_.line(line);
  const bool regions = region_grid(view).count() > 1;
  // A spectator plays nowhere: the legend says whose cells the + are.
  const std::string legend = spectating_ ? say(regions ? "online.legend_watch" : "online.legend_watch_plain")
                                         : say(regions ? "board.legend" : "board.legend_plain");
  con_.line(con_.style().paint(legend, Tone::kDim));
}

}  // namespace game_client
