# Shared by bin/benchmark and the other launchers: finds Java, builds the tool when its sources
# changed (or on first use), and assembles the class path from the modules' target/ directories.
# Drivers are picked up from every driver-*/ module, so adding a driver needs no change here.

KBENCH_HOME="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"

kbench_build_if_needed() {
  local marker="$KBENCH_HOME/benchmark-framework/target/.kbench-built"
  local stale=""
  if [ ! -f "$marker" ]; then
    stale="first use"
  elif [ -n "$(find "$KBENCH_HOME" \( -path "$KBENCH_HOME/*/target" -o -path "$KBENCH_HOME/deploy" \
          -o -path "$KBENCH_HOME/integration-tests" -o -path "$KBENCH_HOME/perf-compare" \) -prune -o \
          \( -name pom.xml -o -path '*/src/main/*' \) -newer "$marker" -print -quit 2>/dev/null)" ]; then
    stale="sources changed"
  fi
  if [ -n "$stale" ]; then
    echo "Building kbench ($stale; this takes a minute or two the first time)..." >&2
    if ! command -v mvn >/dev/null 2>&1; then
      echo "error: Maven (mvn) is needed to build kbench; install Maven 3.8+ and Java 17+" >&2
      exit 2
    fi
    # target/lib is copied anew: a jar a module no longer depends on (e.g. a second SLF4J provider) must go.
    rm -rf "$KBENCH_HOME"/benchmark-framework/target/lib "$KBENCH_HOME"/driver-*/target/lib "$KBENCH_HOME"/local-kafka/target/lib
    # The tool only: not the tests (nor their compilation, a quarter of the build), nor deploy/ (Pulumi and the AWS
    # SDK are large and only for deploying; the image and the release archive are built by mvn -Pimage package), nor
    # the container tests.
    if ! (cd "$KBENCH_HOME" && mvn -q -B -Dmaven.test.skip=true package -pl '!integration-tests,!deploy,!deploy/aws,!deploy/image,!container-tests' \
          >"$KBENCH_HOME/target-build.log" 2>&1); then
      echo "error: the build failed; see $KBENCH_HOME/target-build.log" >&2
      exit 2
    fi
    rm -f "$KBENCH_HOME/target-build.log"
    touch "$marker"
  fi
}

# The worker agent's class path: the framework and the drivers, no broker. A worker never starts a
# cluster (the coordinator does), so the broker jars (~50 MB) stay off every remote machine.
kbench_worker_classpath() {
  local cp="" jar
  for jar in "$KBENCH_HOME"/benchmark-framework/target/benchmark-framework-*.jar; do cp="$jar"; done
  cp="$cp:$KBENCH_HOME/benchmark-framework/target/lib/*"
  local module
  for module in "$KBENCH_HOME"/driver-*/; do
    module="${module%/}"
    # driver-api is in benchmark-framework/target/lib already; driver-testkit is JUnit test code, not a driver.
    case "$(basename "$module")" in driver-api|driver-testkit) continue ;; esac
    for jar in "$module"/target/"$(basename "$module")"-*.jar; do [ -f "$jar" ] && cp="$cp:$jar"; done
    [ -d "$module/target/lib" ] && cp="$cp:$module/target/lib/*"
  done
  echo "$cp"
}

# The coordinator's (bin/benchmark) class path: the worker's plus local-kafka, which starts the
# default run's cluster (driver-kafka finds it with ServiceLoader).
kbench_classpath() {
  local cp jar
  cp="$(kbench_worker_classpath)"
  for jar in "$KBENCH_HOME"/local-kafka/target/local-kafka-*.jar; do [ -f "$jar" ] && cp="$cp:$jar"; done
  [ -d "$KBENCH_HOME/local-kafka/target/lib" ] && cp="$cp:$KBENCH_HOME/local-kafka/target/lib/*"
  echo "$cp"
}
