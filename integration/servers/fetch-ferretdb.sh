#!/usr/bin/env bash
# FerretDB 1.x (MongoDB wire protocol over SQLite) built from the Go module proxy.
# `go install pkg@version` fails here (the proxy refuses the module's version list, which
# the deprecation check reads), and the module zip lacks build/version/version.txt (the
# binary panics without it), so: fetch the module with `go mod download`, copy its source
# under .servers/, write version.txt, and build there.
source "$(dirname "$0")/common.sh"
FERRETDB_VERSION="${FERRETDB_VERSION:-v1.24.0}"
BIN="$SERVERS_DIR/bin/ferretdb"
if [[ -x "$BIN" ]] && "$BIN" --version >/dev/null 2>&1; then log "ferretdb already built"; exit 0; fi
mkdir -p "$SERVERS_DIR/bin"
SRC="$SERVERS_DIR/ferretdb-src-$FERRETDB_VERSION"
if [[ ! -f "$SRC/go.mod" ]]; then
  TMPMOD="$SERVERS_DIR/ferretdb-dl"; mkdir -p "$TMPMOD"
  ( cd "$TMPMOD" && { [[ -f go.mod ]] || go mod init modshelf.local/ferretdb-dl >/dev/null 2>&1; } \
    && GOFLAGS=-mod=mod go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" > dl.json )
  DIR=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["Dir"])' "$TMPMOD/dl.json")
  rm -rf "$SRC"; cp -r "$DIR" "$SRC"; chmod -R u+w "$SRC"
fi
echo "$FERRETDB_VERSION" > "$SRC/build/version/version.txt"
log "building FerretDB $FERRETDB_VERSION from the Go module proxy (a few minutes)"
( cd "$SRC" && GOFLAGS="-buildvcs=false -mod=mod" go build -p 1 -o "$BIN" ./cmd/ferretdb )
# sed reads the whole output: `head` would close the pipe early, and the SIGPIPE failed the first build under pipefail
"$BIN" --version | sed -n '1,3p' >&2
log "ferretdb built: $BIN"
