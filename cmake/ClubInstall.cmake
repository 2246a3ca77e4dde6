# What `cmake --install` puts in place, in two components:
#   runtime  game-host, game-client, rules-page, the first-party plugins and
#            the shared generated-code library they all load;
#   dev      the SDK: headers, static libraries, the CMake package
#            (find_package(boardgame)), boardgame.pc, the .proto files and
#            the club's shared rules texts.
# CPack turns each component into a .deb (club-games, club-games-dev).
include(CMakePackageConfigHelpers)

set(CLUB_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/boardgame)
set(CLUB_PROTO_DIR ${CMAKE_INSTALL_DATADIR}/boardgame/proto)
set(CLUB_TEXTS_DIR ${CMAKE_INSTALL_DATADIR}/boardgame/localization)

# --- runtime ---------------------------------------------------------------

install(TARGETS game-host game-client rules-page
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)

file(RELATIVE_PATH plugins_to_lib
  ${CMAKE_INSTALL_PREFIX}/${CLUB_INSTALL_PLUGINDIR} ${CMAKE_INSTALL_FULL_LIBDIR})
set_target_properties(uttt_plugin tictactoe_plugin PROPERTIES
  INSTALL_RPATH "$ORIGIN/${plugins_to_lib}")
install(TARGETS uttt_plugin tictactoe_plugin
  LIBRARY DESTINATION ${CLUB_INSTALL_PLUGINDIR} COMPONENT runtime)

# --- dev: the SDK ----------------------------------------------------------

# Consumers see boardgame::abi, ::proto, ::rules, ::plugin_sdk and ::host.
set_target_properties(boardgame_abi PROPERTIES EXPORT_NAME abi)
set_target_properties(boardgame_proto PROPERTIES EXPORT_NAME proto)
set_target_properties(club_rules PROPERTIES EXPORT_NAME rules)
set_target_properties(boardgame_plugin_sdk PROPERTIES EXPORT_NAME plugin_sdk)
set_target_properties(boardgame_host PROPERTIES EXPORT_NAME host)

# The shared library belongs to the runtime (every program and plugin loads
# it); its unversioned link name and the static libraries to the SDK.
install(TARGETS boardgame_abi boardgame_proto club_rules boardgame_plugin_sdk boardgame_host
  EXPORT boardgameTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    COMPONENT runtime NAMELINK_COMPONENT dev
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# game-host's HTTP server is not part of the SDK.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/host_sdk/include/ ${PROJECT_SOURCE_DIR}/host_sdk/rules/include/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev
  PATTERN rules_site.h EXCLUDE PATTERN http_server.h EXCLUDE PATTERN json_api.h EXCLUDE
  PATTERN web_files.h EXCLUDE)
install(DIRECTORY ${PROJECT_BINARY_DIR}/proto/boardgame
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev
  FILES_MATCHING PATTERN "*.pb.h")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/proto/boardgame
  DESTINATION ${CLUB_PROTO_DIR} COMPONENT dev
  FILES_MATCHING PATTERN "*.proto")

# The club's words, for any game's rules pages: the section every page
# shares (club/<locale>.textproto) and each language's term base.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/localization/club ${PROJECT_SOURCE_DIR}/localization/terms
  DESTINATION ${CLUB_TEXTS_DIR} COMPONENT dev
  FILES_MATCHING PATTERN "*.textproto")

install(EXPORT boardgameTargets NAMESPACE boardgame::
  DESTINATION ${CLUB_CMAKE_DIR} COMPONENT dev)
configure_package_config_file(cmake/boardgameConfig.cmake.in
  ${PROJECT_BINARY_DIR}/boardgameConfig.cmake
  INSTALL_DESTINATION ${CLUB_CMAKE_DIR}
  PATH_VARS CLUB_PROTO_DIR CLUB_INSTALL_PLUGINDIR CLUB_TEXTS_DIR)
# The major version is the plugin ABI's: see docs/host.md, "Compatibility".
write_basic_package_version_file(${PROJECT_BINARY_DIR}/boardgameConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/boardgameConfig.cmake
  ${PROJECT_BINARY_DIR}/boardgameConfigVersion.cmake
  ${PROJECT_SOURCE_DIR}/host_sdk/BoardgamePlugin.cmake
  ${PROJECT_SOURCE_DIR}/host_sdk/plugin_exports.map
  DESTINATION ${CLUB_CMAKE_DIR} COMPONENT dev)

# pkg-config, for hosts built without CMake. ${pcfiledir} keeps it
# relocatable like the rest.
set(CLUB_PKGCONFIG_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
file(RELATIVE_PATH pc_to_prefix
  ${CMAKE_INSTALL_PREFIX}/${CLUB_PKGCONFIG_DIR} ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" pc_to_prefix "${pc_to_prefix}")
configure_file(cmake/boardgame.pc.in ${PROJECT_BINARY_DIR}/boardgame.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/boardgame.pc
  DESTINATION ${CLUB_PKGCONFIG_DIR} COMPONENT dev)

# --- Debian packages: cpack -G DEB ----------------------------------------

set(CPACK_PACKAGE_NAME club-games)
set(CPACK_PACKAGE_VENDOR "Club games")
set(CPACK_PACKAGE_CONTACT "Club games maintainers <club-games@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Turn-based board games served over gRPC from plugins")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime dev)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)

set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME club-games)
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION
  "game-host, game-client, rules-page and the uttt and tictactoe plugins")
# dpkg-shlibdeps reads the Debian libraries the programs link (gRPC,
# protobuf, ICU, SQLite...).
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SHLIBDEPS ON)

set(CPACK_DEBIAN_DEV_PACKAGE_NAME club-games-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_COMPONENT_DEV_DESCRIPTION
  "SDK for game plugins and hosts: headers, static libraries, CMake package, pkg-config, protos")
# Debian 12's gRPC CMake package names grpc_cpp_plugin among its targets and
# fails find_package without it, so the compilers come along (found by
# installing the packages on a clean system: scripts/deb_chroot_check.sh).
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
  "club-games (= ${PROJECT_VERSION}), cmake, libboost-dev, libprotobuf-dev, protobuf-compiler, libgrpc++-dev, protobuf-compiler-grpc, libfmt-dev, libicu-dev")

include(CPack)
