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
  // How many of its milliseconds pass in a real one.
  virtual double rate() const { return 1.0; }
};

// The system's time. At a rate above 1 it runs that many times as fast from
// the moment it is made: a demo or a browser test then sees a 30 s turn
// clock run out in 2 s, with the host's real timers (game-host --clock-rate).
class SystemClock final : public Clock {
 public:
  explicit SystemClock(double rate = 1.0);
  std::int64_t now_ms() const override;
  double rate() const override { return rate_; }

 private:
  double rate_;
  std::int64_t start_ms_;
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
