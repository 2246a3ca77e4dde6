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
# Each locale's club document (localization/club/<locale>.textproto) gives
# the platform section, its term base (localization/terms/), when there is
# one, holds every text to the club's vocabulary, and the diagrams drawn in
# <game folder>/diagrams/ fill the documents' pictures.
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
  set(club "")
  set(terms "")
  foreach(file IN LISTS ARG_FILES)
    cmake_path(ABSOLUTE_PATH file BASE_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR} OUTPUT_VARIABLE file)
    list(APPEND files ${file})
    # The club's platform section and the term base of the same locale.
    cmake_path(GET file FILENAME locale_file)
    list(APPEND club ${CLUB_LOCALIZATION_DIR}/club/${locale_file})
    if(EXISTS ${CLUB_LOCALIZATION_DIR}/terms/${locale_file})
      list(APPEND terms ${CLUB_LOCALIZATION_DIR}/terms/${locale_file})
    endif()
  endforeach()
  list(GET files 0 first)
  cmake_path(GET first PARENT_PATH game_dir)
  set(diagrams ${game_dir}/diagrams)
  file(GLOB drawings CONFIGURE_DEPENDS ${diagrams}/*)
  set(term_args "")
  if(terms)
    set(term_args --terms ${terms})
  endif()

  add_custom_command(
    OUTPUT ${header} ${source}
    COMMAND rules-docc --game ${ARG_GAME} --function ${function}
            --header ${header} --source ${source} --club ${club} ${term_args}
            --diagrams ${diagrams} ${files}
    DEPENDS rules-docc ${files} ${club} ${terms} ${drawings}
    COMMENT "Checking and embedding the ${ARG_GAME} rules documents"
    VERBATIM)

  add_library(${target} STATIC ${source} ${header})
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${target} PUBLIC ${out_dir} ${CLUB_LOCALIZATION_INCLUDE_DIR})
endfunction()
