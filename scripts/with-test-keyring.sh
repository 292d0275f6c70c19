#!/usr/bin/env bash
# Runs a command with a real Secret Service (gnome-keyring) on a private D-Bus session and
# throwaway XDG folders, so nothing touches the user's own keyring.
set -euo pipefail
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch"/{data,config,cache,runtime}
chmod 700 "$scratch/runtime"
export XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config" XDG_CACHE_HOME="$scratch/cache" XDG_RUNTIME_DIR="$scratch/runtime"

dbus-run-session -- sh -c '
  echo -n opsdesk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  exec "$@"
' with-test-keyring "$@"
