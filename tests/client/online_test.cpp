// The host-free rules of playing online: invite codes and table ids, the
// device id, names, the turn clock, and the seats kept in the data file.
#include "online.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <unistd.h>

#include "offers.h"
#include "store.h"

namespace game_client {
namespace {

namespace fs = std::filesystem;

TEST(Online, SixLettersAndDigitsAreAnInviteCodeAnythingElseATableId) {
  v1::TableRef code = parse_table_ref("  k7mq4x ");
  EXPECT_EQ(code.invite_code(), "K7MQ4X");
  EXPECT_EQ(code.table_id(), "");
  v1::TableRef id = parse_table_ref("t-0123456789abcdef");
  EXPECT_EQ(id.table_id(), "t-0123456789abcdef");
  EXPECT_EQ(id.invite_code(), "");
  EXPECT_EQ(parse_table_ref("K7-Q4X").table_id(), "K7-Q4X");  // not a code
  v1::TableRef empty = parse_table_ref("   ");
  EXPECT_EQ(empty.table_id(), "");
  EXPECT_EQ(empty.invite_code(), "");
}

TEST(Online, ASavedSeatIsFoundByItsIdOrItsCodeInAnyCase) {
  OnlineSeat seat{"127.0.0.1:1", "t-1", "K7MQ4X", "uttt", 2, "secret"};
  EXPECT_TRUE(same_table(seat, parse_table_ref("k7mq4x")));
  EXPECT_TRUE(same_table(seat, parse_table_ref("t-1")));
  EXPECT_FALSE(same_table(seat, parse_table_ref("K7MQ4Y")));
  EXPECT_FALSE(same_table(seat, parse_table_ref("t-2")));
}

TEST(Online, DeviceIdsAreLongRandomAndAcceptedByTheHost) {
  std::set<std::string> seen;
  for (int i = 0; i < 50; ++i) {
    const std::string id = make_device_id();
    EXPECT_EQ(id.size(), 24u);
    EXPECT_TRUE(valid_device_id(id)) << id;
    seen.insert(id);
  }
  EXPECT_EQ(seen.size(), 50u);
  std::uint32_t n = 0;
  EXPECT_EQ(make_device_id([&] { return n++; }).size(), 24u);
  EXPECT_FALSE(valid_device_id("short"));
  EXPECT_FALSE(valid_device_id("has spaces in it, sixteen+"));
  EXPECT_FALSE(valid_device_id(std::string(65, 'a')));
  EXPECT_TRUE(valid_device_id(std::string(64, 'a')));
}

TEST(Online, NamesAreOneToThirtyTwoCharactersWithoutControls) {
  EXPECT_TRUE(valid_player_name("Ana"));
  EXPECT_TRUE(valid_player_name("José María"));
  EXPECT_TRUE(valid_player_name("Jürgen Groß-Öhm 🎲"));
  EXPECT_TRUE(valid_player_name(std::string(32, 'x')));
  EXPECT_TRUE(valid_player_name("ñññññññññññññññññññññññññññññññn"));  // 32 characters, 63 bytes
  EXPECT_FALSE(valid_player_name(std::string(33, 'x')));
  EXPECT_FALSE(valid_player_name(""));
  EXPECT_FALSE(valid_player_name("tab\there"));
  EXPECT_FALSE(valid_player_name("esc\x1b[31m"));
  EXPECT_FALSE(valid_player_name("\xc3"));          // cut UTF-8
  EXPECT_FALSE(valid_player_name("\xc0\xaf"));      // overlong
  EXPECT_FALSE(valid_player_name("\xed\xa0\x80"));  // a surrogate
}

TEST(Online, TheClockCountsWholeSecondsUp) {
  EXPECT_EQ(seconds_left(0, 1000), std::nullopt);
  EXPECT_EQ(seconds_left(31'000, 1'000), 30);
  EXPECT_EQ(seconds_left(31'000, 1'001), 30);
  EXPECT_EQ(seconds_left(31'000, 30'999), 1);
  EXPECT_EQ(seconds_left(31'000, 31'000), 0);
  EXPECT_EQ(seconds_left(31'000, 40'000), 0);
}

TEST(Online, TheDataFileKeepsTheDeviceTheNameAndTheSeats) {
  char pattern[] = "/tmp/client-online-XXXXXX";
  const fs::path dir = mkdtemp(pattern);
  Store store(dir / "club-games");
  ClientData data;
  data.device_id = "abcdefghijklmnop_-0123";
  data.player_name = "Ana";
  data.online_seats.push_back({"127.0.0.1:5", "t-1", "K7MQ4X", "uttt", 1, "token-1"});
  data.online_seats.push_back({"127.0.0.1:5", "t-2", "ABCDEF", "tictactoe", 2, "token-2"});
  ASSERT_EQ(store.save(data), "");
  // The file holds secrets: its owner's alone.
  EXPECT_EQ(fs::status(store.file()).permissions() & (fs::perms::group_all | fs::perms::others_all), fs::perms::none);
  Store::Loaded loaded = store.load();
  ASSERT_EQ(loaded.problem, "");
  EXPECT_EQ(loaded.data.device_id, data.device_id);
  EXPECT_EQ(loaded.data.player_name, "Ana");
  ASSERT_EQ(loaded.data.online_seats.size(), 2u);
  const OnlineSeat& s = loaded.data.online_seats[1];
  EXPECT_EQ(s.host, "127.0.0.1:5");
  EXPECT_EQ(s.table_id, "t-2");
  EXPECT_EQ(s.invite_code, "ABCDEF");
  EXPECT_EQ(s.game_id, "tictactoe");
  EXPECT_EQ(s.seat, 2u);
  EXPECT_EQ(s.token, "token-2");
  fs::remove_all(dir);
}

TEST(Online, ABrokenSeatRecordIsRefusedWithAReason) {
  auto parsed = client_data_from_json(nlohmann::json::parse(
      R"({"format": 1, "online_seats": [{"host": "h", "table_id": "t", "invite_code": "", "game_id": "g", "token": "x"}]})"));
  EXPECT_FALSE(parsed);
  EXPECT_NE(parsed.error.find("seat number"), std::string::npos) << parsed.error;
  auto bad_device = client_data_from_json(nlohmann::json::parse(R"({"format": 1, "device_id": "short"})"));
  EXPECT_FALSE(bad_device);
  // A file from before online play still loads.
  auto old = client_data_from_json(nlohmann::json::parse(R"({"format": 1})"));
  ASSERT_TRUE(old);
  EXPECT_TRUE(old.value.online_seats.empty());
  EXPECT_EQ(old.value.device_id, "");
}

}  // namespace
}  // namespace game_client

