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

// Copies share the library, which stays loaded while any copy lives.
class GamePlugin {
 public:
  GamePlugin(std::shared_ptr<const boost::dll::shared_library> library,
             const BoardgamePlugin& entry, std::filesystem::path file);

  const std::string& game_id() const { return game_id_; }
  const std::filesystem::path& file() const { return file_; }
  std::uint32_t abi_revision() const { return entry_->abi_revision; }
  const BoardgamePlugin& entry() const { return *entry_; }

  // Sends `request` through `call`, one of the entry table's calls, and on
  // success parses the plugin's answer into `response`. A failed call's
  // status carries the plugin's serialized boardgame.v1.ErrorDetail in
  // error_details(); a plugin that breaks the ABI gives INTERNAL.
  grpc::Status call(BoardgameCall call, const google::protobuf::MessageLite& request,
                    google::protobuf::MessageLite* response) const;
  grpc::Status call(BoardgameCancellableCall call, const google::protobuf::MessageLite& request,
                    const BoardgameCancel& cancel,
                    google::protobuf::MessageLite* response) const;
  // The same with messages already serialized, as a server forwards them:
  // `response` receives the plugin's answer unparsed.
  grpc::Status call(BoardgameCall call, std::string_view request, std::string* response) const;
  grpc::Status call(BoardgameCancellableCall call, std::string_view request,
                    const BoardgameCancel& cancel, std::string* response) const;

 private:
  template <class Invoke>
  grpc::Status invoke(std::string_view request, Invoke&& invoke, std::string* response) const;
  grpc::Status parsed(const grpc::Status& status, const std::string& bytes,
                      google::protobuf::MessageLite* response) const;
  std::string who() const;

  std::shared_ptr<const boost::dll::shared_library> library_;
  const BoardgamePlugin* entry_;
  std::string game_id_;
  std::filesystem::path file_;
};

}  // namespace boardgame::host
