#!/usr/bin/env bash
# Shared by scripts/up, scripts/test and .ci/run: make sure the machine has what Kassa runs on.
# PostgreSQL, Redis and NATS (JetStream) are real servers on loopback; install them with apt on a
# fresh Debian machine and start them when they are not running.

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Seven Node processes starting at once on a small, busy machine can take well over half a minute.
wait_port() {
  local port=$1 name=$2 seconds=${3:-180}
  for _ in $(seq 1 $((seconds * 2))); do port_open "$port" && return 0; sleep 0.5; done
  echo "!! $name did not come up on 127.0.0.1:$port" >&2
  return 1
}

apt_ready=""
apt_install() {
  if [ -z "$apt_ready" ]; then
    echo "-- apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    apt_ready=1
  fi
  echo "-- apt-get install $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# npm test runs two end-to-end files at once, each beside the shared platform, often with a platform of its own: three
# platforms whose six services pool up to 10 connections each pass PostgreSQL's default of 100 under a flood ("sorry,
# too many clients already"). Raised once; PostgreSQL applies it on a restart.
POSTGRES_MAX_CONNECTIONS=300

# The installed cluster's version (Debian's layout, /etc/postgresql/<version>/main).
postgres_version() { ls /etc/postgresql | head -n 1; }

ensure_postgres() {
  start_postgres
  ensure_postgres_connections
}

ensure_postgres_connections() {
  local current
  current=$(psql -h 127.0.0.1 -U postgres -Atc 'show max_connections')
  [ "$current" -ge "$POSTGRES_MAX_CONNECTIONS" ] && return 0
  echo "-- PostgreSQL: max_connections $current -> $POSTGRES_MAX_CONNECTIONS (a restart)"
  psql -h 127.0.0.1 -U postgres -qc "alter system set max_connections = $POSTGRES_MAX_CONNECTIONS"
  pg_ctlcluster --skip-systemctl-redirect "$(postgres_version)" main restart
  wait_port 5432 PostgreSQL
}

start_postgres() {
  port_open 5432 && return 0
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    apt_install postgresql
    # Local development trusts loopback connections for the postgres user, as the services expect.
    local hba
    hba=$(ls /etc/postgresql/*/main/pg_hba.conf | head -n 1)
    sed -i '1i host all postgres 127.0.0.1/32 trust\nhost all postgres ::1/128 trust' "$hba"
  fi
  echo "-- starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(postgres_version)" main start
  wait_port 5432 PostgreSQL
}

ensure_redis() {
  port_open 6379 && return 0
  command -v redis-server >/dev/null || apt_install redis-server
  echo "-- starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/kassa.log
  wait_port 6379 Redis
}

# NATS runs with one user per service and no anonymous access (scripts/lib/nats): the script writes the users'
# passwords and nats.conf under /var/lib/kassa/nats, then starts NATS with them, or restarts a NATS that runs without
# them. Needs node_modules (it is TypeScript).
ensure_nats() {
  command -v nats-server >/dev/null || [ -x /usr/sbin/nats-server ] || apt_install nats-server
  node --import tsx scripts/lib/nats/ensure-nats.ts
}

# One heavy run at a time on this machine (npm test, npm run verify, benchmarks): they share the machine's servers, and
# the fault tests restart them. The lock is held on fd 9 until the calling script ends; testing/src/heavy-lock.ts
# takes the same one for a stack started outside these scripts.
hold_heavy_lock() {
  KASSA_HEAVY_LOCK_FILE=${KASSA_HEAVY_LOCK_FILE:-/tmp/kassa-heavy.lock}
  exec 9>"$KASSA_HEAVY_LOCK_FILE"
  if ! flock -n 9; then
    echo "-- waiting for $KASSA_HEAVY_LOCK_FILE: another test run or benchmark is using this machine's servers"
    flock 9
  fi
  export KASSA_HEAVY_LOCK=held KASSA_HEAVY_LOCK_FILE
}

ensure_chromium() {
  [ -x /usr/bin/chromium ] && return 0
  apt_install chromium fonts-liberation
}

ensure_infrastructure() {
  ensure_postgres
  ensure_redis
  ensure_node_modules
  ensure_nats
}

# Installs the locked dependencies when node_modules is missing or older than the lock file.
# `npm install` rather than `npm ci`: the registry reachable here lacks other platforms' optional
# binaries (@swc/core-darwin-*, …), so the lock file cannot list them and `npm ci` would refuse it.
ensure_node_modules() {
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "-- npm install"
    npm install --no-audit --no-fund
  fi
}

# Development secrets are made on the machine, never committed. A secret a newer step added is appended to an
# existing file, so a machine set up earlier keeps its other secrets (and the data sealed with them).
ensure_dev_secrets() {
  mkdir -p .data
  [ -f .data/dev.env ] || { : > .data/dev.env; chmod 600 .data/dev.env; }
  # A file edited by hand may lack its last newline; an appended line must not join it.
  if [ -s .data/dev.env ] && [ -n "$(tail -c 1 .data/dev.env)" ]; then echo >> .data/dev.env; fi
  local name
  # KASSA_CALLER_KEY is the development root each workload derives its own gRPC caller key from (all read it here).
  for name in KASSA_SEALING_KEY KASSA_CALLER_KEY EMAIL_WEBHOOK_SECRET; do
    if ! grep -q "^$name=" .data/dev.env; then
      echo "$name=$(node -e "process.stdout.write(require('crypto').randomBytes(32).toString('base64url'))")" >> .data/dev.env
    fi
  done
  set -a
  # shellcheck disable=SC1091
  . .data/dev.env
  set +a
}
