// Where the table service reads the time. Clocks, grace periods and expiry
// all go through it, so tests move time forward instead of sleeping.
#pragma once

#include <atomic>
#include <cstdint>

namespace boardgame::tables {

class Clock {
 public:
  virtual ~Clock() = default;
  // Milliseconds since the Unix epoch: deadlines are sent to clients as such.
  virtual std::int64_t now_ms() const = 0;
};

class SystemClock final : public Clock {
 public:
  std::int64_t now_ms() const override;
};

// Stands still until advanced.
class FakeClock final : public Clock {
 public:
  explicit FakeClock(std::int64_t start_ms = 1'800'000'000'000) : now_(start_ms) {}
  std::int64_t now_ms() const override { return now_.load(); }
  void advance_ms(std::int64_t ms) { now_ += ms; }

 private:
  std::atomic<std::int64_t> now_;
};

}  // namespace boardgame::tables
