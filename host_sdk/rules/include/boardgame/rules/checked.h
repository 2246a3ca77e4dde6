// The result of reading untrusted input: the value, or a sentence that says
// what is wrong with the input.
#pragma once

#include <string>
#include <utility>

namespace boardgame::rules {

template <class T>
struct Checked {
  T value{};
  std::string error;  // empty on success

  explicit operator bool() const { return error.empty(); }

  static Checked ok(T v) { return Checked{std::move(v), {}}; }
  static Checked fail(std::string why) { return Checked{T{}, std::move(why)}; }
};

}  // namespace boardgame::rules
