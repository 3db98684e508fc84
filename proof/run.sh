#!/usr/bin/env bash
# npm run test:proof: the proof suites (fuzzing, crash cycles, money, authorization matrix, hostile
# uploads, soak). Installs schemathesis from PyPI into .venv-proof (git ignores it) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! [ -x .venv-proof/bin/st ]; then
  if ! python3 -m venv .venv-proof >/dev/null 2>&1; then
    # Debian splits venv out of python3
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
      rm -rf .venv-proof && python3 -m venv .venv-proof
    else
      echo "proof: python3 -m venv failed; install python3-venv (Debian) and run again" >&2
      exit 1
    fi
  fi
  .venv-proof/bin/pip install --quiet --disable-pip-version-check schemathesis
fi
exec npx vitest run --config proof/vitest.config.ts "$@"
