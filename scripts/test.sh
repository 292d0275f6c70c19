#!/usr/bin/env bash
# The whole suite: build the app, then every test against a real (throwaway) Secret Service.
set -euo pipefail
cd "$(dirname "$0")/.."
npx electron-vite build --logLevel warn
exec bash scripts/with-test-keyring.sh npx vitest run "$@"
