// Changes of a table that more than one call makes (table_calls.cpp,
// offers.cpp), under the table's lock.
#pragma once

#include <cstdint>

#include "host_impl.h"

namespace boardgame::tables {

// Takes back the current game's moves from index `first_removed` on.
grpc::Status take_back(OpenTable& table, int first_removed);
// Begins the table's next game.
grpc::Status begin_next_game(TableHost::Impl& host, OpenTable& table, Change& change);

}  // namespace boardgame::tables
