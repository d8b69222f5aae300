#!/bin/bash
# Assembles a GraalVM native-image 25.0.2 toolchain on Debian 12 x86-64 from what this workplace can reach:
#   - Maven Central: org.graalvm.nativeimage:svm:25.0.2 and its builder jars (none of them holds C libraries);
#   - Debian's source package openjdk-26 (suite sid): java.base's native sources for the static JDK libraries
#     (libjava/libnio/libnet/libzip/libextnet.a) that native-image links against (not shipped by Temurin or Debian);
#   - ./sources: SubstrateVM's C sources (libchelper, jvm.posix, libcontainer) and the native-image command's Java
#     sources, tag vm-25.0.2 of graalvm-community-jdk25u (GPLv2 with the Classpath Exception, see sources/substratevm/LICENSE).
# The result is a "GraalVM home": a copy of the Temurin 25 JDK plus lib/svm, lib/jvmci, lib/static and bin/native-image,
# usable as GRAALVM_HOME (Quarkus 3.34: ./mvnw package -Dnative -Dquarkus.native.graalvm-home=WORK_DIR/jdk; the version string
# it reports is GraalVM CE's own form, "GraalVM CE 25.0.2+10.1", because Quarkus parses it).
#
# Trawler's copy of ../shared/native-toolchain/build.sh (native/build-worker.sh calls it when no toolchain is cached);
# the GraalVM sources come from $TRAWLER_NATIVE_SOURCES, by default ../shared/native-toolchain/sources beside the project.
# Usage: native/toolchain.sh [WORK_DIR]   (default ~/.cache/trawler/graalvm-25.0.2; the home is WORK_DIR/jdk; SELF_TEST=0 skips step 9)
# Verified here on hello world, a java.net.http client+server, a Vert.x 4.5 HTTP server+client (each linked and run)
# and on Trawler itself (a scratch copy with its own native problems worked around: see the project's issue): built in
# 7 min 18 s, 159 MB, started as a worker in 0.111 s, 122 MB idle, crawled 5,887 pages against Redis.
# Known gaps: the JDK's C code is 26 against 25's classes (three compile-time mismatches handled below; behaviour not
# checked beyond those programs); of jdk.management only OperatingSystemImpl's natives are built (into libjvm.a, with
# fallbacks for throw_internal_error and JVM_IsContainerized/JVM_IsUseContainerSupport, which report no container);
# a link error "undefined reference to Java_..." names the next native to build the same way; target x86-64-v3.
# Timings on 2 idle cores: the toolchain ~2 min (plus the 77 MB source download), a hello-world image ~1 min,
# a Vert.x client/server ~3 min, peak RSS of a build 1.6-2.7 GB.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
# the GraalVM sources no registry here serves: beside the project, as CI has them (../shared/native-toolchain/sources)
SOURCES="$(cd "${TRAWLER_NATIVE_SOURCES:-$HERE/../../shared/native-toolchain/sources}" && pwd)"
W=$(mkdir -p "${1:-$HOME/.cache/trawler/graalvm-25.0.2}" && cd "${1:-$HOME/.cache/trawler/graalvm-25.0.2}" && pwd)
TEMURIN=${TEMURIN:-/usr/lib/jvm/temurin-25-jdk-amd64}
MVN=${MVN:-$(command -v mvn || echo "$PWD/mvnw")}
GV=25.0.2
NICE="nice -n ${NICENESS:-10}"
H=$W/jdk                       # the GraalVM home: a copy of Temurin + native-image's parts
R=$HOME/.m2/repository/org/graalvm
t0=$(date +%s); step() { echo "=== [$(( $(date +%s) - t0 ))s] $*"; }
cd $W
[ -f hello/Hello.java ] || { mkdir -p hello; echo 'public class Hello { public static void main(String[] a){ System.out.println("Hello native " + System.getProperty("java.version") + " " + java.util.Arrays.toString(a)); } }' > hello/Hello.java; }

step "0. helper files (embedded)"
mkdir -p csrc/reporter
cat > csrc/jvm_fallbacks.c <<'XEOF'
/* Fallbacks for JVM_* functions referenced by the JDK static libs but not provided by SVM's JvmFuncs.c */
#include <jni.h>
#include <pthread.h>
#include <stdlib.h>
#define EXP __attribute__((visibility("default")))
EXP void *JVM_RawMonitorCreate(void) {
  pthread_mutex_t *m = malloc(sizeof(pthread_mutex_t)); pthread_mutexattr_t a;
  pthread_mutexattr_init(&a); pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE); pthread_mutex_init(m, &a); pthread_mutexattr_destroy(&a); return m; }
