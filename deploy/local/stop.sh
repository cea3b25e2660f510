#!/usr/bin/env bash
# Stops what deploy/local/start.sh started: nginx first (no new requests), then each instance with SIGTERM (it
# finishes what is in flight and closes its pool), SIGKILL only after STOP_TIMEOUT seconds. The database stays.
set -uo pipefail
RUN_DIR=${RUN_DIR:-/tmp/oripa-deploy-local}
STOP_TIMEOUT=${STOP_TIMEOUT:-20}

if [ -f "$RUN_DIR/nginx.pid" ]; then
  NGINX=$(command -v nginx || echo /usr/sbin/nginx)
  "$NGINX" -c "$RUN_DIR/nginx.conf" -p "$RUN_DIR" -s quit 2>/dev/null || kill "$(cat "$RUN_DIR/nginx.pid")" 2>/dev/null
  for _ in $(seq 1 40); do [ -f "$RUN_DIR/nginx.pid" ] || break; sleep 0.25; done
  rm -f "$RUN_DIR/nginx.pid"
  echo "nginx stopped"
fi
for pidfile in "$RUN_DIR"/instance-*.pid; do
  [ -f "$pidfile" ] || continue
  pid=$(cat "$pidfile")
  if kill -TERM "$pid" 2>/dev/null; then
    for _ in $(seq 1 $((STOP_TIMEOUT * 4))); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    if kill -0 "$pid" 2>/dev/null; then
      kill -KILL "$pid" 2>/dev/null
      echo "$(basename "$pidfile" .pid): killed after ${STOP_TIMEOUT} s"
    else
      echo "$(basename "$pidfile" .pid) stopped"
    fi
  fi
  rm -f "$pidfile"
done
