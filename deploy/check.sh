#!/usr/bin/env bash
# Checks the container recipe where no container engine runs: the Dockerfile's instructions,
# compose.yaml against the Compose Specification's schema, .env.example against the variables
# compose.yaml reads, and deploy/nginx.conf with nginx -t.
# It builds and starts nothing. The linters come from npm, installed outside the repository
# (SOKO_DEPLOY_TOOLS, default a folder under TMPDIR) so package.json stays as it is.
set -euo pipefail
cd "$(dirname "$0")/.."

tools="${SOKO_DEPLOY_TOOLS:-${TMPDIR:-/tmp}/soko-deploy-tools}"
if [ ! -x "$tools/node_modules/.bin/dclint" ] || [ ! -x "$tools/node_modules/.bin/dockerfile-utils" ]; then
  echo "--- installing the linters into $tools"
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    dockerfile-utils@0.16.3 dclint@3.1.0
fi

echo "--- Dockerfile (dockerfile-utils: instructions, flags and arguments)"
"$tools/node_modules/.bin/dockerfile-utils" lint Dockerfile
echo "ok"

# The schema is checked in full. The rules turned off are dclint's orderings (services and keys
# here go in the order they start and matter) and no-unbound-port-interfaces: nginx is the
# stack's public entrance, published on every interface on purpose.
echo "--- compose.yaml (dclint: Compose Specification schema and rules)"
"$tools/node_modules/.bin/dclint" compose.yaml --max-warnings 0 --disable-rule \
  service-keys-order services-alphabetical-order service-dependencies-alphabetical-order \
  top-level-properties-order no-unbound-port-interfaces
echo "ok"

echo "--- .env.example names exactly the variables compose.yaml reads"
drift="$(comm -3 <(grep -oE '\$\{[A-Z0-9_]+' compose.yaml | cut -c3- | sort -u) \
  <(grep -oE '^[A-Z0-9_]+=' .env.example | tr -d = | sort -u))"
if [ -n "$drift" ]; then
  echo "only in compose.yaml (left) or only in .env.example (right):"
  echo "$drift"
  exit 1
fi
echo "ok"

echo "--- deploy/nginx.conf (nginx -t, with the services' names pointed at this machine)"
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
if [ -x "$nginx_bin" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  # Compose's names do not resolve here, and nginx -t looks every upstream up.
  sed -E 's/\b(app1|app2|minio):/127.0.0.1:/' deploy/nginx.conf >"$work/nginx.conf"
  "$nginx_bin" -t -q -c "$work/nginx.conf" -g "pid $work/nginx.pid; error_log stderr;"
  echo "ok ($("$nginx_bin" -v 2>&1))"
else
  echo "skipped: nginx is not installed"
fi
