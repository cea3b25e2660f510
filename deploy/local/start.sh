#!/usr/bin/env bash
# The reference multi-instance deployment on one machine: INSTANCES shop processes (production mode, one of them
# running the jobs) behind nginx, on one PostgreSQL. `npm run deploy:local`; stop with `npm run deploy:local:stop`.
#
#   INSTANCES=2           shop processes (ports FIRST_PORT, FIRST_PORT+1, …, on 127.0.0.1 only)
#   LB_PORT=8080          where nginx listens (LB_HOST=127.0.0.1; set 0.0.0.0 to reach it from elsewhere)
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/oripa_local   (created when missing and psql is there)
#   RUN_DIR=/tmp/oripa-deploy-local                               pids, logs, nginx.conf, generated secrets
#   STRIPE_SECRET_KEY/STRIPE_WEBHOOK_SECRET/STRIPE_PUBLISHABLE_KEY set: Stripe; otherwise a staging shop with the
#   sandbox payment provider behind SANDBOX_SECRET (generated into RUN_DIR).
# Any other variable of the configuration table (README) is passed to every instance as it is.
set -euo pipefail
cd "$(dirname "$0")/../.."

INSTANCES=${INSTANCES:-2}
FIRST_PORT=${FIRST_PORT:-3101}
LB_HOST=${LB_HOST:-127.0.0.1}
LB_PORT=${LB_PORT:-8080}
RUN_DIR=${RUN_DIR:-/tmp/oripa-deploy-local}
export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/oripa_local}

say() { printf '%s\n' "$*"; }
die() { printf 'deploy:local: %s\n' "$*" >&2; exit 1; }

if [ -f "$RUN_DIR/nginx.pid" ] && kill -0 "$(cat "$RUN_DIR/nginx.pid")" 2>/dev/null; then
  die "already running (RUN_DIR=$RUN_DIR); stop it first: npm run deploy:local:stop"
fi
mkdir -p "$RUN_DIR/nginx-temp"

# nginx from Debian's packages, installed when missing (as .ci/run does for chromium).
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  [ "$(id -u)" = 0 ] || die "nginx is not installed: run 'sudo apt-get install nginx-light' (or run this as root)"
  say "installing nginx (Debian's nginx-light) …"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

# The database: created when missing (the instances migrate it at start, one after the other).
if command -v psql >/dev/null 2>&1; then
  db_name=$(node -e 'console.log(decodeURIComponent(new URL(process.argv[1]).pathname.slice(1)))' "$DATABASE_URL")
  admin_url=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/postgres"; console.log(u.toString())' "$DATABASE_URL")
  psql "$admin_url" -Atqc 'SELECT 1' >/dev/null 2>&1 || die "PostgreSQL at $DATABASE_URL does not answer (start it, or set DATABASE_URL)"
  if [ -z "$(psql "$admin_url" -Atqc "SELECT 1 FROM pg_database WHERE datname = '$db_name'")" ]; then
    say "creating database $db_name …"
    psql "$admin_url" -qc "CREATE DATABASE \"$db_name\"" >/dev/null
  fi
fi

# One set of secrets for every instance (a session cookie must work on all of them), kept across restarts.
secret() {
  local file="$RUN_DIR/$1"
  [ -s "$file" ] || node -e 'console.log(require("node:crypto").randomBytes(32).toString("hex"))' >"$file"
  chmod 600 "$file"
  cat "$file"
}
export SESSION_SECRET=${SESSION_SECRET:-$(secret session-secret)}
export METRICS_TOKEN=${METRICS_TOKEN:-$(secret metrics-token)}
if [ -n "${STRIPE_SECRET_KEY:-}" ]; then
  export PAYMENT_PROVIDER=stripe
else
  export PAYMENT_PROVIDER=sandbox SANDBOX=1
  export SANDBOX_SECRET=${SANDBOX_SECRET:-$(secret sandbox-secret)}
  export PAYMENT_CALLBACK_SECRET=${PAYMENT_CALLBACK_SECRET:-$(secret payment-callback-secret)}
