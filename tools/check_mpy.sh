#!/usr/bin/env bash
# Compile every .py file under the given folders with mpy-cross, the MicroPython
# cross-compiler, for the Pico's Cortex-M0+ (-march=armv6m).  The .mpy files go to a
# temporary folder that is removed afterwards: nothing is written into the tree.
# Every file is tried; the script fails if any of them does not compile.
#
# usage: tools/check_mpy.sh [-m MPY_CROSS] DIR...   (missing folders are skipped)
set -euo pipefail

mpy_cross=mpy-cross
if [[ "${1:-}" == "-m" ]]; then
    mpy_cross=$2
    shift 2
fi

out=$(mktemp -d "${TMPDIR:-/tmp}/kitapi-mpy.XXXXXX")
trap 'rm -rf "$out"' EXIT

files=()
for dir in "$@"; do
    [[ -d "$dir" ]] || continue
    while IFS= read -r -d '' f; do
        files+=("$f")
    done < <(find "$dir" -name '*.py' -not -path '*/__pycache__/*' -print0 | sort -z)
done

ok=0
failed=0
for f in "${files[@]+"${files[@]}"}"; do
    target="$out/${f%.py}.mpy"
    mkdir -p "$(dirname "$target")"
    if "$mpy_cross" -march=armv6m -s "$f" -o "$target" "$f"; then
        ok=$((ok + 1))
    else
        echo "mpy-cross: FAILED $f" >&2
        failed=$((failed + 1))
    fi
done

echo "mpy-cross ($("$mpy_cross" --version)): $ok compiled, $failed failed"
[[ $failed -eq 0 ]]
