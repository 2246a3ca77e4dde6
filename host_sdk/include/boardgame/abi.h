/* The binary interface between a game-host and a game plugin.
 *
 * A plugin is a shared library that exports one object, the entry table
 * below, under the alias BOARDGAME_ENTRY_NAME in the section
 * BOARDGAME_ENTRY_SECTION_NAME (a Boost.DLL sectioned alias), so a host can
 * find the plugins in a folder by reading their symbol tables before it
 * runs any of their code.
 *
 * Only C types cross this boundary. Requests and responses are serialized
 * boardgame.v1 protobuf messages; a call returns a gRPC status code and, on
 * success, the response message, otherwise a boardgame.v1.ErrorDetail. No
 * C++ exception, standard-library type or RTTI passes from one side to the
 * other, so host and plugin may be built by different compilers.
 *
 * Versioning: abi_version changes only when this layout changes in a way an
 * older host cannot read, and a host refuses any other version before its
 * first call. Calls are added by appending a function pointer and raising
 * abi_revision: a host calls one only when the plugin's revision has it
 * (and reads no further into the table), and ignores the ones appended
 * after its own revision. */
#ifndef BOARDGAME_ABI_H
#define BOARDGAME_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BOARDGAME_ABI_VERSION 1u
/* The latest revision this header describes. */
#define BOARDGAME_ABI_REVISION 2u
/* The entry table's alias and its section (at most 8 bytes, as Boost.DLL
 * requires), as tokens for the export macro and as strings for hosts. */
#define BOARDGAME_ENTRY boardgame_plugin
#define BOARDGAME_ENTRY_SECTION bgplugin
#define BOARDGAME_STRINGIZE_(x) #x
#define BOARDGAME_STRINGIZE(x) BOARDGAME_STRINGIZE_(x)
#define BOARDGAME_ENTRY_NAME BOARDGAME_STRINGIZE(BOARDGAME_ENTRY)
#define BOARDGAME_ENTRY_SECTION_NAME BOARDGAME_STRINGIZE(BOARDGAME_ENTRY_SECTION)

/* Where a call writes its response: reserve(host, n) returns n bytes of
 * host-owned memory to serialize into, or NULL if it cannot. */
typedef struct BoardgameOutput {
  void* host;
  uint8_t* (*reserve)(void* host, size_t size);
} BoardgameOutput;

/* Lets a long call learn that its caller gave up. */
typedef struct BoardgameCancel {
  void* host;
  /* Nonzero once the caller cancelled the call or its deadline passed.
   * Safe to call from any thread, as often as every millisecond. */
  int32_t (*requested)(void* host);
  /* Milliseconds left before the caller's deadline when the call began;
   * negative when there is no deadline. */
  double time_left_ms;
} BoardgameCancel;

/* A call: request message in, status code out, response written to out. */
typedef int32_t (*BoardgameCall)(const uint8_t* request, size_t request_size,
                                 BoardgameOutput* out);
typedef int32_t (*BoardgameCancellableCall)(const uint8_t* request, size_t request_size,
                                            const BoardgameCancel* cancel,
                                            BoardgameOutput* out);

typedef struct BoardgamePlugin {
  uint32_t abi_version;  /* BOARDGAME_ABI_VERSION */
  uint32_t abi_revision; /* which of the calls below are present */
  const char* game_id;   /* e.g. "uttt"; the id clients use */

  /* Revision 0. Each takes and returns the messages of the GameService
   * method of the same name. */
  BoardgameCall describe_game;
  BoardgameCall setup;
  BoardgameCall list_moves;
  BoardgameCall apply_move;
  BoardgameCall resign;
  BoardgameCall get_outcome;
  BoardgameCancellableCall suggest_move;
  /* Revision 1. */
  BoardgameCall get_rules;
  /* Revision 2. */
  BoardgameCall agree_draw;
  /* Later revisions append here. */
} BoardgamePlugin;

#ifdef __cplusplus
}
#endif

#endif
