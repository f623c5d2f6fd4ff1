# Sourced by scripts/count-instructions.sh and scripts/instruction-thresholds.sh: the one way they
# count a process's instructions with callgrind (this kind of VM has no hardware counters).
#   callgrind_binary BINARY   a copy without debug info in $callgrind_stripped (valgrind cannot
#                             read the DWARF this toolchain writes: "possibly corrupted debuginfo")
#   callgrind_count ARGS...   the instructions of one run of that copy with ARGS, hashing made
#                             deterministic so that counts repeat
command -v valgrind >/dev/null || { echo "$(basename "$0"): valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
callgrind_stripped=$(mktemp)
trap 'rm -f "$callgrind_stripped"' EXIT
callgrind_binary() {
    strip -g -o "$callgrind_stripped" "$1"
    chmod +x "$callgrind_stripped"
}
callgrind_count() {
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$callgrind_stripped" "$@" 2>&1 >/dev/null \
        | awk '/Collected/ { print $NF }'
}
