#!/usr/bin/env bash
# Shared helpers for the no-Docker server scripts. Everything downloaded or written
# lives under $SERVERS_DIR (default <repo>/.servers, git-ignored).
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SERVERS_DIR="${SERVERS_DIR:-$REPO_ROOT/.servers}"
mkdir -p "$SERVERS_DIR"

log() { echo "[servers] $*" >&2; }

# wait_for NAME TIMEOUT_S CMD... : polls CMD until it succeeds.
wait_for() {
  local name="$1" timeout="$2"; shift 2
  local start; start=$(date +%s)
  until "$@" >/dev/null 2>&1; do
    if (( $(date +%s) - start > timeout )); then log "$name not ready after ${timeout}s"; return 1; fi
    sleep 1
  done
  log "$name ready after $(( $(date +%s) - start ))s"
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# stop_pidfile FILE : stops the process recorded in FILE (TERM, then KILL after 20 s).
stop_pidfile() {
  local f="$1"
  [[ -f "$f" ]] || return 0
  local pid; pid=$(cat "$f")
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$f"
}

# write a throwaway maven settings that keeps the local repo under .servers (no ~/.m2 pollution)
MVN_REPO="$SERVERS_DIR/m2"
mvn_q() { mvn -B -q -Dmaven.repo.local="$MVN_REPO" "$@"; }
