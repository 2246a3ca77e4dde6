// The display-name rules, with ICU's Unicode properties, normalizers and
// confusables data (UTS #39 skeletons) doing the Unicode work.
#include "boardgame/players/display_name.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace boardgame::players {
namespace {

using icu::UnicodeString;

// Far more bytes than any acceptable name, white space around it included.
// Longer text is refused by its length without normalizing it, so an absurd
// request costs one pass over its bytes and no copies.
constexpr std::size_t kMaxTypedBytes = 64 * 1024;

void require(UErrorCode status, const char* what) {
  if (U_FAILURE(status)) throw std::runtime_error(std::string(what) + ": " + u_errorName(status));
}

// ICU's shared normalizers (getNFCInstance...): const, so safe to use from
// any thread.
template <const icu::Normalizer2* (*get)(UErrorCode&)>
const icu::Normalizer2& normalizer() {
  static const icu::Normalizer2* const instance = [] {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* loaded = get(status);
    require(status, "ICU's normalization data");
    return loaded;
  }();
  return *instance;
}

// Opened once and only ever used through const functions: uspoof.h says
// "functions that take a const USpoofChecker parameter are thread safe".
// Never closed, so that a thread still checking a name while the process
// exits does not find it gone.
const USpoofChecker* spoof_checker() {
  static const USpoofChecker* const checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker* opened = uspoof_open(&status);
    require(status, "ICU's spoof checker");
    return opened;
  }();
  return checker;
}

// Calls `each` with every code point of `utf8`; false if it is not
// well-formed UTF-8. U8_NEXT refuses overlong forms, surrogates, values
// past U+10FFFF and truncated sequences.
template <class Each>
bool for_each_code_point(std::string_view utf8, Each each) {
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(utf8.data());
  for (std::size_t i = 0; i < utf8.size();) {
    UChar32 c;
    U8_NEXT(bytes, i, utf8.size(), c);
    if (c < 0) return false;
    each(c);
  }
  return true;
}

template <class Pred>
bool any_code_point(const UnicodeString& text, Pred pred) {
  for (int32_t i = 0; i < text.length(); i = text.moveIndex32(i, 1)) {
    if (pred(text.char32At(i))) return true;
  }
  return false;
}

UnicodeString trimmed(const UnicodeString& text) {
  int32_t start = 0;
  int32_t end = text.length();
  while (start < end && u_isUWhiteSpace(text.char32At(start))) start = text.moveIndex32(start, 1);
  while (end > start && u_isUWhiteSpace(text.char32At(end - 1))) end = text.moveIndex32(end, -1);
  return UnicodeString(text, start, end - start);
}

bool is_control(UChar32 c) { return u_charType(c) == U_CONTROL_CHAR; }

// Bidi_Control is exactly U+061C, U+200E, U+200F, U+202A-U+202E and
// U+2066-U+2069. They reorder the text after them, so a name could show
// as some other text, or turn around the text that follows it on screen.
bool is_direction_control(UChar32 c) { return u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL); }

// Draws nothing of its own. Default_Ignorable covers the zero-width
// characters, joiners, BOM, soft hyphen, variation selectors and the Hangul
// fillers (U+115F, U+1160, U+3164, U+FFA0 are all Default_Ignorable in
// ICU 72). U+2800 BRAILLE PATTERN BLANK is an ordinary symbol (So) to ICU,
// yet shows as a space, so it is named here.
bool is_invisible(UChar32 c) {
  return u_isUWhiteSpace(c) || u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ||
         u_charType(c) == U_FORMAT_CHAR || c == 0x2800;
}

// Combining marks show only on a base character: on their own they are no
// more a name than spaces are.
bool is_visible(UChar32 c) {
  const int8_t type = u_charType(c);
  return !is_invisible(c) && type != U_NON_SPACING_MARK && type != U_ENCLOSING_MARK;
}

// Spaces between words are part of a name; anything else that draws
// nothing makes two different names look the same. Except inside an emoji:
// phones add a variation selector after many ("❤️"), and a joiner glues
// emoji into one ("👩‍💻"), and both draw as part of the emoji.
bool is_emoji(UChar32 c) { return u_hasBinaryProperty(c, UCHAR_EMOJI) && c > 0x7F; }
bool is_emoji_glue(UChar32 c) { return (c >= 0xFE00 && c <= 0xFE0F) || c == 0x200D; }

bool hides_text(const UnicodeString& name) {
  UChar32 before = 0;
  for (int32_t i = 0; i < name.length(); i = name.moveIndex32(i, 1)) {
    const UChar32 c = name.char32At(i);
    const int32_t next_at = name.moveIndex32(i, 1);
    const UChar32 after = next_at < name.length() ? name.char32At(next_at) : 0;
    const bool glue = is_emoji_glue(c) && is_emoji(before) && (c != 0x200D || is_emoji(after));
    if (is_invisible(c) && !u_isUWhiteSpace(c) && !glue) return true;
    // A selector keeps the emoji it follows as the one a joiner sees.
    if (!is_emoji_glue(c)) before = c;
  }
  return false;
}

