// Every rule of check_display_name, each with names it refuses (and the
// exact phrase) and names it lets through.
#include "boardgame/players/display_name.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

namespace boardgame::players {
namespace {

using namespace std::string_literals;

// The problem with `typed`, "" when accepted.
std::string problem(std::string_view typed) { return check_display_name(typed).problem; }

void expect_refused(std::string_view typed, const std::string& expected) {
  const NameCheck check = check_display_name(typed);
  EXPECT_EQ(check.problem, expected) << "typed: \"" << typed << "\"";
  EXPECT_FALSE(check.ok()) << typed;
  EXPECT_EQ(check.name, "") << typed;
}

// Accepted, and kept as `kept`.
void expect_accepted(std::string_view typed, std::string_view kept) {
  const NameCheck check = check_display_name(typed);
  EXPECT_EQ(check.problem, "") << "typed: \"" << typed << "\"";
  EXPECT_TRUE(check.ok()) << typed;
  EXPECT_EQ(check.name, kept) << typed;
}

void expect_accepted(std::string_view typed) { expect_accepted(typed, typed); }

std::string repeat(std::string_view part, int times) {
  std::string text;
  for (int i = 0; i < times; ++i) text += part;
  return text;
}

TEST(DisplayName, RefusesInvalidUtf8) {
  for (const std::string& typed : {"\xC3"s,                 // truncated é
                                   "Ana\x80"s,              // lone continuation byte
                                   "\xC0\xAF"s,             // overlong '/'
                                   "\xE0\x80\xAF"s,         // overlong, three bytes
                                   "\xED\xA0\x80"s,         // surrogate U+D800
                                   "\xF4\x90\x80\x80"s,     // past U+10FFFF
                                   "\xFF"s, "Jo\xE3o"s}) {  // Latin-1 "João"
    expect_refused(typed, "is not valid UTF-8");
  }
  expect_refused(repeat("a", 70000) + "\xFF", "is not valid UTF-8");  // too long as well
}

TEST(DisplayName, KeepsNfc) {
  expect_accepted("Jose\u0301", "Jos\u00E9");  // decomposed é comes back precomposed
  EXPECT_EQ(check_display_name("Jose\u0301").name.size(), 5u);  // 4 characters, é 2 bytes
  expect_accepted("Jo\u0061\u0303o", "Jo\u00E3o");
  expect_accepted("\u212Bngstr\u00F6m", "\u00C5ngstr\u00F6m");  // ANGSTROM SIGN is Å to NFC
  expect_accepted("Jos\u00E9 Mar\u00EDa");
}

TEST(DisplayName, CountsCharactersAfterNfc) {
  const std::string longest = repeat("a", 32);
  expect_accepted(longest);
  expect_refused(longest + "a", "has 33 characters; at most 32 are allowed");
  // 64 code points typed, 32 after NFC.
  expect_accepted(repeat("e\u0301", 32), repeat("\u00E9", 32));
  expect_refused(repeat("e\u0301", 33), "has 33 characters; at most 32 are allowed");
  expect_accepted(repeat("\u00E9", 32));
  // U+2ADC has no NFC form of its own: it becomes U+2ADD U+0338.
  expect_accepted(repeat("\u2ADC", 16), repeat("\u2ADD\u0338", 16));
  expect_refused(repeat("\u2ADC", 17), "has 34 characters; at most 32 are allowed");
  expect_accepted(repeat("\U0001F431", 32));            // characters, not bytes or UTF-16 units
  expect_accepted("  " + longest + "\u3000", longest);  // trimmed space does not count
  expect_refused(repeat("a", 100), "has 100 characters; at most 32 are allowed");
  expect_refused(repeat("\u00E9", 70000), "has 70000 characters; at most 32 are allowed");
}

TEST(DisplayName, TrimsWhiteSpaceAndRefusesEmpty) {
  for (const std::string& typed :
       {""s, " "s, "   "s, "\t\n"s, "\u00A0"s, "\u3000"s, "\u2003 \u2028"s}) {
    expect_refused(typed, "is empty");
  }
  expect_accepted("  Ana ", "Ana");
  expect_accepted("\tAna\r\n", "Ana");  // white space, even the control kind, is trimmed
  expect_accepted("\u3000\u674E\u96F7\u00A0", "\u674E\u96F7");
  expect_accepted(" Jos\u00E9 Mar\u00EDa ", "Jos\u00E9 Mar\u00EDa");  // spaces inside stay
}

TEST(DisplayName, RefusesControlCharacters) {
  for (const std::string& typed : {"A\tna"s, "Ana\x7F"s, "\x1B[31mAna"s, "A\0na"s, "Ana\0"s,
                                   "An\u0085a"s, "Ana\u009B"s, "Ana\nBea"s, "\x01"s}) {
    expect_refused(typed, "contains a control character");
  }
}

TEST(DisplayName, RefusesTextDirectionControls) {
  for (const char* control : {"\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067",
                              "\u2068", "\u2069", "\u200E", "\u200F", "\u061C"}) {
    expect_refused("Ana"s + control, "contains a text-direction control");
    expect_refused(control, "contains a text-direction control");
  }
  expect_refused("\u202Erenim\u202C", "contains a text-direction control");
  expect_refused("\u0645\u0631\u064A\u0645\u200F", "contains a text-direction control");
  expect_accepted("\u0645\u0631\u064A\u0645");  // مريم: right-to-left needs no control
}

TEST(DisplayName, RefusesNamesWithNothingVisible) {
  for (const std::string& typed :
       {"\u200B"s,        "\u200C\u200D"s, "\u2060"s, "\uFEFF"s,     "\u3164"s,
        "\u115F"s,        "\u1160"s,       "\uFFA0"s, "\u2800"s,     "\u2800\u2800\u2800"s,
        "\u3164 \u3164"s, " \u200B "s,     "\u00AD"s, "\u034F"s,     "\uFE0F"s,
        "\u0301"s,        "\u0301\u0308"s, "\u20DD"s, "\U000E0041"s, repeat("\u200B", 40)}) {
    expect_refused(typed, "has no visible character");
  }
}

TEST(DisplayName, RefusesInvisibleCharactersInsideNames) {
  for (const std::string& typed : {"A\u200Bna"s, "Ana\u200D"s, "An\u200Ca"s, "\uFEFFAna"s,
                                   "Ana\u2060Bea"s, "An\u00ADa"s, "Com\u00ADputer"s, "Ana\u3164"s,
                                   "\u115FAna"s, "Ana\u2800Bea"s, "A\u034Fna"s, "\u200B Ana"s,
                                   // Emoji glue anywhere but in an emoji.
                                   "A\uFE0Fna"s, "Ana\u200D\U0001F431"s, "\U0001F431\u200DAna"s}) {
    expect_refused(typed, "contains an invisible character");
  }
}

// Phones add a variation selector after many emoji, and a joiner makes one
// emoji of several: both draw as part of the emoji.
TEST(DisplayName, AcceptsEmojiSequences) {
  for (const std::string& typed : {"\u2764\uFE0F Ana"s, "Ana \U0001F469\u200D\U0001F4BB"s,
                                   "\U0001F3F3\uFE0F\u200D\U0001F308 Kim"s}) {
    expect_accepted(typed);
  }
}

TEST(DisplayName, RefusesComputerSeatLookAlikes) {
  const std::string seat = "looks like a computer seat's name";
  // The clients' labels and the words players use, in any case.
  for (const char* typed :
       {"Computer", "computer", "COMPUTER", "Computer (Expert)", "Computer (Level)", "Computer 2",
        "Computerfreak", "CPU", "cpu", "CPU (Hard)", "Ordenador (Experto)", "ordenador",
        "Computador", "Computador (N\u00EDvel)", "Rechner", "M\u00E1quina", "maquina", "MAQUINA"}) {
    expect_refused(typed, seat);
  }
  // Look-alikes: Cyrillic С, о, р, е; digit 0; "rn" for "m"; fullwidth and
  // mathematical bold letters; a decomposed á.
  for (const char* typed :
       {"\u0421omputer", "C\u043Em\u0440ut\u0435r", "\u0421PU", "R\u0435chner", "C0mputer",
        "C0MPUTER", "0rdenador", "Cornputer", "\uFF23\uFF4F\uFF4D\uFF50\uFF55\uFF54\uFF45\uFF52",
        "\U0001D402\U0001D428\U0001D426\U0001D429\U0001D42E\U0001D42D\U0001D41E\U0001D42B",
        "Ma\u0301quina"}) {
    expect_refused(typed, seat);
  }
  // Only letters count: spaces, punctuation and symbols between them do not.
  for (const char* typed :
       {"C o m p u t e r", "C-o-m-p-u-t-e-r", "C.P.U.", "\U0001F916 Computer"}) {
    expect_refused(typed, seat);
  }
  // Invisible characters are refused first, whatever the name says.
  expect_refused("Com\u00ADputer", "contains an invisible character");
  // Names that only share some letters with the words, or do not start with them.
  for (const char* typed : {"Compton", "Pumuckl", "Cornelius", "Computa", "Cp Ana", "Ordena",
                            "Maquinista", "Rech", "Ana Computer"}) {
    expect_accepted(typed);
  }
}

TEST(DisplayName, AcceptsNamesInManyScripts) {
  for (const char* typed :
       {"Ana", "Bruno", "Jos\u00E9 Mar\u00EDa", "Jo\u00E3o", "J\u00FCrgen", "Zo\u00EB",
        "\u674E\u96F7" /* 李雷 */, "\u0410\u043B\u0451\u043D\u0430" /* Алёна */,
        "\u0645\u0631\u064A\u0645" /* مريم */, "O'Brien", "Ana-Lu\u00EDsa", "\U0001F431 Kat",
        "\U0001F44D\U0001F3FD Ana", "A", "\u00E9"}) {
    expect_accepted(typed);
  }
}

TEST(DisplayName, ChecksFromManyThreadsAtOnce) {
  // The first calls race to set up ICU's normalizers and spoof checker.
  std::vector<std::thread> threads;
  std::vector<int> wrong(8, 0);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([t, &wrong] {
      for (int i = 0; i < 200; ++i) {
        if (problem("Jos\u00E9") != "") ++wrong[t];
        if (problem("\u0421omputer") != "looks like a computer seat's name") ++wrong[t];
        if (problem("A\u200Bna") != "contains an invisible character") ++wrong[t];
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < 8; ++t) EXPECT_EQ(wrong[t], 0) << "thread " << t;
}

}  // namespace
}  // namespace boardgame::players