EXP void JVM_RawMonitorDestroy(void *mon) { pthread_mutex_destroy((pthread_mutex_t*)mon); free(mon); }
EXP jint JVM_RawMonitorEnter(void *mon) { return pthread_mutex_lock((pthread_mutex_t*)mon); }
EXP void JVM_RawMonitorExit(void *mon) { pthread_mutex_unlock((pthread_mutex_t*)mon); }
/* HotSpot's os::native_path is the identity on POSIX */
EXP char *JVM_NativePath(char *path) { return path; }
/* libmanagement_ext's helper (its management_ext.c, whose JNI_OnLoad needs HotSpot's jmm interface, is not built) */
extern void JNU_ThrowInternalError(JNIEnv *env, const char *msg);
EXP void throw_internal_error(JNIEnv *env, const char *msg) { JNU_ThrowInternalError(env, msg); }
/* HotSpot answers these from its container detection; this image reports no container support */
EXP jboolean JVM_IsContainerized(void) { return JNI_FALSE; }
EXP jboolean JVM_IsUseContainerSupport(void) { return JNI_FALSE; }
XEOF
cat > csrc/reporter/reporterchelper.c <<'XEOF'
#include <jni.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <unistd.h>
JNIEXPORT jint JNICALL Java_com_oracle_svm_hosted_ProgressReporterCHelper_getTerminalWindowColumns0(JNIEnv *env, jclass c) {
  struct winsize w; if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0) return w.ws_col; return -1; }
JNIEXPORT jlong JNICALL Java_com_oracle_svm_hosted_ProgressReporterCHelper_getPeakRSS0(JNIEnv *env, jclass c) {
  struct rusage u; if (getrusage(RUSAGE_SELF, &u) == 0) return (jlong)u.ru_maxrss * 1024; return -1; }
XEOF
cat > GenExports.java <<'XEOF'
public class GenExports { public static void main(String[] a) {
  String mods = a[0];
  for (Module m : ModuleLayer.boot().modules()) { String n = m.getName(); if (n.startsWith("org.graalvm") || n.equals("jdk.graal.compiler")) continue;
    for (String p : new java.util.TreeSet<>(m.getPackages())) { System.out.println("--add-exports=" + n + "/" + p + "=" + mods); System.out.println("--add-opens=" + n + "/" + p + "=" + mods); } } } }
