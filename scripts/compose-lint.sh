#!/usr/bin/env bash
# Checks docker-compose.yml (production: the file alone, default and `s3` profile), the local run
# (docker-compose.yml + docker-compose.override.yml) and deploy/Caddyfile without a Docker engine.
# Uses `docker compose` (v2) or `docker-compose` and `caddy` (apt-get install -y caddy) when
# installed; says "skipped" and exits 0 for what is missing. The rules the files must keep (pinned
# images, no default secrets, limits, log rotation, /metrics not proxied) are checked by
# server/src/composition/deploy-files.test.ts, which needs neither.
set -euo pipefail
cd "$(dirname "$0")/.."

# No variable is required to read the files: secrets are files (./secrets/), which `config` does
# not open, and the other settings have no `:?`. Make sure none leaks in from the caller's shell.
unset JWT_SECRET TOTP_ENCRYPTION_KEY POSTGRES_PASSWORD SMTP_URL PUBLIC_URL WALLETS_FILE || true

if docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
elif command -v docker-compose >/dev/null 2>&1; then
  compose=(docker-compose)
else
  compose=()
fi

if [ ${#compose[@]} -eq 0 ]; then
  echo "compose-lint: skipped: no compose (neither 'docker compose' nor 'docker-compose' is installed)"
else
  "${compose[@]}" -f docker-compose.yml config -q
  "${compose[@]}" -f docker-compose.yml --profile s3 config -q
  echo "compose-lint: docker-compose.yml ok (${compose[*]}; default and s3 profile)"
  # The override uses !reset and !override (Compose v2.24.4+); v1 cannot read it.
  if [ "${compose[0]}" = docker ]; then
    "${compose[@]}" -f docker-compose.yml -f docker-compose.override.yml config -q
    "${compose[@]}" -f docker-compose.yml -f docker-compose.override.yml --profile s3 config -q
    echo "compose-lint: docker-compose.override.yml ok (local run; default and s3 profile)"
  else
    echo "compose-lint: skipped: docker-compose.override.yml needs Compose v2 (docker compose)"
  fi
fi

if command -v caddy >/dev/null 2>&1; then
  caddy validate --config deploy/Caddyfile --adapter caddyfile >/dev/null 2>&1 ||
    caddy validate --config deploy/Caddyfile --adapter caddyfile
  echo "compose-lint: deploy/Caddyfile ok (caddy $(caddy version | cut -d' ' -f1))"
else
  echo "compose-lint: skipped: no caddy, deploy/Caddyfile not checked"
fi
