// Play now on a FakeClock: seeks pair at once when compatible, never a
// player with themselves, within rating ranges, and the lobby counts who
// is here and who is looking.
#include "boardgame/players/seeks.h"

#include <gtest/gtest.h>

#include <mutex>
#include <optional>

#include "boardgame/v1/error_detail.pb.h"
#include "table_harness.h"

namespace {

namespace v1 = boardgame::v1;
using boardgame::players::Seeks;
using tables_test::Harness;

std::string reason(const grpc::Status& status) {
  v1::ErrorDetail detail;
  detail.ParseFromString(status.error_details());
  return detail.reason();
}

// Keeps the pairing a seek gets.
class Catch final : public Seeks::Listener {
 public:
  void paired(const grpc::Status& status, const v1::Pairing& pairing) override {
    std::lock_guard lock(mutex_);
    EXPECT_FALSE(calls_++) << "a seek is paired once";
    status_ = status;
    pairing_ = pairing;
  }
  std::optional<v1::Pairing> pairing() {
    std::lock_guard lock(mutex_);
    if (!calls_) return std::nullopt;
    EXPECT_TRUE(status_.ok()) << status_.error_message();
    return pairing_;
  }

 private:
  std::mutex mutex_;
  int calls_ = 0;
  grpc::Status status_;
  v1::Pairing pairing_;
};

class SeeksTest : public ::testing::Test {
 protected:
  v1::PlayerKey player(const std::string& name) {
    v1::CreatePlayerRequest request;
    request.set_name(name);
    v1::PlayerKeyResponse response;
    EXPECT_TRUE(harness_.players().create(request, &response).ok());
    return response.key();
  }

  v1::SeekRequest request(const v1::PlayerKey& key, bool rated = true, std::uint32_t min = 0,
                          std::uint32_t max = 0) {
    v1::SeekRequest seek;
    *seek.mutable_key() = key;
    seek.set_game_id("tictactoe");
    *seek.add_settings() = tables_test::number("time_per_turn", 30);
    seek.set_rated(rated);
    seek.set_min_rating(min);
    seek.set_max_rating(max);
    return seek;
  }

  // Opens a seek; the listener hears of its pairing.
  grpc::Status seek(const v1::SeekRequest& request, std::shared_ptr<Catch> listener,
                    v1::Seek* opened = nullptr) {
    v1::Seek ignored;
    const grpc::Status status = seeks_.open(request, listener, opened ? opened : &ignored);
    harness_.host().wait_idle();
    return status;
  }

  v1::GameLobby lobby(const v1::PlayerKey* key = nullptr) {
    v1::LobbyRequest request;
    request.set_game_id("tictactoe");
    if (key) *request.mutable_key() = *key;
    v1::Lobby lobby;
    EXPECT_TRUE(seeks_.lobby(request, &lobby).ok());
    return lobby.games(0);
  }

