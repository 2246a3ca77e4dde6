# ccache and mold, where installed (scripts/deps.sh installs both): CI
# builds the tree four times, in four configurations, and a developer
# rebuilds it often; see docs/hardening.md, "CI".

# The cache sits in the user's cache folder (~/.cache/ccache), shared by
# every clone on the machine: base_dir makes the paths inside this tree
# relative, so a clone in another folder hits the same entries, and
# hash_dir off lets the builds with debug information hit as well (their
# DW_AT_comp_dir then names the folder that filled the entry). Depend mode
# reads the compiler's own list of included files, where a miss would
# otherwise run the preprocessor once more.
option(CLUB_CCACHE "Compile through ccache when it is installed" ON)
find_program(CLUB_CCACHE_PROGRAM ccache)
if(CLUB_CCACHE AND CLUB_CCACHE_PROGRAM AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(club_launcher ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR}
      CCACHE_NOHASHDIR=true CCACHE_DEPEND=true ${CLUB_CCACHE_PROGRAM})
  set(CMAKE_CXX_COMPILER_LAUNCHER ${club_launcher})
  set(CMAKE_C_COMPILER_LAUNCHER ${club_launcher})
endif()

# mold links the sanitizer builds' large executables several times faster
# than GNU ld.
option(CLUB_MOLD "Link with mold when it is installed" ON)
find_program(CLUB_MOLD_PROGRAM NAMES ld.mold)
if(CLUB_MOLD AND CLUB_MOLD_PROGRAM)
  add_link_options(-fuse-ld=mold)
endif()
