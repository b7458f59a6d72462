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
    export HOME="$ENERGY_TRAY_KEYRING_HOME"
    export XDG_DATA_HOME="$HOME/.local/share" XDG_RUNTIME_DIR="$HOME/run"
    mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
    eval "$(printf "throwaway-test-password" | gnome-keyring-daemon --unlock --components=secrets)"
    export ENERGY_TRAY_SECRET_SERVICE=1
    exec "$@"
  ' with-keyring "$@"
else
  exec "$@"
fi
