#!/usr/bin/env bash
# Builds the warden image without a container engine and smoke-tests it (issue 43).
#
# The Dockerfile beside the repository root is the image for machines with Docker or Podman.
# Here no container can start (the VM refuses the rlimits crun sets) and no registry but npm's and
# Debian's is reachable, so neither `docker build` nor a `FROM node:20` base can be used. This
# script assembles the same runtime image with buildah from `scratch`, with no RUN step:
#   1. `pnpm deploy --prod` of @warden/cli (no dev dependencies) → /app
#   2. the machine's own Node 20 binary and the shared libraries it links → /usr/local/bin/node
#   3. a non-root user (uid 10001) in /etc/passwd, /work as the working directory,
#      entrypoint `node /app/dist/bin.js`
# then commits it as $IMAGE (default warden:dev) and smoke-tests the committed image's filesystem:
# `warden --version` and `warden demo --no-containment`, run as uid 10001 under bubblewrap with the
# image as `/` (read-only) — the image's own files, not the host's.
#
# Needs: root, buildah and bubblewrap (Debian: apt-get install -y buildah bubblewrap), and a built
# tree (`pnpm build`). Usage: scripts/image/build-image.sh [--no-smoke]
set -euo pipefail

ROOT=${WARDEN_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
IMAGE=${IMAGE:-warden:dev}
SMOKE=1
[ "${1:-}" = "--no-smoke" ] && SMOKE=0
for tool in buildah bwrap; do
  command -v "$tool" >/dev/null || { echo "image: $tool is not installed (Debian: apt-get install -y buildah bubblewrap)" >&2; exit 2; }
done
[ -f "$ROOT/apps/cli/dist/bin.js" ] || { echo "image: build first (npx -y pnpm@12.4.2 build)" >&2; exit 2; }

WORK=$(mktemp -d)
cleanup() {
  [ -n "${SMOKE_CTR:-}" ] && buildah rm "$SMOKE_CTR" >/dev/null 2>&1 || true
  [ -n "${CTR:-}" ] && buildah rm "$CTR" >/dev/null 2>&1 || true
  rm -rf "$WORK"
  # An older build of the same tag is left dangling by the commit: drop it, keep the new one.
  buildah rmi --prune >/dev/null 2>&1 || true
}
trap cleanup EXIT

echo "image: deploying @warden/cli without dev dependencies"
(cd "$ROOT" && npx -y pnpm@12.4.2 --filter @warden/cli deploy --prod --legacy "$WORK/app" >/dev/null)
[ -f "$WORK/app/dist/bin.js" ] || { echo "image: the deploy has no dist/bin.js" >&2; exit 1; }

echo "image: assembling from scratch"
CTR=$(buildah from scratch)
MNT=$(buildah mount "$CTR")
mkdir -p "$MNT/usr/local/bin" "$MNT/etc" "$MNT/tmp" "$MNT/work" "$MNT/home/warden" "$MNT/dev" "$MNT/proc"
chmod 1777 "$MNT/tmp"
NODE=$(command -v node)
cp -L "$NODE" "$MNT/usr/local/bin/node"
# The shared libraries node links, at the paths the loader looks for them.
ldd "$NODE" | awk '/=> \// { print $3 } /^\t\/lib/ { print $1 }' | while read -r lib; do
  mkdir -p "$MNT$(dirname "$lib")"
  cp -L "$lib" "$MNT$lib"
done
cp -a "$WORK/app" "$MNT/app"
printf 'root:x:0:0:root:/root:/usr/sbin/nologin\nwarden:x:10001:10001:warden:/home/warden:/usr/sbin/nologin\n' > "$MNT/etc/passwd"
printf 'root:x:0:\nwarden:x:10001:\n' > "$MNT/etc/group"
# CA certificates so a real provider's TLS works from the image.
[ -d /etc/ssl/certs ] && mkdir -p "$MNT/etc/ssl" && cp -rL /etc/ssl/certs "$MNT/etc/ssl/certs"
chown -R 10001:10001 "$MNT/work" "$MNT/home/warden"
buildah umount "$CTR" >/dev/null
buildah config --user 10001:10001 --workingdir /work --env NODE_ENV=production --env HOME=/home/warden \
  --entrypoint '["/usr/local/bin/node", "/app/dist/bin.js"]' --cmd '--help' \
  --label org.opencontainers.image.title=warden --label org.opencontainers.image.source=https://example.invalid/warden "$CTR"
buildah commit --quiet "$CTR" "$IMAGE" >/dev/null
echo "image: committed $IMAGE ($(buildah inspect --format '{{.FromImageID}}' "$IMAGE" 2>/dev/null | cut -c1-12 || true))"

[ "$SMOKE" = 1 ] || exit 0
echo "image: smoke test (uid 10001, the image as / read-only, under bubblewrap)"
SMOKE_CTR=$(buildah from "$IMAGE")
ROOTFS=$(buildah mount "$SMOKE_CTR")
in_image() {
  bwrap --ro-bind "$ROOTFS" / --dev /dev --proc /proc --tmpfs /tmp --tmpfs /work --tmpfs /home/warden \
    --unshare-all --die-with-parent --uid 10001 --gid 10001 --chdir /work \
    --setenv HOME /home/warden --setenv NODE_ENV production --setenv WARDEN_LANG en \
    /usr/local/bin/node /app/dist/bin.js "$@"
}
VERSION=$(in_image --version)
EXPECTED=$(node -p "require('$ROOT/apps/cli/package.json').version")
[ "$VERSION" = "$EXPECTED" ] || { echo "image: --version printed '$VERSION', expected $EXPECTED" >&2; exit 1; }
echo "image: warden --version → $VERSION"
in_image demo --no-containment > "$WORK/demo.txt" 2>&1 || { cat "$WORK/demo.txt" >&2; echo "image: warden demo failed in the image" >&2; exit 1; }
tail -n 3 "$WORK/demo.txt"
echo "image: smoke test passed"
