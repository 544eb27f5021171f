package dev.videoautomation.clone;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.clone.tasks.Task;
import dev.videoautomation.clone.tasks.TaskClaims;
import dev.videoautomation.clone.tasks.TaskStore;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/** Two workers claiming at the same moment against the real Postgres never take the same task. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties", value =
    "quarkus.rest-client.media-client.url,quarkus.rest-client.billing-client.url,clone.provider.base-url,"
        + "clone.vision.base-url"))
@TestProfile(WithProvider.class)
class ClaimTest {
  @Inject
  TaskClaims claims;

  @Inject
  TaskStore store;

  @Inject
  AgroalDataSource dataSource;

  @Test
  void shouldNeverHandTheSameTaskToTwoConcurrentClaimers() throws Exception {
    var ids = new HashSet<String>();
    for (int i = 0; i < 60; i++) {
      var task = new Task();
      task.id = dev.videoautomation.platform.ids.Ids.newId(dev.videoautomation.platform.ids.IdPrefix.IMG);
      task.kind = "image";
      task.purpose = "generate";
      task.clientId = "cli_claimTest000000000001";
      task.status = Task.PENDING;
      task.model = "m";
      task.input = new HashMap<>();
      task.operation = "image.generate";
      task.refundState = "none";
      task.nextAttemptAt = Instant.now().minusSeconds(1);
      task.createdAt = TaskStore.now();
      task.updatedAt = task.createdAt;
      task.deadlineAt = task.createdAt.plusSeconds(900);
      store.create(task);
      ids.add(task.id);
    }
    try {
      // A barrier before every round makes the two claims race each other round after round; without it one
      // claimer could drain the table before the other thread was scheduled, and the race would go untested.
      var barrier = new CyclicBarrier(2);
      var pool = Executors.newFixedThreadPool(2);
      int perClaim = 3;
      int rounds = ids.size() / (2 * perClaim) + 1;
      List<Callable<List<String>>> claimers = new ArrayList<>();
      for (var token : List.of("worker-a", "worker-b")) {
        claimers.add(() -> {
          var mine = new ArrayList<String>();
          for (int round = 0; round < rounds; round++) {
            barrier.await(30, TimeUnit.SECONDS);
            mine.addAll(claims.claim(perClaim, Duration.ofMinutes(5), token));
          }
          return mine;
        });
      }
      var results = pool.invokeAll(claimers, 2, TimeUnit.MINUTES);
      pool.shutdown();
      var a = results.get(0).get();
      var b = results.get(1).get();
      assertThat(a).doesNotHaveDuplicates().doesNotContainAnyElementsOf(b);
      assertThat(b).doesNotHaveDuplicates();
      var all = new HashSet<>(a);
      all.addAll(b);
      assertThat(all).containsAll(ids);
      assertThat(a).isNotEmpty();
      assertThat(b).isNotEmpty();
    } finally {
      try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(
          "DELETE FROM clone.tasks WHERE client_id = 'cli_claimTest000000000001'")) {
        statement.executeUpdate();
      }
    }
  }
}
