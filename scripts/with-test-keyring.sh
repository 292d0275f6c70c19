#!/usr/bin/env bash
# Runs a command with a real Secret Service (gnome-keyring) on a private D-Bus session and
# throwaway XDG folders, so nothing touches the user's own keyring.
set -euo pipefail
# The keychain tests need all of them; without them they would have nothing to run against.
missing=()
for tool in dbus-run-session dbus-send dbus-monitor gnome-keyring-daemon secret-tool; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "with-test-keyring: missing ${missing[*]}; install the Debian packages dbus gnome-keyring libsecret-tools (.ci/run does)" >&2
  exit 1
fi
scratch=$(mktemp -d)
# A daemon that outlived the bus may still be writing its keyring file while the folder goes; the
# test run's own status stands either way.
remove_scratch() { rm -rf "$scratch" 2>/dev/null || { sleep 1; rm -rf "$scratch" 2>/dev/null; } || true; }
trap remove_scratch EXIT
mkdir -p "$scratch"/{data,config,cache,runtime}
chmod 700 "$scratch/runtime"
export XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config" XDG_CACHE_HOME="$scratch/cache" XDG_RUNTIME_DIR="$scratch/runtime"

# A session bus that starts no services on demand: the stock one would answer a call after a
# daemon crash with a fresh, locked keyring that can only ask for its password in a prompt.
cat >"$scratch/session.conf" <<'CONF'
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <!-- A desktop's session bus allows this many (Debian's own session.conf); dbus-daemon's built-in
       256 is a system-bus figure, which a full suite of keychain clients on two workers exceeds. -->
  <limit name="max_connections_per_user">100000</limit>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF

# gnome-keyring-daemon aborts now and then when a client disconnects right after opening a session
# (an upstream race: GNOME GitLab gnome-keyring #190, #196, #199), which short-lived clients such as
# secret-tool and test processes do. Whenever the service loses its owner it is started again and
# unlocked with the same password; the keys stored so far are in its files and stay.
# Quietly: the test output ends with the runner's summary, and a test that met a crash says so itself.
# Its notes (a monitor leaving, the fd limit) go to the system log, never after the test summary.
printf '#!/bin/sh\nexec dbus-daemon --syslog-only "$@"\n' >"$scratch/dbus-daemon"
chmod +x "$scratch/dbus-daemon"
dbus-run-session --dbus-daemon="$scratch/dbus-daemon" --config-file="$scratch/session.conf" -- bash -c '
  set -u
  start_keyring() { echo -n opsdesk-test | gnome-keyring-daemon --replace --unlock --components=secrets >/dev/null 2>&1; }
  owned() {
    dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null |
      grep -q "boolean true"
  }
  await_owner() { for _ in $(seq 100); do owned && return 0; sleep 0.05; done; return 1; }
  start_keyring
  if ! await_owner; then
    echo "with-test-keyring: the Secret Service did not start" >&2
    exit 1
  fi
  dbus-monitor --session "type=signal,sender=org.freedesktop.DBus,member=NameOwnerChanged,arg0=org.freedesktop.secrets" 2>/dev/null |
    while read -r _; do
      [ -e "$XDG_RUNTIME_DIR/finished" ] && break
      owned || { start_keyring; await_owner; }
    done &
  "$@" && status=0 || status=$?
  # Stopped here rather than by the bus closing, so that it has written its files before they are
  # removed: that is no crash.
  : >"$XDG_RUNTIME_DIR/finished"
  daemon=$(dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets 2>/dev/null |
    awk "/uint32/ { print \$2 }")
  if [ -n "$daemon" ]; then
    kill "$daemon" 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$daemon" 2>/dev/null || break; sleep 0.05; done
  fi
  exit "$status"
' with-test-keyring "$@"
