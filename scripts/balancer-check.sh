#!/usr/bin/env bash
# Runs the guide's balancer configurations (docs/deploy/nginx-local.conf, docs/deploy/haproxy.cfg)
# as written — only ports, log and pid paths are changed (the diff is printed) — in front of two
# Matchwerk processes, and shows:
#   1. requests pass and are spread over both processes;
#   2. the second process loses its database (a TCP forwarder in front of PostgreSQL is stopped),
#      its /rest/ready answers 503, and the balancer takes it out:
#      nginx passively (the 503 is retried on the first process, then the second is skipped),
#      haproxy actively (its readiness probe marks the process DOWN; no request reaches it).
# Needs nginx, haproxy, PostgreSQL (BALANCER_CHECK_SERVER_URL, a scratch database is created and
# dropped) and the repository's dependencies. Ports: BALANCER_CHECK_PORT (default 4550) … +4.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

server_url=${BALANCER_CHECK_SERVER_URL:-postgres://postgres@127.0.0.1:5432/postgres}
base=${BALANCER_CHECK_PORT:-4550}
front=$base node1=$((base + 1)) node2=$((base + 2)) forward=$((base + 3))
work=$(mktemp -d /tmp/matchwerk-balancer.XXXXXX)
chmod 755 "$work"
database="mw_balancer_$(date +%s)_$$"
pids=()
hard_limit=$(ulimit -Hn)
[ "$hard_limit" = unlimited ] && hard_limit=1048576

cleanup() {
  for pid in "${pids[@]}"; do kill -- -"$pid" 2>/dev/null || true; done
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  sleep 1
  psql -q "$server_url" -c "DROP DATABASE IF EXISTS \"$database\" WITH (FORCE)" > /dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

db_url() { # $1 host:port
  node -e 'const u = new URL(process.argv[1]); u.host = process.argv[2]; u.pathname = "/" + process.argv[3]; console.log(u.toString())' \
    "$server_url" "$1" "$database"
}
pg_host=$(node -e 'console.log(new URL(process.argv[1]).host)' "$server_url")

start_forwarder() { # a TCP forwarder 127.0.0.1:$forward → PostgreSQL, for the second process
  setsid node -e '
    const net = require("node:net");
    const [host, port] = process.argv[2].split(":");
    net.createServer((client) => {
      const upstream = net.connect(Number(port || 5432), host);
      client.pipe(upstream).pipe(client);
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
    }).listen(Number(process.argv[1]), "127.0.0.1");
  ' "$forward" "$pg_host" &
  forwarder=$!
  pids+=("$forwarder")
}

start_node() { # $1 port, $2 database host:port
  DATABASE_URL=$(db_url "$2") DEMO_MODE=1 PORT=$1 HOST=127.0.0.1 TRUSTED_PROXIES=127.0.0.1 \
    DATA_DIR="$work/data-$1" LOG_LEVEL=warn \
    setsid node --import tsx apps/api/src/server.ts > "$work/node-$1.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 180); do
    curl -fsS "http://127.0.0.1:$1/rest/ready" > /dev/null 2>&1 && return 0
    kill -0 "${pids[-1]}" 2>/dev/null || break
    sleep 1
  done
  cat "$work/node-$1.log"; echo "Matchwerk did not start on port $1"; exit 1
}

requests() { # $1 count: GET /rest/ready through the balancer, prints the status codes with counts
  for _ in $(seq 1 "$1"); do curl -s -o /dev/null -w '%{http_code}\n' "http://127.0.0.1:$front/rest/ready" || true; done | sort | uniq -c |
    awk '{ printf "   %s × %s\n", $1, $2 }'
}

echo "== two Matchwerk processes on $node1 and $node2 (the second through a forwarder to PostgreSQL)"
psql -q "$server_url" -c "CREATE DATABASE \"$database\"" > /dev/null
start_forwarder
start_node "$node1" "$pg_host"
start_node "$node2" "127.0.0.1:$forward"

config_diff() { # $1 original, $2 run copy
  diff -u "$1" "$2" | grep -E '^[-+][^-+]' | sed 's/^/   /' || true
}

echo "== nginx: docs/deploy/nginx-local.conf"
sed -e "s#server 127.0.0.1:3001#server 127.0.0.1:$node1#; s#server 127.0.0.1:3002#server 127.0.0.1:$node2#" \
  -e "s#listen 127.0.0.1:8080#listen 127.0.0.1:$front#" -e "s#/var/log/nginx/#$work/#g" -e "s#^user www-data;#user root;#" \
  -e "s#^worker_rlimit_nofile .*#worker_rlimit_nofile $(( hard_limit < 40000 ? hard_limit : 40000 ));#" \
  docs/deploy/nginx-local.conf > "$work/nginx.conf"
config_diff docs/deploy/nginx-local.conf "$work/nginx.conf"
nginx -q -t -c "$work/nginx.conf" -g "pid $work/nginx.pid;"
nginx -c "$work/nginx.conf" -g "pid $work/nginx.pid;"
sleep 1
echo "-- both processes ready: 10 requests"
requests 10
echo "   served by: $(awk '{ print $NF, $(NF-1) }' "$work/matchwerk.access.log" | grep -o 'upstream=[^ ]*' | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
: > "$work/matchwerk.access.log"
echo "-- the second process loses its database (forwarder stopped)"
kill -- -"$forwarder"
sleep 2
echo "   the second process's own /rest/ready: $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$node2/rest/ready")"
echo "-- 10 requests through nginx"
requests 10
echo "   nginx's access log (upstream tried, its status):"
sed 's/^/     /' "$work/matchwerk.access.log"
kill "$(cat "$work/nginx.pid")"
rm -f "$work/nginx.pid"

echo "== haproxy: docs/deploy/haproxy.cfg (the second process still without database)"
# haproxy needs two descriptors per connection and refuses to start above the hard limit; a
# container may cap it lower than systemd's default (524,288) that production gets.
sed -e "s#server node1 127.0.0.1:3001#server node1 127.0.0.1:$node1#; s#server node2 127.0.0.1:3002#server node2 127.0.0.1:$node2#" \
  -e "s#bind 127.0.0.1:8080#bind 127.0.0.1:$front#" \
  -e "s#^  maxconn 40000 #  maxconn $(( hard_limit / 2 - 100 < 40000 ? hard_limit / 2 - 100 : 40000 )) #" \
  docs/deploy/haproxy.cfg > "$work/haproxy.cfg"
config_diff docs/deploy/haproxy.cfg "$work/haproxy.cfg"
haproxy -q -c -f "$work/haproxy.cfg"
setsid haproxy -f "$work/haproxy.cfg" > "$work/haproxy.log" 2>&1 &
pids+=($!)
sleep 6
echo "-- haproxy's own probes:"
grep -aE "^Server .* is (DOWN|UP)" "$work/haproxy.log" | sed 's/^/     /' || echo "     (no state change logged)"
echo "-- 10 requests through haproxy"
requests 10
echo "   haproxy's log (server that answered):"
grep -aoE 'matchwerk/node[12] [^ ]+ [0-9]{3}' "$work/haproxy.log" | awk '{ print $1, $3 }' | sort | uniq -c | sed 's/^/     /'
echo "-- the database is back for the second process"
start_forwarder
sleep 6
grep -aE "^Server .* is (DOWN|UP)" "$work/haproxy.log" | tail -1 | sed 's/^/     /'
: > "$work/haproxy.log"
requests 10
grep -aoE 'matchwerk/node[12] [^ ]+ [0-9]{3}' "$work/haproxy.log" | awk '{ print $1, $3 }' | sort | uniq -c | sed 's/^/     /'
echo "balancer check: done"
