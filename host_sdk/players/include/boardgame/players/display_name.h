// A player's display name: whether the club takes it, and in what form.
//
// A name is shown to everyone at a table, next to the other players' and
// the computer seats' names. So it has to be text (valid UTF-8, no control
// characters), it must not reorder the text around it (no bidi controls),
// it must show something, it must not look the same as another name through
// characters that draw nothing, and it must not pass for a computer seat.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace boardgame::players {

// The most characters (code points, counted after NFC and trimming) a
// name may have.
inline constexpr std::size_t kMaxNameLength = 32;

// The name as the club keeps it, or why it is refused.
struct NameCheck {
  std::string name;     // NFC-normalized and trimmed; set only when accepted
  std::string problem;  // empty when accepted; else completes "The name ...",
                        // e.g. "is empty", "contains a control character"
  bool ok() const { return problem.empty(); }
};

// Checks a name as typed. Leading and trailing white space (Unicode
// White_Space) is dropped; the rest is kept, in NFC. Safe to call from any
// number of threads at once. Throws std::runtime_error only if ICU itself
// fails (its data missing, out of memory), never for what was typed.
NameCheck check_display_name(std::string_view typed_utf8);

}  // namespace boardgame::players
