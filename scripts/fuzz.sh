#!/usr/bin/env bash
# fuzz.sh [SECONDS] [HARNESS...]: builds the libFuzzer harnesses (fuzz/, clang, -DTX_FUZZ=ON, into
# build-fuzz/) and runs each for SECONDS (default 60), one per core at a time, on a working copy of its committed
# corpus (fuzz/corpus/NAME) with its dictionary (fuzz/dict/NAME.dict), a 1 s per-input timeout and
# the sanitizers' reports fatal. Prints one line per harness (executions, libFuzzer's cov: and ft:,
# time, OK or the crash and its saved input) and exits non-zero if any harness crashed.
#
#   TX_FUZZ_NICE=10      niceness of the fuzzing (shared machines). It orders the harnesses against the
#                        other processes of the same session only: with Linux's autogroup scheduling
#                        (/proc/sys/kernel/sched_autogroup_enabled = 1, Debian's default) the CPU is
#                        first shared between sessions, so a build started from another terminal or
#                        setsid gets an even share whatever either side's nice value. To make such a
#                        session yield to the campaign, lower its weight: echo 19 > /proc/self/autogroup
#                        (6 Dec 2026: a build "at nice 10" from another session got its full share
#                        of the 2 cores beside two harnesses at nice 0: 22 s of CPU in 31 s.)
#   TX_FUZZ_JOBS=N       harnesses run at once (default: the number of cores)
#   TX_FUZZ_FLAGS=...    extra libFuzzer flags, e.g. "-runs=10000000" to stop at an execution count
#   BUILD_DIR_FUZZ=dir   build folder (default build-fuzz)
#
# A crash's input is in build-fuzz/artifacts/NAME/; replay it with build-fuzz/fuzz/fuzz_NAME FILE
# (ASAN_OPTIONS=malloc_context_size=30 for whole allocation stacks).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds=${1:-60}
[ $# -gt 0 ] && shift
all=(design preset hfconfig safetensors safetensors_index gguf tokenizer_json gpt2_bpe lesson hardware set)
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=("${all[@]}")

TX_EXTRA_PACKAGES="clang libclang-rt-14-dev libomp-14-dev" TX_SETUP_NO_BUILD=1 ./scripts/setup.sh
dir=${BUILD_DIR_FUZZ:-build-fuzz}
if [ ! -f "$dir/build.ninja" ]; then
  CC=clang CXX=clang++ cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTX_FUZZ=ON -DTX_PCH=OFF >/dev/null
fi
cmake --build "$dir" --target fuzzers --parallel "$(nproc)" >"$dir/fuzz-build.log" 2>&1 || { tail -n 40 "$dir/fuzz-build.log"; exit 2; }

# malloc_context_size=2: ASan records two frames, not 30, of where each block was allocated and
# freed. Every error is still caught (the shadow checks are unchanged); a report names fewer of its
# allocation's callers. Storing the 30-frame stacks was a quarter of fuzz_gguf's time and the
# campaign runs 1.4-1.5x faster without them (3 Dec 2026, Zen 4). Replay a saved input with
# ASAN_OPTIONS=malloc_context_size=30 for the whole stacks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1:malloc_context_size=2}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# One harness: runs it, then writes its table line to $dir/logs/NAME.result (0 = OK in NAME.rc).
run_one() {
  local name=$1 exe=$dir/fuzz/fuzz_$1 work=$dir/corpus/$1 artifacts=$dir/artifacts/$1/ log=$dir/logs/$1.log
  local start=$SECONDS rc execs status cov ft result what input
  mkdir -p "$work" "$artifacts"
  set +e
  # shellcheck disable=SC2086
  nice -n "${TX_FUZZ_NICE:-10}" "$exe" -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 \
    -dict="fuzz/dict/$name.dict" -artifact_prefix="$artifacts" -print_final_stats=1 ${TX_FUZZ_FLAGS:-} \
    "$work" "fuzz/corpus/$name" >"$log" 2>&1
  rc=$?
  set -e
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  status=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$status"); ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$status")
  if [ $rc -eq 0 ]; then
    result=OK
  else
    what=$(grep -m1 -oE 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer): [a-z-]+|runtime error: .*|fuzz invariant broken: .*|ALARM: working on the last Unit for [0-9]+ seconds' "$log" || echo "exit $rc")
    input=$(grep -m1 -oE "Test unit written to [^ ]+" "$log" | sed 's/Test unit written to //' || true)
    result="CRASH ($what) input: ${input:-none} log: $log"
    # A timeout is a hang only if the input is slow on its own: a harness starved of CPU (other
    # work at a higher priority beside a niced campaign) times out on inputs that run in
    # milliseconds. Replaying it alone says which (6 Dec 2026: three such inputs replayed in 40-70 ms).
    if [[ "$what" == ALARM* && -n "$input" && -f "$input" ]]; then
      local t0 t1 replay_rc=0
      t0=$(date +%s%N)
      "$exe" -timeout=1 "$input" >"$log.replay" 2>&1 || replay_rc=$?
      t1=$(date +%s%N)
      if [ "$replay_rc" -eq 0 ]; then
        result="$result; replayed alone in $(((t1 - t0) / 1000000)) ms: the run was starved of CPU, not a hang"
      else
        result="$result; hangs again when replayed alone (log: $log.replay)"
      fi
    fi
  fi
  printf '%-18s %12s %8s %8s %6s  %s\n' "$name" "${execs:-?}" "${cov:-?}" "${ft:-?}" $((SECONDS - start)) "$result" \
    >"$dir/logs/$name.result"
  echo "$rc" >"$dir/logs/$name.rc"
}

for name in "${harnesses[@]}"; do
  [ -x "$dir/fuzz/fuzz_$name" ] || { echo "fuzz.sh: no harness $name (have: ${all[*]})" >&2; exit 2; }
done
mkdir -p "$dir/logs"
# TX_FUZZ_JOBS harnesses at a time (default: one per core), each on one core; the table is printed
# in the order of the list once all have finished.
jobs_max=${TX_FUZZ_JOBS:-$(nproc)}
[[ "$jobs_max" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: TX_FUZZ_JOBS must be a positive number, not '$jobs_max'" >&2; exit 2; }
running=0
for name in "${harnesses[@]}"; do
  rm -f "$dir/logs/$name.result" "$dir/logs/$name.rc"
  if [ "$running" -ge "$jobs_max" ]; then wait -n || true; running=$((running - 1)); fi
  run_one "$name" &
  running=$((running + 1))
done
wait || true
failed=0
printf '%-18s %12s %8s %8s %6s  %s\n' harness execs cov ft secs result
for name in "${harnesses[@]}"; do
  if [ -s "$dir/logs/$name.result" ]; then cat "$dir/logs/$name.result"; else echo "$name: did not finish"; fi
  [ "$(cat "$dir/logs/$name.rc" 2>/dev/null || echo 1)" = 0 ] || failed=$((failed + 1))
done
[ "$failed" -eq 0 ] || { echo "fuzz.sh: $failed harness(es) crashed" >&2; exit 1; }
