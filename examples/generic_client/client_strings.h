// The client's menus, prompts and help in the player's language.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "catalog.h"

namespace game_client {

// The locales the client speaks, English first.
std::vector<std::string> client_locales();

// The catalogue of `locale` (one of client_locales()), with English for any
// key it lacks.
Catalog client_catalog(std::string_view locale);

}  // namespace game_client