  Harness harness_;
  Seeks seeks_{harness_.players(), harness_.host(), harness_.clock()};
};

TEST_F(SeeksTest, TwoCompatibleSeeksSitAtANewTableAtOnce) {
  const v1::PlayerKey ana = player("Ana"), bruno = player("Bruno");
  auto first = std::make_shared<Catch>(), second = std::make_shared<Catch>();
  v1::Seek opened;
  ASSERT_TRUE(seek(request(ana), first, &opened).ok());
  EXPECT_FALSE(opened.seek_id().empty());
  EXPECT_EQ(opened.player_name(), "Ana");
  EXPECT_EQ(opened.time_per_turn_s(), 30u);
  EXPECT_EQ(opened.rating(), 1500);
  EXPECT_TRUE(opened.provisional());
  EXPECT_FALSE(first->pairing());

  v1::Seek none;
  ASSERT_TRUE(seek(request(bruno), second, &none).ok());
  EXPECT_TRUE(none.seek_id().empty()) << "paired at once, never listed";
  const auto one = first->pairing(), two = second->pairing();
  ASSERT_TRUE(one && two);
  EXPECT_EQ(one->table_id(), two->table_id());
  EXPECT_EQ(one->seat() + two->seat(), 3u) << "seats 1 and 2";

  const v1::Table table = harness_.table(one->table_id());
  EXPECT_EQ(table.phase(), v1::Table::PLAYING);
  EXPECT_TRUE(table.rated());
  EXPECT_EQ(table.time_per_turn_s(), 30u);
  EXPECT_EQ(table.seats(int(one->seat()) - 1).player_id(), ana.player_id());
  EXPECT_EQ(table.seats(int(two->seat()) - 1).player_id(), bruno.player_id());
  // Seat 1 opens; its token plays.
  const v1::Pairing& opener = one->seat() == 1 ? *one : *two;
  const auto played =
      harness_.play(opener.table_id(), {opener.seat(), opener.token(), ""}, 4);
  EXPECT_TRUE(played.ok()) << played.status.error_message();
  EXPECT_EQ(lobby().seeks_size(), 0);
}

TEST_F(SeeksTest, NobodyIsPairedWithThemselves) {
  const v1::PlayerKey ana = player("Ana");
  auto first = std::make_shared<Catch>(), second = std::make_shared<Catch>();
  v1::Seek opened;
  ASSERT_TRUE(seek(request(ana), first, &opened).ok());
  ASSERT_TRUE(seek(request(ana), second).ok());
  EXPECT_FALSE(first->pairing());
  EXPECT_FALSE(second->pairing());
  EXPECT_EQ(lobby().seeks_size(), 2);
  v1::AcceptSeekRequest accept;
  *accept.mutable_key() = ana;
  accept.set_seek_id(opened.seek_id());
  const grpc::Status status = seeks_.accept(accept, std::make_shared<Catch>());
  EXPECT_EQ(status.error_code(), grpc::FAILED_PRECONDITION);
  EXPECT_EQ(reason(status), "own_seek");
  EXPECT_EQ(lobby().seeks_size(), 2) << "a refused accept changes nothing";
}

TEST_F(SeeksTest, RatingRangesAreRespectedBothWays) {
  const v1::PlayerKey ana = player("Ana"), bruno = player("Bruno"), carla = player("Carla");
  auto picky = std::make_shared<Catch>(), plain = std::make_shared<Catch>();
  v1::Seek wanted;
  // Everybody starts at 1500: Ana wants 1600 or more.
  ASSERT_TRUE(seek(request(ana, true, 1600, 0), picky, &wanted).ok());
  ASSERT_TRUE(seek(request(bruno, true), plain).ok());
  EXPECT_FALSE(picky->pairing());
  EXPECT_FALSE(plain->pairing()) << "Bruno's 1500 is outside Ana's range";
  v1::AcceptSeekRequest accept;
  *accept.mutable_key() = carla;
  accept.set_seek_id(wanted.seek_id());
  const grpc::Status status = seeks_.accept(accept, std::make_shared<Catch>());
  EXPECT_EQ(reason(status), "rating_out_of_range");
  // Carla's range holds Bruno's 1500: they pair.
  auto fits = std::make_shared<Catch>();
  ASSERT_TRUE(seek(request(carla, true, 1400, 1600), fits).ok());
  ASSERT_TRUE(fits->pairing());
  EXPECT_EQ(plain->pairing()->table_id(), fits->pairing()->table_id());
  EXPECT_FALSE(picky->pairing());
}

TEST_F(SeeksTest, OnlyTheSameGameSettingsAndKindPair) {
  const v1::PlayerKey ana = player("Ana"), bruno = player("Bruno");
  auto rated = std::make_shared<Catch>(), casual = std::make_shared<Catch>(),
       slower = std::make_shared<Catch>();
  ASSERT_TRUE(seek(request(ana, true), rated).ok());
  ASSERT_TRUE(seek(request(bruno, false), casual).ok());
  v1::SeekRequest other_clock = request(bruno, true);
  *other_clock.mutable_settings(0) = tables_test::number("time_per_turn", 60);
  ASSERT_TRUE(seek(other_clock, slower).ok());
  EXPECT_FALSE(rated->pairing() || casual->pairing() || slower->pairing());
  EXPECT_EQ(lobby().seeks_size(), 3);
}

TEST_F(SeeksTest, AcceptingASeekFromTheLobbySeatsBoth) {
  const v1::PlayerKey ana = player("Ana"), bruno = player("Bruno");
  auto seeker = std::make_shared<Catch>(), taker = std::make_shared<Catch>();
  v1::Seek opened;
  ASSERT_TRUE(seek(request(ana, false), seeker, &opened).ok());
  v1::AcceptSeekRequest accept;
  *accept.mutable_key() = bruno;
  accept.set_seek_id(opened.seek_id());
  ASSERT_TRUE(seeks_.accept(accept, taker).ok());
  harness_.host().wait_idle();
  ASSERT_TRUE(seeker->pairing() && taker->pairing());
  EXPECT_EQ(seeker->pairing()->table_id(), taker->pairing()->table_id());
  EXPECT_FALSE(harness_.table(taker->pairing()->table_id()).rated());
  const grpc::Status again = seeks_.accept(accept, std::make_shared<Catch>());
  EXPECT_EQ(again.error_code(), grpc::NOT_FOUND);
  EXPECT_EQ(reason(again), "unknown_seek");
}

TEST_F(SeeksTest, TheLobbyCountsWhoIsHereAndWhoIsLooking) {
  const v1::PlayerKey ana = player("Ana"), bruno = player("Bruno"), carla = player("Carla");
  EXPECT_EQ(lobby().online(), 0u);
  lobby(&carla);
  auto listener = std::make_shared<Catch>();
  v1::Seek opened;
  ASSERT_TRUE(seek(request(ana), listener, &opened).ok());
  ASSERT_TRUE(seek(request(ana, false), std::make_shared<Catch>()).ok());
  v1::GameLobby now = lobby();
  EXPECT_EQ(now.online(), 2u) << "Carla, who looked, and Ana, who seeks";
  EXPECT_EQ(now.seeking(), 1u) << "one player, two seeks";
  ASSERT_EQ(now.seeks_size(), 2);
  EXPECT_EQ(now.seeks(0).seek_id(), opened.seek_id()) << "oldest first";

  seeks_.cancel(opened.seek_id());
  EXPECT_EQ(lobby().seeks_size(), 1);
  harness_.clock().advance_ms(61'000);
  now = lobby(&bruno);
  EXPECT_EQ(now.online(), 2u) << "Carla is gone after a minute; Bruno came, Ana still seeks";
}

TEST_F(SeeksTest, BadSeeksAreRefusedAndChangeNothing) {
  const v1::PlayerKey ana = player("Ana");
  v1::SeekRequest unknown = request(ana);
  unknown.set_game_id("chess");
  EXPECT_EQ(reason(seek(unknown, std::make_shared<Catch>())), "unknown_game");
  v1::SeekRequest bad_setting = request(ana);
  *bad_setting.mutable_settings(0) = tables_test::number("time_per_turn", 45);
  EXPECT_EQ(seek(bad_setting, std::make_shared<Catch>()).error_code(), grpc::INVALID_ARGUMENT);
  EXPECT_EQ(reason(seek(request(ana, false, 1400, 0), std::make_shared<Catch>())),
            "bad_rating_range");
  EXPECT_EQ(reason(seek(request(ana, true, 1600, 1400), std::make_shared<Catch>())),
            "bad_rating_range");
  v1::SeekRequest forged = request(ana);
  forged.mutable_key()->set_secret(std::string(43, 'A'));
  EXPECT_EQ(reason(seek(forged, std::make_shared<Catch>())), "bad_player_key");
  EXPECT_EQ(lobby().seeks_size(), 0);

  for (int i = 0; i < 3; ++i) ASSERT_TRUE(seek(request(ana), std::make_shared<Catch>()).ok());
  const grpc::Status fourth = seek(request(ana), std::make_shared<Catch>());
  EXPECT_EQ(fourth.error_code(), grpc::RESOURCE_EXHAUSTED);
  EXPECT_EQ(reason(fourth), "too_many_seeks");
  EXPECT_EQ(lobby().seeks_size(), 3);
}

}  // namespace
