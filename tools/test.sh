#!/usr/bin/env bash
# Installs what is missing, then builds everything under the sanitizers
# and runs every test (unit tests, then the command-line tests).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/deps.sh
make -j2 test
