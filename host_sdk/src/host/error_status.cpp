#include "boardgame/host/error_status.h"

#include "boardgame/v1/error_detail.pb.h"

namespace boardgame::host {

namespace {

// Error texts quote the input they refuse, such as an unknown id; quoted in
// full, a huge one would outgrow the client's metadata limit (8 KiB by
// default), and the client would get RESOURCE_EXHAUSTED instead of the error.
constexpr std::size_t kMaxErrorText = 512;

std::string shortened(const std::string& text) {
  if (text.size() <= kMaxErrorText) return text;
  std::size_t cut = kMaxErrorText;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // whole UTF-8
  return text.substr(0, cut) + "... (" + std::to_string(text.size()) + " bytes in all)";
}

grpc::Status within_metadata_limit(const grpc::Status& status) {
  std::string details = status.error_details();
  if (details.size() > kMaxErrorText) {
    v1::ErrorDetail detail;
    if (!detail.ParseFromString(details))  // no ErrorDetail at all: not worth its room
      return grpc::Status(status.error_code(), shortened(status.error_message()));
    detail.set_message(shortened(detail.message()));
    for (v1::Arg& arg : *detail.mutable_args()) arg.set_value(shortened(arg.value()));
    details = detail.SerializeAsString();
  }
  return grpc::Status(status.error_code(), shortened(status.error_message()), std::move(details));
}

}  // namespace

grpc::Status error(grpc::StatusCode code, const char* reason, std::string message,
                   const std::vector<std::pair<std::string, std::string>>& args) {
  v1::ErrorDetail detail;
  detail.set_reason(reason);
  for (const auto& [name, value] : args) {
    v1::Arg* arg = detail.add_args();
    arg->set_name(name);
    arg->set_value(value);
  }
  detail.set_message(message);
  return grpc::Status(code, std::move(message), detail.SerializeAsString());
}

grpc::Status on_the_wire(grpc::ServerContextBase* context, const grpc::Status& status) {
  if (status.ok()) return status;
  const grpc::Status sent = within_metadata_limit(status);
  if (!sent.error_details().empty())
    context->AddTrailingMetadata(kErrorDetailKey, sent.error_details());
  return grpc::Status(sent.error_code(), sent.error_message());
}

v1::ErrorDetail error_detail_of(const grpc::ClientContext& context) {
  v1::ErrorDetail detail;
  const auto& trailers = context.GetServerTrailingMetadata();
  if (auto it = trailers.find(kErrorDetailKey);
      it != trailers.end() &&
      !detail.ParseFromArray(it->second.data(), static_cast<int>(it->second.size())))
    detail.Clear();
  return detail;
}

}  // namespace boardgame::host
