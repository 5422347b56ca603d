#!/usr/bin/env bash
# fresh-machine-test.sh [--keep] [--no-package] [--no-sanitize] [--no-fuzz] [--out DIR]
#
# Proves the README's Quick start on a machine that has never seen the project:
#   1. a brand-new Debian 12 root (debootstrap --variant=minbase bookworm, the host's apt sources,
#      root, no display) gets a clone of the committed HEAD and runs ./scripts/test.sh, then
#      ./scripts/run.sh (without a display it must print the command-line explorer and exit 0);
#   2. the same root builds the Debian package (cmake --build build --target package);
#   3. a second brand-new root installs that .deb with apt (pulling its runtime dependencies),
#      then checks `transformer-explorer --version`, `size --preset llama-2-7b` from /, and the
#      window under Xvfb: a screenshot that is not blank is written to DIR/window.png; and the
#      installed binary runs under QEMU's x86-64-v2 CPU model (no AVX);
#   4. root 1 builds the Sanitize preset (AddressSanitizer, LeakSanitizer, UndefinedBehaviorSanitizer)
#      in build-sanitize/ and runs the whole suite there (ctest --preset sanitize);
#   5. root 1 builds the libFuzzer harnesses (clang, build-fuzz/) and runs each for 60 s on its
#      committed corpus (./scripts/fuzz.sh 60); a crash, hang or sanitizer report fails it.
# .ci/run calls this. Needs root (debootstrap, chroot, mount). Exits non-zero if any step fails.
#
#   --keep        keep the roots afterwards (their paths are printed) to look around in
#   --no-package  skip steps 2 and 3
#   --no-sanitize skip step 4
#   --no-fuzz     skip step 5
#   --out DIR     where the .deb, the screenshot and the logs go (default: ./fresh-machine-out)
#
# The pristine base (Debian's base packages only, nothing of the project's) is cached as a tarball
# in $TX_FRESH_CACHE (default /var/tmp/transformer-explorer-fresh) and unpacked anew for every root.
set -euo pipefail

keep=0; package=1; sanitize=1; fuzz=1; out=fresh-machine-out
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) keep=1; shift ;;
    --no-package) package=0; shift ;;
    --no-sanitize) sanitize=0; shift ;;
    --no-fuzz) fuzz=0; shift ;;
    --out) out=$2; shift 2 ;;
    *) echo "fresh-machine-test: unknown option $1" >&2; exit 2 ;;
  esac
done
[ "$(id -u)" -eq 0 ] || { echo "fresh-machine-test: needs root (debootstrap, chroot, mount)" >&2; exit 2; }
repo=$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)
mkdir -p "$out"; out=$(readlink -f "$out")
started=$SECONDS
say() { printf 'fresh-machine-test [%4ds]: %s\n' $((SECONDS - started)) "$*" >&2; }

