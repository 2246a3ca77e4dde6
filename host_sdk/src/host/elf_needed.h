// The libraries a shared object names as DT_NEEDED, read from its file
// without loading it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace boardgame::host {

// The DT_NEEDED names of a 64-bit little-endian ELF file, in file order.
// Empty when the file is not one, has no dynamic section, or its section
// headers are stripped: whatever the bytes, it reads only inside the file.
std::vector<std::string> needed_libraries(const std::filesystem::path& file);

}  // namespace boardgame::host
