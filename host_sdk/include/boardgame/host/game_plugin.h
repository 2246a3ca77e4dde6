// A loaded game plugin, as the host sees it: its id and its calls, with
// protobuf messages in and out.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include <google/protobuf/message_lite.h>
#include <grpcpp/support/status.h>

#include "boardgame/abi.h"

namespace boost::dll {
class shared_library;
}

namespace boardgame::host {

// A call of the entry table, named by its slot, such as
// &BoardgamePlugin::setup.
using PluginCall = BoardgameCall BoardgamePlugin::*;
using CancellablePluginCall = BoardgameCancellableCall BoardgamePlugin::*;

// Copies share the library, which stays loaded while any copy lives.
class GamePlugin {
 public:
  GamePlugin(std::shared_ptr<const boost::dll::shared_library> library,
             const BoardgamePlugin& entry, std::filesystem::path file);

  const std::string& game_id() const { return game_id_; }
  const std::filesystem::path& file() const { return file_; }
  std::uint32_t abi_revision() const { return entry_->abi_revision; }
  const BoardgamePlugin& entry() const { return *entry_; }

  // Sends `request` through `call` and on success parses the plugin's
  // answer into `response`. A failed call's status carries the plugin's
  // serialized boardgame.v1.ErrorDetail in error_details(). A plugin that
  // breaks the ABI gives INTERNAL, reason "plugin_failure", naming the game
  // and the call: an exception thrown out of the call, a code that is no
  // status code, an answer that is not a protobuf message, or an answer
  // about another game (the game a DescribeGame describes, or the state a
  // Setup, ApplyMove or Resign returns).
  grpc::Status call(PluginCall call, const google::protobuf::MessageLite& request,
                    google::protobuf::MessageLite* response) const;
  grpc::Status call(CancellablePluginCall call, const google::protobuf::MessageLite& request,
                    const BoardgameCancel& cancel,
                    google::protobuf::MessageLite* response) const;
  // The same with messages already serialized, as a server forwards them:
  // `response` receives the plugin's answer unparsed.
  grpc::Status call(PluginCall call, std::string_view request, std::string* response) const;
  grpc::Status call(CancellablePluginCall call, std::string_view request,
                    const BoardgameCancel& cancel, std::string* response) const;

 private:
  template <class Invoke>
  grpc::Status invoke(const char* name, bool names_game, std::string_view request,
                      Invoke&& invoke, std::string* response) const;
  grpc::Status parsed(const char* name, const grpc::Status& status, const std::string& bytes,
                      google::protobuf::MessageLite* response) const;
  std::string who(const char* call) const;

  std::shared_ptr<const boost::dll::shared_library> library_;
  const BoardgamePlugin* entry_;
  std::string game_id_;
  std::filesystem::path file_;
};

}  // namespace boardgame::host
