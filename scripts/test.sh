#!/usr/bin/env bash
# The whole suite: build the app, then run every test with a real Secret Service on a private
# D-Bus session and throwaway XDG folders, so the keychain tests never touch the user's keyring.
set -euo pipefail
cd "$(dirname "$0")/.."

npx electron-vite build --logLevel warn

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch"/{data,config,cache,runtime}
chmod 700 "$scratch/runtime"
export XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config" XDG_CACHE_HOME="$scratch/cache" XDG_RUNTIME_DIR="$scratch/runtime"

exec dbus-run-session -- sh -c '
  echo -n opsdesk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  exec npx vitest run "$@"
' vitest-under-dbus "$@"
