package dev.videoautomation.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Every JVM image sizes its heap from JAVA_MAX_MEM_RATIO, the one setting deploy/ gives all seven (vas-common): the
 * UBI-based five through run-java.sh, media and clone (Temurin-based, for ffmpeg) through their own entrypoint,
 * which this test runs with /bin/sh and a stand-in {@code java} that records its arguments. No Docker needed.
 */
class JvmImagesTest {
  private static final Pattern ENTRYPOINT = Pattern.compile("(?m)^ENTRYPOINT\\s+(\\[.*])\\s*$");
  private static final String RUN_JAVA = "/opt/jboss/container/java/run/run-java.sh";

  @TempDir
  Path work;

  @ParameterizedTest
  @ValueSource(strings = {"gateway-service", "auth-service", "billing-service", "scrape-service", "records-service"})
  void theUbiImagesStartThroughRunJava(String service) throws Exception {
    assertThat(entrypoint(service)).containsExactly(RUN_JAVA);
  }

  @ParameterizedTest
  @ValueSource(strings = {"media-service", "clone-service"})
  void mediaAndCloneTakeTheHeapShareFromJavaMaxMemRatio(String service) throws Exception {
    assertThat(javaArguments(service, Map.of("JAVA_MAX_MEM_RATIO", "50"))).containsOnlyOnce("-XX:MaxRAMPercentage=50")
        .filteredOn(arg -> arg.startsWith("-XX:MaxRAMPercentage")).hasSize(1);
    // Unset: run-java.sh's default share.
    assertThat(javaArguments(service, Map.of())).filteredOn(arg -> arg.startsWith("-XX:MaxRAMPercentage"))
        .containsExactly("-XX:MaxRAMPercentage=80");
    // 0: the JVM's own default, as with run-java.sh.
    assertThat(javaArguments(service, Map.of("JAVA_MAX_MEM_RATIO", "0")))
        .noneMatch(arg -> arg.startsWith("-XX:MaxRAMPercentage"));
    assertThat(javaArguments(service, Map.of("JAVA_OPTS_APPEND", "-Xmx300m -Dvas.probe=1")))
        .contains("-Xmx300m", "-Dvas.probe=1")
        .endsWith("-jar", "/deployments/quarkus-run.jar");
  }

  /** The gateway's event loops are the images' own, and the count the gateway bench measures with. */
  @ParameterizedTest
  @ValueSource(strings = {"jvm", "native"})
  void theGatewayImagesSetTheEventLoopsTheBenchMeasures(String variant) throws Exception {
    var text = Files.readString(RenderedManifests.ROOT.resolve("gateway-service/src/main/docker/Dockerfile." + variant));
    assertThat(text).containsOnlyOnce("ENV QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE=")
        .contains("ENV QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE="
            + dev.videoautomation.suite.bench.GatewayBench.IMAGE_EVENT_LOOPS + "\n");
  }

  /** The arguments the image's entrypoint hands to java, with these variables set (and nothing else but PATH). */
  private List<String> javaArguments(String service, Map<String, String> variables) throws Exception {
    var command = new ArrayList<>(entrypoint(service));
    var bin = Files.createDirectories(work.resolve("bin"));
    if (!command.getFirst().contains("/")) {
      command.set(0, bin.resolve(command.getFirst()).toString());
    }
    var recorded = work.resolve("java-arguments");
    var java = Files.writeString(bin.resolve("java"), "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$RECORDED\"\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwx------"));
    Files.deleteIfExists(recorded);

    var process = new ProcessBuilder(command).redirectErrorStream(true);
    var environment = process.environment();
    environment.clear();
    environment.putAll(new HashMap<>(variables));
    environment.put("PATH", bin + ":/usr/bin:/bin");
    environment.put("RECORDED", recorded.toString());
    var started = process.start();
    var output = new String(started.getInputStream().readAllBytes());
    assertThat(started.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(started.exitValue()).as(output).isZero();
    return Files.readAllLines(recorded);
  }

  private static List<String> entrypoint(String service) throws Exception {
    var matcher = ENTRYPOINT.matcher(Files.readString(dockerfile(service)).replace("\\\n", " "));
    assertThat(matcher.find()).as(service + " has an exec-form ENTRYPOINT").isTrue();
    return List.of(new ObjectMapper().readValue(matcher.group(1), String[].class));
  }

  private static Path dockerfile(String service) {
    return RenderedManifests.ROOT.resolve(service + "/src/main/docker/Dockerfile.jvm");
  }
}
