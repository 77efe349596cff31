#!/usr/bin/env bash
# Installs, from Debian packages, whatever the project needs and is missing.
# Usage: tools/setup.sh [app|test]   (idempotent; runs as root or through sudo)
set -euo pipefail

app_packages=(
  build-essential cmake pkg-config
  libimgui-dev libglfw3-dev python3-glad libglm-dev
  nlohmann-json3-dev libstb-dev fonts-dejavu-core
  libavcodec-dev libavformat-dev libswscale-dev libavutil-dev
)
test_packages=(
  catch2 libbenchmark-dev clang libclang-rt-14-dev lld ninja-build
  xvfb xauth libgl1-mesa-dri xdotool
  python3-torch python3-numpy libopenblas0-pthread
)

mode="${1:-app}"
wanted=("${app_packages[@]}")
if [[ "$mode" == "test" ]]; then wanted+=("${test_packages[@]}"); fi

missing=()
for pkg in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup: every package is already installed"
  exit 0
fi

if [[ $(id -u) -eq 0 ]]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "setup: these packages are missing and I am neither root nor able to sudo:" >&2
  echo "  ${missing[*]}" >&2
  exit 1
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
