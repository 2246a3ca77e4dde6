#include "notation.h"

#include <string>

namespace uttt {

namespace {

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

// Splits on single spaces, remembering where each word starts so errors can
// point at it. Runs of spaces and leading or trailing spaces are errors.
struct Word {
  std::string_view text;
  std::size_t column;  // 1-based
};

Parsed<std::vector<Word>> split_words(std::string_view s, std::size_t base) {
  Parsed<std::vector<Word>> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && s[i] != ' ') continue;
    if (i == start) {
      out.error = "unexpected space at column " + std::to_string(base + i);
      return out;
    }
    out.value.push_back({s.substr(start, i - start), base + start});
    start = i + 1;
  }
  return out;
}

}  // namespace

std::string move_to_string(Move m) {
  return {char('1' + board_of(m)), '/', char('1' + cell_of(m))};
}

Parsed<Move> parse_move(std::string_view t) {
  Parsed<Move> out;
  auto digit = [](char c) { return c >= '1' && c <= '9'; };
  if (t.size() != 3 || !digit(t[0]) || t[1] != '/' || !digit(t[2])) {
    out.error = "malformed move " + quoted(t) +
                ": expected board/cell with digits 1-9, such as 3/9";
    return out;
  }
  out.value = make_move(t[0] - '1', t[2] - '1');
  return out;
}

Position GameRecord::position() const {
  Position p(rules);
  for (Move m : moves) p.play(m);
  return p;
}

std::string game_to_string(const GameRecord& g) {
  std::string s = "uttt";
  if (g.first_seat != 1) s += " first=" + std::to_string(g.first_seat);
  if (g.rules.early_draw) s += " early-draw";
  if (g.rules.open_boards) s += " open-boards";
  if (g.rules.draw_counts_both) s += " draw-both";
  if (g.rules.fast_target) s += " fast=" + std::to_string(g.rules.fast_target);
  s += ':';
  for (Move m : g.moves) s += ' ' + move_to_string(m);
  return s;
}

Parsed<GameRecord> parse_game(std::string_view text) {
  Parsed<GameRecord> out;
  auto fail = [&](std::string why) {
    out.error = std::move(why);
    out.value = {};
    return out;
  };
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos)
    return fail("missing ':' after the header (expected e.g. 'uttt: 5/5 5/1')");
  if (colon == 0) return fail("missing the game name before ':'");
  auto header = split_words(text.substr(0, colon), 1);
  if (!header) return fail(header.error);
  if (header.value[0].text != "uttt")
    return fail("unknown game " + quoted(header.value[0].text) + ", expected 'uttt'");

  // Options must come in canonical order, each at most once.
  static constexpr std::string_view kOrder[] = {"first", "early-draw", "open-boards",
                                               "draw-both", "fast"};
  int next = 0;
  GameRecord& g = out.value;
  for (std::size_t i = 1; i < header.value.size(); ++i) {
    const Word w = header.value[i];
    const std::size_t eq = w.text.find('=');
    const std::string_view name = w.text.substr(0, eq);
    int rank = -1;
    for (int k = 0; k < 5; ++k)
      if (kOrder[k] == name) rank = k;
    const std::string where = " at column " + std::to_string(w.column);
    if (rank < 0) return fail("unknown option " + quoted(w.text) + where);
    if (rank < next)
      return fail("option " + quoted(name) + where + " is repeated or out of order");
    next = rank + 1;
    const bool takes_value = rank == 0 || rank == 4;
    if (takes_value != (eq != std::string_view::npos))
      return fail("option " + quoted(name) + where +
                  (takes_value ? " needs a value" : " takes no value"));
    const std::string_view value = takes_value ? w.text.substr(eq + 1) : "";
    if (rank == 0) {
      if (value != "1" && value != "2")
        return fail("first=" + std::string(value) + where + ": the seat must be 1 or 2");
      g.first_seat = value[0] - '0';
      if (g.first_seat == 1) return fail("first=1" + where + " is the default; leave it out");
    } else if (rank == 4) {
      const bool digit = value.size() == 1 && value[0] >= '0' && value[0] <= '9';
      const int n = digit ? value[0] - '0' : -1;
      if (n < Rules::kMinFastTarget || n > Rules::kMaxFastTarget)
        return fail("fast=" + std::string(value) + where + ": the target must be " +
                    std::to_string(Rules::kMinFastTarget) + " to " +
                    std::to_string(Rules::kMaxFastTarget) + " small boards");
      g.rules.fast_target = std::uint8_t(n);
    } else {
      (rank == 1 ? g.rules.early_draw : rank == 2 ? g.rules.open_boards
                                                  : g.rules.draw_counts_both) = true;
    }
  }

  const std::string_view body = text.substr(colon + 1);
  if (body.empty()) return out;
  if (body[0] != ' ') return fail("expected a space after ':'");
  auto words = split_words(body.substr(1), colon + 3);
  if (!words) return fail(words.error);
  Position pos(g.rules);
  for (const Word& w : words.value) {
    const std::string where =
        "move " + std::to_string(pos.ply() + 1) + " at column " + std::to_string(w.column);
    const auto move = parse_move(w.text);
    if (!move) return fail(where + ": " + move.error);
    const MoveError e = pos.check(move.value);
    if (e != MoveError::kOk)
      return fail(where + " (" + std::string(w.text) + ") is illegal: " + describe(e));
    pos.play(move.value);
    g.moves.push_back(move.value);
  }
  return out;
}

}  // namespace uttt
