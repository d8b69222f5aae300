#!/usr/bin/env bash
# Builds Trawler as a native executable for edge workers (trawler.role=worker): target/trawler-*-runner.
# The native-image toolchain is reused from TRAWLER_GRAALVM_DIR (default ~/.cache/trawler/graalvm-25.0.2), or built
# there first by native/toolchain.sh (about 2.5 minutes and a 77 MB source download; see its header). The build itself
# takes 7-10 minutes and up to ~6 GB of memory on two cores. Extra arguments go to Maven.
#   native/build-worker.sh                      # build target/trawler-0.1.0-SNAPSHOT-runner
#   TRAWLER_ROLE=worker TRAWLER_REDIS_URL=redis://… target/trawler-0.1.0-SNAPSHOT-runner
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${TRAWLER_GRAALVM_DIR:-$HOME/.cache/trawler/graalvm-25.0.2}"
if [ ! -x "$dir/jdk/bin/native-image" ]; then
  echo "No native-image toolchain in $dir: building it (native/toolchain.sh)" >&2
  SELF_TEST="${SELF_TEST:-0}" bash native/toolchain.sh "$dir"
fi
export JAVA_HOME="$dir/jdk"
export PATH="$JAVA_HOME/bin:$PATH"
mkdir -p target
./mvnw -B -ntp package -Dnative -DskipTests -Dquarkus.native.graalvm-home="$dir/jdk" "$@" 2>&1 | tee target/native-build.log
[ "${PIPESTATUS[0]}" -eq 0 ] || exit 1
# the native-image command line, beside the sources it built from, for NativeConfigurationTest (-Dnative.sources=that folder)
sources=$(ls -d target/*-native-image-source-jar | head -1)
# (as Quarkus logs it: a shell-quoted line, its \$ unquoted here)
grep -o 'NativeImageBuildRunner\] .*/native-image .*' target/native-build.log | head -1 | sed -e 's/^NativeImageBuildRunner\] //' \
  -e 's/\\\$/$/g' > "$sources/native-image.args"
ls -l target/*-runner
