package dev.videoautomation.platform.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/** Starts a {@link TestSmtpServer} and points Quarkus Mailer at it; inject it into a {@code TestSmtpServer} field. */
public class SmtpResource implements QuarkusTestResourceLifecycleManager {
  private TestSmtpServer server;

  @Override
  public Map<String, String> start() {
    try {
      server = new TestSmtpServer();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Map.of(
        "quarkus.mailer.host", "127.0.0.1",
        "quarkus.mailer.port", String.valueOf(server.port()),
        "quarkus.mailer.mock", "false",
        "quarkus.mailer.tls", "false",
        "quarkus.mailer.start-tls", "DISABLED");
  }

  @Override
  public void inject(TestInjector injector) {
    injector.injectIntoFields(server, new TestInjector.MatchesType(TestSmtpServer.class));
  }

  @Override
  public void stop() {
    try {
      server.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