NameCheck refused(std::string problem) {
  NameCheck check;
  check.problem = std::move(problem);
  return check;
}

std::string too_long(std::size_t characters) {
  return "has " + std::to_string(characters) + " characters; at most " +
         std::to_string(kMaxNameLength) + " are allowed";
}

// What a text looks like, reduced to its letters: NFKC_Casefold first,
// because ICU's confusables data leaves most fullwidth letters alone
// ("Ｃｏｍｐｕｔｅｒ" has the skeleton "Coｍpｕｔeｒ") and keeps case ("M" stays
// "M", "m" becomes "rn"). The skeleton then maps look-alikes (Cyrillic "С",
// digit "0" to "O", "1" to "l", "m" to "rn") and comes out in NFD, so
// keeping only letters after folding case again drops accents, spaces,
// punctuation and digits.
UnicodeString seat_key(const UnicodeString& text) {
  const icu::Normalizer2& nfkc_casefold = normalizer<&icu::Normalizer2::getNFKCCasefoldInstance>();
  UErrorCode status = U_ZERO_ERROR;
  const UnicodeString folded = nfkc_casefold.normalize(text, status);
  UnicodeString skeleton;
  uspoof_getSkeletonUnicodeString(spoof_checker(), 0, folded, skeleton, &status);
  require(status, "ICU's confusables skeleton");
  skeleton.foldCase();
  UnicodeString letters;
  for (int32_t i = 0; i < skeleton.length(); i = skeleton.moveIndex32(i, 1)) {
    const UChar32 c = skeleton.char32At(i);
    if (U_GET_GC_MASK(c) & U_GC_L_MASK) letters.append(c);
  }
  return letters;
}

// The clients label computer seats "Computer (Level)" in English and
// German, "Ordenador (Nivel)" in Spanish, "Computador (Nível)" in
// Portuguese, and also say "CPU"; "Rechner" and "máquina" are what players
// call them. The words go through seat_key too, so like is compared with
// like; "maquina" stands for "máquina" as accents fold away.
bool poses_as_computer(const UnicodeString& name) {
  static const std::vector<UnicodeString> seat_words = [] {
    std::vector<UnicodeString> keys;
    for (const char* word : {"computer", "ordenador", "computador", "cpu", "rechner", "maquina"}) {
      keys.push_back(seat_key(UnicodeString::fromUTF8(word)));
    }
    return keys;
  }();
  const UnicodeString key = seat_key(name);
  return std::any_of(seat_words.begin(), seat_words.end(),
                     [&](const UnicodeString& word) { return key.startsWith(word); });
}

// Why `name` (NFC, trimmed) is refused, or "". The first rule it breaks
// names the problem, the most basic first.
std::string problem_of(const UnicodeString& name) {
  if (name.isEmpty()) return "is empty";
  if (any_code_point(name, is_control)) return "contains a control character";
  if (any_code_point(name, is_direction_control)) return "contains a text-direction control";
  if (!any_code_point(name, is_visible)) return "has no visible character";
  if (hides_text(name)) return "contains an invisible character";
  const auto characters = static_cast<std::size_t>(name.countChar32());
  if (characters > kMaxNameLength) return too_long(characters);
  if (poses_as_computer(name)) return "looks like a computer seat's name";
  return {};
}

// Past kMaxTypedBytes: refused by its length as typed, untrimmed. NFC keeps
// at least a quarter of the code points (no canonical decomposition is
// longer than four), so only kilobytes of white space could have made it
// a name.
NameCheck check_huge(std::string_view typed_utf8) {
  std::size_t characters = 0;
  if (!for_each_code_point(typed_utf8, [&](UChar32) { ++characters; })) {
    return refused("is not valid UTF-8");
  }
  return refused(too_long(characters));
}

}  // namespace

NameCheck check_display_name(std::string_view typed_utf8) {
  if (typed_utf8.size() > kMaxTypedBytes) return check_huge(typed_utf8);
  UnicodeString typed;
  if (!for_each_code_point(typed_utf8, [&](UChar32 c) { typed.append(c); })) {
    return refused("is not valid UTF-8");
  }
  const icu::Normalizer2& nfc = normalizer<&icu::Normalizer2::getNFCInstance>();
  UErrorCode status = U_ZERO_ERROR;
  const UnicodeString name = trimmed(nfc.normalize(typed, status));
  require(status, "ICU's NFC normalization");
  NameCheck check = refused(problem_of(name));
  if (check.ok()) name.toUTF8String(check.name);
  return check;
}

}  // namespace boardgame::players
