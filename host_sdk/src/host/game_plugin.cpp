#include "boardgame/host/game_plugin.h"

#include <cxxabi.h>

#include <boost/dll/shared_library.hpp>
#include <exception>
#include <optional>
#include <stdexcept>

#include "boardgame/v1/error_detail.pb.h"
#include "boardgame/host/status_names.h"
#include "wire.h"

namespace boardgame::host {

namespace {

// The plugin serializes its answer straight into host memory. No exception
// may leave here into the plugin: the ABI's answer to "no room" is null.
std::uint8_t* reserve(void* host, std::size_t size) noexcept {
  auto* bytes = static_cast<std::string*>(host);
  try {
    bytes->resize(size);
  } catch (...) {
    return nullptr;
  }
  return reinterpret_cast<std::uint8_t*>(bytes->data());
}

grpc::Status plugin_failure(grpc::StatusCode code, std::string message) {
  v1::ErrorDetail detail;
  detail.set_reason("plugin_failure");
  detail.set_message(message);
  return grpc::Status(code, std::move(message), detail.SerializeAsString());
}

// The calls of the entry table by name. Those marked answer about a game by
// id at field path 1.1 of their response: DescribeGameResponse.game.id and
// the game_id of the state a Setup, ApplyMove or Resign returns.
struct NamedCall {
  PluginCall call;
  const char* name;
  bool names_game;
};
constexpr NamedCall kCalls[] = {
    {&BoardgamePlugin::describe_game, "DescribeGame", true},
    {&BoardgamePlugin::setup, "Setup", true},
    {&BoardgamePlugin::list_moves, "ListMoves", false},
    {&BoardgamePlugin::apply_move, "ApplyMove", true},
    {&BoardgamePlugin::resign, "Resign", true},
    {&BoardgamePlugin::get_outcome, "GetOutcome", false},
    {&BoardgamePlugin::get_rules, "GetRules", false},
    {&BoardgamePlugin::agree_draw, "AgreeDraw", true},
};

const NamedCall& named(PluginCall call) {
  for (const NamedCall& c : kCalls)
    if (c.call == call) return c;
  throw std::logic_error("a call missing from the host's table of plugin calls");
}

}  // namespace

GamePlugin::GamePlugin(std::shared_ptr<const boost::dll::shared_library> library,
                       const BoardgamePlugin& entry, std::filesystem::path file)
    : library_(std::move(library)),
      entry_(&entry),
      game_id_(entry.game_id),
      file_(std::move(file)) {}

std::string GamePlugin::who(const char* call) const {
  return std::string(call) + " of game '" + game_id_ + "' (" + file_.filename().string() + ")";
}

template <class Invoke>
grpc::Status GamePlugin::invoke(const char* name, bool names_game, std::string_view request,
                                Invoke&& invoke, std::string* response) const {
  BoardgameOutput sink{response, &reserve};
  std::int32_t code = 0;
  // The ABI forbids exceptions across it, but a plugin written in C++ can
  // still let one out; it must not unwind into gRPC's threads.
  try {
    code = invoke(reinterpret_cast<const std::uint8_t*>(request.data()), request.size(), &sink);
  } catch (const abi::__forced_unwind&) {
    throw;  // a thread being cancelled, which must unwind to its end
  } catch (const std::exception& e) {
    return plugin_failure(grpc::INTERNAL, who(name) + " threw an exception: " + e.what());
  } catch (...) {
    return plugin_failure(grpc::INTERNAL,
                          who(name) + " threw an exception that is not a std::exception");
  }
  if (code < 0 || code > grpc::StatusCode::UNAUTHENTICATED)
    return plugin_failure(grpc::INTERNAL, who(name) + " returned " + status_name(code) +
                                              ", which is not a status code");
  if (code == grpc::OK) {
    if (!well_formed(*response))
      return plugin_failure(grpc::INTERNAL,
                            who(name) + " answered with bytes that are not a protobuf message");
    if (names_game) {
      // A client would take a state of another game to that game's plugin.
      const std::optional<std::string> about = routed_game_id(*response, 2);
      if (!about)
        return plugin_failure(grpc::INTERNAL,
                              who(name) + " answered with a game or state that is not a protobuf message");
      if (about->empty())
        return plugin_failure(grpc::INTERNAL, who(name) + " answered with no game id");
      if (*about != game_id_)
        return plugin_failure(grpc::INTERNAL,
                              who(name) + " answered for game '" + *about + "', not its own");
    }
    return grpc::Status::OK;
  }
  v1::ErrorDetail detail;
  if (!detail.ParseFromString(*response) || detail.reason().empty())
    return plugin_failure(grpc::StatusCode(code), who(name) + " failed with " +
                                                      status_name(code) + " and no error detail");
  std::string message = detail.message();
  return grpc::Status(grpc::StatusCode(code), std::move(message), std::move(*response));
}

grpc::Status GamePlugin::call(PluginCall call, std::string_view request,
                              std::string* response) const {
  const NamedCall& c = named(call);
  const BoardgameCall function = entry_->*call;
  return invoke(
      c.name, c.names_game, request,
      [function](const std::uint8_t* in, std::size_t size, BoardgameOutput* out) {
        return function(in, size, out);
      },
      response);
}

grpc::Status GamePlugin::call(CancellablePluginCall call, std::string_view request,
                              const BoardgameCancel& cancel, std::string* response) const {
  // SuggestMove, the only cancellable call, answers with no game id.
  const BoardgameCancellableCall function = entry_->*call;
  return invoke(
      "SuggestMove", false, request,
      [function, &cancel](const std::uint8_t* in, std::size_t size, BoardgameOutput* out) {
        return function(in, size, &cancel, out);
      },
      response);
}

grpc::Status GamePlugin::parsed(const char* name, const grpc::Status& status,
                                const std::string& bytes,
                                google::protobuf::MessageLite* response) const {
  if (status.ok() && !response->ParseFromString(bytes))
    return plugin_failure(grpc::INTERNAL, who(name) + " answered with bytes that are not a " +
                                              response->GetTypeName());
  return status;
}

grpc::Status GamePlugin::call(PluginCall call, const google::protobuf::MessageLite& request,
                              google::protobuf::MessageLite* response) const {
  std::string bytes;
  return parsed(named(call).name, this->call(call, request.SerializeAsString(), &bytes), bytes,
                response);
}

grpc::Status GamePlugin::call(CancellablePluginCall call,
                              const google::protobuf::MessageLite& request,
                              const BoardgameCancel& cancel,
                              google::protobuf::MessageLite* response) const {
  std::string bytes;
  return parsed("SuggestMove", this->call(call, request.SerializeAsString(), cancel, &bytes),
                bytes, response);
}

}  // namespace boardgame::host
