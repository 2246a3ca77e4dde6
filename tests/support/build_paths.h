// Where this build put the programs, plugins and folders the tests use.
//
// Each test program gets them from one small source of its own that CMake
// writes (club_build_paths() in tests/CMakeLists.txt), not from compile
// definitions: a path names the build's folder, and an object file that
// holds one misses ccache in every other clone (docs/hardening.md, "CI").
// A program defines only the paths it asked for.
#pragma once

namespace club_build {
extern const char uttt_plugin[];
extern const char tictactoe_plugin[];
extern const char plugin_dir[];
extern const char localization_dir[];
extern const char rules_docc[];
extern const char rules_page[];
extern const char rules_diagrams[];
extern const char uttt_bot[];
extern const char uttt_arena[];
extern const char uttt_fit_eval[];
extern const char uttt_train_nnue[];
extern const char fixture_no_entry[];
extern const char fixture_wrong_abi[];
extern const char fixture_duplicate[];
extern const char fixture_failing[];
extern const char fixture_junk_later[];
extern const char fixture_other_sdk[];
extern const char fixture_faulty[];
extern const char fixture_faulty_describe_throw[];
extern const char fixture_faulty_describe_wrongid[];
extern const char fixture_faulty_setup_wrongid[];
}  // namespace club_build

#define UTTT_PLUGIN club_build::uttt_plugin
#define TICTACTOE_PLUGIN club_build::tictactoe_plugin
#define CLUB_PLUGIN_DIR club_build::plugin_dir
#define LOCALIZATION_DIR club_build::localization_dir
#define RULES_DOCC club_build::rules_docc
#define RULES_PAGE club_build::rules_page
#define RULES_DIAGRAMS club_build::rules_diagrams
#define UTTT_BOT_PATH club_build::uttt_bot
#define UTTT_ARENA_PATH club_build::uttt_arena
#define UTTT_FIT_EVAL_PATH club_build::uttt_fit_eval
#define UTTT_TRAIN_NNUE_PATH club_build::uttt_train_nnue
#define FIXTURE_NO_ENTRY club_build::fixture_no_entry
#define FIXTURE_WRONG_ABI club_build::fixture_wrong_abi
#define FIXTURE_DUPLICATE club_build::fixture_duplicate
#define FIXTURE_FAILING club_build::fixture_failing
#define FIXTURE_JUNK_LATER club_build::fixture_junk_later
#define FIXTURE_OTHER_SDK club_build::fixture_other_sdk
#define FIXTURE_FAULTY club_build::fixture_faulty
#define FIXTURE_FAULTY_DESCRIBE_THROW club_build::fixture_faulty_describe_throw
#define FIXTURE_FAULTY_DESCRIBE_WRONGID club_build::fixture_faulty_describe_wrongid
#define FIXTURE_FAULTY_SETUP_WRONGID club_build::fixture_faulty_setup_wrongid
