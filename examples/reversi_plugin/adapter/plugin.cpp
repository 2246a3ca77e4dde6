// The plugin's one export: its entry table.
#include "boardgame/plugin/export.h"
#include "game.h"

BOARDGAME_PLUGIN(reversi::adapter::Game)
