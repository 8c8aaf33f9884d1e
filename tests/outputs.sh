#!/usr/bin/env bash
# tests/outputs.sh SRC OUT: run bridgeio from the source tree SRC (a src/ folder) on the corpus
# files (../shared/corpus; the first 25 ASC schedules) and keep, in OUT, the stdout, stderr and
# exit status of dump, info and validate, and every file a conversion to json, pbn, xml, aca,
# zrd, asc, cbt and csv writes. A refactor that must not change behaviour gives the same OUT
# before and after: diff -r OUT-before OUT-after. Takes a few minutes.
set -u
HERE=$(cd "$(dirname "$0")/.." && pwd)
CORPUS=${CORPUS:-$HERE/../shared/corpus}
PY=${PYTHON:-$HERE/.venv/bin/python}
SRC=$(cd "$1" && pwd); OUT=$2; mkdir -p "$OUT"; TMP=$(mktemp -d)
run() {
  local name=$1; shift
  PYTHONPATH=$SRC "$PY" -m bridgeio "$@" >"$OUT/$name.out" 2>"$OUT/$name.err"
  echo $? >"$OUT/$name.rc"
  sed -i "s|$TMP|TMP|g" "$OUT/$name.err"
}
for f in "$CORPUS"/{acblscore,usebio,pbn,chessbase,deals}/* $(ls "$CORPUS"/asc/* | head -25); do
  [ -f "$f" ] || continue
  case "$f" in *.md|*/expected/*) continue;; esac
  b=$(basename "$f")
  run "$b.dump" dump "$f"; run "$b.info" info "$f"; run "$b.validate" validate "$f"
  for ext in json pbn xml aca zrd asc cbt csv; do
    rm -rf "${TMP:?}"/*; run "$b.to.$ext" convert "$f" "$TMP/out.$ext" --force
    for o in "$TMP"/*; do [ -f "$o" ] && cp "$o" "$OUT/$b.to.$ext.$(basename "$o")"; done
  done
done
rm -rf "$TMP"
