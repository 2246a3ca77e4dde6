# One short, deterministic fuzz run for ctest: a fresh scratch corpus in
# WORK (libFuzzer writes new inputs to its first folder), the seeds read
# from SEEDS, a fixed seed and number of runs. Fails on any finding.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
get_filename_component(artifacts_dir ${ARTIFACTS} DIRECTORY)
file(MAKE_DIRECTORY ${artifacts_dir})
execute_process(
  COMMAND ${FUZZER} -seed=1 -runs=${RUNS} -max_len=${MAX_LEN} -print_final_stats=1
          -artifact_prefix=${ARTIFACTS} ${WORK} ${SEEDS}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${FUZZER} failed (${rc}); the input is saved under ${ARTIFACTS}*")
endif()
