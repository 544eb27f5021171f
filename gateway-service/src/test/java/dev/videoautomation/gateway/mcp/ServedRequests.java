package dev.videoautomation.gateway.mcp;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.quarkus.vertx.http.runtime.filters.Filters;

/**
 * Every request the gateway's own HTTP server takes while a test records (method and path), seen by a filter ahead of
 * all of the gateway's: so a test can tell that a tool call made no second HTTP request to the gateway.
 */
@ApplicationScoped
public class ServedRequests {
  private final List<String> served = new CopyOnWriteArrayList<>();
  private volatile boolean recording;

  void register(@Observes Filters filters) {
    filters.register(rc -> {
      if (recording) {
        served.add(rc.request().method() + " " + rc.request().path());
      }
      rc.next();
    }, 20_000);
  }

  void start() {
    served.clear();
    recording = true;
  }

  /** Stops recording; what was served meanwhile. */
  List<String> stop() {
    recording = false;
    return List.copyOf(served);
  }
}
