#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, if any is
# missing. Quiet and idempotent: does nothing when all are installed.
set -euo pipefail
packages=(build-essential pkg-config libyaml-dev libsodium-dev libcmocka-dev
	libcairo2-dev zlib1g-dev libcurl4-gnutls-dev libetpan-dev
	curl postfix dovecot-imapd openssl # for tests/e2e (mail on 127.0.0.1)
	systemd) # systemd-analyze checks contrib/systemd (tests/cli/contrib.sh)
missing=()
for p in "${packages[@]}"; do
	dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ "${#missing[@]}" -eq 0 ] && exit 0
echo "deps.sh: installing ${missing[*]}" >&2
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive
# Postfix asks how to configure the system's mail: not at all (the tests
# run their own instance with a private config on 127.0.0.1).
echo "postfix postfix/main_mailer_type select No configuration" |
	"${sudo[@]}" debconf-set-selections
"${sudo[@]}" apt-get update -qq >/dev/null
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
