# ccache and lld, where installed (scripts/deps.sh installs both): CI
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

# lld links the sanitizer builds' large executables several times faster
# than GNU ld. Not Debian 12's mold (1.10.1): now and then it writes a
# GNU_RELRO segment over the TLS one, and the program it linked cannot start
# ("cannot apply additional memory protection after relocation"), as an
# ASan test program did once; mold 2.4 fixed it.
option(CLUB_LLD "Link with lld when it is installed" ON)
find_program(CLUB_LLD_PROGRAM NAMES ld.lld)
if(CLUB_LLD AND CLUB_LLD_PROGRAM)
  add_link_options(-fuse-ld=lld)
endif()
