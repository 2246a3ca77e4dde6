#include "reconnect.h"

#include <gtest/gtest.h>

#include "host_link.h"

namespace game_client {
namespace {

using namespace std::chrono_literals;

TEST(Reconnect, ThePauseGrowsToAFewSeconds) {
  EXPECT_EQ(backoff_delay(1), 250ms);
  EXPECT_EQ(backoff_delay(2), 500ms);
  EXPECT_EQ(backoff_delay(3), 1000ms);
  EXPECT_EQ(backoff_delay(5), 4000ms);
  EXPECT_EQ(backoff_delay(50), 4000ms);
}

TEST(Reconnect, OnlyTransportFailuresMeanTheHostIsAway) {
  for (auto code : {grpc::StatusCode::UNAVAILABLE, grpc::StatusCode::CANCELLED, grpc::StatusCode::DEADLINE_EXCEEDED})
    EXPECT_TRUE(host_away(Failure{code, "x", {}}));
  for (auto code : {grpc::StatusCode::INVALID_ARGUMENT, grpc::StatusCode::FAILED_PRECONDITION, grpc::StatusCode::OK})
    EXPECT_FALSE(host_away(Failure{code, "x", {}}));
}

TEST(Reconnect, AStatelessCallIsRetriedUntilThePolicyStops) {
  HostLink link("127.0.0.1:1");  // nothing listens there
  int waits = 0;
  bool back = false;
  link.set_outage_policy({[&](int attempt) {
                            waits = attempt;
                            return attempt < 3;
                          },
                          [&] { back = true; }});
  v1::ListGamesResponse response;
  Failure f = link.list_games({}, &response);
  EXPECT_TRUE(host_away(f));
  EXPECT_EQ(waits, 3);
  EXPECT_FALSE(back);
}

}  // namespace
}  // namespace game_client
