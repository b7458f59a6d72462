#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked, throw-away
# gnome-keyring, so the keychain integration tests talk to a real Secret Service
# without touching the developer's own keyring. Where those tools are missing
# (macOS, Windows, a bare Linux box) the command runs as it is and the keychain
# tests use the platform's keychain, or report that none is reachable.
set -euo pipefail
if command -v dbus-run-session >/dev/null 2>&1 && command -v gnome-keyring-daemon >/dev/null 2>&1; then
  keyring_home=$(mktemp -d)
  trap 'rm -rf "$keyring_home"' EXIT
  export ENERGY_TRAY_KEYRING_HOME="$keyring_home"
  dbus-run-session -- bash -c '
    set -uo pipefail
    export HOME="$ENERGY_TRAY_KEYRING_HOME"
    export XDG_DATA_HOME="$HOME/.local/share" XDG_RUNTIME_DIR="$HOME/run"
    mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
    eval "$(printf "throwaway-test-password" | gnome-keyring-daemon --unlock --components=secrets)"
    # The daemon detaches and outlives the session bus, so ask the bus which
    # process owns the Secret Service name (it appears a moment after the
    # daemon returns) and stop exactly that one at the end.
    keyring_pid=""
    for _ in $(seq 100); do
      keyring_pid=$(dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus /org/freedesktop/DBus \
        org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets 2>/dev/null | awk "{print \$2}")
      [[ "$keyring_pid" =~ ^[0-9]+$ ]] && break
      sleep 0.1
    done
    if [[ "$keyring_pid" =~ ^[0-9]+$ ]]; then
      trap "kill $keyring_pid 2>/dev/null || true" EXIT
      export ENERGY_TRAY_SECRET_SERVICE=1
    else
      echo "with-keyring: gnome-keyring did not register a Secret Service; keychain tests will not find one" >&2
    fi
    "$@"
  ' with-keyring "$@"
else
  exec "$@"
fi
