# Sourced by every bench/*/run.sh: the JDK, a packaged suite no older than its sources, and run_bench <Class> to start
# one benchmark's main class from system-tests with the suite's classpath.
source scripts/java-home.sh

stamp=system-tests/target/.suite-built
if [ ! -f "$stamp" ] || [ -n "$(find pom.xml ./*/pom.xml ./*/src -newer "$stamp" -type f -print -quit 2>/dev/null)" ]; then
  echo "Building the suite ..."
  ./mvnw -B -q package -DskipTests -DskipITs
  touch "$stamp"
fi

run_bench() {
  exec "$JAVA_HOME/bin/java" ${JAVA_OPTS:-} -Djava.util.logging.manager=org.jboss.logmanager.LogManager \
    -Dsuite.root="$PWD" -cp "system-tests/target/classes:system-tests/target/lib/*" "dev.videoautomation.suite.bench.$1"
}
