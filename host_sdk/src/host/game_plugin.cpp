#include "boardgame/host/game_plugin.h"

#include <boost/dll/shared_library.hpp>

#include "boardgame/v1/error_detail.pb.h"
#include "status_names.h"
#include "wire.h"

namespace boardgame::host {

namespace {

// The plugin serializes its answer straight into host memory.
std::uint8_t* reserve(void* host, std::size_t size) {
  auto* bytes = static_cast<std::string*>(host);
  bytes->resize(size);
  return reinterpret_cast<std::uint8_t*>(bytes->data());
}

grpc::Status plugin_failure(grpc::StatusCode code, std::string message) {
  v1::ErrorDetail detail;
  detail.set_reason("plugin_failure");
  detail.set_message(message);
  return grpc::Status(code, std::move(message), detail.SerializeAsString());
}

}  // namespace

GamePlugin::GamePlugin(std::shared_ptr<const boost::dll::shared_library> library,
                       const BoardgamePlugin& entry, std::filesystem::path file)
    : library_(std::move(library)),
      entry_(&entry),
      game_id_(entry.game_id),
      file_(std::move(file)) {}

std::string GamePlugin::who() const {
  return "game '" + game_id_ + "' (" + file_.filename().string() + ")";
}

template <class Invoke>
grpc::Status GamePlugin::invoke(std::string_view request, Invoke&& invoke,
                                std::string* response) const {
  BoardgameOutput sink{response, &reserve};
  const std::int32_t code =
      invoke(reinterpret_cast<const std::uint8_t*>(request.data()), request.size(), &sink);
  if (code < 0 || code > grpc::StatusCode::UNAUTHENTICATED)
    return plugin_failure(grpc::INTERNAL,
                          who() + " returned " + status_name(code) + ", which is not a status code");
  if (code == grpc::OK) {
    if (!well_formed(*response))
      return plugin_failure(grpc::INTERNAL,
                            who() + " answered with bytes that are not a protobuf message");
    return grpc::Status::OK;
  }
  v1::ErrorDetail detail;
  if (!detail.ParseFromString(*response) || detail.reason().empty())
    return plugin_failure(grpc::StatusCode(code),
                          who() + " failed with " + status_name(code) + " and no error detail");
  std::string message = detail.message();
  return grpc::Status(grpc::StatusCode(code), std::move(message), std::move(*response));
}

grpc::Status GamePlugin::call(BoardgameCall call, std::string_view request,
                              std::string* response) const {
  return invoke(
      request,
      [call](const std::uint8_t* in, std::size_t size, BoardgameOutput* out) {
        return call(in, size, out);
      },
      response);
}

grpc::Status GamePlugin::call(BoardgameCancellableCall call, std::string_view request,
                              const BoardgameCancel& cancel, std::string* response) const {
  return invoke(
      request,
      [call, &cancel](const std::uint8_t* in, std::size_t size, BoardgameOutput* out) {
        return call(in, size, &cancel, out);
      },
      response);
}

grpc::Status GamePlugin::parsed(const grpc::Status& status, const std::string& bytes,
                                google::protobuf::MessageLite* response) const {
  if (status.ok() && !response->ParseFromString(bytes))
    return plugin_failure(grpc::INTERNAL,
                          who() + " answered with bytes that are not a " + response->GetTypeName());
  return status;
}

grpc::Status GamePlugin::call(BoardgameCall call, const google::protobuf::MessageLite& request,
                              google::protobuf::MessageLite* response) const {
  std::string bytes;
  return parsed(this->call(call, request.SerializeAsString(), &bytes), bytes, response);
}

grpc::Status GamePlugin::call(BoardgameCancellableCall call,
                              const google::protobuf::MessageLite& request,
                              const BoardgameCancel& cancel,
                              google::protobuf::MessageLite* response) const {
  std::string bytes;
  return parsed(this->call(call, request.SerializeAsString(), cancel, &bytes), bytes, response);
}

}  // namespace boardgame::host