namespace game_client {
namespace {

v1::PlayResponse play_answer(std::uint64_t move_version, std::uint64_t table_version, v1::Table::Phase phase) {
  v1::PlayResponse answer;
  answer.set_version(move_version);
  answer.mutable_table()->set_version(table_version);
  answer.mutable_table()->set_phase(phase);
  return answer;
}

TEST(Online, AMoveIsShownWithItsWholeChangeBeforeThePrompt) {
  // An ordinary move: its MOVE event is the whole change.
  EXPECT_EQ(own_change_end(play_answer(7, 7, v1::Table::PLAYING)), 7u);
  // A deciding move: MOVE 7, then GAME_OVER 8 with the final board, which
  // must be printed before "What next?".
  EXPECT_EQ(own_change_end(play_answer(7, 8, v1::Table::GAME_OVER)), 8u);
  // The same move answered again after a retry: the MOVE event's table,
  // already over, with the MOVE's version; GAME_OVER is still to come.
  EXPECT_EQ(own_change_end(play_answer(7, 7, v1::Table::GAME_OVER)), 8u);
}

// Undo and the next game become offers only where someone can answer:
// not against the computer alone, nor before anyone has sat down.
TEST(Online, OffersAreBetweenPeopleOnly) {
  v1::Table table;
  auto seat = [&](std::uint32_t number, v1::SeatPlan::Kind kind) {
    v1::Seat* s = table.add_seats();
    s->set_number(number);
    s->mutable_plan()->set_kind(kind);
  };
  seat(1, v1::SeatPlan::PERSON);
  seat(2, v1::SeatPlan::CPU);
  EXPECT_FALSE(between_people(table, 1));
  EXPECT_EQ(other_person(table, 1), 0u);
  // A spectator (seat 0) sees whom the person's offer would wait for.
  EXPECT_EQ(other_person(table, 0), 1u);
  seat(3, v1::SeatPlan::PERSON);
  EXPECT_TRUE(between_people(table, 1));
  EXPECT_EQ(other_person(table, 1), 3u);
  EXPECT_EQ(other_person(table, 3), 1u);
  EXPECT_TRUE(between_people(table, 2));
}

TEST(Online, EachOfferKindHasItsWordAndAnUnknownOneNone) {
  EXPECT_STREQ(offer_word(v1::Offer::DRAW), "draw");
  EXPECT_STREQ(offer_word(v1::Offer::TAKEBACK), "takeback");
  EXPECT_STREQ(offer_word(v1::Offer::NEXT_GAME), "next_game");
  EXPECT_STREQ(offer_word(v1::Offer::KIND_UNSPECIFIED), "");
  EXPECT_STREQ(offer_word(static_cast<v1::Offer::Kind>(99)), "");
}

}  // namespace
}  // namespace game_client
