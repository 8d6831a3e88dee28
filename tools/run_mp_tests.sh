#!/usr/bin/env bash
# Run every tests/mp/*.py script with the MicroPython unix port, from the repo root,
# with the firmware on the module path, the way the Pico's firmware sees it:
#   MICROPYPATH=.frozen:firmware:tests/mp micropython tests/mp/NAME.py
# (.frozen keeps the port's frozen modules, e.g. asyncio, importable.)  Each script
# must exit 0; a script that exits otherwise, or runs past the time limit, fails.
#
# usage: tools/run_mp_tests.sh [-m MICROPYTHON] [SCRIPT...]
#   environment: MPTEST_TIMEOUT (seconds per script, default 600),
#                MPTEST_ARGS (extra micropython arguments, e.g. "-X heapsize=64K")
set -euo pipefail

micropython=micropython
if [[ "${1:-}" == "-m" ]]; then
    micropython=$2
    shift 2
fi

cd "$(dirname "$0")/.."

if [[ $# -gt 0 ]]; then
    scripts=("$@")
else
    shopt -s nullglob
    scripts=(tests/mp/*.py)
    shopt -u nullglob
fi
if [[ ${#scripts[@]} -eq 0 ]]; then
    echo "mptest: no tests/mp/*.py scripts found" >&2
    exit 1
fi

export MICROPYPATH=".frozen:firmware:tests/mp"
timeout_s=${MPTEST_TIMEOUT:-600}
read -r -a extra <<< "${MPTEST_ARGS:-}"

passed=0
failed=0
for s in "${scripts[@]}"; do
    start=$SECONDS
    set +e
    timeout "$timeout_s" "$micropython" "${extra[@]+"${extra[@]}"}" "$s"
    rc=$?
    set -e
    if [[ $rc -eq 0 ]]; then
        echo "mptest: PASS $s ($((SECONDS - start))s)"
        passed=$((passed + 1))
    else
        [[ $rc -eq 124 ]] && why="timed out after ${timeout_s}s" || why="exit status $rc"
        echo "mptest: FAIL $s ($why)" >&2
        failed=$((failed + 1))
    fi
done

echo "mptest: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
