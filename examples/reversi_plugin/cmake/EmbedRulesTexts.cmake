# Each language's rules page (rules/<lang>.textproto) and the club's section
# that every game's page shares (<lang>.textproto in the SDK's
# BOARDGAME_CLUB_DIR) become strings in a generated source file; the plugin
# parses and joins them at load. Editing a document reconfigures.
function(reversi_embed_rules_texts output)
  set(entries "")
  foreach(lang IN LISTS ARGN)
    set(page ${CMAKE_CURRENT_SOURCE_DIR}/rules/${lang}.textproto)
    set(club ${BOARDGAME_CLUB_DIR}/${lang}.textproto)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${page} ${club})
    file(READ ${page} page_text)
    file(READ ${club} club_text)
    if(page_text MATCHES "\\)rules\"" OR club_text MATCHES "\\)rules\"")
      message(FATAL_ERROR "${lang}: a text holds the raw-string delimiter )rules\"")
    endif()
    string(APPEND entries
      "    {\"${lang}\", R\"rules(${page_text})rules\", R\"rules(${club_text})rules\"},\n")
  endforeach()
  list(LENGTH ARGN count)
  set(REVERSI_RULES_ENTRIES "${entries}")
  set(REVERSI_RULES_COUNT ${count})
  configure_file(${CMAKE_CURRENT_FUNCTION_LIST_DIR}/rules_texts.cpp.in ${output} @ONLY)
endfunction()
