package dev.videoautomation.platform.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Gives an application under test the test key pair as files, for packaged applications
 * ({@code @QuarkusIntegrationTest}) that cannot see the test-jar's classpath.
 */
public class TestKeysResource implements QuarkusTestResourceLifecycleManager {

  @Override
  public Map<String, String> start() {
    var keys = writeTestKeys();
    return Map.of(
        "mp.jwt.verify.publickey.location", keys.resolve("public.pem").toUri().toString(),
        "smallrye.jwt.sign.key.location", keys.resolve("private.pem").toUri().toString());
  }

  @Override
  public void stop() {
    // The files live in a temporary directory removed with the JVM.
  }

  /** Copies the test key pair into a new temporary directory as {@code public.pem} and {@code private.pem}. */
  public static Path writeTestKeys() {
    try {
      var dir = Files.createTempDirectory("vas-test-keys");
      dir.toFile().deleteOnExit();
      copy("internal-token/test-public.pem", dir.resolve("public.pem"));
      copy("internal-token/test-private.pem", dir.resolve("private.pem"));
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void copy(String resource, Path target) throws IOException {
    try (var in = TestKeysResource.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException("Missing test resource " + resource);
      }
      Files.copy(in, target);
      target.toFile().deleteOnExit();
    }
  }
}
