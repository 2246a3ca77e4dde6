#include "table_harness.h"

#include <random>

#include "boardgame/tables/table_store.h"
#include "build_paths.h"

namespace tables_test {

namespace {

// Runs a TableHost call and waits for its reply.
template <class Response, class Call>
Answer<Response> wait_for(Call&& call) {
  std::promise<Answer<Response>> promise;
  call([&promise](const grpc::Status& status, Response response) {
    Answer<Response> answer;
    answer.status = status;
    answer.response = std::move(response);
    answer.detail.ParseFromString(status.error_details());
    promise.set_value(std::move(answer));
  });
  return promise.get_future().get();
}

}  // namespace

bool Watcher::send(std::shared_ptr<const boardgame::tables::PublishedEvent> event) {
  std::lock_guard lock(mutex_);
  events_.push_back(event->event);
  return true;
}

void Watcher::close(const grpc::Status& status) {
  std::lock_guard lock(mutex_);
  closed_ = true;
  status_ = status;
}

std::vector<v1::TableEvent> Watcher::events() const {
  std::lock_guard lock(mutex_);
  return events_;
}

std::vector<v1::TableEvent::Kind> Watcher::kinds() const {
  std::vector<v1::TableEvent::Kind> kinds;
  for (const auto& e : events()) kinds.push_back(e.kind());
  return kinds;
}

bool Watcher::closed() const {
  std::lock_guard lock(mutex_);
  return closed_;
}

grpc::Status Watcher::closed_with() const {
  std::lock_guard lock(mutex_);
  return status_;
}

void Watcher::expect_contiguous(std::uint64_t first) const {
  std::uint64_t expected = first;
  for (const auto& e : events()) EXPECT_EQ(e.version(), expected++) << e.ShortDebugString();
}

boardgame::tables::TableHostOptions Harness::defaults() {
  boardgame::tables::TableHostOptions options;
  options.timer_thread = false;
  options.grace_ms = 10 * 3600 * 1000;  // the absence tests set their own
  options.cpu_iterations = 200;         // the CPU's moves cost no wall time to speak of
  options.cpu_ms = 0;
  options.stand_in_ms = 0;
  options.cpu_threads = 1;
  return options;
}

Harness::Harness(const std::string& store, boardgame::tables::TableHostOptions options,
                 std::optional<boardgame::tables::ClubMembership> club)
    : store_(store),
      options_(options),
      club_(std::move(club)),
      games_(boardgame::host::load_plugins(CLUB_PLUGIN_DIR)) {
  start_host();
}

void Harness::start_host() {
  auto store = boardgame::tables::open_store(store_, club_ ? &*club_ : nullptr);
  if (club_) options_.club = dynamic_cast<boardgame::tables::ClubStore*>(store.get());
  std::vector<std::string> game_ids;
  for (const auto& game : games_.games) game_ids.push_back(game.game_id());
  players_ = std::make_unique<boardgame::players::Players>(store->players(), clock_, game_ids);
  options_.players = players_.get();
  host_ = std::make_unique<TableHost>(games_.games, std::move(store), clock_, options_);
}

void Harness::advance_ms(std::int64_t ms) {
  host_->wait_idle();
  clock_.advance_ms(ms);
  // A CPU move may start a clock or end a game that is due at once.
  for (int round = 0; round < 4; ++round) {
    host_->run_due();
    host_->wait_idle();
  }
}

void Harness::restart() {
  host_.reset();
  players_.reset();
  start_host();
  host_->wait_idle();
}

Answer<v1::CreateTableResponse> Harness::create(const v1::CreateTableRequest& request) {
  auto answer =
      wait_for<v1::CreateTableResponse>([&](auto reply) { host_->create(request, reply); });
  host_->wait_idle();
  return answer;
}
Answer<v1::SeatResponse> Harness::join(const v1::JoinTableRequest& request,
                                       const std::string& caller) {
  auto answer =
      wait_for<v1::SeatResponse>([&](auto reply) { host_->join(request, caller, reply); });
  host_->wait_idle();
  return answer;
}
Answer<v1::SeatResponse> Harness::rejoin(const v1::RejoinRequest& request) {
  auto answer =
      wait_for<v1::SeatResponse>([&](auto reply) { host_->rejoin(request, "peer", reply); });
  host_->wait_idle();
  return answer;
}
Answer<v1::TableResponse> Harness::leave(const std::string& table_id, const std::string& token) {
  v1::SeatRequest request;
  request.set_table_id(table_id);
  request.set_token(token);
  auto answer = wait_for<v1::TableResponse>([&](auto reply) { host_->leave(request, reply); });
  host_->wait_idle();
  return answer;
}
Answer<v1::PlayResponse> Harness::play(const v1::PlayRequest& request) {
  auto answer = wait_for<v1::PlayResponse>([&](auto reply) { host_->play(request, reply); });
  host_->wait_idle();
  return answer;
}
Answer<v1::TableResponse> Harness::resign(const v1::GameRequest& request) {
  auto answer = wait_for<v1::TableResponse>([&](auto reply) { host_->resign(request, reply); });
  host_->wait_idle();
  return answer;
}
Answer<v1::TableResponse> Harness::undo(const v1::UndoRequest& request) {
  auto answer = wait_for<v1::TableResponse>([&](auto reply) { host_->undo(request, reply); });
  host_->wait_idle();
  return answer;
}
Answer<v1::TableResponse> Harness::next_game(const v1::GameRequest& request) {
  auto answer = wait_for<v1::TableResponse>([&](auto reply) { host_->next_game(request, reply); });
  host_->wait_idle();
  return answer;
}

Answer<v1::TableResponse> Harness::offer(const v1::OfferRequest& request) {
  auto answer = wait_for<v1::TableResponse>([&](auto reply) { host_->offer(request, reply); });
  host_->wait_idle();
  return answer;
}
Answer<v1::TableResponse> Harness::answer_offer(const v1::AnswerOfferRequest& request) {
  auto answer =
      wait_for<v1::TableResponse>([&](auto reply) { host_->answer_offer(request, reply); });
  host_->wait_idle();
  return answer;
}

v1::Table Harness::table(const std::string& table_id) {
  host_->wait_idle();
  v1::TableRef ref;
  ref.set_table_id(table_id);
  v1::TableResponse response;
  const grpc::Status status = host_->get(ref, "peer", &response);
  EXPECT_TRUE(status.ok()) << status.error_message();
  return response.table();
}

v1::Table Harness::open(const std::string& game, std::vector<v1::SeatPlan::Kind> seats, Seat* first,
                        std::vector<v1::Setting> settings) {
  v1::CreateTableRequest request;
  request.set_game_id(game);
  for (auto kind : seats) *request.add_seats() = plan(kind);
  for (auto& s : settings) *request.add_settings() = s;
  first->device = new_device();
  request.mutable_player()->set_name("Ana");
  request.mutable_player()->set_device_id(first->device);
  const auto answer = create(request);
  EXPECT_TRUE(answer.ok()) << answer.status.error_message();
  first->number = answer.response.ticket().seat();
  first->token = answer.response.ticket().token();
  return answer.table();
}

Seat Harness::sit(const v1::Table& table, const std::string& name) {
  Seat seat;
  seat.device = new_device();
  v1::JoinTableRequest request;
  request.mutable_table()->set_table_id(table.table_id());
  request.mutable_player()->set_name(name);
  request.mutable_player()->set_device_id(seat.device);
  const auto answer = join(request);
  EXPECT_TRUE(answer.ok()) << answer.status.error_message();
  seat.number = answer.response.ticket().seat();
  seat.token = answer.response.ticket().token();
  return seat;
}

Answer<v1::PlayResponse> Harness::play(const std::string& table_id, const Seat& seat,
                                       std::uint32_t move_id) {
  const v1::Table now = table(table_id);
  v1::PlayRequest request;
  request.set_table_id(table_id);
  request.set_token(seat.token);
  request.set_game_number(now.state().game_number());
  request.set_move_number(now.next_move_number());
  request.set_move_id(move_id);
  return play(request);
}

std::shared_ptr<Watcher> Harness::watch(const v1::WatchRequest& request, grpc::Status* status,
                                        std::shared_ptr<TableHost::Watch>* handle) {
  host_->wait_idle();
  auto watcher = std::make_shared<Watcher>();
  std::shared_ptr<TableHost::Watch> kept;
  const grpc::Status s = host_->watch(request, "peer", watcher, &kept);
  if (status)
    *status = s;
  else
    EXPECT_TRUE(s.ok()) << s.error_message();
  if (handle) *handle = kept;
  return watcher;
}

std::string new_device() {
  static std::mt19937_64 random{42};
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  return "device-" + std::to_string(random());
}

v1::Setting number(const std::string& id, std::int64_t n) {
  v1::Setting s;
  s.set_id(id);
  s.mutable_value()->set_number(n);
  return s;
}

v1::Setting flag(const std::string& id, bool on) {
  v1::Setting s;
  s.set_id(id);
  s.mutable_value()->set_flag(on);
  return s;
}

v1::SeatPlan plan(v1::SeatPlan::Kind kind) {
  v1::SeatPlan p;
  p.set_kind(kind);
  return p;
}

}  // namespace tables_test