XEOF
cat > build-jdk-static.sh <<'XEOF'
#!/bin/bash
# Compile libjava.a libnio.a libnet.a libzip.a from OpenJDK java.base native sources (Debian openjdk-26 orig tarball)
# plus javac -h headers generated from the installed Temurin 25's src.zip.
set -u
W=${W:-$W}
cd $W
S=$W/jdksrc/src
OUT=$W/jdk/lib/static/linux-amd64/glibc
mkdir -p $OUT build/jdkstatic
INC="-I$W/gensrc-hdr -I$S/java.base/share/native/include -I$S/java.base/unix/native/include -I$S/hotspot/share/include -I$S/hotspot/os/posix/include -I$W/jdk/include -I$W/jdk/include/linux"
for d in $(find $S/java.base/share/native/libjava $S/java.base/unix/native/libjava $S/java.base/linux/native/libjava $S/java.base/share/native/libnet $S/java.base/unix/native/libnet $S/java.base/share/native/libnio $S/java.base/unix/native/libnio $S/java.base/linux/native/libnio $S/java.base/share/native/libzip -type d 2>/dev/null); do INC="$INC -I$d"; done
CF="-O2 -fPIC -fno-strict-aliasing -D_GNU_SOURCE -D_REENTRANT -D_FILE_OFFSET_BITS=64 -DLINUX -DNDEBUG -D_LITTLE_ENDIAN -DARCH=\"amd64\" -Damd64 -D_LP64=1 -DSTATIC_BUILD=1 -DVERSION_STRING=\"25.0.3+9-LTS\" -DARCHPROPNAME=\"amd64\" -w"
for lib in java net nio zip; do
  mkdir -p build/jdkstatic/$lib; rm -f build/jdkstatic/$lib/*.o
  srcs=$(find $S/java.base/share/native/lib$lib $S/java.base/unix/native/lib$lib $S/java.base/linux/native/lib$lib -name '*.c' 2>/dev/null | grep -v '/zlib/' | grep -vE '/libjava/(Class|ConstantPool)\.c$' | sed "s|^.*/libnio/fs/UnixNativeDispatcher\\.c\$|$W/patched/UnixNativeDispatcher.c|")
  n=0; fail=0
  for f in $srcs; do
    o=build/jdkstatic/$lib/$(echo ${f#$W/} | tr '/' '_' | sed 's/\.c$/.o/')
    if nice -n 15 gcc $CF -DLIBRARY_NAME=$lib $INC -c $f -o $o 2>> build/jdkstatic/$lib.err; then n=$((n+1)); else fail=$((fail+1)); echo "FAIL $lib $f"; fi
  done
  rm -f $OUT/lib$lib.a; ar rcs $OUT/lib$lib.a build/jdkstatic/$lib/*.o
  echo "lib$lib.a: $n objects, $fail failed"
done
# libextnet.a (jdk.net LinuxSocketOptions; needed as soon as sockets are reachable, e.g. java.net.http)
mkdir -p build/jdkstatic/extnet
nice -n 15 gcc $CF -DLIBRARY_NAME=extnet $INC -I$S/java.base/share/native/libjava -I$S/java.base/unix/native/libjava -c $S/jdk.net/linux/native/libextnet/LinuxSocketOptions.c -o build/jdkstatic/extnet/LinuxSocketOptions.o \
  && rm -f $OUT/libextnet.a && ar rcs $OUT/libextnet.a build/jdkstatic/extnet/LinuxSocketOptions.o && echo "libextnet.a: ok"
XEOF
cat > native-image.launcher <<'XEOF'
#!/bin/bash
# native-image launcher for a Temurin 25 + Maven GraalVM 25.0.2 jars + self-built C libraries home
H="$(cd "$(dirname "$0")/.." && pwd)"
MP=""
for j in "$H"/lib/svm/builder/*.jar "$H"/lib/jvmci/word.jar "$H"/lib/jvmci/collections.jar "$H"/lib/jvmci/nativeimage.jar "$H"/lib/jvmci/nativeimage-libgraal.jar "$H"/lib/truffle/*.jar; do MP="$MP${MP:+:}$j"; done
exec "$H/bin/java" -Xss10m -XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI -XX:-UseJVMCICompiler \
  --upgrade-module-path "$H/lib/jvmci/graal.jar" --module-path "$MP" \
  --add-modules=org.graalvm.nativeimage.builder,org.graalvm.nativeimage.configure,jdk.management,jdk.jfr \
  @"$H/lib/svm-driver/driver-exports.args" --enable-native-access=ALL-UNNAMED,org.graalvm.nativeimage.builder \
  -Dorg.graalvm.version=25.0.2 -Dorg.graalvm.vendor="Oracle Corporation" -Dorg.graalvm.vendorversion="GraalVM CE 25.0.2+10.1" \
  -Dorg.graalvm.config=CE -Dnative-image.root="$H" -Dsubstratevm.HostLibC=glibc \
  -cp "$H/lib/svm-driver/svm-driver.jar" com.oracle.svm.driver.NativeImage "$@"
XEOF

step "1. Maven jars"
JAVA_HOME=$TEMURIN $NICE $MVN -q dependency:get -Dartifact=org.graalvm.nativeimage:svm:$GV

step "2. copy Temurin to $H (java.home must be writable: lib/svm/..., lib/static/...)"
[ -x $H/bin/java ] || cp -a $TEMURIN $H

step "3. GraalVM sources (tag vm-$GV, from ./sources): libchelper, jvm.posix, libcontainer, driver"
rm -rf svmsrc driversrc; mkdir -p svmsrc driversrc
cp -r "$SOURCES/substratevm" svmsrc/ && cp -r "$SOURCES/substratevm" driversrc/

step "4. SVM C libraries -> $H/lib/svm/clibraries/linux-amd64/{include,glibc}"
S=svmsrc/substratevm/src; C=$H/lib/svm/clibraries/linux-amd64
mkdir -p $C/include $C/glibc build/chelper build/jvm build/container $H/lib/svm/builder/lib
cp $S/com.oracle.svm.native.libchelper/include/*.h $C/include/
CF="-g -fPIC -O2 -D_LITTLE_ENDIAN -ffunction-sections -fdata-sections -fvisibility=hidden -D_FORTIFY_SOURCE=0"
for f in $S/com.oracle.svm.native.libchelper/src/*.c; do
  $NICE gcc $CF -I $S/com.oracle.svm.native.libchelper/include -I $H/include -I $H/include/linux -c $f -o build/chelper/$(basename $f .c).o
done
rm -f $C/glibc/*.a; ar rcs $C/glibc/liblibchelper.a build/chelper/*.o
$NICE gcc $CF -D_GNU_SOURCE -I $H/include -I $H/include/linux -c $S/com.oracle.svm.native.jvm.posix/src/JvmFuncs.c -o build/jvm/JvmFuncs.o
$NICE gcc $CF -I $H/include -I $H/include/linux -c csrc/jvm_fallbacks.c -o build/jvm/jvm_fallbacks.o  # JVM_RawMonitor*, JVM_NativePath
ar rcs $C/glibc/libjvm.a build/jvm/JvmFuncs.o build/jvm/jvm_fallbacks.o
LC=$S/com.oracle.svm.native.libcontainer
XF="-O2 -fno-rtti -fno-exceptions -fvisibility=hidden -fPIC -DNATIVE_IMAGE -DLINUX -DINCLUDE_SUFFIX_COMPILER=_gcc -std=c++14 -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS -D__STDC_CONSTANT_MACROS"
for d in java.base/share/native/include java.base/unix/native/include hotspot hotspot/share hotspot/os/linux hotspot/os/posix hotspot/os/posix/include svm svm/share; do XF="$XF -I$LC/src/$d"; done
for f in $(find $LC/src -name '*.cpp'); do $NICE g++ $XF -c $f -o build/container/$(basename $f .cpp).o; done
ar rcs $C/glibc/libsvm_container.a build/container/*.o
# builder-side JNI helper (progress reporter); own 10-line implementation in csrc/reporter
gcc -O2 -shared -fPIC -I $H/include -I $H/include/linux csrc/reporter/reporterchelper.c -o $H/lib/svm/builder/lib/libreporterchelper.so

step "5. JNI headers for java.base natives (javac -h over Temurin's own src.zip)"
mkdir -p jsrc gensrc-hdr gensrc-cls
(cd jsrc && unzip -q -o $H/lib/src.zip 'java.base/*' && cd java.base && grep -rlE '(\snative\s[^=]*\(|@Native\b)' --include=*.java . | sed "s|^\./|$W/jsrc/java.base/|" > ../natives.lst)
$NICE $H/bin/javac -J-Xmx2g --patch-module java.base=$W/jsrc/java.base -h gensrc-hdr -d gensrc-cls -implicit:none -proc:none -nowarn -Xlint:none @jsrc/natives.lst 2>/dev/null || true
(cd jsrc && unzip -q -o $H/lib/src.zip 'jdk.net/*')
$H/bin/javac --patch-module jdk.net=$W/jsrc/jdk.net -h gensrc-hdr -d gensrc-cls2 -implicit:none -proc:none -nowarn jsrc/jdk.net/jdk/net/LinuxSocketOptions.java 2>/dev/null || true
(cd jsrc && unzip -q -o $H/lib/src.zip 'jdk.management/*')
$H/bin/javac --patch-module jdk.management=$W/jsrc/jdk.management -h gensrc-hdr -d gensrc-cls3 -implicit:none -proc:none -nowarn jsrc/jdk.management/com/sun/management/internal/OperatingSystemImpl.java 2>/dev/null || true

step "6. OpenJDK java.base native sources from Debian's openjdk-26 source package"
mkdir -p apt/lists/partial apt/cache/archives/partial apt/src jdksrc patched
# the machine's own Debian mirror (read from its apt configuration), suite sid, source packages only
URI=$(grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' | grep -E '/debian/?$' | head -1)
[ -n "$URI" ] || URI=$(grep -hE '^deb ' /etc/apt/sources.list 2>/dev/null | awk '{print $2}' | grep -E '/debian/?$' | head -1)
[ -n "$URI" ] || { echo "no Debian mirror found in the apt configuration" >&2; exit 1; }
printf 'deb-src %s sid main\n' "$URI" > apt/sources.list
AO="-o Dir::Etc::sourcelist=$W/apt/sources.list -o Dir::Etc::sourceparts=/nonexistent -o Dir::State::Lists=$W/apt/lists -o Dir::Cache=$W/apt/cache"
if ! ls apt/src/openjdk-26_*.orig.tar.xz >/dev/null 2>&1; then
  $NICE apt-get $AO update >/dev/null
  (cd apt/src && $NICE apt-get $AO source --download-only openjdk-26)
fi
T=$(ls apt/src/openjdk-26_*.orig.tar.xz | head -1); P=$(tar -tJf $T 2>/dev/null | head -1 | cut -d/ -f1 || true)
tar -xJf $T -C jdksrc --strip-components=1 --wildcards "$P/src/java.base/share/native/*" "$P/src/java.base/unix/native/*" \
  "$P/src/java.base/linux/native/*" "$P/src/hotspot/share/include/*" "$P/src/hotspot/os/posix/include/*" "$P/src/jdk.net/linux/native/*" \
  "$P/src/jdk.management/share/native/*" "$P/src/jdk.management/unix/native/*" "$P/src/jdk.management/linux/native/*"
# JDK 26 -> JDK 25 API difference: UnixNativeDispatcher.fstatat0 returns errno in 26, is void+throws in 25
python3 - "$W" <<'EOF'
import sys; W=sys.argv[1]
p=W+'/jdksrc/src/java.base/unix/native/libnio/fs/UnixNativeDispatcher.c'; s=open(p).read()
old='JNIEXPORT jint JNICALL\nJava_sun_nio_fs_UnixNativeDispatcher_fstatat0(JNIEnv* env, jclass this, jint dfd,\n    jlong pathAddress, jint flag, jobject attrs)'
assert old in s
s=s.replace(old,'static jint\nfstatat0_jdk26(JNIEnv* env, jclass this, jint dfd,\n    jlong pathAddress, jint flag, jobject attrs)')
s+='\nJNIEXPORT void JNICALL\nJava_sun_nio_fs_UnixNativeDispatcher_fstatat0(JNIEnv* env, jclass this, jint dfd,\n    jlong pathAddress, jint flag, jobject attrs)\n{ jint err = fstatat0_jdk26(env, this, dfd, pathAddress, flag, attrs); if (err != 0) throwUnixException(env, err); }\n'
open(W+'/patched/UnixNativeDispatcher.c','w').write(s)
EOF

step "7. static JDK libs -> $H/lib/static/linux-amd64/glibc/lib{java,net,nio,zip,extnet}.a"
W=$W bash $W/build-jdk-static.sh

step "7b. com.sun.management's OperatingSystemImpl natives (Micrometer's process metrics reach them) -> libjvm.a"
MS=$W/jdksrc/src; MINC="-I$W/gensrc-hdr -I$MS/java.base/share/native/include -I$MS/java.base/unix/native/include -I$MS/java.base/share/native/libjava -I$MS/java.base/unix/native/libjava -I$MS/hotspot/share/include -I$MS/hotspot/os/posix/include -I$H/include -I$H/include/linux -I$MS/jdk.management/share/native/libmanagement_ext"
mkdir -p build/mgmt
for f in $MS/jdk.management/unix/native/libmanagement_ext/OperatingSystemImpl.c $MS/jdk.management/linux/native/libmanagement_ext/UnixOperatingSystem.c; do
  $NICE gcc -O2 -fPIC -fno-strict-aliasing -D_GNU_SOURCE -D_REENTRANT -DLINUX -DNDEBUG -D_LITTLE_ENDIAN -D_LP64=1 -DSTATIC_BUILD=1 -w $MINC -c $f -o build/mgmt/$(basename $f .c).o
done
ar rs $H/lib/svm/clibraries/linux-amd64/glibc/libjvm.a build/mgmt/*.o

step "8. native-image layout: lib/svm/builder, lib/jvmci, lib/truffle, driver, bin/native-image"
mkdir -p $H/lib/svm/builder $H/lib/jvmci $H/lib/truffle $H/lib/svm-driver driver-cls driver-res
for a in svm pointsto objectfile native-image-base svm-capnproto-runtime svm-configure; do cp $R/nativeimage/$a/$GV/$a-$GV.jar $H/lib/svm/builder/$a.jar; done
cp $R/espresso/espresso-svm/$GV/espresso-svm-$GV.jar $H/lib/svm/builder/espresso-svm.jar
cp $R/compiler/compiler/$GV/compiler-$GV.jar $H/lib/jvmci/graal.jar
for a in word collections nativeimage nativeimage-libgraal; do cp $R/sdk/$a/$GV/$a-$GV.jar $H/lib/jvmci/$a.jar; done
cp $R/truffle/truffle-compiler/$GV/truffle-compiler-$GV.jar $H/lib/truffle/truffle-compiler.jar
CPJ=$(ls $H/lib/svm/builder/*.jar $H/lib/jvmci/*.jar | tr '\n' ':')
find driversrc -name '*.java' > driver.lst
$NICE $H/bin/javac -J-Xmx1g -proc:none -nowarn -d driver-cls -cp "$CPJ" --add-exports java.base/jdk.internal.jimage=ALL-UNNAMED \
  --add-exports jdk.jfr/jdk.jfr.internal=ALL-UNNAMED --add-exports java.base/jdk.internal.module=ALL-UNNAMED @driver.lst
cp -r driversrc/substratevm/src/com.oracle.svm.driver/resources/* driver-res/
cp -r driversrc/substratevm/src/com.oracle.svm.driver.launcher/resources/* driver-res/
# the builder JVM's --add-exports list (normally generated by mx at GraalVM build time)
printf '25\n' > driver-res/graal-compiler-flags-versions.config
printf -- '-XX:+UnlockExperimentalVMOptions\n-XX:+EnableJVMCI\n' > driver-res/graal-compiler-flags-25.config
$H/bin/java --add-modules=ALL-SYSTEM GenExports.java org.graalvm.nativeimage.base,org.graalvm.nativeimage.builder,org.graalvm.nativeimage.pointsto,org.graalvm.nativeimage.objectfile,jdk.graal.compiler,org.graalvm.nativeimage.configure \
  2>/dev/null | grep -vE 'jdk.hotspot.agent|jdk.jcmd/|jdk.incubator.vector' >> driver-res/graal-compiler-flags-25.config
$H/bin/jar cf $H/lib/svm-driver/svm-driver.jar -C driver-cls . -C driver-res .
# exports the driver JVM itself needs (<1000 add-exports allowed per JVM)
A=$H/lib/svm-driver/driver-exports.args; : > $A
for j in $H/lib/svm/builder/*.jar $H/lib/jvmci/*.jar; do m=$($H/bin/jar --describe-module --file $j | head -1 | awk '{print $1}')
  unzip -Z1 $j | grep '\.class$' | grep -v module-info | sed 's|/[^/]*$||' | sort -u | tr '/' '.' | sed "s|^|--add-exports=$m/|; s|\$|=ALL-UNNAMED|" >> $A; done
grep -E -- '--add-exports=(java\.base|jdk\.internal\.vm\.ci|jdk\.jfr|jdk\.management|jdk\.unsupported)/' driver-res/graal-compiler-flags-25.config | sed 's/$/,ALL-UNNAMED/' >> $A
echo '--add-opens=java.base/jdk.internal.module=ALL-UNNAMED,org.graalvm.nativeimage.base,org.graalvm.nativeimage.builder' >> $A
cp native-image.launcher $H/bin/native-image && chmod +x $H/bin/native-image
$H/bin/native-image --version

echo "GRAALVM_HOME=$H"
[ "${SELF_TEST:-1}" = 1 ] || exit 0
step "9. self-test: a hello-world native executable"
mkdir -p hello/classes; $H/bin/javac -d hello/classes hello/Hello.java
(cd hello && $NICE $H/bin/native-image -J-Xmx6g -cp classes Hello -o hello-native)
./hello/hello-native a b
step "10. (optional) java.net.http client+server on loopback: needs libextnet.a (built in step 7)"
# mkdir -p httptest/classes && $H/bin/javac -d httptest/classes httptest/HttpHello.java
# (cd httptest && $NICE $H/bin/native-image -cp classes HttpHello -o http-hello && ./http-hello)
step "done"
