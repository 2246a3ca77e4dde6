#include "boardgame/host/json_api.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/util/json_util.h>
#include <grpcpp/client_context.h>
#include <grpcpp/support/byte_buffer.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "boardgame/host/error_status.h"
#include "boardgame/host/status_names.h"
#include "boardgame/v1/error_detail.pb.h"

namespace boardgame::host {

namespace {

namespace pb = google::protobuf;

// How long a call may take before the client gets 504: as long as the
// longest a gRPC client of the host would sensibly wait for one move.
constexpr std::chrono::seconds kCallDeadline{60};

// The HTTP status of a gRPC status code, as Google's HTTP mapping has it.
int http_status(grpc::StatusCode code) {
  switch (code) {
    case grpc::OK:
      return 200;
    case grpc::CANCELLED:
      return 499;
    case grpc::INVALID_ARGUMENT:
    case grpc::FAILED_PRECONDITION:
    case grpc::OUT_OF_RANGE:
      return 400;
    case grpc::UNAUTHENTICATED:
      return 401;
    case grpc::PERMISSION_DENIED:
      return 403;
    case grpc::NOT_FOUND:
      return 404;
    case grpc::ALREADY_EXISTS:
    case grpc::ABORTED:
      return 409;
    case grpc::RESOURCE_EXHAUSTED:
      return 429;
    case grpc::UNIMPLEMENTED:
      return 501;
    case grpc::UNAVAILABLE:
      return 503;
    case grpc::DEADLINE_EXCEEDED:
      return 504;
    default:
      return 500;
  }
}

HttpResponse json(int status, std::string body) {
  HttpResponse response;
  response.status = status;
  response.content_type = "application/json";
  response.body = std::move(body);
  response.body += '\n';
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

// A refusal, in the shape every refusal of the API has.
HttpResponse refusal(grpc::StatusCode code, const std::string& message,
                     const std::string& detail_json = "") {
  nlohmann::json body = {{"code", status_name(code)}, {"message", message}};
  if (!detail_json.empty()) body["detail"] = nlohmann::json::parse(detail_json, nullptr, false);
  return json(http_status(code), body.dump());
}

std::unique_ptr<pb::Message> new_message(const pb::Descriptor* type) {
  const pb::Message* prototype = pb::MessageFactory::generated_factory()->GetPrototype(type);
  return std::unique_ptr<pb::Message>(prototype ? prototype->New() : nullptr);
}

struct Call {
  grpc::ClientContext context;
  grpc::ByteBuffer request, response;
  const pb::MethodDescriptor* method = nullptr;
  HttpServer::Respond respond;
};

void answer(Call& call, const grpc::Status& status) {
  const pb::util::JsonPrintOptions printing;
  if (!status.ok()) {
    std::string detail_json;
    const auto& trailers = call.context.GetServerTrailingMetadata();
    auto found = trailers.find(kErrorDetailKey);
    v1::ErrorDetail detail;
    if (found != trailers.end() &&
        detail.ParseFromArray(found->second.data(), static_cast<int>(found->second.size())))
      (void)pb::util::MessageToJsonString(detail, &detail_json, printing);
    return call.respond(refusal(status.error_code(), status.error_message(), detail_json));
  }
  std::unique_ptr<pb::Message> response = new_message(call.method->output_type());
  std::vector<grpc::Slice> slices;
  std::string bytes;
  if (call.response.Dump(&slices).ok())
    for (const grpc::Slice& slice : slices)
      bytes.append(reinterpret_cast<const char*>(slice.begin()), slice.size());
  std::string text;
  if (!response || !response->ParseFromString(bytes) ||
      !pb::util::MessageToJsonString(*response, &text, printing).ok())
    return call.respond(refusal(grpc::INTERNAL, "the host's answer could not be read as " +
                                                    call.method->output_type()->full_name()));
  call.respond(json(200, std::move(text)));
}

}  // namespace

JsonApi::JsonApi(std::shared_ptr<grpc::Channel> host, std::set<std::string> services)
    : services_(std::move(services)),
      host_(std::move(host)),
      stub_(std::make_unique<grpc::GenericStub>(host_)) {}

void JsonApi::call(const HttpRequest& request, const HttpServer::Respond& respond) const {
  const std::string name = request.path.substr(std::string(kPrefix).size());
  const std::size_t slash = name.find('/');
  const pb::ServiceDescriptor* service = nullptr;
  if (slash != std::string::npos && services_.count(name.substr(0, slash)))
    service = pb::DescriptorPool::generated_pool()->FindServiceByName(name.substr(0, slash));
  if (!service)
    return respond(refusal(grpc::NOT_FOUND, "no service '" + name.substr(0, slash) +
                                                "' here; the API serves " +
                                                nlohmann::json(services_).dump()));
  const pb::MethodDescriptor* method = service->FindMethodByName(name.substr(slash + 1));
  if (!method)
    return respond(refusal(
        grpc::NOT_FOUND, service->full_name() + " has no method '" + name.substr(slash + 1) + "'"));
  if (method->client_streaming() || method->server_streaming())
    return respond(
        refusal(grpc::UNIMPLEMENTED, service->full_name() + "/" + method->name() +
                                         " is a stream, and streams are not served as JSON"));
  if (request.method != "POST") {
    HttpResponse refused = refusal(grpc::INVALID_ARGUMENT, "call a method with POST");
    refused.status = 405;
    refused.headers.emplace_back("Allow", "POST");
    return respond(std::move(refused));
  }
  const std::string type = request.header("content-type");
  if (type.substr(0, type.find(';')) != "application/json") {
    HttpResponse refused = refusal(grpc::INVALID_ARGUMENT, "send the request as application/json");
    refused.status = 415;
    return respond(std::move(refused));
  }
  std::unique_ptr<pb::Message> message = new_message(method->input_type());
  if (!message)
    return respond(
        refusal(grpc::INTERNAL, "no generated code for " + method->input_type()->full_name()));
  pb::util::JsonParseOptions parsing;  // an unknown field is an error, not a silent loss
  const auto parsed = pb::util::JsonStringToMessage(request.body, message.get(), parsing);
  if (!parsed.ok())
    return respond(refusal(grpc::INVALID_ARGUMENT, "the body is not a " +
                                                       method->input_type()->full_name() +
                                                       " in JSON: " + parsed.ToString()));
  auto call = std::make_shared<Call>();
  call->method = method;
  call->respond = respond;
  const std::string bytes = message->SerializeAsString();
  grpc::Slice slice(bytes);
  call->request = grpc::ByteBuffer(&slice, 1);
  call->context.set_deadline(std::chrono::system_clock::now() + kCallDeadline);
  if (!request.peer.empty()) call->context.AddMetadata(kHttpPeerKey, http_peer_claim(request.peer));
  stub_->UnaryCall(&call->context, "/" + service->full_name() + "/" + method->name(),
                   grpc::StubOptions(), &call->request, &call->response,
                   [call](grpc::Status status) { answer(*call, status); });
}

}  // namespace boardgame::host
