#include "table_watch.h"

#include <algorithm>

namespace game_client {
namespace {

using namespace std::chrono_literals;

// A stream that failed for a reason that a new one cannot cure.
bool final_failure(const Failure& f) {
  switch (f.code) {
    case grpc::StatusCode::NOT_FOUND:
    case grpc::StatusCode::PERMISSION_DENIED:
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::OUT_OF_RANGE:
    case grpc::StatusCode::UNIMPLEMENTED:
    case grpc::StatusCode::FAILED_PRECONDITION:
      return true;
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
      return f.detail.reason() != "watcher_too_slow";  // too_many_watchers stays so
    default:
      return false;
  }
}

}  // namespace

TableWatch::TableWatch(HostLink& host, std::string table_id, std::string token, std::uint64_t after_version)
    : host_(host), table_id_(std::move(table_id)), token_(std::move(token)), last_version_(after_version),
      queued_version_(after_version) {
  thread_ = std::thread([this] { run(); });
}

TableWatch::~TableWatch() { stop(); }

void TableWatch::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    if (context_) context_->TryCancel();
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

std::vector<TableWatch::Item> TableWatch::take() {
  wake_.drain();
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<Item> out(std::make_move_iterator(items_.begin()), std::make_move_iterator(items_.end()));
  items_.clear();
  return out;
}

bool TableWatch::wait_for(std::uint64_t version, std::chrono::milliseconds patience) {
  std::unique_lock<std::mutex> lock(mutex_);
  return changed_.wait_for(lock, patience, [&] { return queued_version_ >= version || ended_ || stopping_; });
}

void TableWatch::push(Item item) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (item.kind == Item::kEvent) queued_version_ = std::max(queued_version_, item.event.version());
    if (item.kind == Item::kEnded) ended_ = true;
    items_.push_back(std::move(item));
  }
  changed_.notify_all();
  wake_.signal();
}

bool TableWatch::pause(std::chrono::milliseconds pause) {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait_for(lock, pause, [&] { return stopping_; });
  return !stopping_;
}

void TableWatch::run() {
  bool lost = false;  // kLost said, kBack not yet
  auto backoff = 250ms;
  auto wait_more = [&] {
    if (!pause(backoff)) return false;
    backoff = std::min<std::chrono::milliseconds>(backoff * 2, 4s);
    return true;
  };
  v1::TableRef ref;
  ref.set_table_id(table_id_);
  for (;;) {
    if (lost) {
      // Back in touch only once the host answers: a new watch may well
      // stay silent until the next event.
      v1::TableResponse probe;
      Failure reached = host_.get_table(ref, &probe);
      if (reached && final_failure(reached)) {
        push({Item::kEnded, {}, reached});
        return;
      }
      if (reached) {
        if (!wait_more()) return;
        continue;
      }
      push({Item::kBack, {}, {}});
      lost = false;
    }

    grpc::ClientContext context;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_) return;
      context_ = &context;
    }
    v1::WatchRequest request;
    *request.mutable_table() = ref;
    request.set_after_version(last_version_);
    request.set_token(token_);
    auto reader = host_.watch(&context, request);
    v1::TableEvent event;
    bool expired = false, got_any = false;
    while (reader->Read(&event)) {
      got_any = true;
      backoff = 250ms;
      // Versions count from 1 without a gap: an old one is a repeat.
      if (event.kind() != v1::TableEvent::SNAPSHOT && event.version() <= last_version_) continue;
      last_version_ = std::max(last_version_, event.version());
      expired = event.kind() == v1::TableEvent::EXPIRED;
      push({Item::kEvent, event, {}});
    }
    const grpc::Status status = reader->Finish();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      context_ = nullptr;
      if (stopping_) return;
    }
    Failure failure = failure_of(status, context);
    if (expired) {
      push({Item::kEnded, {}, {}});
      return;
    }
    if (failure && final_failure(failure)) {
      push({Item::kEnded, {}, failure});
      return;
    }
    if (failure.detail.reason() == "watcher_too_slow") continue;  // resume at once
    // Another host of the club serves the table now: the next watch reaches
    // it. One that ends at once again waits first, as below.
    if (failure.detail.reason() == "table_moved") {
      if (!got_any && !wait_more()) return;
      continue;
    }
    // The stream broke or ended: is the host still there?
    v1::TableResponse probe;
    Failure reached = host_.get_table(ref, &probe);
    if (reached && final_failure(reached)) {
      push({Item::kEnded, {}, reached});
      return;
    }
    if (!reached) {
      // A stream that ends at once, again and again, is not retried in a
      // tight loop.
      if (!got_any && !wait_more()) return;
      continue;
    }
    push({Item::kLost, {}, reached});
    lost = true;
    if (!wait_more()) return;
  }
}

}  // namespace game_client
