// gRPC status codes by name, for log and error messages.
#pragma once

#include <cstdint>
#include <string>

namespace boardgame::host {

inline std::string status_name(std::int32_t code) {
  static constexpr const char* kNames[] = {
      "OK",           "CANCELLED",          "UNKNOWN",          "INVALID_ARGUMENT",
      "DEADLINE_EXCEEDED", "NOT_FOUND",     "ALREADY_EXISTS",   "PERMISSION_DENIED",
      "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED",   "OUT_OF_RANGE",
      "UNIMPLEMENTED", "INTERNAL",          "UNAVAILABLE",      "DATA_LOSS",
      "UNAUTHENTICATED"};
  if (code >= 0 && code < std::int32_t(std::size(kNames))) return kNames[code];
  return "status " + std::to_string(code);
}

}  // namespace boardgame::host
