// The table service's rules ("The platform around both games" in
// rules-facts.md), on a FakeClock: seats and tokens, turns and stale
// moves, retries, clocks, leaving and coming back, undo, the next game and
// the scoreboard.
#include <unistd.h>

#include <filesystem>

#include "boardgame/tables/table_store.h"
#include "table_harness.h"

namespace tables_test {
namespace {

using Kind = v1::SeatPlan::Kind;
constexpr auto kPerson = v1::SeatPlan::PERSON;
constexpr auto kCpu = v1::SeatPlan::CPU;
constexpr char kTicTacToe[] = "tictactoe";
constexpr std::int64_t kGrace = 20'000;

// A host whose players count as absent after kGrace without a call or a watch.
boardgame::tables::TableHostOptions with_grace() {
  auto options = Harness::defaults();
  options.grace_ms = kGrace;
  return options;
}

std::string arg(const v1::ErrorDetail& detail, const std::string& name) {
  for (const auto& a : detail.args())
    if (a.name() == name) return a.value();
  return "<missing>";
}

template <class Response>
void expect_refusal(const Answer<Response>& answer, grpc::StatusCode code, const std::string& reason) {
  EXPECT_EQ(answer.status.error_code(), code) << answer.status.error_message();
  EXPECT_EQ(answer.detail.reason(), reason) << answer.status.error_message();
  EXPECT_FALSE(answer.status.error_message().empty());
}

v1::GameRequest game_request(const v1::Table& table, const Seat& seat) {
  v1::GameRequest request;
  request.set_table_id(table.table_id());
  request.set_token(seat.token);
  request.set_game_number(table.state().game_number());
  return request;
}

TEST(Seats, TheCreatorTakesSeatOneAndTheGameStartsWhenEverySeatIsTaken) {
  Harness h;
  Seat ana;
  const v1::Table waiting = h.open(kTicTacToe, {kPerson, kPerson}, &ana);
  EXPECT_EQ(ana.number, 1u);
  EXPECT_EQ(ana.token.size(), 43u);  // 256 bits, base64url
  EXPECT_EQ(waiting.phase(), v1::Table::WAITING);
  EXPECT_EQ(waiting.invite_code().size(), 6u);
  EXPECT_TRUE(waiting.seats(0).taken());
  EXPECT_FALSE(waiting.seats(1).taken());
  EXPECT_FALSE(waiting.undo_allowed());

  // By invite code, typed in lower case with a dash.
  v1::JoinTableRequest join;
  std::string code = waiting.invite_code();
  for (char& c : code) c = char(std::tolower(static_cast<unsigned char>(c)));
  join.mutable_table()->set_invite_code(code.substr(0, 3) + "-" + code.substr(3));
  join.mutable_player()->set_name("Bruno");
  join.mutable_player()->set_device_id(new_device());
  const auto joined = h.join(join);
  ASSERT_TRUE(joined.ok()) << joined.status.error_message();
  EXPECT_EQ(joined.response.ticket().seat(), 2u);
  EXPECT_NE(joined.response.ticket().token(), ana.token);
  EXPECT_EQ(joined.table().phase(), v1::Table::PLAYING);
  EXPECT_EQ(joined.table().seats(1).name(), "Bruno");
  EXPECT_EQ(joined.table().state().game_number(), 1u);
  EXPECT_EQ(joined.table().next_move_number(), 1u);

  v1::JoinTableRequest third = join;
  third.mutable_player()->set_device_id(new_device());
  expect_refusal(h.join(third), grpc::FAILED_PRECONDITION, "table_full");
}

TEST(Seats, ATableOfOnePersonAgainstTheCpuStartsAtOnceAndAllowsUndo) {
  Harness h;
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kCpu}, &ana);
  EXPECT_EQ(table.phase(), v1::Table::PLAYING);
  EXPECT_TRUE(table.undo_allowed());
  EXPECT_EQ(table.seats(1).plan().level(), v1::SuggestMoveRequest::NORMAL);
}

TEST(Seats, TokensAreCheckedAndSpectatorsCannotMove) {
  Harness h;
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kPerson}, &ana);
  const Seat bruno = h.sit(table, "Bruno");
  Seat spectator{0, "", ""};
  expect_refusal(h.play(table.table_id(), spectator, 4), grpc::PERMISSION_DENIED, "spectator");
  Seat forger{1, ana.token.substr(0, 42) + (ana.token.back() == 'A' ? "B" : "A"), ""};
  expect_refusal(h.play(table.table_id(), forger, 4), grpc::PERMISSION_DENIED, "bad_token");
  // A token of another table is no token here.
  Seat other;
  h.open(kTicTacToe, {kPerson, kPerson}, &other);
  expect_refusal(h.play(table.table_id(), other, 4), grpc::PERMISSION_DENIED, "bad_token");
  expect_refusal(h.play(table.table_id(), bruno, 4), grpc::FAILED_PRECONDITION, "not_your_turn");
  EXPECT_TRUE(h.play(table.table_id(), ana, 4).ok());
  EXPECT_EQ(h.table(table.table_id()).state().moves_size(), 1);
}

