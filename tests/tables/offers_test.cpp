// Offers between the people of a table (TableService's Offer and
// AnswerOffer): a draw, a takeback and the next game, one at a time,
// withdrawn by the next move, with retries and a restart.
#include <unistd.h>

#include <filesystem>

#include "table_harness.h"

namespace tables_test {
namespace {

constexpr auto kPerson = v1::SeatPlan::PERSON;
constexpr auto kCpu = v1::SeatPlan::CPU;
constexpr char kTicTacToe[] = "tictactoe";

template <class Response>
void expect_refusal(const Answer<Response>& answer, grpc::StatusCode code,
                    const std::string& reason) {
  EXPECT_EQ(answer.status.error_code(), code) << answer.status.error_message();
  EXPECT_EQ(answer.detail.reason(), reason) << answer.status.error_message();
  EXPECT_FALSE(answer.status.error_message().empty());
}

// Ana (seat 1) and Bruno (seat 2) at a table of tic-tac-toe.
struct Pair {
  explicit Pair(const std::string& store = "memory") : h(store) {
    id = h.open(kTicTacToe, {kPerson, kPerson}, &ana).table_id();
    bruno = h.sit(h.table(id), "Bruno");
  }
  v1::Table now() { return h.table(id); }
  v1::OfferRequest offer(const Seat& seat, v1::Offer::Kind kind) {
    const v1::Table t = now();
    v1::OfferRequest request;
    request.set_table_id(id);
    request.set_token(seat.token);
    request.set_game_number(t.state().game_number());
    request.set_kind(kind);
    request.set_move_number(t.next_move_number());
    return request;
  }
  v1::AnswerOfferRequest answer(const Seat& seat, v1::Offer::Kind kind, bool accept) {
    v1::AnswerOfferRequest request;
    request.set_table_id(id);
    request.set_token(seat.token);
    request.set_game_number(now().state().game_number());
    request.set_kind(kind);
    request.set_accept(accept);
    return request;
  }
  // Plays `cells` in turn, whoever is to move.
  void play(std::initializer_list<std::uint32_t> cells) {
    for (std::uint32_t cell : cells) {
      const Seat& mover = now().state().seat_to_move() == 1 ? ana : bruno;
      ASSERT_TRUE(h.play(id, mover, cell).ok());
    }
  }
  std::vector<v1::TableEvent::Kind> kinds_after(std::uint64_t version) {
    v1::WatchRequest request;
    request.mutable_table()->set_table_id(id);
    request.set_after_version(version);
    return h.watch(request)->kinds();
  }

