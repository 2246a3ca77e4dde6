// Protobuf logs every string field with invalid UTF-8 it parses; fuzz input
// is full of them, and the logging would drown the fuzzer's own output and
// slow it down. Errors still come back through the parsers' results.
#include <google/protobuf/stubs/logging.h>

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  google::protobuf::SetLogHandler(nullptr);
  return 0;
}
