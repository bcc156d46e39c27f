#!/bin/sh
# Makes the small committed corpus of one target: libFuzzer's merge (-merge=1) of the working
# corpus fuzz/work/TARGET and the current fuzz/corpus/TARGET into a fresh directory, with
# inputs cut to MAX_LEN bytes (default 2048), which then becomes fuzz/corpus/TARGET. Nothing
# is lost: the old fuzz/corpus/TARGET files move into fuzz/work/TARGET first (files are named
# by content hash, so a name already there is the same input).
#
# Usage (from anywhere; needs a nightly toolchain and cargo-fuzz):
#   sh fuzz/minimize.sh TARGET [MAX_LEN]
# e.g. after a campaign:  sh fuzz/minimize.sh html_select
set -eu
cd "$(dirname "$0")"
TARGET=${1:?usage: sh fuzz/minimize.sh TARGET [MAX_LEN]}
MAX_LEN=${2:-2048}
WORK="work/$TARGET"
OUT="corpus/$TARGET"
NEW="corpus/.$TARGET.new"
mkdir -p "$WORK"
rm -rf "$NEW"
mkdir -p "$NEW"
if [ -d "$OUT" ]; then
    set -- "$WORK" "$OUT"
else
    set -- "$WORK"
fi
# The first directory receives the merged corpus; the others are only read.
cargo +nightly fuzz run "$TARGET" "$NEW" "$@" -- -merge=1 -max_len="$MAX_LEN"
if [ -d "$OUT" ]; then
    for f in "$OUT"/* "$OUT"/.[!.]*; do
        [ -f "$f" ] || continue
        name=$(basename "$f")
        if [ -e "$WORK/$name" ]; then
            rm "$f"
        else
            mv "$f" "$WORK/$name"
        fi
    done
    rmdir "$OUT"
fi
mv "$NEW" "$OUT"
echo "$OUT: $(find "$OUT" -type f | wc -l) inputs, $(du -sk "$OUT" | cut -f1) KiB (from $(find "$WORK" -type f | wc -l) in $WORK)"
