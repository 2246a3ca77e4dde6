#include "regions.h"

namespace game_client {

RegionGrid region_grid(const v1::BoardView& view) {
  const std::uint32_t rr = view.region_rows(), rc = view.region_columns();
  if (rr == 0 || rc == 0 || view.rows() % rr != 0 || view.columns() % rc != 0) return {};
  return {view.columns() / rc, view.rows() / rr};
}

std::optional<std::uint32_t> region_of(const v1::BoardView& view, std::uint32_t cell) {
  const RegionGrid grid = region_grid(view);
  if (grid.count() == 0 || cell >= view.rows() * view.columns()) return std::nullopt;
  const std::uint32_t row = cell / view.columns(), column = cell % view.columns();
  return (row / view.region_rows()) * grid.across + column / view.region_columns();
}

std::vector<std::uint32_t> region_cells(const v1::BoardView& view, std::uint32_t region) {
  const RegionGrid grid = region_grid(view);
  std::vector<std::uint32_t> cells;
  if (region >= grid.count()) return cells;
  const std::uint32_t top = region / grid.across * view.region_rows();
  const std::uint32_t left = region % grid.across * view.region_columns();
  for (std::uint32_t r = top; r < top + view.region_rows(); ++r)
    for (std::uint32_t c = left; c < left + view.region_columns(); ++c)
      cells.push_back(r * view.columns() + c);
  return cells;
}

char region_state(const v1::BoardView& view, std::uint32_t region) {
  return region < view.regions().size() ? view.regions()[region] : '.';
}

}  // namespace game_client