# --- the pristine base -------------------------------------------------------------------------
cache=${TX_FRESH_CACHE:-/var/tmp/transformer-explorer-fresh}
base=$cache/bookworm-minbase.tar
mkdir -p "$cache"
if [ ! -s "$base" ]; then
  if ! command -v debootstrap >/dev/null; then
    say "installing debootstrap on the host"
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >/dev/null
  fi
  # The mirror the host already uses, read from its apt sources (no host name is written here).
  mirror=$( { grep -hsE '^(URIs:|deb )' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list || true; } \
           | { grep -v security || true; } | head -1 \
           | sed -E 's/^URIs:[[:space:]]*//; s/^deb[[:space:]]+(\[[^]]*\][[:space:]]+)?//; s/[[:space:]].*//')
  [ -n "$mirror" ] || { echo "fresh-machine-test: no apt mirror found in /etc/apt" >&2; exit 2; }
  say "bootstrapping a Debian 12 minbase root (cached in $base)"
  tmp=$(mktemp -d "$cache/boot.XXXX")
  if ! debootstrap --variant=minbase bookworm "$tmp" "$mirror" >"$cache/debootstrap.log" 2>&1; then
    echo "fresh-machine-test: debootstrap failed, see $cache/debootstrap.log" >&2; rm -rf "$tmp"; exit 2
  fi
  # The same apt sources as the host, security updates included.
  rm -f "$tmp/etc/apt/sources.list"
  cp /etc/apt/sources.list.d/*.sources "$tmp/etc/apt/sources.list.d/" 2>/dev/null || true
  [ -f /etc/apt/sources.list ] && cp /etc/apt/sources.list "$tmp/etc/apt/sources.list"
  tar -C "$tmp" -cf "$base.part" . && mv "$base.part" "$base"
  rm -rf "$tmp"
fi

# --- roots ---------------------------------------------------------------------------------------
roots=()
new_root() {  # prints the path of a new root unpacked from the base, with proc and dev mounted
  local r; r=$(mktemp -d /var/tmp/tx-fresh-root.XXXX)
  tar -C "$r" -xf "$base"
  cp /etc/resolv.conf "$r/etc/resolv.conf"
  mount -t proc proc "$r/proc"
  mount --bind /dev "$r/dev"
  echo "$r"
}
cleanup() {
  for r in "${roots[@]}"; do
    umount "$r/dev" "$r/proc" 2>/dev/null || true
    if [ "$keep" = 1 ]; then say "root kept at $r"; else rm -rf --one-file-system "$r"; fi
  done
}
trap cleanup EXIT
in_root() {  # in_root ROOT COMMAND...: runs COMMAND in ROOT as a fresh login would (no display)
  local r=$1; shift
  chroot "$r" /usr/bin/env -i HOME=/root LANG=C.UTF-8 CI="${CI:-}" \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin /bin/bash -c "$@"
}

passed=0; failed=0
check() {  # check NAME STATUS
  if [ "$2" -eq 0 ]; then passed=$((passed + 1)); say "PASS $1"; else failed=$((failed + 1)); say "FAIL $1 (exit $2)"; fi
}
finish() {
  say "done in $((SECONDS - started)) s"
  echo "fresh-machine: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

# --- 1. the Quick start on a fresh machine -------------------------------------------------------
r1=$(new_root); roots+=("$r1")
git clone -q "$repo" "$r1/root/transformer-explorer"
say "root 1 at $r1: ./scripts/test.sh (committed HEAD $(git -C "$repo" rev-parse --short HEAD))"
set +e
in_root "$r1" 'cd /root/transformer-explorer && ./scripts/test.sh'
rc=$?
set -e
check "./scripts/test.sh in a fresh Debian 12 root" $rc
ctest_summary=$(grep -h "tests passed" "$r1"/root/transformer-explorer/build/Testing/Temporary/LastTest.log 2>/dev/null | tail -1 || true)

say "root 1: ./scripts/run.sh without a display"
set +e
in_root "$r1" 'cd /root/transformer-explorer && ./scripts/run.sh' >"$out/run.log" 2>&1
rc=$?
set -e
# The explorer must have printed the Llama-2-7B count (6,738,415,616, Touvron et al. 2023).
if [ $rc -eq 0 ] && ! grep -q "6,738,415,616" "$out/run.log"; then rc=1; fi
tail -n 25 "$out/run.log" >&2
check "./scripts/run.sh prints the command-line explorer" $rc

sanitize_suite() {  # 4. the whole suite under the sanitizers, in root 1
  [ "$sanitize" = 1 ] || return 0
  say "root 1: cmake --preset sanitize, build, ctest --preset sanitize"
  set +e
  in_root "$r1" 'cd /root/transformer-explorer && cmake --preset sanitize >/dev/null \
    && cmake --build --preset sanitize --parallel "$(nproc)" >/tmp/sanitize-build.log 2>&1 || { tail -n 40 /tmp/sanitize-build.log; exit 1; }
    ctest --preset sanitize --parallel "$(nproc)"'
  rc=$?
  set -e
  check "the whole suite under AddressSanitizer, LeakSanitizer and UndefinedBehaviorSanitizer" $rc
}

fuzz_smoke() {  # 5. every fuzz harness for 60 s on its committed corpus, in root 1
  [ "$fuzz" = 1 ] || return 0
  say "root 1: ./scripts/fuzz.sh 60 (clang, libFuzzer, build-fuzz/)"
  set +e
  in_root "$r1" 'cd /root/transformer-explorer && ./scripts/fuzz.sh 60' 2>&1 | tee "$out/fuzz.log" >&2
  rc=${PIPESTATUS[0]}
  set -e
  # The inputs of any crash, to replay with build-fuzz/fuzz/fuzz_NAME FILE.
  cp -r "$r1/root/transformer-explorer/build-fuzz/artifacts" "$out/fuzz-artifacts" 2>/dev/null || true
  check "every fuzz harness runs 60 s without a crash, hang or sanitizer report" $rc
}
fuzz_smoke

if [ "$package" = 0 ]; then sanitize_suite; finish; fi

# --- 2. the package ------------------------------------------------------------------------------
say "root 1: cmake --build build --target package"
set +e
in_root "$r1" 'cd /root/transformer-explorer && cmake --build build --target package' >"$out/package.log" 2>&1
rc=$?
set -e
deb=$(ls "$r1"/root/transformer-explorer/build/transformer-explorer_*_amd64.deb 2>/dev/null | head -1 || true)
[ -n "$deb" ] || { [ $rc -ne 0 ] || rc=1; tail -n 30 "$out/package.log" >&2; }
check "the Debian package builds" $rc
[ -n "$deb" ] || { sanitize_suite; finish; }
cp "$deb" "$out/"
deb=$out/$(basename "$deb")
say "package: $(basename "$deb"), $(stat -c %s "$deb") bytes"

# --- 3. install it on a second fresh machine -----------------------------------------------------
r2=$(new_root); roots+=("$r2")
cp "$deb" "$r2/root/"
say "root 2 at $r2: apt-get install ./$(basename "$deb")"
set +e
in_root "$r2" "apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q /root/$(basename "$deb")" \
  >"$out/install.log" 2>&1
rc=$?
set -e
[ $rc -eq 0 ] || tail -n 30 "$out/install.log" >&2
check "apt-get installs the package and its dependencies" $rc

set +e
version=$(in_root "$r2" 'transformer-explorer --version' 2>&1)
rc=$?
set -e
echo "$version" >&2
[ $rc -eq 0 ] && ! echo "$version" | grep -qE '^transformer-explorer [0-9]+\.[0-9]+\.[0-9]+' && rc=1
check "transformer-explorer --version" $rc

set +e
in_root "$r2" 'cd / && transformer-explorer size --preset llama-2-7b' >"$out/size.log" 2>&1
rc=$?
set -e
head -n 12 "$out/size.log" >&2
[ $rc -eq 0 ] && ! grep -q "6,738,415,616" "$out/size.log" && rc=1
check "size --preset llama-2-7b from /" $rc

# What ships must run on any x86-64-v2 CPU: the installed binary under QEMU's Nehalem model (SSE4.2,
# no AVX), both an estimate and an engine forward pass (OpenBLAS picks its kernels from cpuid there).
set +e
in_root "$r2" 'DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends qemu-user >/dev/null || exit 1
  cd / && qemu-x86_64 -cpu Nehalem /usr/bin/transformer-explorer size --preset llama-2-7b | grep -q "6,738,415,616" || exit 1
  qemu-x86_64 -cpu Nehalem /usr/bin/transformer-explorer run --preset llama-2-7b --set d_model=128 --set n_layers=2 \
    --set n_heads=4 --set n_kv_heads=4 --set d_ff=344 --set vocab_size=256 --tokens 1,2,3,4' >"$out/x86-64-v2.log" 2>&1
rc=$?
set -e
tail -n 8 "$out/x86-64-v2.log" >&2
check "the installed binary runs on an x86-64-v2 CPU (QEMU -cpu Nehalem)" $rc

# The window under a real X server. Xvfb and ImageMagick are the test's tools, not the package's.
set +e
in_root "$r2" 'DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends xvfb xauth imagemagick >/dev/null || exit 1
  cd /tmp
  Xvfb :42 -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 & xpid=$!
  sleep 2
  DISPLAY=:42 transformer-explorer --fresh --preset llama-2-7b >/tmp/window.log 2>&1 & apid=$!
  sleep 8
  DISPLAY=:42 import -window root /tmp/window.png; rc=$?
  kill $apid $xpid 2>/dev/null; wait 2>/dev/null
  cat /tmp/window.log
  [ $rc -eq 0 ] || exit $rc
  colours=$(convert /tmp/window.png -format "%k" info:)
  echo "window screenshot: $colours distinct colours"
  [ "$colours" -gt 64 ]' 2>&1
rc=$?
set -e
cp "$r2/tmp/window.png" "$out/window.png" 2>/dev/null || true
check "the installed window opens under Xvfb (screenshot $out/window.png)" $rc

sanitize_suite
[ -n "$ctest_summary" ] && say "suite: $ctest_summary"
finish