  Harness h;
  std::string id;
  Seat ana, bruno;
};

TEST(Offers, ADrawAcceptedEndsTheGameDrawnAndCountsHalfToEach) {
  Pair p;
  p.play({4, 0});
  const std::uint64_t before = p.now().version();
  const auto offered = p.h.offer(p.offer(p.ana, v1::Offer::DRAW));
  ASSERT_TRUE(offered.ok()) << offered.status.error_message();
  ASSERT_TRUE(offered.table().has_offer());
  EXPECT_EQ(offered.table().offer().kind(), v1::Offer::DRAW);
  EXPECT_EQ(offered.table().offer().seat(), 1u);
  EXPECT_EQ(offered.table().offer().move_number(), 3u);
  EXPECT_EQ(offered.table().phase(), v1::Table::PLAYING);

  // The offerer cannot accept it herself.
  expect_refusal(p.h.answer_offer(p.answer(p.ana, v1::Offer::DRAW, true)),
                 grpc::FAILED_PRECONDITION, "own_offer");
  const auto accepted = p.h.answer_offer(p.answer(p.bruno, v1::Offer::DRAW, true));
  ASSERT_TRUE(accepted.ok()) << accepted.status.error_message();
  const v1::Table& over = accepted.table();
  EXPECT_EQ(over.phase(), v1::Table::GAME_OVER);
  EXPECT_FALSE(over.has_offer());
  EXPECT_TRUE(over.state().agreed_draw());
  EXPECT_EQ(over.state().outcome().reason(), v1::Outcome::AGREED_DRAW);
  EXPECT_EQ(over.state().outcome().summary().key(), "outcome.agreed_draw");
  EXPECT_EQ(over.state().seat_to_move(), 0u);
  EXPECT_EQ(over.state().view().playable_cells_size(), 0);
  EXPECT_EQ(over.scores(0).draws(), 1u);
  EXPECT_EQ(over.scores(0).points(), 0.5);
  EXPECT_EQ(over.scores(1).points(), 0.5);
  EXPECT_EQ(p.kinds_after(before), (std::vector<v1::TableEvent::Kind>{
                                       v1::TableEvent::OFFERED, v1::TableEvent::OFFER_ACCEPTED,
                                       v1::TableEvent::GAME_OVER}));

  // A retried acceptance gets its first answer and counts nothing more.
  const auto again = p.h.answer_offer(p.answer(p.bruno, v1::Offer::DRAW, true));
  ASSERT_TRUE(again.ok()) << again.status.error_message();
  EXPECT_EQ(p.now().version(), over.version());
  EXPECT_EQ(p.now().scores(0).draws(), 1u);
  // The game is over: no move, no other draw.
  expect_refusal(p.h.play(p.id, p.bruno, 8), grpc::FAILED_PRECONDITION, "game_over");
  v1::OfferRequest late = p.offer(p.bruno, v1::Offer::DRAW);
  expect_refusal(p.h.offer(late), grpc::FAILED_PRECONDITION, "game_over");
}

TEST(Offers, OneAtATimeTheNextMoveWithdrawsItAndADeclinedOneWaitsForAMove) {
  Pair p;
  p.play({4});
  const v1::OfferRequest draw = p.offer(p.bruno, v1::Offer::DRAW);
  ASSERT_TRUE(p.h.offer(draw).ok());
  // A retry answers the same; another offer waits its turn.
  const std::uint64_t version = p.now().version();
  ASSERT_TRUE(p.h.offer(draw).ok());
  EXPECT_EQ(p.now().version(), version);
  expect_refusal(p.h.offer(p.offer(p.ana, v1::Offer::TAKEBACK)), grpc::FAILED_PRECONDITION,
                 "offer_pending");
  // Ana declines; Bruno may not ask again before a move.
  const auto declined = p.h.answer_offer(p.answer(p.ana, v1::Offer::DRAW, false));
  ASSERT_TRUE(declined.ok());
  EXPECT_FALSE(declined.table().has_offer());
  EXPECT_EQ(declined.table().phase(), v1::Table::PLAYING);
  expect_refusal(p.h.offer(draw), grpc::FAILED_PRECONDITION, "offer_declined");
  // A retried decline answers the same; an answer to nothing is refused.
  ASSERT_TRUE(p.h.answer_offer(p.answer(p.ana, v1::Offer::DRAW, false)).ok());
  expect_refusal(p.h.answer_offer(p.answer(p.ana, v1::Offer::DRAW, true)),
                 grpc::FAILED_PRECONDITION, "no_offer");

  // A move, and a new offer; the next move withdraws it.
  p.play({0});
  ASSERT_TRUE(p.h.offer(p.offer(p.bruno, v1::Offer::DRAW)).ok());
  p.play({8});
  EXPECT_FALSE(p.now().has_offer());
  expect_refusal(p.h.answer_offer(p.answer(p.bruno, v1::Offer::DRAW, true)),
                 grpc::FAILED_PRECONDITION, "no_offer");
  // An offer about an older position is stale.
  v1::OfferRequest stale = p.offer(p.ana, v1::Offer::DRAW);
  stale.set_move_number(2);
  expect_refusal(p.h.offer(stale), grpc::FAILED_PRECONDITION, "stale_move");
  // The offerer withdraws her own.
  ASSERT_TRUE(p.h.offer(p.offer(p.ana, v1::Offer::DRAW)).ok());
  const std::uint64_t offered = p.now().version();
  ASSERT_TRUE(p.h.answer_offer(p.answer(p.ana, v1::Offer::DRAW, false)).ok());
  EXPECT_EQ(p.kinds_after(offered),
            (std::vector<v1::TableEvent::Kind>{v1::TableEvent::OFFER_WITHDRAWN}));
  // Both offering the same is agreement.
  ASSERT_TRUE(p.h.offer(p.offer(p.bruno, v1::Offer::DRAW)).ok());
  const auto both = p.h.offer(p.offer(p.ana, v1::Offer::DRAW));
  ASSERT_TRUE(both.ok()) << both.status.error_message();
  EXPECT_EQ(both.table().state().outcome().reason(), v1::Outcome::AGREED_DRAW);
}

TEST(Offers, ATakebackRemovesTheOfferersLastMoveAndEverythingAfterIt) {
  Pair p;
  p.play({4, 0, 8});  // Ana, Bruno, Ana
  // Bruno asks to take back his 0 (and Ana's 8 after it).
  expect_refusal(p.h.offer(p.offer(p.bruno, v1::Offer::KIND_UNSPECIFIED)), grpc::INVALID_ARGUMENT,
                 "bad_offer");
  ASSERT_TRUE(p.h.offer(p.offer(p.bruno, v1::Offer::TAKEBACK)).ok());
  const std::uint64_t before = p.now().version();
  const auto accepted = p.h.answer_offer(p.answer(p.ana, v1::Offer::TAKEBACK, true));
  ASSERT_TRUE(accepted.ok()) << accepted.status.error_message();
  const v1::Table& back = accepted.table();
  ASSERT_EQ(back.state().moves_size(), 1);
  EXPECT_EQ(back.state().seat_to_move(), 2u);
  EXPECT_EQ(back.next_move_number(), 2u);
  EXPECT_EQ(p.kinds_after(before), (std::vector<v1::TableEvent::Kind>{
                                       v1::TableEvent::OFFER_ACCEPTED, v1::TableEvent::UNDONE}));
  // Bruno plays another move where the old one was.
  ASSERT_TRUE(p.h.play(p.id, p.bruno, 2).ok());
  EXPECT_EQ(p.now().state().moves_size(), 2);
  // A retried acceptance takes nothing more back.
  ASSERT_TRUE(p.h.answer_offer(p.answer(p.ana, v1::Offer::TAKEBACK, true)).ok());
  EXPECT_EQ(p.now().state().moves_size(), 2);
}

TEST(Offers, NothingToAskOfTheComputerAndNoTakebackBeforeOnesFirstMove) {
  Harness h;
  Seat ana;
  const v1::Table cpu = h.open(kTicTacToe, {kPerson, kCpu}, &ana);
  v1::OfferRequest request;
  request.set_table_id(cpu.table_id());
  request.set_token(ana.token);
  request.set_game_number(1);
  request.set_kind(v1::Offer::DRAW);
  request.set_move_number(h.table(cpu.table_id()).next_move_number());
  expect_refusal(h.offer(request), grpc::FAILED_PRECONDITION, "no_one_to_ask");

  Pair p;
  expect_refusal(p.h.offer(p.offer(p.ana, v1::Offer::TAKEBACK)), grpc::FAILED_PRECONDITION,
                 "nothing_to_undo");
  expect_refusal(p.h.offer(p.offer(p.ana, v1::Offer::NEXT_GAME)), grpc::FAILED_PRECONDITION,
                 "game_not_over");
  v1::OfferRequest spectator = p.offer(p.ana, v1::Offer::DRAW);
  spectator.set_token("");
  EXPECT_FALSE(p.h.offer(spectator).ok());
  v1::OfferRequest other_game = p.offer(p.ana, v1::Offer::DRAW);
  other_game.set_game_number(2);
  expect_refusal(p.h.offer(other_game), grpc::FAILED_PRECONDITION, "other_game");
  EXPECT_FALSE(p.now().has_offer()) << "nothing changed";
}

// The next game by agreement, and an offer that outlives a restart.
TEST(Offers, TheNextGameByAgreementAndOffersSurviveARestart) {
  Pair p("sqlite:" + (std::filesystem::path(::testing::TempDir()) /
                      ("offers_" + std::to_string(::getpid()) + ".db"))
                         .string());
  v1::GameRequest resign;
  resign.set_table_id(p.id);
  resign.set_token(p.bruno.token);
  resign.set_game_number(1);
  ASSERT_TRUE(p.h.resign(resign).ok());
  const v1::OfferRequest rematch = p.offer(p.bruno, v1::Offer::NEXT_GAME);
  ASSERT_TRUE(p.h.offer(rematch).ok());
  EXPECT_EQ(p.now().state().game_number(), 1u) << "not before Ana agrees";

  p.h.restart();
  ASSERT_TRUE(p.now().has_offer());
  EXPECT_EQ(p.now().offer().kind(), v1::Offer::NEXT_GAME);
  const auto accepted = p.h.answer_offer(p.answer(p.ana, v1::Offer::NEXT_GAME, true));
  ASSERT_TRUE(accepted.ok()) << accepted.status.error_message();
  EXPECT_EQ(accepted.table().state().game_number(), 2u);
  EXPECT_EQ(accepted.table().phase(), v1::Table::PLAYING);
  EXPECT_FALSE(accepted.table().has_offer());

  // After a restart, retries of the offer and of its acceptance get their
  // answers: game 2 goes on, no game 3.
  p.h.restart();
  ASSERT_TRUE(p.h.offer(rematch).ok());
  v1::AnswerOfferRequest again = p.answer(p.ana, v1::Offer::NEXT_GAME, true);
  again.set_game_number(1);
  EXPECT_TRUE(p.h.answer_offer(again).ok());
  EXPECT_EQ(p.now().state().game_number(), 2u);
  EXPECT_EQ(p.now().phase(), v1::Table::PLAYING);
}

}  // namespace
}  // namespace tables_test
