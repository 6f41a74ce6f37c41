#!/usr/bin/env bash
# Installs what is missing, builds wwjudge and plays a short scripted game
# in a temporary directory, printing both players' reports.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/deps.sh
make -j2
exec bash tests/example.sh build/wwjudge
