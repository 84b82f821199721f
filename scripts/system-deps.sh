#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: PostgreSQL (a real server for
# the integration tests), Chromium, its headless shell (the browser tests) and CJK fonts (browser tests and screenshots), curl (the open API's
# browser walk calls it as the README does). Fails loudly.
set -euo pipefail

missing=()
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || missing+=(postgresql)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || missing+=(fonts-noto-cjk)
command -v curl >/dev/null 2>&1 || missing+=(curl)

if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "system-deps: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "system-deps: ${missing[*]} missing and not running as root: install them with apt-get" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# the Debian package starts its own cluster on 5432; the tests run their own, so leave it alone
echo "system-deps: installed ${missing[*]}"