TEST(Seats, NamesAndDeviceIdsAreChecked) {
  Harness h;
  v1::CreateTableRequest request;
  request.set_game_id(kTicTacToe);
  *request.add_seats() = plan(kPerson);
  *request.add_seats() = plan(kPerson);
  request.mutable_player()->set_device_id(new_device());
  for (const std::string& bad : {std::string(""), std::string("   "), std::string("tab\there"),
                                std::string("\xC3\x28"), std::string(33, 'a'), std::string("bell\x07")}) {
    request.mutable_player()->set_name(bad);
    expect_refusal(h.create(request), grpc::INVALID_ARGUMENT, "bad_name");
  }
  request.mutable_player()->set_name("Zoë Łukasz 王");  // 12 characters, many bytes
  EXPECT_TRUE(h.create(request).ok());
  request.mutable_player()->set_device_id("short");
  expect_refusal(h.create(request), grpc::INVALID_ARGUMENT, "bad_device_id");
  request.mutable_player()->set_device_id("spaces are not allowed here");
  expect_refusal(h.create(request), grpc::INVALID_ARGUMENT, "bad_device_id");
}

TEST(Seats, BadTablesAreRefused) {
  Harness h;
  v1::CreateTableRequest request;
  request.set_game_id("chess");
  *request.add_seats() = plan(kPerson);
  *request.add_seats() = plan(kPerson);
  expect_refusal(h.create(request), grpc::NOT_FOUND, "unknown_game");
  request.set_game_id(kTicTacToe);
  request.clear_seats();
  *request.add_seats() = plan(kPerson);
  expect_refusal(h.create(request), grpc::INVALID_ARGUMENT, "bad_seats");
  *request.add_seats() = plan(v1::SeatPlan::KIND_UNSPECIFIED);
  expect_refusal(h.create(request), grpc::INVALID_ARGUMENT, "bad_seats");
  request.clear_seats();
  *request.add_seats() = plan(kCpu);
  *request.add_seats() = plan(kCpu);
  expect_refusal(h.create(request), grpc::INVALID_ARGUMENT, "bad_seats");
  request.clear_seats();
  *request.add_seats() = plan(kPerson);
  *request.add_seats() = plan(kPerson);
  *request.add_settings() = number("time_per_turn", 45);
  expect_refusal(h.create(request), grpc::INVALID_ARGUMENT, "bad_setting_value");
  EXPECT_EQ(h.host().table_count(), 0u);
}

TEST(Play, AStaleMoveNumberIsRefusedWithTheCurrentOne) {
  Harness h;
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kPerson}, &ana);
  const Seat bruno = h.sit(table, "Bruno");
  ASSERT_TRUE(h.play(table.table_id(), ana, 4).ok());
  v1::PlayRequest late;
  late.set_table_id(table.table_id());
  late.set_token(bruno.token);
  late.set_game_number(1);
  late.set_move_number(1);  // Bruno had not seen Ana's move
  late.set_move_id(0);
  const auto refused = h.play(late);
  expect_refusal(refused, grpc::FAILED_PRECONDITION, "stale_move");
  EXPECT_EQ(arg(refused.detail, "move"), "2");
  EXPECT_EQ(arg(refused.detail, "game"), "1");
  late.set_move_number(5);
  expect_refusal(h.play(late), grpc::FAILED_PRECONDITION, "stale_move");
  late.set_move_number(2);
  late.set_game_number(2);
  expect_refusal(h.play(late), grpc::FAILED_PRECONDITION, "stale_move");
}

TEST(Play, ARetryGetsTheFirstAnswerAndNeverPlaysTwice) {
  Harness h;
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kPerson}, &ana);
  const Seat bruno = h.sit(table, "Bruno");
  v1::PlayRequest request;
  request.set_table_id(table.table_id());
  request.set_token(ana.token);
  request.set_game_number(1);
  request.set_move_number(1);
  request.set_move_id(4);
  const auto first = h.play(request);
  ASSERT_TRUE(first.ok());
  ASSERT_TRUE(h.play(table.table_id(), bruno, 0).ok());  // the table moves on meanwhile
  const auto again = h.play(request);
  ASSERT_TRUE(again.ok()) << again.status.error_message();
  EXPECT_EQ(again.response.version(), first.response.version());
  EXPECT_EQ(again.response.move().id(), 4u);
  EXPECT_EQ(again.table().version(), first.table().version());
  EXPECT_EQ(h.table(table.table_id()).state().moves_size(), 2);
  // The same number with another move is no retry.
  request.set_move_id(8);
  expect_refusal(h.play(request), grpc::FAILED_PRECONDITION, "stale_move");
}

