# Tables against the real game-host process: an end-to-end game from Python
# (stubs generated from proto/ at test time, as tests/host does), the crash
# test (SIGKILL under load, nothing acknowledged lost), and short table-load
# runs on both stores. Included by tests/tables/CMakeLists.txt.
find_package(Protobuf REQUIRED)
if(NOT CLUB_PYTHON3)
  find_program(CLUB_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)
endif()
if(NOT CLUB_GRPC_PYTHON_PLUGIN)
  find_program(CLUB_GRPC_PYTHON_PLUGIN grpc_python_plugin REQUIRED)
endif()

set(club_table_test_args
  --game-host $<TARGET_FILE:game-host>
  --plugins ${CLUB_PLUGIN_DIR}
  --proto-dir ${PROJECT_SOURCE_DIR}/proto
  --protoc $<TARGET_FILE:protobuf::protoc>
  --grpc-python-plugin ${CLUB_GRPC_PYTHON_PLUGIN})

# Two players and a spectator on three connections play a whole game:
# leave and rejoin, refused tokens and devices, stale and retried moves,
# absence after the grace period, finished games, SIGTERM and a restart.
add_test(NAME tables.e2e_python
  COMMAND ${CLUB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/e2e_tables.py ${club_table_test_args})
set_tests_properties(tables.e2e_python PROPERTIES TIMEOUT 120)

# SIGKILL at random moments under load, 20 times, on one SQLite store: every
# acknowledged move is in the history exactly once and every table plays on.
add_test(NAME tables.crash
  COMMAND ${CLUB_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/crash_test.py ${club_table_test_args}
          --kills 20 --tables 20)
set_tests_properties(tables.crash PROPERTIES TIMEOUT 300 LABELS crash)

# A short table-load run per store: bots, spectators' watch streams, every
# answer and every event checked, and the host's memory. Under the
# sanitizers freed memory waits in quarantine, so the memory grows by
# design: there the run checks the answers and the host's clean exit only.
set(club_table_load_growth_args)
if(CLUB_SANITIZE OR CLUB_TSAN)
  set(club_table_load_growth_args --max-growth 1000)
endif()
set(club_table_load_args
  --game-host $<TARGET_FILE:game-host> --plugins ${CLUB_PLUGIN_DIR}
  --tables 20 --spectators 2 --seconds 3 --warmup-seconds 1 ${club_table_load_growth_args})
add_test(NAME tables.load_memory
  COMMAND table-load ${club_table_load_args} --store memory)
set_tests_properties(tables.load_memory PROPERTIES TIMEOUT 120)

# A fresh SQLite file each run: the host reopens every table a store holds.
set(club_table_load_db ${CMAKE_CURRENT_BINARY_DIR}/table_load.db)
add_test(NAME tables.load_sqlite_fresh_store
  COMMAND ${CMAKE_COMMAND} -E rm -f ${club_table_load_db} ${club_table_load_db}-wal
          ${club_table_load_db}-shm ${club_table_load_db}-journal)
set_tests_properties(tables.load_sqlite_fresh_store PROPERTIES
  FIXTURES_SETUP club_table_load_db)
add_test(NAME tables.load_sqlite
  COMMAND table-load ${club_table_load_args} --store sqlite:${club_table_load_db})
set_tests_properties(tables.load_sqlite PROPERTIES TIMEOUT 120
  FIXTURES_REQUIRED club_table_load_db)
