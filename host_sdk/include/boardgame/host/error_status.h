// Error statuses as every host service sends them: a status code, an
// English message, and a boardgame.v1.ErrorDetail with a stable reason.
#pragma once

#include <grpcpp/client_context.h>
#include <grpcpp/server_context.h>
#include <grpcpp/support/status.h>

#include <string>
#include <utility>
#include <vector>

#include "boardgame/v1/error_detail.pb.h"

namespace boardgame::host {

// The trailing-metadata key of the serialized boardgame.v1.ErrorDetail that
// every failed call carries.
inline constexpr char kErrorDetailKey[] = "boardgame-error-bin";

// A status whose error_details() hold the ErrorDetail {reason, args,
// message}; args are the placeholders of the catalogue sentence
// "error.<reason>".
grpc::Status error(grpc::StatusCode code, const char* reason, std::string message,
                   const std::vector<std::pair<std::string, std::string>>& args = {});

// The status as it goes on the wire: its ErrorDetail moves to the trailing
// metadata of `context`, since gRPC reserves its own details field for
// google.rpc.Status, and texts that quote a huge input are shortened to
// stay within the client's metadata limit.
grpc::Status on_the_wire(grpc::ServerContextBase* context, const grpc::Status& status);

// A client's side of the same: the ErrorDetail that a finished call's
// trailers carry; empty when they carry none, or one that does not parse.
boardgame::v1::ErrorDetail error_detail_of(const grpc::ClientContext& context);

}  // namespace boardgame::host
