// Offers between the people at a table: a draw, a takeback, the next game
// (TableService.Offer, docs/tables.md "Offers between people"). What the
// terminal decides about them without asking the host; the conversation is
// in offers.cpp.
#pragma once

#include <cstdint>

#include "boardgame/v1/table.pb.h"

namespace game_client {

namespace v1 = ::boardgame::v1;

// Whether another seat than `seat` is a person's. Against the computer
// alone nobody is asked: undo and the next game happen at once there.
bool between_people(const v1::Table& table, std::uint32_t seat);

// The seat of the person an offer of `seat` waits for (the first other
// person's seat), 0 when there is none.
std::uint32_t other_person(const v1::Table& table, std::uint32_t seat);

// The word of `kind` in the client strings' keys ("online.offer.*.draw"),
// "" for a kind this client does not know, which it then does not show.
const char* offer_word(v1::Offer::Kind kind);

}  // namespace game_client
