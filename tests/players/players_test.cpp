// The player service's rules on a FakeClock (Players), and players at the
// tables: seats that belong to a player, and rated games that change
// ratings once.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "boardgame/v1/error_detail.pb.h"
#include "table_harness.h"

namespace {

namespace v1 = boardgame::v1;
namespace fs = std::filesystem;
using tables_test::Harness;

std::string reason(const grpc::Status& status) {
  v1::ErrorDetail detail;
  detail.ParseFromString(status.error_details());
  return detail.reason();
}

class PlayersTest : public ::testing::Test {
 protected:
  PlayersTest()
      : folder_(fs::path(::testing::TempDir()) /
                ("players_test_" + std::string(::testing::UnitTest::GetInstance()
                                                   ->current_test_info()
                                                   ->name()) +
                 "_" + std::to_string(::getpid()))),
        harness_(prepared(folder_)) {}
  ~PlayersTest() override { fs::remove_all(folder_); }

  static std::string prepared(const fs::path& folder) {
    fs::remove_all(folder);
    fs::create_directories(folder);
    return "sqlite:" + (folder / "tables.db").string();
  }

  v1::PlayerKey create(const std::string& name) {
    v1::CreatePlayerRequest request;
    request.set_name(name);
    v1::PlayerKeyResponse response;
    const grpc::Status status = harness_.players().create(request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response.key();
  }

  v1::PlayerProfile profile(const std::string& player_id) {
    v1::GetPlayerRequest request;
    request.set_player_id(player_id);
    v1::PlayerProfile response;
    const grpc::Status status = harness_.players().get(request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response;
  }

  grpc::Status claim(const std::string& code, v1::PlayerKeyResponse* response = nullptr) {
    v1::ClaimTransferRequest request;
    request.set_code(code);
    v1::PlayerKeyResponse ignored;
    return harness_.players().claim_transfer(request, "peer", response ? response : &ignored);
  }

  // A rated tic-tac-toe table that `first` opens and `second` joins, both
  // as players: their seats 1 and 2.
  v1::Table rated_table(const v1::PlayerKey& first, const v1::PlayerKey& second,
                        tables_test::Seat* one, tables_test::Seat* two) {
    v1::CreateTableRequest create;
    create.set_game_id("tictactoe");
    create.set_rated(true);
    *create.add_seats() = tables_test::plan(v1::SeatPlan::PERSON);
    *create.add_seats() = tables_test::plan(v1::SeatPlan::PERSON);
    *create.mutable_player()->mutable_key() = first;
    const auto created = harness_.create(create);
    EXPECT_TRUE(created.ok()) << created.status.error_message();
    one->number = created.response.ticket().seat();
    one->token = created.response.ticket().token();
    v1::JoinTableRequest join;
    join.mutable_table()->set_table_id(created.table().table_id());
    *join.mutable_player()->mutable_key() = second;
    const auto joined = harness_.join(join);
    EXPECT_TRUE(joined.ok()) << joined.status.error_message();
    two->number = joined.response.ticket().seat();
    two->token = joined.response.ticket().token();
    return joined.table();
  }

  fs::path folder_;
  Harness harness_;
};

TEST_F(PlayersTest, ANewPlayerHasAKeyThatOnlyItsSecretOpens) {
  const v1::PlayerKey key = create("  Jos\u0065\u0301 ");
  EXPECT_EQ(key.player_id().size(), 16u);
  EXPECT_EQ(key.secret().size(), 43u);
  std::string name;
  ASSERT_TRUE(harness_.players().identify(key, &name).ok());
  EXPECT_EQ(name, "Jos\u00e9") << "kept trimmed and NFC";

  v1::PlayerKey wrong = key;
  wrong.set_secret(std::string(43, 'A'));
  grpc::Status status = harness_.players().identify(wrong, &name);
  EXPECT_EQ(status.error_code(), grpc::PERMISSION_DENIED);
  EXPECT_EQ(reason(status), "bad_player_key");
  wrong = key;
  wrong.set_player_id("AAAAAAAAAAAAAAAA");
  EXPECT_EQ(reason(harness_.players().identify(wrong, &name)), "bad_player_key")
      << "an unknown id answers as a wrong secret does";
  wrong.set_player_id("not an id");
  status = harness_.players().identify(wrong, &name);
  EXPECT_EQ(status.error_code(), grpc::INVALID_ARGUMENT);
  EXPECT_EQ(reason(status), "bad_player_id");

  v1::GetPlayerRequest unknown;
  unknown.set_player_id("AAAAAAAAAAAAAAAA");
  v1::PlayerProfile ignored;
  status = harness_.players().get(unknown, &ignored);
  EXPECT_EQ(status.error_code(), grpc::NOT_FOUND);
  EXPECT_EQ(reason(status), "unknown_player");
}

TEST_F(PlayersTest, BadNamesAreRefusedAndChangeNothing) {
  for (const std::string& name :
       std::vector<std::string>{"", "   ", "Computer (Expert)", "Ordenador (Experto)", "A\u202Ena",
                                "\u200B\u200B", std::string(33, 'x')}) {
    v1::CreatePlayerRequest request;
    request.set_name(name);
    v1::PlayerKeyResponse response;
    const grpc::Status status = harness_.players().create(request, &response);
    EXPECT_EQ(status.error_code(), grpc::INVALID_ARGUMENT) << name;
    EXPECT_EQ(reason(status), "bad_name") << name;
    EXPECT_FALSE(response.has_key());
  }
  const v1::PlayerKey ana = create("Ana");
  v1::RenamePlayerRequest rename;
  *rename.mutable_key() = ana;
  rename.set_name("C\u043Emputer");  // a Cyrillic o
  v1::PlayerProfile ignored;
  EXPECT_EQ(reason(harness_.players().rename(rename, &ignored)), "bad_name");
  EXPECT_EQ(profile(ana.player_id()).name(), "Ana");
  rename.set_name("Ana Luísa");
  ASSERT_TRUE(harness_.players().rename(rename, &ignored).ok());
  EXPECT_EQ(profile(ana.player_id()).name(), "Ana Luísa");
}

TEST_F(PlayersTest, ATransferCodeMovesThePlayerToAnotherDevice) {
  const v1::PlayerKey old_key = create("Ana");
  v1::TransferCode code;
  ASSERT_TRUE(harness_.players().start_transfer(old_key, &code).ok());
  ASSERT_EQ(code.code().size(), 9u);
  EXPECT_EQ(code.code()[4], '-');
  EXPECT_EQ(code.expires_ms(), harness_.clock().now_ms() + 10 * 60 * 1000);

  // Typed as a person would: lower case, no dash.
  std::string typed = code.code().substr(0, 4) + code.code().substr(5);
  for (char& c : typed) c = char(std::tolower(static_cast<unsigned char>(c)));
  v1::PlayerKeyResponse moved;
  ASSERT_TRUE(claim(typed, &moved).ok());
  EXPECT_EQ(moved.key().player_id(), old_key.player_id());
  EXPECT_NE(moved.key().secret(), old_key.secret());
  EXPECT_EQ(moved.profile().name(), "Ana");
  std::string name;
  EXPECT_TRUE(harness_.players().identify(moved.key(), &name).ok());
  EXPECT_EQ(reason(harness_.players().identify(old_key, &name)), "bad_player_key")
      << "the old device no longer holds the player";
  const grpc::Status again = claim(code.code());
  EXPECT_EQ(again.error_code(), grpc::NOT_FOUND);
  EXPECT_EQ(reason(again), "unknown_transfer_code");

  // A code stops working when it expires.
  ASSERT_TRUE(harness_.players().start_transfer(moved.key(), &code).ok());
  harness_.clock().advance_ms(10 * 60 * 1000);
  EXPECT_EQ(reason(claim(code.code())), "unknown_transfer_code");
}

TEST_F(PlayersTest, WrongTransferCodesLockAConnectionOutForAWhile) {
  const v1::PlayerKey key = create("Ana");
  v1::TransferCode code;
  ASSERT_TRUE(harness_.players().start_transfer(key, &code).ok());
  // A code of the wrong shape is a slip, not a guess.
  for (int i = 0; i < 10; ++i) {
    const grpc::Status status = claim("abc");
    EXPECT_EQ(status.error_code(), grpc::INVALID_ARGUMENT);
    EXPECT_EQ(reason(status), "bad_transfer_code");
  }
  const std::string wrong = code.code()[0] == '2' ? "3333-3333" : "2222-2222";
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(reason(claim(wrong)), "unknown_transfer_code");
    harness_.clock().advance_ms(1000);
  }
  const grpc::Status locked = claim(code.code());
  EXPECT_EQ(locked.error_code(), grpc::RESOURCE_EXHAUSTED);
  EXPECT_EQ(reason(locked), "too_many_transfer_guesses");
  v1::ErrorDetail detail;
  detail.ParseFromString(locked.error_details());
  ASSERT_EQ(detail.args_size(), 2);
  EXPECT_EQ(detail.args(1).name(), "seconds");
  EXPECT_EQ(detail.args(1).value(), "595") << locked.error_message();
  // Once the first miss is ten minutes old, one more try is allowed (with
  // a new code: the first has expired by then).
  harness_.clock().advance_ms(594 * 1000);
  EXPECT_EQ(reason(claim(code.code())), "too_many_transfer_guesses");
  harness_.clock().advance_ms(1000);
  ASSERT_TRUE(harness_.players().start_transfer(key, &code).ok());
  EXPECT_TRUE(claim(code.code()).ok());
}

TEST_F(PlayersTest, StandingsAreOfAGameTheHostServes) {
  v1::StandingsRequest request;
  request.set_game_id("chess");
  v1::Standings response;
  const grpc::Status status = harness_.players().standings(request, &response);
  EXPECT_EQ(status.error_code(), grpc::NOT_FOUND);
  EXPECT_EQ(reason(status), "unknown_game");
}

TEST_F(PlayersTest, ARatedGameBetweenPlayersChangesTheirRatingsOnce) {
  const v1::PlayerKey ana = create("Ana"), bruno = create("Bruno");
  tables_test::Seat one, two;
  const v1::Table table = rated_table(ana, bruno, &one, &two);
  EXPECT_EQ(table.seats(0).player_id(), ana.player_id());
  EXPECT_EQ(table.seats(1).player_id(), bruno.player_id());
  EXPECT_EQ(table.seats(1).name(), "Bruno");
  // Seat 1 opens the first game and completes the top row.
  for (auto [seat, cell] : {std::pair{&one, 0u}, {&two, 3u}, {&one, 1u}, {&two, 4u}, {&one, 2u}}) {
    const auto played = harness_.play(table.table_id(), *seat, cell);
    ASSERT_TRUE(played.ok()) << played.status.error_message();
  }
  ASSERT_EQ(harness_.table(table.table_id()).phase(), v1::Table::GAME_OVER);

  const v1::PlayerProfile winner = profile(ana.player_id());
  ASSERT_EQ(winner.ratings_size(), 1);
  EXPECT_EQ(winner.ratings(0).game_id(), "tictactoe");
  EXPECT_GT(winner.ratings(0).rating(), 1500);
  EXPECT_TRUE(winner.ratings(0).provisional());
  ASSERT_EQ(winner.recent_games_size(), 1);
  EXPECT_EQ(winner.recent_games(0).table_id(), table.table_id());
  EXPECT_EQ(winner.recent_games(0).opponent_name(), "Bruno");
  EXPECT_EQ(winner.recent_games(0).score(), 1);
  const v1::PlayerProfile loser = profile(bruno.player_id());
  EXPECT_LT(loser.ratings(0).rating(), 1500);

  harness_.restart();
  EXPECT_EQ(profile(ana.player_id()).ratings(0).rating(), winner.ratings(0).rating());
  EXPECT_EQ(profile(bruno.player_id()).recent_games_size(), 1);
}

TEST_F(PlayersTest, AResignationBeforeEachSideMovedTwiceIsAborted) {
  const v1::PlayerKey ana = create("Ana"), bruno = create("Bruno");
  tables_test::Seat one, two;
  const v1::Table table = rated_table(ana, bruno, &one, &two);
  ASSERT_TRUE(harness_.play(table.table_id(), one, 4).ok());
  ASSERT_TRUE(harness_.play(table.table_id(), two, 0).ok());
  v1::GameRequest resign;
  resign.set_table_id(table.table_id());
  resign.set_token(two.token);
  resign.set_game_number(1);
  ASSERT_TRUE(harness_.resign(resign).ok());
  EXPECT_EQ(profile(ana.player_id()).ratings_size(), 0);
  EXPECT_EQ(profile(bruno.player_id()).recent_games_size(), 0);
}

TEST_F(PlayersTest, AResignationIsALoss) {
  const v1::PlayerKey ana = create("Ana"), bruno = create("Bruno");
  tables_test::Seat one, two;
  const v1::Table table = rated_table(ana, bruno, &one, &two);
  for (auto [seat, cell] : {std::pair{&one, 4u}, {&two, 0u}, {&one, 8u}, {&two, 2u}})
    ASSERT_TRUE(harness_.play(table.table_id(), *seat, cell).ok());
  v1::GameRequest resign;
  resign.set_table_id(table.table_id());
  resign.set_token(one.token);
  resign.set_game_number(1);
  ASSERT_TRUE(harness_.resign(resign).ok());
  EXPECT_EQ(profile(ana.player_id()).ratings(0).losses(), 1u);
  EXPECT_EQ(profile(bruno.player_id()).ratings(0).wins(), 1u);
}

TEST_F(PlayersTest, ASeatBelongsToItsPlayerOnAnyDevice) {
  const v1::PlayerKey ana = create("Ana"), bruno = create("Bruno");
  v1::CreateTableRequest create;
  create.set_game_id("tictactoe");
  *create.add_seats() = tables_test::plan(v1::SeatPlan::PERSON);
  *create.add_seats() = tables_test::plan(v1::SeatPlan::PERSON);
  create.mutable_player()->set_name("Not Ana");  // a player sits under their own name
  *create.mutable_player()->mutable_key() = ana;
  const auto created = harness_.create(create);
  ASSERT_TRUE(created.ok()) << created.status.error_message();
  EXPECT_EQ(created.table().seats(0).name(), "Ana");
  const std::string table_id = created.table().table_id();

  // Another device holding the player gets the seat back; a device id or
  // another player does not.
  v1::RejoinRequest rejoin;
  rejoin.mutable_table()->set_table_id(table_id);
  rejoin.set_seat(1);
  *rejoin.mutable_player() = ana;
  const auto back = harness_.rejoin(rejoin);
  ASSERT_TRUE(back.ok()) << back.status.error_message();
  EXPECT_NE(back.response.ticket().token(), created.response.ticket().token());
  *rejoin.mutable_player() = bruno;
  EXPECT_EQ(harness_.rejoin(rejoin).detail.reason(), "other_device");
  rejoin.clear_player();
  rejoin.set_device_id(tables_test::new_device());
  EXPECT_EQ(harness_.rejoin(rejoin).detail.reason(), "other_device");
  *rejoin.mutable_player() = ana;
  rejoin.mutable_player()->set_secret(std::string(43, 'A'));
  const auto forged = harness_.rejoin(rejoin);
  EXPECT_EQ(forged.status.error_code(), grpc::PERMISSION_DENIED);
  EXPECT_EQ(forged.detail.reason(), "bad_player_key");
}

TEST_F(PlayersTest, NamesAtTablesFollowTheSameRules) {
  Harness& h = harness_;
  tables_test::Seat first;
  const v1::Table table = h.open("tictactoe", {v1::SeatPlan::PERSON, v1::SeatPlan::PERSON}, &first);
  v1::JoinTableRequest join;
  join.mutable_table()->set_table_id(table.table_id());
  join.mutable_player()->set_device_id(tables_test::new_device());
  for (const std::string name : {"CPU", "Computador (Normal)", "Bru\u200Bno"}) {
    join.mutable_player()->set_name(name);
    const auto refused = h.join(join);
    EXPECT_EQ(refused.status.error_code(), grpc::INVALID_ARGUMENT) << name;
    EXPECT_EQ(refused.detail.reason(), "bad_name") << name;
  }
  join.mutable_player()->set_name(" Bruno ");
  const auto joined = h.join(join);
  ASSERT_TRUE(joined.ok()) << joined.status.error_message();
  EXPECT_EQ(joined.table().seats(1).name(), "Bruno");
  EXPECT_EQ(joined.table().seats(1).player_id(), "");
}

}  // namespace
