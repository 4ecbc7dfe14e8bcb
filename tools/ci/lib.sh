# Shared by the CI stage scripts (source it after defining say() and repo=): installing the
# Debian packages a stage needs, counting PASS/FAIL lines, running the module's suites and
# examples in an ns-3 tree, and the closing "<stage> results: N passed, N failed" line.
# shellcheck shell=bash

ci_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# ci_install PACKAGE... : apt-get install those not installed yet (MPTCP_NO_INSTALL=1: nothing).
ci_install() {
  [ "${MPTCP_NO_INSTALL:-0}" = 1 ] && return 0
  local need=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || need+=("$p")
  done
  if [ ${#need[@]} -gt 0 ]; then
    say "apt-get install ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q "${need[@]}"
  fi
}

# ci_list WHAT [NAME] : tools/ci/module-lists.py of this repository (cmake-list NAME, suites,
# examples), one item a line.
ci_list() { python3 "$ci_dir/module-lists.py" "$repo" "$@"; }

passed=0
failed=0
failures=()
pass() { passed=$((passed + 1)); say "PASS $*"; }
fail() { failed=$((failed + 1)); failures+=("$*"); say "FAIL $*"; }

# ci_suites RERUN : ./test.py -n -s <suite> in the current ns-3 tree for every TestSuite of
# MPTCP_TEST_SOURCES, each first looked up in the tree's test-runner --print-test-name-list (a
# suite missing there was renamed by an ODR clash with an ns-3 test class, or not built; the
# tree's build/lib on LD_LIBRARY_PATH, which waf-era runners need); RERUN is the command printed
# on failure, with @SUITE@ replaced by the suite's name.
ci_suites() {
  local rerun=$1 s runner registered= suites
  runner=$(ls build/utils/ns3*-test-runner* 2>/dev/null | head -n1 || true)
  if [ -n "$runner" ]; then
    registered=$(LD_LIBRARY_PATH=$PWD/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
      "$runner" --print-test-name-list 2>/dev/null || true)
  fi
  suites=$(ci_list suites)
  [ -n "$suites" ] || fail "suites: no TestSuite(\"...\") found in MPTCP_TEST_SOURCES"
  for s in $suites; do
    if ! grep -qxF "$s" <<<"$registered"; then
      fail "suite $s: not registered by test-runner (name clash with an ns-3 test class?)"
      continue
    fi
    if ./test.py -n -s "$s"; then
      pass "suite $s"
    else
      fail "suite $s (rerun: ${rerun//@SUITE@/$s})"
    fi
  done
}

# ci_examples COMMAND... : COMMAND "<program> <args>" for every example of
# test/examples-to-run.py that runs here (e.g. ./ns3 run --no-build, ./waf --run).
ci_examples() {
  local ex examples
  examples=$(ci_list examples)
  [ -n "$examples" ] || fail "examples: none found in test/examples-to-run.py"
  while IFS= read -r ex; do
    [ -n "$ex" ] || continue
    say "example: $ex"
    if "$@" "$ex" </dev/null; then
      pass "example $ex"
    else
      fail "example $ex"
    fi
  done <<<"$examples"
}

# ci_recipe HEADING [WRAPPER...] : the test and run lines of the README's recipe for this kind of
# tree (section "## HEADING...": "./test.py ..." and "./ns3 run ..." or "./waf --run ..."), typed as they
# stand there, in the current ns-3 tree, after the stage's own configure and build (each line
# through WRAPPER if given). Its configure and build lines are the stage's own, less what only CI
# adds (tools/tests/test_readme.py checks that the stage configures with every option the recipe
# names); the tree's results/ folder is removed first, so that the run shows it creates it.
ci_recipe() {
  local heading=$1 cmd n=0
  shift
  rm -rf results   # the run creates its default database's folder
  while IFS= read -r cmd; do
    case "$cmd" in "./test.py "*|"./ns3 run "*|"./waf --run "*) ;; *) continue ;; esac
    n=$((n + 1))
    say "README recipe: $cmd"
    if "$@" bash -c "$cmd" </dev/null; then
      pass "README recipe: $cmd"
    else
      fail "README recipe: $cmd"
    fi
  done <<<"$(ci_list recipe "$heading")"
  [ "$n" -gt 0 ] || fail "README recipe: no test or run line under \"## $heading\" in README.md"
}

# ci_warnings LINES WHERE : a PASS if LINES (the compiler's warnings in the module's files, as a
# stage extracted them from its build log) is empty, else a FAIL naming WHERE, then LINES.
ci_warnings() {
  if [ -n "$1" ]; then
    fail "warnings: the module's files warn $2 (objects rebuilt this run):"
    echo "$1"
  else
    pass "warnings: none in the module's files (objects rebuilt this run)"
  fi
}

# ci_summary STAGE : the failures, then "STAGE results: N passed, N failed"; status 1 if any failed.
ci_summary() {
  echo
  if [ "$failed" -gt 0 ]; then
    say "failures:"
    local f
    for f in "${failures[@]}"; do echo "  - $f"; done
  fi
  echo "$1 results: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