TEST(Play, EveryRefusalLeavesTheTableAsItWas) {
  Harness h;
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kPerson}, &ana);
  const Seat bruno = h.sit(table, "Bruno");
  ASSERT_TRUE(h.play(table.table_id(), ana, 4).ok());
  const v1::Table before = h.table(table.table_id());
  expect_refusal(h.play(table.table_id(), bruno, 4), grpc::FAILED_PRECONDITION, "cell_occupied");
  expect_refusal(h.play(table.table_id(), bruno, 99), grpc::INVALID_ARGUMENT, "not_a_cell");
  expect_refusal(h.play(table.table_id(), ana, 0), grpc::FAILED_PRECONDITION, "not_your_turn");
  v1::PlayRequest no_move;
  no_move.set_table_id(table.table_id());
  no_move.set_token(bruno.token);
  no_move.set_game_number(1);
  no_move.set_move_number(2);
  expect_refusal(h.play(no_move), grpc::INVALID_ARGUMENT, "missing_move");
  no_move.set_table_id("nope");
  no_move.set_move_id(0);
  expect_refusal(h.play(no_move), grpc::NOT_FOUND, "unknown_table");
  EXPECT_EQ(h.table(table.table_id()).SerializeAsString(), before.SerializeAsString());
}

TEST(Play, NoMoveBeforeEverySeatIsTakenNorAfterTheEnd) {
  Harness h;
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kPerson}, &ana);
  expect_refusal(h.play(table.table_id(), ana, 4), grpc::FAILED_PRECONDITION, "waiting_for_players");
  const Seat bruno = h.sit(table, "Bruno");
  for (auto [seat, cell] : {std::pair<const Seat*, std::uint32_t>{&ana, 0u}, {&bruno, 3u}, {&ana, 1u}, {&bruno, 4u}})
    ASSERT_TRUE(h.play(table.table_id(), *seat, cell).ok());
  const auto won = h.play(table.table_id(), ana, 2);
  ASSERT_TRUE(won.ok());
  EXPECT_EQ(won.table().phase(), v1::Table::GAME_OVER);
  expect_refusal(h.play(table.table_id(), bruno, 5), grpc::FAILED_PRECONDITION, "game_over");
  expect_refusal(h.resign(game_request(won.table(), bruno)), grpc::FAILED_PRECONDITION, "game_over");
}

