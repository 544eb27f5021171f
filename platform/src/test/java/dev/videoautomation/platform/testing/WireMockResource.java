package dev.videoautomation.platform.testing;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * A simulated provider over real HTTP: a WireMock server on a dynamic loopback port. The init arg {@code properties}
 * lists (comma-separated) the config keys to point at it, e.g.
 * {@code @WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
 * value = "quarkus.rest-client.media-client.url"))}. Inject it with {@link InjectWireMock}.
 */
public class WireMockResource implements QuarkusTestResourceLifecycleManager {
  private WireMockServer server;
  private String[] properties = new String[0];

  @Override
  public void init(Map<String, String> initArgs) {
    var names = initArgs.getOrDefault("properties", "");
    properties = Arrays.stream(names.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toArray(String[]::new);
  }

  @Override
  public Map<String, String> start() {
    server = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
    server.start();
    var config = new LinkedHashMap<String, String>();
    for (var property : properties) {
      config.put(property, server.baseUrl());
    }
    return config;
  }

  @Override
  public void inject(TestInjector injector) {
    injector.injectIntoFields(server,
        new TestInjector.AnnotatedAndMatchesType(InjectWireMock.class, WireMockServer.class));
  }

  @Override
  public void stop() {
    if (server != null) {
      server.stop();
    }
  }
}
