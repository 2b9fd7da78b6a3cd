#!/usr/bin/env bash
# Builds the local base image the container tests (and CI) give to Jib when no container registry is
# reachable: Debian bookworm (debootstrap --variant=minbase) with openjdk-17-jre-headless, saved as a
# docker-archive (Jib reads a tar:// base only in that format, not as an OCI archive).
#
#   deploy/image/local-base-image.sh [LINK]
#
# Prints the archive's path on its last line. The archive is cached under
# ${KBENCH_CACHE_DIR:-~/.cache/kbench}/base-images/, keyed by this script's content hash, so a second
# run (and a second CI run) returns at once; editing this script builds a new one. LINK, if given, is
# made a symbolic link to the archive (the image module's build reads the base from a fixed path).
#
# Needs root (debootstrap, chroot, podman), installs debootstrap and podman with apt-get when missing,
# and takes about a minute (two cores) the first time. Users building with a registry do not need it:
# their base is eclipse-temurin:17-jre (the property kbench.image.base).
set -euo pipefail

SELF="$(readlink -f "${BASH_SOURCE[0]}")"
KEY="$(sha256sum "$SELF" | cut -c1-12)"
CACHE="${KBENCH_CACHE_DIR:-$HOME/.cache/kbench}/base-images"
NAME="debian-bookworm-jre17-$KEY"
ARCHIVE="$CACHE/$NAME-docker.tar"
LINK="${1:-}"

say() { echo "local-base-image: $*" >&2; }
die() { say "$*"; exit 2; }

link() {
  if [ -n "$LINK" ]; then
    mkdir -p "$(dirname "$LINK")"
    ln -sfn "$ARCHIVE" "$LINK"
  fi
  echo "$ARCHIVE"
}

if [ -s "$ARCHIVE" ]; then
  say "cached: $ARCHIVE"
  link
  exit 0
fi

[ "$(id -u)" = 0 ] || die "building the base needs root (debootstrap and chroot): run as root, or skip the container tests with -DskipContainerTests (mvn -Pimage builds on -Dkbench.image.base, eclipse-temurin:17-jre by default)"

mkdir -p "$CACHE"
# One build at a time (two Maven runs on one machine share the cache).
exec 9>"$CACHE/.lock"
flock 9
if [ -s "$ARCHIVE" ]; then
  link
  exit 0
fi

if ! command -v debootstrap >/dev/null || ! command -v podman >/dev/null; then
  command -v apt-get >/dev/null || die "debootstrap and podman are missing and there is no apt-get to install them"
  say "installing debootstrap and podman with apt-get..."
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap podman runc uidmap \
    containernetworking-plugins iptables catatonit conmon >&2
fi

# The Debian mirror this machine already uses (deb822 or one-line sources), else the public one.
MIRROR="$(grep -rhoE '^(URIs:[[:space:]]*|deb[[:space:]]+)https?://[^[:space:]]+/debian/?([[:space:]]|$)' \
            /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null | grep -oE 'https?://[^[:space:]]+' | head -1 || true)"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
SECURITY="${MIRROR%/debian*}/debian-security"

WORK="$(mktemp -d "$CACHE/.build-XXXXXX")"
ROOTFS="$WORK/rootfs"
cleanup() {
  mountpoint -q "$ROOTFS/proc" 2>/dev/null && umount "$ROOTFS/proc" || true
  podman --root "$WORK/storage" --runroot "$WORK/run" rmi -a -f >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

start=$SECONDS
say "debootstrap bookworm from $MIRROR..."
debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 \
  || { tail -20 "$WORK/debootstrap.log" >&2; die "debootstrap failed"; }
cat >"$ROOTFS/etc/apt/sources.list" <<SOURCES
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb $SECURITY bookworm-security main
SOURCES
say "installing openjdk-17-jre-headless..."
mount -t proc proc "$ROOTFS/proc"
chroot "$ROOTFS" /bin/sh -c 'export DEBIAN_FRONTEND=noninteractive; apt-get update -qq && apt-get install -y -qq --no-install-recommends openjdk-17-jre-headless && apt-get clean' \
  >"$WORK/apt.log" 2>&1 || { tail -20 "$WORK/apt.log" >&2; die "installing Java in the base failed"; }
umount "$ROOTFS/proc"
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/*.bin "$ROOTFS"/tmp/* "$ROOTFS"/var/log/*.log
chmod 1777 "$ROOTFS/tmp"

say "saving the image..."
tar --numeric-owner -C "$ROOTFS" -cf "$WORK/rootfs.tar" .
PODMAN=(podman --root "$WORK/storage" --runroot "$WORK/run" --storage-driver vfs)
"${PODMAN[@]}" import \
  --change 'ENV JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64' \
  --change 'ENV PATH=/usr/lib/jvm/java-17-openjdk-amd64/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV LANG=C.UTF-8' \
  "$WORK/rootfs.tar" "localhost/kbench-base:$NAME" >/dev/null
"${PODMAN[@]}" save --format docker-archive -o "$WORK/base-docker.tar" "localhost/kbench-base:$NAME" >/dev/null
mv "$WORK/base-docker.tar" "$ARCHIVE"
# Older bases (made by earlier versions of this script) are no longer used.
find "$CACHE" -maxdepth 1 -name 'debian-bookworm-jre17-*-docker.tar' ! -name "$NAME-docker.tar" -delete
say "built $ARCHIVE ($(du -m "$ARCHIVE" | cut -f1) MB) in $((SECONDS - start)) s"
link
