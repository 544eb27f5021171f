# Sourced by the project's scripts: sets JAVA_HOME to a JDK of version 21 or newer, preferring the newest found.
# Looks at JAVA_HOME, the java on PATH, and the usual install folders; says what to install when none fits.
_vas_java_version() {
  "$1/bin/java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}' |
    awk -F. '{print ($1 == "1") ? $2 : $1}'
}

_vas_find_jdk() {
  local best="" best_version=0 candidate version
  local on_path=""
  if command -v javac >/dev/null 2>&1; then
    on_path=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
  fi
  for candidate in "${JAVA_HOME:-}" "$on_path" /usr/lib/jvm/* /opt/java/* /opt/jdk* "$HOME"/.sdkman/candidates/java/*; do
    [ -n "$candidate" ] && [ -x "$candidate/bin/javac" ] || continue
    version=$(_vas_java_version "$candidate")
    [[ "$version" =~ ^[0-9]+$ ]] || continue
    if [ "$version" -ge 21 ] && [ "$version" -gt "$best_version" ]; then
      best="$candidate"
      best_version="$version"
    fi
  done
  if [ -z "$best" ]; then
    echo "This project needs a JDK 21 or newer, and none was found (looked at JAVA_HOME, PATH and /usr/lib/jvm)." >&2
    echo "Install one, for example: apt-get install openjdk-21-jdk (or Temurin 21/25), or set JAVA_HOME to it." >&2
    return 1
  fi
  export JAVA_HOME="$best"
  export PATH="$JAVA_HOME/bin:$PATH"
  # JDK 24+ warns when Maven's bundled Guice uses sun.misc.Unsafe; the warning says nothing about this project.
  if [ "$best_version" -ge 24 ]; then
    export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
  fi
}

_vas_find_jdk || exit 1
