#include "boardgame/plugin/game.h"

namespace boardgame::plugin {

Rejected::Rejected(Code code, std::string_view reason, std::string message, Args args)
    : code_(code) {
  detail_.set_reason(std::string(reason));
  for (const auto& [name, value] : args) {
    v1::Arg* arg = detail_.add_args();
    arg->set_name(std::string(name));
    arg->set_value(value);
  }
  detail_.set_message(std::move(message));
}

}  // namespace boardgame::plugin
