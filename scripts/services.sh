#!/usr/bin/env bash
# Makes sure the local services Warden's tests need are up:
#   PostgreSQL on 127.0.0.1:5432 (database `test`, trust auth), Redis on 127.0.0.1:6379 and
#   MariaDB on 127.0.0.1:3306 (root with an empty password, database `test`).
# Starts each one that is installed but down; says exactly what is missing otherwise.
# Exit 0 when all answer, 1 when one cannot be had.
set -u

PG_HOST=127.0.0.1 PG_PORT=5432 PG_DB=test
REDIS_HOST=127.0.0.1 REDIS_PORT=6379
MARIADB_HOST=127.0.0.1 MARIADB_PORT=3306
problems=0

port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null && exec 3>&- 3<&-; }

wait_port() {
  for _ in $(seq 1 50); do port_open "$1" "$2" && return 0; sleep 0.2; done
  return 1
}

ensure_postgres() {
  if port_open "$PG_HOST" "$PG_PORT"; then
    echo "services: PostgreSQL is up on $PG_HOST:$PG_PORT"
  elif command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    echo "services: starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start >/dev/null 2>&1 || true
    if ! wait_port "$PG_HOST" "$PG_PORT"; then
      echo "services: PostgreSQL is installed but did not start; see /var/log/postgresql/" >&2
      problems=$((problems + 1)); return
    fi
  else
    echo "services: PostgreSQL is not installed. Install it (Debian: apt-get install -y postgresql) with trust auth on 127.0.0.1:5432, or set WARDEN_PG_URL." >&2
    problems=$((problems + 1)); return
  fi
  if command -v psql >/dev/null 2>&1; then
    if ! psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d "$PG_DB" -tAc 'select 1' >/dev/null 2>&1; then
      psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -tAc "create database $PG_DB" >/dev/null 2>&1 \
        && echo "services: created database $PG_DB" \
        || { echo "services: cannot reach database '$PG_DB' as user postgres on $PG_HOST:$PG_PORT (trust auth expected)" >&2; problems=$((problems + 1)); }
    fi
  fi
}

ensure_redis() {
  if port_open "$REDIS_HOST" "$REDIS_PORT"; then
    echo "services: Redis is up on $REDIS_HOST:$REDIS_PORT"
  elif command -v redis-server >/dev/null 2>&1; then
    echo "services: starting Redis"
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log >/dev/null 2>&1 || true
    if ! wait_port "$REDIS_HOST" "$REDIS_PORT"; then
      echo "services: Redis is installed but did not start; see /var/log/redis/ci.log" >&2
      problems=$((problems + 1))
    fi
  else
    echo "services: Redis is not installed. Install it (Debian: apt-get install -y redis-server), or set WARDEN_REDIS_URL." >&2
    problems=$((problems + 1))
  fi
}

ensure_mariadb() {
  if port_open "$MARIADB_HOST" "$MARIADB_PORT"; then
    echo "services: MariaDB is up on $MARIADB_HOST:$MARIADB_PORT"
  elif command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ]; then
    echo "services: starting MariaDB"
    start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd >/dev/null 2>&1 || true
    if ! wait_port "$MARIADB_HOST" "$MARIADB_PORT"; then
      echo "services: MariaDB is installed but did not start; see /var/log/mysql/" >&2
      problems=$((problems + 1)); return
    fi
  else
    echo "services: MariaDB is not installed. Install it (Debian: apt-get install -y mariadb-server), or set WARDEN_TEST_MYSQL_URL." >&2
    problems=$((problems + 1)); return
  fi
  if command -v mariadb >/dev/null 2>&1; then
    mariadb -h "$MARIADB_HOST" -P "$MARIADB_PORT" -u root -e 'CREATE DATABASE IF NOT EXISTS test' >/dev/null 2>&1 \
      || { echo "services: cannot reach MariaDB as root (empty password) on $MARIADB_HOST:$MARIADB_PORT" >&2; problems=$((problems + 1)); }
  fi
}

ensure_postgres
ensure_redis
ensure_mariadb
[ "$problems" -eq 0 ] || { echo "services: $problems service(s) missing; the PostgreSQL/Redis/MariaDB store tests will fail." >&2; exit 1; }
