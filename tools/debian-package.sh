#!/usr/bin/env bash
# tools/debian-package.sh PROGRAM WHAT PACKAGE...: install Debian's PACKAGEs when PROGRAM (a
# command, or a path pattern) is missing and the user can (root, or sudo without a password);
# otherwise say which tests (WHAT) will skip. Never fails: the tests skip with their reason.
program=$1 what=$2
shift 2
if command -v "$program" >/dev/null 2>&1 || compgen -G "$program" >/dev/null; then exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then run=""
elif [ "$(id -u)" = 0 ]; then run=" "
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then run="sudo -n"
else run=""; fi
if [ -z "$run" ]; then
  echo "make: $program is not installed and cannot be here (not root, no sudo): $what will skip"
  exit 0
fi
$run apt-get install -y -q "$@" >/dev/null \
  || { $run apt-get update -q >/dev/null && $run apt-get install -y -q "$@" >/dev/null; } \
  || echo "make: $program could not be installed: $what will skip"
