package dev.videoautomation.platform.work;

import java.time.Clock;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.quarkus.arc.DefaultBean;

/**
 * Makes a {@link Clock} injectable in every service: the system clock in UTC, unless a service (or its tests)
 * provides another bean. Code that stamps and schedules background work reads the time from it rather than from a
 * static, so no feature has to import another one's notion of "now".
 */
@ApplicationScoped
public class ClockProducer {

  @Produces
  @Singleton
  @DefaultBean
  Clock clock() {
    return Clock.systemUTC();
  }
}
