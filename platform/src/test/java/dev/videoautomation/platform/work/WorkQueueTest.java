package dev.videoautomation.platform.work;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Claims against the real PostgreSQL: disjoint under concurrency, leases honoured until they run out, in order. */
class WorkQueueTest {
  private static final Duration LEASE = Duration.ofMinutes(5);

  private DataSource dataSource;
  private WorkQueue pending;

  @BeforeEach
  void freshTable() {
    dataSource = WorkTables.freshWorkTable();
    pending = WorkQueue.of(dataSource, "work.items", "status = 'pending' AND due_at <= now()", "due_at, id",
        "lease_until");
  }

  @Test
  void shouldNeverHandTheSameRowToTwoConcurrentClaimers() throws Exception {
    var ids = new HashSet<String>();
    for (int i = 0; i < 60; i++) {
      WorkTables.insert(dataSource, "row" + i, "video", "pending", -1);
      ids.add("row" + i);
    }
    var tokened = pending.withToken("lease_token");
    // A barrier before every round makes the two claims race each other round after round.
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
          mine.addAll(tokened.claim(token, perClaim, LEASE));
        }
        return mine;
      });
    }
    var results = pool.invokeAll(claimers, 2, TimeUnit.MINUTES);
    pool.shutdown();
    var a = results.get(0).get();
    var b = results.get(1).get();

    assertThat(a).isNotEmpty().doesNotHaveDuplicates().doesNotContainAnyElementsOf(b);
    assertThat(b).isNotEmpty().doesNotHaveDuplicates();
    var all = new HashSet<>(a);
    all.addAll(b);
    assertThat(all).isEqualTo(ids);
    assertThat(WorkTables.text(dataSource, "SELECT lease_token FROM work.items WHERE id = '" + a.get(0) + "'"))
        .isEqualTo("worker-a");
  }

  @Test
  void shouldSkipALeasedRowUntilItsLeaseRunsOut() throws Exception {
    WorkTables.insert(dataSource, "held", "video", "pending", -1);

    assertThat(pending.claim(10, LEASE)).containsExactly("held");
    assertThat(pending.claim(10, LEASE)).as("leased to the first claimer").isEmpty();

    // its worker died: the lease runs out and the row is due again
    WorkTables.execute(dataSource, "UPDATE work.items SET lease_until = now() - interval '1 second'");
    assertThat(pending.claim(10, Duration.ofMillis(300))).containsExactly("held");
    Thread.sleep(400);
    assertThat(pending.claim(10, LEASE)).as("the short lease ran out").containsExactly("held");
  }

  @Test
  void shouldTakeTheEarliestDueRowsFirstAndAnswerThemInThatOrder() {
    WorkTables.insert(dataSource, "c", "video", "pending", -10);
    WorkTables.insert(dataSource, "a", "video", "pending", -30);
    WorkTables.insert(dataSource, "e", "video", "pending", -5);
    WorkTables.insert(dataSource, "b", "video", "pending", -20);
    WorkTables.insert(dataSource, "d", "video", "pending", -10);
    WorkTables.insert(dataSource, "later", "video", "pending", 3600);

    assertThat(pending.claim(4, LEASE)).containsExactly("a", "b", "c", "d");
    assertThat(pending.claim(4, LEASE)).containsExactly("e");
  }

  @Test
  void shouldBindTheDueConditionsArgumentsAndWriteTheToken() {
    WorkTables.insert(dataSource, "image1", "image", "pending", -1);
    WorkTables.insert(dataSource, "video1", "video", "pending", -1);
    WorkTables.insert(dataSource, "done", "image", "succeeded", -1);
    var byKind = WorkQueue.of(dataSource, "work.items", "kind = ? AND status <> ?", "due_at", "lease_until")
        .withToken("lease_token");

    assertThat(byKind.claim("token-1", 10, LEASE, "image", "succeeded")).containsExactly("image1");
    assertThat(WorkTables.text(dataSource, "SELECT lease_token FROM work.items WHERE id = 'image1'"))
        .isEqualTo("token-1");
    assertThat(WorkTables.text(dataSource, "SELECT lease_until > now() + interval '4 minutes' "
        + "FROM work.items WHERE id = 'image1'")).isEqualTo("t");
    assertThat(WorkTables.text(dataSource, "SELECT lease_until FROM work.items WHERE id = 'video1'")).isNull();
  }

  @Test
  void shouldRefuseAClaimThatDoesNotMatchHowTheQueueIsHeld() {
    assertThatThrownBy(() -> pending.claim("token", 1, LEASE)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> pending.withToken("lease_token").claim(1, LEASE))
        .isInstanceOf(IllegalStateException.class);
  }
}