TEST(Clock, WhenTimeRunsOutTheCpuMakesThatOneMoveAndTheNextTurnHasAFreshClock) {
  Harness h;
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kPerson}, &ana, {number("time_per_turn", 30)});
  const Seat bruno = h.sit(table, "Bruno");
  v1::Table started = h.table(table.table_id());
  EXPECT_EQ(started.time_per_turn_s(), 30u);
  EXPECT_EQ(started.turn_deadline_ms(), h.clock().now_ms() + 30'000);
  v1::WatchRequest watch;
  watch.mutable_table()->set_table_id(table.table_id());
  auto spectator = h.watch(watch);

  h.advance_ms(29'999);
  EXPECT_EQ(h.table(table.table_id()).state().moves_size(), 0);
  h.advance_ms(1);
  const v1::Table after = h.table(table.table_id());
  ASSERT_EQ(after.state().moves_size(), 1);
  EXPECT_EQ(after.state().seat_to_move(), 2u);
  EXPECT_EQ(after.turn_deadline_ms(), h.clock().now_ms() + 30'000);
  EXPECT_FALSE(after.seats(0).absent());  // one move, not the seat
  const auto events = spectator->events();
  ASSERT_GE(events.size(), 2u);
  EXPECT_EQ(events.back().kind(), v1::TableEvent::CPU_STANDING_IN);
  EXPECT_EQ(events.back().stand_in(), v1::TableEvent::TIME_RAN_OUT);
  EXPECT_EQ(events.back().seat(), 1u);

  // Ana moves herself next time; Bruno runs out too: nobody loses on time.
  h.advance_ms(10'000);
  ASSERT_TRUE(h.play(table.table_id(), bruno, h.table(table.table_id()).state().view().playable_cells(0)).ok());
  h.advance_ms(15'000);
  ASSERT_TRUE(h.play(table.table_id(), ana, h.table(table.table_id()).state().view().playable_cells(0)).ok());
  h.advance_ms(30'000);
  EXPECT_EQ(h.table(table.table_id()).state().moves_size(), 4);
}

// Every table the host sends says how long the turn has left, from the
// host's clock, so that a page never counts from its own.
TEST(Clock, EveryTableSentSaysHowLongTheTurnHasLeft) {
  Harness h;
  Seat ana;
  const v1::Table table =
      h.open(kTicTacToe, {kPerson, kPerson}, &ana, {number("time_per_turn", 30)});
  h.sit(table, "Bruno");
  h.advance_ms(12'000);
  v1::TableRef ref;
  ref.set_table_id(table.table_id());
  v1::TableResponse now;
  ASSERT_TRUE(h.host().get(ref, "peer", &now).ok());
  EXPECT_EQ(now.table().turn_time_left_ms(), 18'000);
  v1::WatchRequest watch;
  *watch.mutable_table() = ref;
  const auto watcher = h.watch(watch);
  ASSERT_FALSE(watcher->events().empty());
  EXPECT_EQ(watcher->events()[0].kind(), v1::TableEvent::SNAPSHOT);
  EXPECT_EQ(watcher->events()[0].table().turn_time_left_ms(), 18'000);
  // A move starts the next turn with all of its time.
  ASSERT_TRUE(h.play(table.table_id(), ana, 4).ok());
  const auto events = watcher->events();
  EXPECT_EQ(events.back().table().turn_time_left_ms(), 30'000);
  // No clock, no time left.
  Seat carla;
  const v1::Table free = h.open(kTicTacToe, {kPerson, kPerson}, &carla);
  h.sit(free, "Dario");
  ref.set_table_id(free.table_id());
  ASSERT_TRUE(h.host().get(ref, "peer", &now).ok());
  EXPECT_EQ(now.table().turn_time_left_ms(), 0);
}

TEST(Clock, ATableWithoutTimePerTurnRunsNoClock) {
  Harness h;
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kPerson}, &ana);
  h.sit(table, "Bruno");
  EXPECT_EQ(h.table(table.table_id()).turn_deadline_ms(), 0);
  h.advance_ms(3'600'000);
  EXPECT_EQ(h.table(table.table_id()).state().moves_size(), 0);
}

TEST(Absence, LeavingLetsTheCpuStandInAndTheSameDeviceComesBackMidGame) {
  Harness h("memory", with_grace());
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kPerson}, &ana);
  Seat bruno = h.sit(table, "Bruno");
  v1::WatchRequest watch;
  watch.mutable_table()->set_table_id(table.table_id());
  auto spectator = h.watch(watch);
  ASSERT_TRUE(h.play(table.table_id(), ana, 4).ok());
  ASSERT_TRUE(h.leave(table.table_id(), bruno.token).ok());
  // The CPU answered for Bruno at once.
  v1::Table now = h.table(table.table_id());
  EXPECT_TRUE(now.seats(1).absent());
  EXPECT_EQ(now.seats(1).name(), "Bruno");  // the seat stays his
  ASSERT_EQ(now.state().moves_size(), 2);
  EXPECT_EQ(spectator->events().back().kind(), v1::TableEvent::CPU_STANDING_IN);
  EXPECT_EQ(spectator->events().back().stand_in(), v1::TableEvent::AWAY);
  // And goes on playing his turns.
  ASSERT_TRUE(h.play(table.table_id(), ana, now.state().view().playable_cells(0)).ok());
  EXPECT_EQ(h.table(table.table_id()).state().moves_size(), 4);

  expect_refusal(h.play(table.table_id(), bruno, 0), grpc::PERMISSION_DENIED, "bad_token");
  v1::RejoinRequest rejoin;
  rejoin.mutable_table()->set_table_id(table.table_id());
  rejoin.set_seat(2);
  rejoin.set_device_id(new_device());
  expect_refusal(h.rejoin(rejoin), grpc::PERMISSION_DENIED, "other_device");
  rejoin.set_device_id(ana.device);
  expect_refusal(h.rejoin(rejoin), grpc::PERMISSION_DENIED, "other_device");
  rejoin.set_device_id(bruno.device);
  const auto back = h.rejoin(rejoin);
  ASSERT_TRUE(back.ok()) << back.status.error_message();
  EXPECT_FALSE(back.table().seats(1).absent());
  const std::string old_token = bruno.token;
  bruno.token = back.response.ticket().token();
  EXPECT_NE(bruno.token, old_token);
  ASSERT_TRUE(h.play(table.table_id(), ana, h.table(table.table_id()).state().view().playable_cells(0)).ok());
  // Bruno's turn is his again: the CPU does not move.
  EXPECT_EQ(h.table(table.table_id()).state().moves_size(), 5);
  Seat old{2, old_token, bruno.device};
  expect_refusal(h.play(table.table_id(), old, h.table(table.table_id()).state().view().playable_cells(0)),
                 grpc::PERMISSION_DENIED, "bad_token");
  EXPECT_TRUE(h.play(table.table_id(), bruno, h.table(table.table_id()).state().view().playable_cells(0)).ok());
  spectator->expect_contiguous(spectator->events().front().version());
}

TEST(Absence, ALostConnectionCountsAfterTheGracePeriodAndWatchingAgainBringsTheSeatBack) {
  Harness h("memory", with_grace());
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kPerson}, &ana);
  const Seat bruno = h.sit(table, "Bruno");
  v1::WatchRequest as_ana;
  as_ana.mutable_table()->set_table_id(table.table_id());
  as_ana.set_token(ana.token);
  std::shared_ptr<TableHost::Watch> ana_watch;
  h.watch(as_ana, nullptr, &ana_watch);
  v1::WatchRequest as_bruno = as_ana;
  as_bruno.set_token(bruno.token);
  std::shared_ptr<TableHost::Watch> bruno_watch;
  h.watch(as_bruno, nullptr, &bruno_watch);

  h.advance_ms(60'000);  // watching keeps both present
  EXPECT_FALSE(h.table(table.table_id()).seats(0).absent());
  EXPECT_FALSE(h.table(table.table_id()).seats(1).absent());

  h.host().unwatch(ana_watch);  // Ana's connection drops on her own turn
  h.advance_ms(kGrace - 1);
  EXPECT_FALSE(h.table(table.table_id()).seats(0).absent());
  EXPECT_EQ(h.table(table.table_id()).state().moves_size(), 0);
  h.advance_ms(1);
  const v1::Table away = h.table(table.table_id());
  EXPECT_TRUE(away.seats(0).absent());
  EXPECT_EQ(away.state().moves_size(), 1);  // the CPU moved for her

  ASSERT_TRUE(h.play(table.table_id(), bruno, away.state().view().playable_cells(0)).ok());
  EXPECT_EQ(h.table(table.table_id()).state().moves_size(), 3);
  // Back with the token she had: the seat is hers again, mid-game.
  auto ana_again = h.watch(as_ana);
  const v1::Table back = h.table(table.table_id());
  EXPECT_FALSE(back.seats(0).absent());
  ASSERT_TRUE(h.play(table.table_id(), bruno, back.state().view().playable_cells(0)).ok());
  EXPECT_EQ(h.table(table.table_id()).state().moves_size(), 4);
  EXPECT_TRUE(h.play(table.table_id(), ana, h.table(table.table_id()).state().view().playable_cells(0)).ok());
  bool rejoined = false;
  for (const auto& e : ana_again->events()) rejoined |= e.kind() == v1::TableEvent::SEAT_REJOINED;
  EXPECT_TRUE(rejoined);
}

TEST(Absence, CallsAloneKeepAPlayerPresent) {
  Harness h("memory", with_grace());
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kPerson}, &ana);
  const Seat bruno = h.sit(table, "Bruno");
  // Each plays every two thirds of the grace period, and never watches.
  for (int i = 0; i < 6; ++i) {
    h.advance_ms(kGrace / 3);
    const v1::Table now = h.table(table.table_id());
    if (now.phase() != v1::Table::PLAYING) break;
    const Seat& mover = now.state().seat_to_move() == 1 ? ana : bruno;
    ASSERT_TRUE(h.play(table.table_id(), mover, now.state().view().playable_cells(0)).ok());
  }
  EXPECT_FALSE(h.table(table.table_id()).seats(0).absent());
  EXPECT_FALSE(h.table(table.table_id()).seats(1).absent());
  h.advance_ms(kGrace);
  EXPECT_TRUE(h.table(table.table_id()).seats(0).absent());
  EXPECT_TRUE(h.table(table.table_id()).seats(1).absent());
}

TEST(Undo, TakesBackYourMoveAndTheCpusAnswer) {
  Harness h;
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kCpu}, &ana);
  ASSERT_TRUE(h.play(table.table_id(), ana, 4).ok());
  const v1::Table answered = h.table(table.table_id());
  ASSERT_EQ(answered.state().moves_size(), 2);
  v1::UndoRequest undo;
  undo.set_table_id(table.table_id());
  undo.set_token(ana.token);
  undo.set_game_number(1);
  undo.set_move_number(answered.next_move_number());
  const auto undone = h.undo(undo);
  ASSERT_TRUE(undone.ok()) << undone.status.error_message();
  EXPECT_EQ(undone.table().state().moves_size(), 0);
  EXPECT_EQ(undone.table().state().seat_to_move(), 1u);
  EXPECT_EQ(undone.table().next_move_number(), 1u);
  // Nothing of hers is left to take back.
  undo.set_move_number(1);
  expect_refusal(h.undo(undo), grpc::FAILED_PRECONDITION, "nothing_to_undo");
  // A stale view is refused.
  ASSERT_TRUE(h.play(table.table_id(), ana, 0).ok());
  expect_refusal(h.undo(undo), grpc::FAILED_PRECONDITION, "stale_move");
}

