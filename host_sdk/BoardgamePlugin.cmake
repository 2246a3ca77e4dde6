# boardgame_add_plugin(<target> <sources>...): a game plugin, built as a
# loadable module into the plugin folder (CLUB_PLUGIN_DIR when set),
# exporting its entry table only.
#
# The same file serves the source tree and the installed package
# (boardgameConfig.cmake includes it), so a plugin built out of tree gets the
# very flags the first-party ones get; the export map sits beside it in both.
function(boardgame_add_plugin target)
  set(exports ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/plugin_exports.map)
  add_library(${target} MODULE ${ARGN})
  target_link_libraries(${target} PRIVATE boardgame::plugin_sdk)
  # Hidden visibility and the version script both keep a plugin's own C++
  # symbols (and its copy of the SDK) from clashing with another plugin's;
  # --no-undefined turns a missing library into a link error, not a refusal
  # at load time.
  set_target_properties(${target} PROPERTIES
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LINK_DEPENDS ${exports})
  target_link_options(${target} PRIVATE
    "LINKER:--version-script=${exports}" "LINKER:--no-undefined")
  if(CLUB_PLUGIN_DIR)
    set_target_properties(${target} PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${CLUB_PLUGIN_DIR})
  endif()
endfunction()
