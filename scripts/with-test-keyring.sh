#!/usr/bin/env bash
# Runs a command with a real Secret Service (gnome-keyring) on a private D-Bus session and
# throwaway XDG folders, so nothing touches the user's own keyring.
set -euo pipefail
# The keychain tests need all three; without them they would have nothing to run against.
missing=()
for tool in dbus-run-session gnome-keyring-daemon secret-tool; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "with-test-keyring: missing ${missing[*]}; install the Debian packages dbus gnome-keyring libsecret-tools (.ci/run does)" >&2
  exit 1
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch"/{data,config,cache,runtime}
chmod 700 "$scratch/runtime"
export XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config" XDG_CACHE_HOME="$scratch/cache" XDG_RUNTIME_DIR="$scratch/runtime"

dbus-run-session -- sh -c '
  echo -n opsdesk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  exec "$@"
' with-test-keyring "$@"