TEST(Undo, NeverTheCpusOpeningMoveNorWhereAnotherPersonPlaysNorAfterTheEnd) {
  Harness h;
  Seat ana;
  // The CPU sits in seat 1 and opens.
  const v1::Table cpu_first = h.open(kTicTacToe, {kCpu, kPerson}, &ana);
  EXPECT_EQ(ana.number, 2u);
  const v1::Table opened = h.table(cpu_first.table_id());
  ASSERT_EQ(opened.state().moves_size(), 1);
  v1::UndoRequest undo;
  undo.set_table_id(opened.table_id());
  undo.set_token(ana.token);
  undo.set_game_number(1);
  undo.set_move_number(2);
  const auto refused = h.undo(undo);
  expect_refusal(refused, grpc::FAILED_PRECONDITION, "nothing_to_undo");
  EXPECT_NE(refused.status.error_message().find("opening"), std::string::npos);

  Seat carla;
  const v1::Table two = h.open(kTicTacToe, {kPerson, kPerson}, &carla);
  h.sit(two, "Dario");
  ASSERT_TRUE(h.play(two.table_id(), carla, 4).ok());
  undo.set_table_id(two.table_id());
  undo.set_token(carla.token);
  expect_refusal(h.undo(undo), grpc::FAILED_PRECONDITION, "undo_not_allowed");

  ASSERT_TRUE(h.resign(game_request(h.table(opened.table_id()), ana)).ok());
  undo.set_table_id(opened.table_id());
  undo.set_token(ana.token);
  undo.set_move_number(h.table(opened.table_id()).next_move_number());
  expect_refusal(h.undo(undo), grpc::FAILED_PRECONDITION, "game_over");
}

