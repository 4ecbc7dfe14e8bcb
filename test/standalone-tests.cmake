# CTest registrations for the standalone builds (Debian's libns3-dev 3.37 and 3.48, the ns-3.44 wheel).
# Included by CMakeLists.txt after enable_testing(). In an ns-3 tree ./test.py does this job instead.
#
# Registered tests:
#  * suite-<name>        test-runner --suite=<name> --verbose, for every TestSuite("<name>", ...)
#                        found in MPTCP_TEST_SOURCES (discovered at configure time; a test source
#                        that changes re-runs the configure step, so new suites are picked up);
#  * suite-list          the suites test-runner registers equal the discovered ones (catches a
#                        suite the regex missed, or one registered under another name);
#  * check-build-lists   test/check-build-lists.py: wscript lists == CMakeLists.txt lists;
#  * example-<name>-<i>  one smoke run of every cpp_examples entry of test/examples-to-run.py;
#  * golden-<name>       test/golden/check.py reruns test/golden/<name>.json and compares (ns-3.37
#                        standalone build only);
#  * scratch-<name>      every scratch/<name>.cc program runs;
#  * find-package        test/find-package builds scratch/mptcp-first.cc against the installed
#                        module with find_package(ns3-mptcp) and runs it (not the wheel build).
#
# The same file is also the CTest driver script (cmake -P) that runs one suite or the list check:
# a suite passes only if test-runner exits 0 AND reports "PASS <name>" (test-runner exits 0 for a
# suite name that matches nothing).

if(CMAKE_SCRIPT_MODE_FILE)
  cmake_minimum_required(VERSION 3.13)
  # ---- driver mode: cmake -DMODE=suite|list -DRUNNER=<exe> [-DSUITE=<name>] [-DSUITES=a;b] -P
  if(MODE STREQUAL "suite")
    execute_process(COMMAND "${RUNNER}" "--suite=${SUITE}" --verbose
                    OUTPUT_VARIABLE _out ERROR_VARIABLE _out RESULT_VARIABLE _rc)
    message("${_out}")
    string(REGEX REPLACE "([][+.*?()^$|\\\\])" "\\\\\\1" _re "${SUITE}")
    if(NOT _rc STREQUAL "0")
      message(FATAL_ERROR "suite ${SUITE}: test-runner exited with ${_rc}")
    elseif(NOT _out MATCHES "(^|\n)PASS ${_re} ")
      message(FATAL_ERROR "suite ${SUITE}: test-runner did not report 'PASS ${SUITE}' "
                          "(suite not registered under that name?)")
    endif()
  elseif(MODE STREQUAL "list")
    execute_process(COMMAND "${RUNNER}" --print-test-name-list
                    OUTPUT_VARIABLE _out RESULT_VARIABLE _rc)
    if(NOT _rc STREQUAL "0")
      message(FATAL_ERROR "test-runner --print-test-name-list exited with ${_rc}")
    endif()
    string(REGEX REPLACE "[ \t\r]" "" _out "${_out}")
    string(REPLACE "\n" ";" _registered "${_out}")
    list(REMOVE_ITEM _registered "")
    list(SORT _registered)
    set(_expected ${SUITES})
    list(SORT _expected)
    message("registered by test-runner: ${_registered}")
    message("found in the test sources: ${_expected}")
    if(NOT "${_registered}" STREQUAL "${_expected}")
      message(FATAL_ERROR "the suites test-runner registers differ from the TestSuite(\"...\") "
                          "names found in MPTCP_TEST_SOURCES (see test/standalone-tests.cmake)")
    endif()
  elseif(MODE STREQUAL "find-package")
    # -DBUILD=<this build> -DSOURCE=<repository> -DGENERATOR=<generator>: install the module to
    # BUILD/find-package-test/install, build test/find-package (a user's program that calls
    # find_package(ns3-mptcp)) against it and run the program.
    set(_dir ${BUILD}/find-package-test)
    file(REMOVE_RECURSE ${_dir})
    foreach(_step
        "${CMAKE_COMMAND};--install;${BUILD};--prefix;${_dir}/install"
        "${CMAKE_COMMAND};-S;${SOURCE}/test/find-package;-B;${_dir}/build;-G;${GENERATOR};-DCMAKE_PREFIX_PATH=${_dir}/install"
        "${CMAKE_COMMAND};--build;${_dir}/build"
        "${_dir}/build/mptcp-first")
      execute_process(COMMAND ${_step} OUTPUT_VARIABLE _out ERROR_VARIABLE _out RESULT_VARIABLE _rc)
      message("${_out}")
      if(NOT _rc STREQUAL "0")
        message(FATAL_ERROR "find-package: '${_step}' failed (${_rc})")
      endif()
    endforeach()
    if(NOT _out MATCHES "received [1-9][0-9]* bytes")
      message(FATAL_ERROR "find-package: the program did not report the bytes it received")
    endif()
  else()
    message(FATAL_ERROR "standalone-tests.cmake: unknown MODE '${MODE}'")
  endif()
  return()
