#!/usr/bin/env bash
# Scale-out on one machine: Redis, three replicas of the built server and nginx in front of them,
# all on loopback (Debian packages: apt-get install -y redis-server nginx). Clients use
# http://127.0.0.1:8080/mcp. Ctrl-C stops everything.
#   FORGE_URL=https://gitlab.example.com scripts/cluster-demo.sh   # the replicas publish your instance
#   scripts/cluster-demo.sh                                          # the replicas share one sandbox
# Without FORGE_URL one sandbox process (scripts/sandbox-instance.mjs) is every replica's instance, so
# what one replica writes the others read; the demo token it accepts is printed.
# Ports: 8080 (nginx), 8081-8083 (replicas), 6390 (Redis), a free one for the sandbox; the replicas log
# to the work directory.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

for tool in redis-server nginx; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "cluster-demo: $tool is missing; install it with: apt-get install -y redis-server nginx" >&2
    exit 1
  fi
done
[ -f dist/bundle/cli.js ] || npm run build

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 0' INT TERM

redis-server --port 6390 --bind 127.0.0.1 --save '' --appendonly no >"$work/redis.log" 2>&1 &
pids+=($!)

token_line=""
if [ -n "${FORGE_URL:-}" ]; then
  instance=(--forge-url "$FORGE_URL")
else
  # One sandbox for every replica (a sandbox per replica would give each its own data).
  node scripts/sandbox-instance.mjs >"$work/sandbox.out" 2>"$work/sandbox.log" &
  pids+=($!)
  for _ in $(seq 1 100); do
    [ "$(wc -l <"$work/sandbox.out")" -ge 2 ] && break
    sleep 0.1
  done
  sandbox_url=$(sed -n 1p "$work/sandbox.out")
  sandbox_token=$(sed -n 2p "$work/sandbox.out")
  if [ -z "$sandbox_token" ]; then
    echo "cluster-demo: the sandbox did not start; see $work/sandbox.log" >&2
    exit 1
  fi
  instance=(--forge-url "$sandbox_url")
  token_line="cluster-demo: demo token (sandbox only, shared by every replica): $sandbox_token"
fi
for port in 8081 8082 8083; do
  node dist/bundle/cli.js --http --http-addr "127.0.0.1:$port" "${instance[@]}" \
    --redis-url redis://127.0.0.1:6390 \
    --trusted-proxy-header X-Forwarded-For --trusted-proxies 127.0.0.1 \
    >"$work/replica-$port.log" 2>&1 &
  pids+=($!)
done

# Wait for every replica to answer its health check before nginx sends it traffic.
for port in 8081 8082 8083; do
  for _ in $(seq 1 100); do
    if curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1; then break; fi
    sleep 0.1
  done
done

mkdir -p "$work/nginx"
nginx -p "$work/nginx" -e "$work/nginx/error.log" -c "$root/deploy/nginx.conf" -g 'daemon off;' &
pids+=($!)
sleep 0.5
curl -fsS http://127.0.0.1:8080/health >/dev/null

echo "cluster-demo: http://127.0.0.1:8080/mcp (nginx) -> replicas 8081-8083 -> Redis 6390; logs in $work"
[ -n "$token_line" ] && echo "$token_line"
echo "cluster-demo: try: curl -s http://127.0.0.1:8080/metrics | grep shared_state"
echo "cluster-demo: Ctrl-C stops it"
wait