TEST(Series, TheNextGameAlternatesTheOpenerAndTheScoreboardCountsEachGameOnce) {
  Harness h;
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kPerson}, &ana);
  const Seat bruno = h.sit(table, "Bruno");
  const v1::Table first = h.table(table.table_id());
  EXPECT_EQ(first.state().seat_to_move(), 1u);
  expect_refusal(h.next_game(game_request(first, ana)), grpc::FAILED_PRECONDITION, "game_not_over");

  const auto resigned = h.resign(game_request(first, bruno));
  ASSERT_TRUE(resigned.ok());
  EXPECT_EQ(resigned.table().phase(), v1::Table::GAME_OVER);
  // A retried resignation answers the same and counts nothing more.
  ASSERT_TRUE(h.resign(game_request(first, bruno)).ok());
  v1::Table over = h.table(table.table_id());
  EXPECT_EQ(over.scores(0).wins(), 1u);
  EXPECT_EQ(over.scores(0).points(), 1.0);
  EXPECT_EQ(over.scores(1).losses(), 1u);
  EXPECT_EQ(over.scores(1).points(), 0.0);

  const auto next = h.next_game(game_request(over, bruno));
  ASSERT_TRUE(next.ok()) << next.status.error_message();
  EXPECT_EQ(next.table().state().game_number(), 2u);
  EXPECT_EQ(next.table().state().seat_to_move(), 2u);  // alternate first turn
  EXPECT_EQ(next.table().phase(), v1::Table::PLAYING);
  EXPECT_EQ(next.table().seats(0).name(), "Ana");
  // Both players press "next game": one game 2, not a game 3.
  const auto both = h.next_game(game_request(over, ana));
  ASSERT_TRUE(both.ok());
  EXPECT_EQ(h.table(table.table_id()).state().game_number(), 2u);

  // A draw is worth half to each.
  v1::Table now = h.table(table.table_id());
  for (std::uint32_t cell : {0u, 4u, 8u, 1u, 7u, 6u, 2u, 5u, 3u}) {
    now = h.table(table.table_id());
    if (now.phase() != v1::Table::PLAYING) break;
    const Seat& mover = now.state().seat_to_move() == 1 ? ana : bruno;
    ASSERT_TRUE(h.play(table.table_id(), mover, cell).ok());
  }
  now = h.table(table.table_id());
  ASSERT_EQ(now.phase(), v1::Table::GAME_OVER);
  EXPECT_EQ(now.scores(0).draws(), 1u);
  EXPECT_EQ(now.scores(0).points(), 1.5);
  EXPECT_EQ(now.scores(1).points(), 0.5);

  v1::TableRef ref;
  ref.set_table_id(table.table_id());
  v1::ListFinishedGamesResponse finished;
  ASSERT_TRUE(h.host().finished_games(ref, "peer", &finished).ok());
  ASSERT_EQ(finished.games_size(), 2);
  EXPECT_EQ(finished.games(0).moves_size(), 0);
  EXPECT_EQ(finished.games(1).game_number(), 2u);
  ASSERT_EQ(finished.games(1).moves_size(), now.state().moves_size());
  EXPECT_FALSE(finished.games(1).moves(0).empty());
  EXPECT_EQ(finished.games(1).seats(1).name(), "Bruno");
  EXPECT_EQ(finished.games(1).scores(1).points(), 0.5);
}

