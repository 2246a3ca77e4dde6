#include "elf_needed.h"

#include <elf.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>

namespace boardgame::host {

namespace {

// A record of type T at `offset`, or nothing when it would run past the end.
template <class T>
std::optional<T> record_at(const std::string& bytes, std::uint64_t offset) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return std::nullopt;
  T record;
  std::memcpy(&record, bytes.data() + offset, sizeof(T));
  return record;
}

}  // namespace

std::vector<std::string> needed_libraries(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::vector<std::string> needed;
  const auto header = record_at<Elf64_Ehdr>(bytes, 0);
  if (!header || std::memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 ||
      header->e_ident[EI_CLASS] != ELFCLASS64 || header->e_ident[EI_DATA] != ELFDATA2LSB ||
      header->e_shentsize != sizeof(Elf64_Shdr))
    return needed;
  auto section = [&](std::uint64_t index) {
    return index < header->e_shnum
               ? record_at<Elf64_Shdr>(bytes, header->e_shoff + index * sizeof(Elf64_Shdr))
               : std::nullopt;
  };
  for (std::uint64_t i = 0; i < header->e_shnum; ++i) {
    const auto dynamic = section(i);
    if (!dynamic || dynamic->sh_type != SHT_DYNAMIC) continue;
    const auto strings = section(dynamic->sh_link);
    if (!strings || strings->sh_offset > bytes.size() ||
        bytes.size() - strings->sh_offset < strings->sh_size)
      continue;
    const std::string_view table(bytes.data() + strings->sh_offset, strings->sh_size);
    for (std::uint64_t at = 0; at + sizeof(Elf64_Dyn) <= dynamic->sh_size; at += sizeof(Elf64_Dyn)) {
      const auto entry = record_at<Elf64_Dyn>(bytes, dynamic->sh_offset + at);
      if (!entry || entry->d_tag == DT_NULL) break;
      if (entry->d_tag != DT_NEEDED || entry->d_un.d_val >= table.size()) continue;
      const std::string_view rest = table.substr(entry->d_un.d_val);
      needed.emplace_back(rest.substr(0, rest.find('\0')));
    }
  }
  return needed;
}

}  // namespace boardgame::host
