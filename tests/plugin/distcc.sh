#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# distcc.sh PLUGIN CC — embedded records made on a distcc server.
#
# distccd (3.3 and later, Debian 12's 3.4) refuses every job whose command
# holds an argument starting with "-fplugin=" ("insecure and not
# supported"), whatever its options, so the plugin is loaded on the server
# by a compiler wrapper there (`exec CC -fplugin=.../asminline.so "$@"`),
# named on the distcc command line like any compiler; -fplugin-arg-
# asminline-KEY arguments pass through.  The test starts its own distccd on
# 127.0.0.1 (a free port, its own log, PATH, no fallback to local builds;
# the server's files — log, scratch space, the wrapper, a copy of the
# plugin — in a mode-755 directory of its own under /tmp, removed at the
# end, so that distccd, which started as root runs jobs as its own user,
# reaches them from any checkout, root's home or a mode-700 mktemp -d),
# builds three units through it and the same three locally, and checks:
#   - each unit was compiled by the server (the client's "compiled on
#     127.0.0.1" and the server's COMPILE_OK, per source);
#   - its embedded records equal the local build's, "tu" included (GCC
#     takes it from the preprocessed file's first line marker), except
#     that spelling_file/spelling_line are the expansion point, as
#     docs/reference/format.md says: without pump mode the server sees preprocessed
#     source, and macro spelling is lost;
#   - a plain -fplugin= sent to distccd is refused (its log says why).
# Oracles: distcc's and distccd's own logs, the local build, embedded.py.
. "$(dirname "$0")/lib.sh"
need_x86_64
need_tool distcc distccd python3 objcopy
clean_workdir

# distccd started as root runs jobs as "distcc" or "nobody": what the
# server opens or runs — its log and scratch space, the wrapper, the
# plugin — must be reachable by that user wherever the checkout sits (a
# clone in root's home, or in a mode-700 mktemp -d, is not).  So they
# live in a directory of their own under /tmp, mode 755, made here and
# removed at the end; the client's files stay in the working directory.
server=$(mktemp -d "${TMPDIR:-/tmp}/asminline-distcc.XXXXXX")
chmod 755 "$server"
daemon=
cleanup() {
	if [ -n "$daemon" ]; then
		kill "$daemon" 2>/dev/null || true
		wait "$daemon" 2>/dev/null || true
	fi
	rm -rf "$server"
}
trap cleanup EXIT
mkdir -m 1777 "$server/srv"
mkdir client dist local
install -m 644 "$PLUGIN" "$server/asminline.so"
cat >"$server/gcc-asminline" <<WRAP
#!/bin/sh
exec "$(command -v "$CC")" -fplugin="$server/asminline.so" "\$@"
WRAP
chmod 755 "$server/gcc-asminline"
srv=$server/srv

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
TMPDIR=$srv distccd --daemon --no-detach --listen 127.0.0.1 --port "$port" \
	--allow 127.0.0.1 --enable-tcp-insecure --jobs 2 --log-level=info \
	--log-file="$srv/distccd.log" >"$srv/stdout" 2>&1 &
daemon=$!
for _ in $(seq 50); do
	grep -q "listening on 127.0.0.1:$port" "$srv/distccd.log" 2>/dev/null && break
	kill -0 "$daemon" 2>/dev/null || { cat "$srv/stdout" "$srv/distccd.log" 2>/dev/null || true; fail "distccd did not start"; }
	sleep 0.1
done
grep -q "listening on" "$srv/distccd.log" || fail "distccd is not listening on 127.0.0.1:$port"

export DISTCC_HOSTS="127.0.0.1:$port/2" DISTCC_FALLBACK=0
export DISTCC_DIR=$PWD/client DISTCC_LOG=$PWD/client/distcc.log DISTCC_VERBOSE=1
unset DISTCC_POTENTIAL_HOSTS DISTCC_SKIP_LOCAL_RETRY || true

EXAMPLE=$(cd "$TESTDIR/../../examples/kernel-like" && pwd)
SRCS=("$TESTDIR/report.c" "$EXAMPLE/reader.c" "$EXAMPLE/writer.c")
for src in "${SRCS[@]}"; do
	obj=$(basename "$src" .c).o
	args=(-O2 -g -I"$EXAMPLE/include" -c "$src" -fplugin-arg-asminline-diag=none)
	: >client/distcc.log
	distcc "$server/gcc-asminline" "${args[@]}" -o "dist/$obj" 2>dist.err ||
		{ cat dist.err; tail -5 client/distcc.log; fail "$obj: distcc build failed"; }
	grep -q "$src compiled on 127.0.0.1" client/distcc.log ||
		{ tail -5 client/distcc.log; fail "$obj: not compiled on the distcc server"; }
	"$server/gcc-asminline" "${args[@]}" -o "local/$obj" || fail "$obj: local build failed"
done
# distccd writes a job's summary line after the client has its object:
# the last one may come a moment later (waited for up to 10 s).
for _ in $(seq 100); do
	n_ok=$(grep -c "COMPILE_OK .*gcc-asminline" "$srv/distccd.log" || true)
	[ "$n_ok" -lt ${#SRCS[@]} ] || break
	sleep 0.1
done
[ "$n_ok" -eq ${#SRCS[@]} ] || { tail "$srv/distccd.log"; fail "distccd compiled $n_ok units, expected ${#SRCS[@]}"; }

python3 - "$TESTDIR" "${SRCS[@]}" <<'PY' || fail "records differ"
import os, sys
sys.path.insert(0, sys.argv[1])
import embedded
moved = 0
for src in sys.argv[2:]:
    obj = os.path.basename(src)[:-2] + ".o"
    (dunits, dist), (lunits, local) = embedded.read("dist/" + obj), embedded.read("local/" + obj)
    assert [u["tu"] for u in dunits] == [src], f"{obj}: tu {[u['tu'] for u in dunits]}, not {src}"
    assert len(dist) == len(local) > 0, f"{obj}: {len(dist)} records remotely, {len(local)} locally"
    # What the remote compiler cannot know: where a macro spells the asm.
    want = [dict(r, spelling_file=r["file"], spelling_line=r["line"]) for r in local]
    key = lambda r: (r["fingerprint"], r["file"], r["line"], r["column"])
    for d, w in zip(sorted(dist, key=key), sorted(want, key=key)):
        assert d == w, f"{obj}: remote {d}\n  expected {w}"
    moved += sum((r["spelling_file"], r["spelling_line"]) != (r["file"], r["line"]) for r in local)
    print(f"distcc: {obj}: {len(dist)} records as built locally, tu {os.path.basename(src)}")
# The inputs spell asm inside macros: the fallback must have been exercised.
assert moved > 0, "no record had a macro spelling location locally"
print(f"distcc: {moved} records spelled in a macro carry the expansion point instead")
PY

# A plain -fplugin= on the distcc command line is refused by the server
# (last: the refusal puts the server in the client's backoff list).
if timeout 60 distcc "$CC" -fplugin="$PLUGIN" -O2 -c "$TESTDIR/report.c" -o plain.o 2>plain.err; then
	echo "distcc: note: this distccd accepted -fplugin= (older than 3.3?)"
else
	grep -q -- "-fplugin=.*not supported" "$srv/distccd.log" ||
		{ cat plain.err; tail -3 "$srv/distccd.log"; fail "distcc with -fplugin= failed for another reason"; }
	echo "distcc: distccd refuses -fplugin= on the command line, as documented"
fi
pass "${#SRCS[@]} units compiled by distccd with the plugin; records intact, tu right, spelling at the expansion point"