endif()

# ---- configure mode ---------------------------------------------------------------------------
set(_mptcp_suites)
foreach(_src ${MPTCP_TEST_SOURCES})
  set(_path ${CMAKE_CURRENT_SOURCE_DIR}/${_src})
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_path})
  if(NOT EXISTS ${_path})
    message(WARNING "mptcp: test source ${_src} does not exist")
    continue()
  endif()
  file(READ ${_path} _text)
  # Drop // comments so that commented-out suites are not registered.
  string(REGEX REPLACE "//[^\n]*" "" _text "${_text}")
  # Matches `: TestSuite("name", ...)`, `TestSuite ("name")`, `TestSuite{"name"...`.
  string(REGEX MATCHALL "TestSuite[ \t\r\n]*[({][ \t\r\n]*\"[^\"]+\"" _found "${_text}")
  set(_n 0)
  foreach(_m ${_found})
    string(REGEX REPLACE "^.*\"([^\"]+)\"$" "\\1" _name "${_m}")
    list(APPEND _mptcp_suites ${_name})
    math(EXPR _n "${_n} + 1")
  endforeach()
  if(_n EQUAL 0)
    message(STATUS "mptcp: no TestSuite(\"...\") in ${_src} (yet)")
  endif()
endforeach()
list(REMOVE_DUPLICATES _mptcp_suites)
message(STATUS "mptcp: test suites: ${_mptcp_suites}")

foreach(_s ${_mptcp_suites})
  add_test(NAME suite-${_s}
           COMMAND ${CMAKE_COMMAND} -DMODE=suite -DRUNNER=$<TARGET_FILE:test-runner> -DSUITE=${_s}
                   -P ${CMAKE_CURRENT_LIST_FILE})
  set_tests_properties(suite-${_s} PROPERTIES TIMEOUT 1200 LABELS suite)
endforeach()

string(REPLACE ";" "\\;" _mptcp_suites_arg "${_mptcp_suites}")
add_test(NAME suite-list
         COMMAND ${CMAKE_COMMAND} -DMODE=list -DRUNNER=$<TARGET_FILE:test-runner>
                 "-DSUITES=${_mptcp_suites_arg}" -P ${CMAKE_CURRENT_LIST_FILE})
set_tests_properties(suite-list PROPERTIES TIMEOUT 60 LABELS suite)

# ---- a user's own program: scratch/ and find_package(ns3-mptcp) --------------------------------
# scratch-<name>: every scratch/<name>.cc program runs and exits 0; find-package: the README's
# program builds against the installed module through find_package (not for the wheel build,
# which installs no CMake package).
foreach(_src ${_mptcp_scratch})
  get_filename_component(_name ${_src} NAME_WE)
  add_test(NAME scratch-${_name} COMMAND $<TARGET_FILE:scratch_${_name}>)
  set_tests_properties(scratch-${_name} PROPERTIES TIMEOUT 300 LABELS user-program)
endforeach()
if(TARGET scratch_mptcp-first)
  set_tests_properties(scratch-mptcp-first PROPERTIES PASS_REGULAR_EXPRESSION
                       "received [1-9][0-9]* bytes")
endif()
if(NOT MPTCP_NS3_WHEEL)
  add_test(NAME find-package
           COMMAND ${CMAKE_COMMAND} -DMODE=find-package -DBUILD=${CMAKE_BINARY_DIR}
                   -DSOURCE=${CMAKE_CURRENT_SOURCE_DIR} "-DGENERATOR=${CMAKE_GENERATOR}"
                   -P ${CMAKE_CURRENT_LIST_FILE})
  set_tests_properties(find-package PROPERTIES TIMEOUT 600 LABELS user-program)
endif()

# ---- check-build-lists and examples need python3 ---------------------------------------------
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_Interpreter_FOUND)
  message(WARNING "mptcp: python3 not found: check-build-lists and the example smoke tests fail")
  add_test(NAME check-build-lists COMMAND ${CMAKE_COMMAND} -E false)
  add_test(NAME examples-to-run COMMAND ${CMAKE_COMMAND} -E false)
  return()
endif()

