#include "seek_watch.h"

#include <optional>

namespace game_client {
namespace {

// As long as the client waits for a host that went away in a game.
constexpr auto kPatience = std::chrono::minutes(2);

}  // namespace

SeekWatch::SeekWatch(HostLink& host, v1::SeekRequest request) : host_(host) {
  thread_ = std::thread([this, request = std::move(request)] { run(request); });
}

SeekWatch::~SeekWatch() { stop(); }

void SeekWatch::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    if (context_) context_->TryCancel();
  }
  stopped_.notify_all();
  if (thread_.joinable()) thread_.join();
}

std::vector<SeekWatch::Item> SeekWatch::take() {
  wake_.drain();
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<Item> out(std::make_move_iterator(items_.begin()), std::make_move_iterator(items_.end()));
  items_.clear();
  return out;
}

void SeekWatch::push(Item item) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    items_.push_back(std::move(item));
  }
  wake_.signal();
}

bool SeekWatch::pause(std::chrono::milliseconds pause) {
  std::unique_lock<std::mutex> lock(mutex_);
  stopped_.wait_for(lock, pause, [&] { return stopping_; });
  return !stopping_;
}

void SeekWatch::run(const v1::SeekRequest& request) {
  std::optional<std::chrono::steady_clock::time_point> lost;  // since when, while the host is away
  for (int attempt = 1;; ++attempt) {
    grpc::ClientContext context;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_) return;
      context_ = &context;
    }
    auto reader = host_.seek(&context, request);
    v1::SeekEvent event;
    bool paired = false;
    while (reader->Read(&event)) {
      if (event.has_paired()) {
        paired = true;
        push({Item::kPaired, event.paired(), {}});
      } else if (event.has_open() && lost) {
        push({Item::kBack, {}, {}});
        lost.reset();
        attempt = 0;
      }
    }
    const grpc::Status status = reader->Finish();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      context_ = nullptr;
      if (stopping_) return;  // the player stopped it: nothing to say
    }
    // A stream that ends well has said "paired" last; an end without it is
    // still an end, and is said.
    if (status.ok()) {
      if (!paired) push({Item::kEnded, {}, {grpc::StatusCode::UNKNOWN, "the seek ended unpaired", {}}});
      return;
    }
    const Failure failure = failure_of(status, context);
    if (!host_away(failure) || (lost && std::chrono::steady_clock::now() - *lost > kPatience)) {
      push({Item::kEnded, {}, failure});
      return;
    }
    if (!lost) {
      lost = std::chrono::steady_clock::now();
      push({Item::kLost, {}, failure});
    }
    // A restarted host is found at once; one still away is not hammered.
    if (!pause(backoff_delay(attempt))) return;
  }
}

}  // namespace game_client