// Resign and NextGame name their game as Play does: another game's number
// is refused with the current one, and a retry after the next game began
// gets its first answer, also after a restart.
TEST(Series, ResignAndNextGameNameTheirGameAsPlayDoes) {
  Harness h("sqlite:" + (std::filesystem::path(::testing::TempDir()) /
                         ("game_numbers_" + std::to_string(::getpid()) + ".db"))
                            .string());
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kPerson}, &ana);
  const Seat bruno = h.sit(table, "Bruno");
  const v1::Table first = h.table(table.table_id());
  for (std::uint32_t wrong : {0u, 2u}) {
    v1::GameRequest request = game_request(first, bruno);
    request.set_game_number(wrong);
    const auto resigned = h.resign(request);
    expect_refusal(resigned, grpc::FAILED_PRECONDITION, "other_game");
    EXPECT_EQ(resigned.detail.args(0).value(), "1") << "names the current game";
    expect_refusal(h.next_game(request), grpc::FAILED_PRECONDITION, "other_game");
  }
  EXPECT_EQ(h.table(table.table_id()).version(), first.version()) << "nothing changed";

  ASSERT_TRUE(h.resign(game_request(first, bruno)).ok());
  v1::GameRequest far_ahead = game_request(first, ana);
  far_ahead.set_game_number(5);
  const auto ahead = h.next_game(far_ahead);
  expect_refusal(ahead, grpc::FAILED_PRECONDITION, "other_game");
  EXPECT_NE(ahead.status.error_message().find("game 5, but the table is at game 1"),
            std::string::npos);
  ASSERT_TRUE(h.next_game(game_request(first, ana)).ok());
  h.restart();

  // Game 2 is under way: retrying the resignation of game 1 gets its
  // answer and changes nothing; Ana, who did not resign it, is late.
  const std::uint64_t version = h.table(table.table_id()).version();
  const auto again = h.resign(game_request(first, bruno));
  ASSERT_TRUE(again.ok()) << again.status.error_message();
  EXPECT_EQ(again.table().state().game_number(), 2u);
  expect_refusal(h.resign(game_request(first, ana)), grpc::FAILED_PRECONDITION, "game_over");
  const v1::Table now = h.table(table.table_id());
  EXPECT_EQ(now.version(), version);
  EXPECT_EQ(now.phase(), v1::Table::PLAYING);
  EXPECT_EQ(now.scores(1).losses(), 1u);
}

TEST(Watch, AWatcherThatResumesFromAVersionGetsEveryLaterEventOnce) {
  Harness h;
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kCpu}, &ana);
  v1::WatchRequest fresh;
  fresh.mutable_table()->set_invite_code(table.invite_code());
  auto first = h.watch(fresh);
  ASSERT_EQ(first->events().size(), 1u);
  EXPECT_EQ(first->events()[0].kind(), v1::TableEvent::SNAPSHOT);
  const std::uint64_t seen = first->events()[0].version();

  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(h.play(table.table_id(), ana, h.table(table.table_id()).state().view().playable_cells(0)).ok());
  first->expect_contiguous(seen);

  v1::WatchRequest resume;
  resume.mutable_table()->set_table_id(table.table_id());
  resume.set_after_version(seen + 2);
  auto second = h.watch(resume);
  second->expect_contiguous(seen + 3);
  EXPECT_EQ(second->events().back().version(), h.table(table.table_id()).version());

  resume.set_after_version(0);  // the whole history
  auto all = h.watch(resume);
  all->expect_contiguous(1);
  EXPECT_EQ(all->events().front().kind(), v1::TableEvent::CREATED);

  resume.set_after_version(h.table(table.table_id()).version() + 1);
  grpc::Status status;
  h.watch(resume, &status);
  EXPECT_EQ(status.error_code(), grpc::OUT_OF_RANGE);
}

TEST(Watch, AWatcherFarBehindResumesFromTheStore) {
  Harness h;
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kCpu}, &ana);
  // Enough games that the oldest events are no longer kept in memory.
  for (int game = 0; game < 30; ++game) {
    v1::Table now = h.table(table.table_id());
    ASSERT_TRUE(h.resign(game_request(now, ana)).ok());
    ASSERT_TRUE(h.next_game(game_request(h.table(table.table_id()), ana)).ok());
  }
  v1::WatchRequest resume;
  resume.mutable_table()->set_table_id(table.table_id());
  resume.set_after_version(1);
  auto watcher = h.watch(resume);
  watcher->expect_contiguous(2);
  EXPECT_EQ(watcher->events().back().version(), h.table(table.table_id()).version());
}