add_test(NAME check-build-lists
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/test/check-build-lists.py
         WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
set_tests_properties(check-build-lists PROPERTIES TIMEOUT 60 LABELS lint)

# test/examples-to-run.py is ns-3's format: cpp_examples = [("<name> <args>", "<do_run>",
# "<do_valgrind_run>"), ...]. Entries whose do_run condition evaluates to False are skipped; a
# condition naming an ns-3 configuration variable (unknown here) counts as True.
set(_ex_file ${CMAKE_CURRENT_SOURCE_DIR}/test/examples-to-run.py)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_ex_file})
set(_ex_lines)
if(EXISTS ${_ex_file})
  execute_process(
    COMMAND ${Python3_EXECUTABLE} -c [=[
import sys
ns = {}
exec(open(sys.argv[1]).read(), ns)
for entry in ns.get("cpp_examples", []):
    cmd, do_run = entry[0], entry[1]
    try:
        run = bool(eval(do_run, {}))
    except NameError:
        run = True
    if run:
        print(cmd)
]=] ${_ex_file}
    OUTPUT_VARIABLE _ex_out RESULT_VARIABLE _ex_rc)
  if(NOT _ex_rc STREQUAL "0")
    message(FATAL_ERROR "mptcp: cannot parse ${_ex_file}")
  endif()
  string(REGEX REPLACE "\n$" "" _ex_out "${_ex_out}")
  if(NOT _ex_out STREQUAL "")
    string(REPLACE ";" "\\;" _ex_out "${_ex_out}")
    string(REPLACE "\n" ";" _ex_lines "${_ex_out}")
  endif()
endif()

set(_ex_dir ${CMAKE_BINARY_DIR}/example-output)
file(MAKE_DIRECTORY ${_ex_dir})
set(_i 0)
foreach(_line ${_ex_lines})
  math(EXPR _i "${_i} + 1")
  separate_arguments(_argv UNIX_COMMAND "${_line}")
  list(GET _argv 0 _ex)
  list(REMOVE_AT _argv 0)
  if(TARGET ${_ex})
    add_test(NAME example-${_ex}-${_i} COMMAND $<TARGET_FILE:${_ex}> ${_argv}
             WORKING_DIRECTORY ${_ex_dir})
  else()
    add_test(NAME example-${_ex}-${_i}
             COMMAND ${CMAKE_COMMAND} -E echo
                     "test/examples-to-run.py names '${_ex}', which is not in MPTCP_EXAMPLES")
    set_tests_properties(example-${_ex}-${_i} PROPERTIES WILL_FAIL TRUE)
  endif()
  set_tests_properties(example-${_ex}-${_i} PROPERTIES TIMEOUT 900 LABELS example)
endforeach()

# ---- golden outputs (test/golden/check.py) ------------------------------------------------------
# golden-<name>: one short fixed run per test/golden/<name>.json, whose JSON summary must equal the
# recorded one. The files belong to the standalone build against Debian 12's ns-3.37; other ns-3
# releases give other numbers (doc/mptcp.rst, "Results across releases"), so the 3.44 wheel and
# the newest-release builds do not register them.
if(MPTCP_NS3_MINOR EQUAL 37 AND NOT MPTCP_NS3_WHEEL)
  file(GLOB _golden CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/test/golden/*.json)
  foreach(_g ${_golden})
    get_filename_component(_name ${_g} NAME_WE)
    add_test(NAME golden-${_name}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/test/golden/check.py
                     --build ${CMAKE_BINARY_DIR} ${_name})
    set_tests_properties(golden-${_name} PROPERTIES TIMEOUT 600 LABELS golden)
  endforeach()
  # golden-ipv4-forwarding: the switch forwarding path below IPv4 (EcmpSwitchForwarder, the
  # default) and ns-3's IPv4 forwarding give the same summaries, field for field: a sample of
  # the fabrics and transports (every mptcp-fattree run: check.py --switch-forwarding ipv4), and
  # with same-instant arrivals ordered by ingress port (--arrivalOrder=ingress, as --mpi does),
  # and with Hedera's flow tables and rules (fattree-hedera).
  add_test(NAME golden-ipv4-forwarding
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/test/golden/check.py
                   --build ${CMAKE_BINARY_DIR} --switch-forwarding ipv4
                   dhft-mptcp vl2-mptcp perfect-tcp fattree-tcp fattree-mptcp-8
                   fattree-packetscatter fattree-hotspot fattree-mix-mmptcp
                   fattree-mptcp-8-ingress fattree-hedera)
  set_tests_properties(golden-ipv4-forwarding PROPERTIES TIMEOUT 900 LABELS golden)
  # Suites that assert golden numbers (mptcp-datacenter-experiment) do so in this build only.
  # (On those three files only, not on the whole target: the examples reuse test-runner's
  # precompiled headers, which must be built with the examples' definitions.)
  set_source_files_properties(test/datacenter-experiment-test-suite.cc test/hedera-test-suite.cc
                              test/mptcp-xmp-test-suite.cc
                              PROPERTIES COMPILE_DEFINITIONS MPTCP_GOLDEN_BUILD=1)
else()
  message(STATUS "mptcp: golden outputs not checked (they belong to the ns-3.37 standalone build)")
endif()
