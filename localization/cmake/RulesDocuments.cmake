# club_add_rules_documents(<target> GAME <id> FILES <locale>.textproto...)
#
# Checks a game's rules documents at build time and embeds them into the
# static library <target> (position-independent, so a plugin .so can link it
# and stay self-contained). The files are named by locale and include
# en.textproto. A document that does not parse against
# proto/boardgame/v1/rules_document.proto (unknown field, bad syntax), or
# that fails the checks of boardgame/rules/document_check.h, stops the build
# with file:line:column messages.
#
# The library's header <boardgame/localization/<id>_rules_documents.h>
# declares boardgame::localization::<id>_rules_documents().
function(club_add_rules_documents target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "GAME" "FILES")
  if(NOT ARG_GAME OR NOT ARG_FILES)
    message(FATAL_ERROR "club_add_rules_documents(${target}) needs GAME and FILES")
  endif()
  string(MAKE_C_IDENTIFIER "${ARG_GAME}_rules_documents" function)
  set(out_dir ${CMAKE_CURRENT_BINARY_DIR}/${target}_generated)
  set(header ${out_dir}/boardgame/localization/${function}.h)
  set(source ${out_dir}/${function}.cpp)
  set(files "")
  foreach(file IN LISTS ARG_FILES)
    cmake_path(ABSOLUTE_PATH file BASE_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR} OUTPUT_VARIABLE file)
    list(APPEND files ${file})
  endforeach()

  add_custom_command(
    OUTPUT ${header} ${source}
    COMMAND rules-docc --game ${ARG_GAME} --function ${function}
            --header ${header} --source ${source} ${files}
    DEPENDS rules-docc ${files}
    COMMENT "Checking and embedding the ${ARG_GAME} rules documents"
    VERBATIM)

  add_library(${target} STATIC ${source} ${header})
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${target} PUBLIC ${out_dir} ${CLUB_LOCALIZATION_INCLUDE_DIR})
endfunction()