TEST(Limits, TablesWatchersAndInviteCodeGuessesAreCapped) {
  auto options = Harness::defaults();
  options.max_tables = 2;
  options.max_watchers = 2;
  options.max_guesses = 3;
  Harness h("memory", options);
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kPerson}, &ana);
  h.open(kTicTacToe, {kPerson, kPerson}, &ana);
  v1::CreateTableRequest third;
  third.set_game_id(kTicTacToe);
  *third.add_seats() = plan(kPerson);
  *third.add_seats() = plan(kPerson);
  expect_refusal(h.create(third), grpc::RESOURCE_EXHAUSTED, "too_many_tables");

  v1::WatchRequest watch;
  watch.mutable_table()->set_table_id(table.table_id());
  h.watch(watch);
  h.watch(watch);
  grpc::Status status;
  h.watch(watch, &status);
  EXPECT_EQ(status.error_code(), grpc::RESOURCE_EXHAUSTED);

  v1::JoinTableRequest guess;
  guess.mutable_player()->set_name("Eve");
  guess.mutable_player()->set_device_id(new_device());
  // A code of the wrong shape is a slip, not a guess.
  for (const char* slip : {"abc", "K7MQ4X0", "K7-MQ"}) {
    guess.mutable_table()->set_invite_code(slip);
    expect_refusal(h.join(guess, "eve"), grpc::INVALID_ARGUMENT, "bad_table_ref");
  }
  for (const char* code : {"AAAAAA", "BBBBBB", "CCCCCC"}) {
    guess.mutable_table()->set_invite_code(code);
    expect_refusal(h.join(guess, "eve"), grpc::NOT_FOUND, "unknown_table");
    h.advance_ms(10'000);
  }
  guess.mutable_table()->set_invite_code(table.invite_code());
  const auto locked = h.join(guess, "eve");
  expect_refusal(locked, grpc::RESOURCE_EXHAUSTED, "too_many_guesses");
  ASSERT_EQ(locked.detail.args_size(), 2);
  EXPECT_EQ(locked.detail.args(1).value(), "30") << "until the first miss is a minute old";
  // Another connection is not held back by Eve's guesses, and Eve only
  // for a while.
  v1::JoinTableRequest other = guess;
  other.mutable_table()->set_invite_code("DDDDDD");
  expect_refusal(h.join(other, "someone-else"), grpc::NOT_FOUND, "unknown_table");
  h.advance_ms(29'000);
  expect_refusal(h.join(guess, "eve"), grpc::RESOURCE_EXHAUSTED, "too_many_guesses");
  h.advance_ms(1'000);
  EXPECT_TRUE(h.join(guess, "eve").ok());
}

TEST(Limits, AnIdleTableExpiresAndItsWatchersAreTold) {
  auto options = Harness::defaults();
  options.idle_expiry_ms = 60'000;
  Harness h("memory", options);
  Seat ana;
  const v1::Table table = h.open(kTicTacToe, {kPerson, kPerson}, &ana);
  v1::WatchRequest watch;
  watch.mutable_table()->set_table_id(table.table_id());
  auto watcher = h.watch(watch);
  h.advance_ms(59'000);
  EXPECT_EQ(h.host().table_count(), 1u);
  h.advance_ms(2'000);
  EXPECT_EQ(h.host().table_count(), 0u);
  EXPECT_TRUE(watcher->closed());
  EXPECT_EQ(watcher->events().back().kind(), v1::TableEvent::EXPIRED);
  v1::PlayRequest late;
  late.set_table_id(table.table_id());
  late.set_token(ana.token);
  late.set_move_id(4);
  expect_refusal(h.play(late), grpc::NOT_FOUND, "unknown_table");
}

}  // namespace
}  // namespace tables_test

namespace tables_test {
namespace {

// A SQLite file of its own, removed with the object.
struct StoreFile {
  std::filesystem::path folder = std::filesystem::temp_directory_path() /
                                 ("tables-" + std::to_string(::getpid()) + "-" + new_device());
  StoreFile() { std::filesystem::create_directories(folder); }
  ~StoreFile() { std::filesystem::remove_all(folder); }
  std::string spec() const { return "sqlite:" + (folder / "tables.db").string(); }
};

TEST(Restart, TablesRetriesAndClocksCarryOnAfterARestart) {
  StoreFile file;
  Harness h(file.spec());
  Seat ana;
  const v1::Table table = h.open("tictactoe", {v1::SeatPlan::PERSON, v1::SeatPlan::PERSON}, &ana,
                                 {number("time_per_turn", 30)});
  const Seat bruno = h.sit(table, "Bruno");
  v1::PlayRequest first;
  first.set_table_id(table.table_id());
  first.set_token(ana.token);
  first.set_game_number(1);
  first.set_move_number(1);
  first.set_move_id(4);
  const auto played = h.play(first);
  ASSERT_TRUE(played.ok());
  h.advance_ms(20'000);  // Bruno has 10 s left

  h.restart();
  const v1::Table back = h.table(table.table_id());
  EXPECT_EQ(back.state().moves_size(), 1);
  EXPECT_EQ(back.seats(1).name(), "Bruno");
  // The clock starts afresh: nobody could move while the host was down.
  EXPECT_EQ(back.turn_deadline_ms(), h.clock().now_ms() + 30'000);
  // A retry of an answer lost in the crash gets the first answer.
  const auto again = h.play(first);
  ASSERT_TRUE(again.ok()) << again.status.error_message();
  EXPECT_EQ(again.response.version(), played.response.version());
  EXPECT_EQ(h.table(table.table_id()).state().moves_size(), 1);
  // The tokens still work, and the clock still fires.
  ASSERT_TRUE(h.play(table.table_id(), bruno, 0).ok());
  h.advance_ms(30'000);
  EXPECT_EQ(h.table(table.table_id()).state().moves_size(), 3);

  v1::WatchRequest history;
  history.mutable_table()->set_table_id(table.table_id());
  history.set_after_version(0);
  auto all = h.watch(history);
  all->expect_contiguous(1);
  bool clock_restarted = false;
  for (const auto& e : all->events()) clock_restarted |= e.kind() == v1::TableEvent::CLOCK_STARTED &&
                                                        e.table().state().moves_size() == 1;
  EXPECT_TRUE(clock_restarted);
}

TEST(Restart, ASecondHostOnTheSameStoreIsRefused) {
  StoreFile file;
  Harness h(file.spec());
  try {
    boardgame::tables::open_store(file.spec());
    ADD_FAILURE() << "a second host opened the store";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("in use by another game-host"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tables_test
