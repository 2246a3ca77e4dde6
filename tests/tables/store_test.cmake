# The table store suite (store_test.cpp), included by tests/tables/CMakeLists.txt.
# It tests the store classes directly; SQLite for setting up files by hand.
find_package(SQLite3 REQUIRED)
add_executable(table_store_test ${CMAKE_CURRENT_LIST_DIR}/store_test.cpp)
target_link_libraries(table_store_test PRIVATE boardgame_table_store_memory
  boardgame_table_store_sqlite SQLite::SQLite3 GTest::gtest_main)
gtest_discover_tests(table_store_test DISCOVERY_TIMEOUT 60)