fi
export NODE_ENV=production HOST=127.0.0.1 TRUST_PROXY=1 PUBLIC_URL=${PUBLIC_URL:-http://$LB_HOST:$LB_PORT}
# A local try-out sends no real mail or SMS unless SMTP_URL / SMS_PROVIDER=twilio are given: the outbox keeps them.
export ALLOW_UNSENT_MESSAGES=${ALLOW_UNSENT_MESSAGES:-1}
export LOG_LEVEL=${LOG_LEVEL:-warn}

say "building the web app once …"
npm run build --silent

start_instance() {
  local i=$1 port=$((FIRST_PORT + $1 - 1)) jobs=0 seed=0
  # One instance runs the jobs (24-hour conversion, expiries, payment deadlines) and seeds the demo packs.
  if [ "$i" = 1 ]; then jobs=1 seed=${SEED_DEMO:-1}; fi
  PORT=$port JOBS=$jobs SEED_DEMO=$seed nohup node --import tsx apps/server/src/main.ts \
    >"$RUN_DIR/instance-$i.log" 2>&1 </dev/null &
  echo $! >"$RUN_DIR/instance-$i.pid"
}
wait_running() {
  local i=$1
  for _ in $(seq 1 120); do
    grep -q 'is running' "$RUN_DIR/instance-$i.log" 2>/dev/null && return 0
    kill -0 "$(cat "$RUN_DIR/instance-$i.pid")" 2>/dev/null || break
    sleep 0.5
  done
  tail -20 "$RUN_DIR/instance-$i.log" >&2
  "$(dirname "$0")/stop.sh" >/dev/null 2>&1 || true
  die "instance $i did not start (its log is above and in $RUN_DIR/instance-$i.log)"
}

say "starting $INSTANCES instances …"
start_instance 1
wait_running 1
for i in $(seq 2 "$INSTANCES"); do start_instance "$i"; done
for i in $(seq 2 "$INSTANCES"); do wait_running "$i"; done

upstreams=""
for i in $(seq 1 "$INSTANCES"); do
  upstreams+="    server 127.0.0.1:$((FIRST_PORT + i - 1)) max_fails=1 fail_timeout=5s;"$'\n'
done
sed -e "s#@RUN_DIR@#$RUN_DIR#g" -e "s#@LISTEN@#$LB_HOST:$LB_PORT#g" deploy/local/nginx.conf.template |
  awk -v ups="$upstreams" '{ if ($0 ~ /@UPSTREAMS@/) printf "%s", ups; else print }' >"$RUN_DIR/nginx.conf"
"$NGINX" -t -q -c "$RUN_DIR/nginx.conf" -p "$RUN_DIR" || die "nginx refused $RUN_DIR/nginx.conf"
"$NGINX" -c "$RUN_DIR/nginx.conf" -p "$RUN_DIR"

for _ in $(seq 1 40); do
  curl -fsS "http://$LB_HOST:$LB_PORT/readyz" >/dev/null 2>&1 && break
  sleep 0.25
done
say ""
say "  KIRAKIRA ORIPA: http://$LB_HOST:$LB_PORT  (nginx -> $INSTANCES instances on 127.0.0.1:$FIRST_PORT..$((FIRST_PORT + INSTANCES - 1)))"
say "  database: $DATABASE_URL"
say "  logs, pids, nginx.conf and the generated secrets: $RUN_DIR"
say "  metrics per instance: curl -H \"Authorization: Bearer \$(cat $RUN_DIR/metrics-token)\" http://127.0.0.1:$FIRST_PORT/metrics"
[ "$PAYMENT_PROVIDER" = sandbox ] && say "  sandbox (staging payments): header x-sandbox-secret: \$(cat $RUN_DIR/sandbox-secret)"
say "  stop: npm run deploy:local:stop"
