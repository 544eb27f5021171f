package dev.videoautomation.records.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.records.Simulated;

/**
 * The list query on 100k records of one client (plus 20k of another): a selective and an unselective tag filter,
 * both ANDed, a filter matching nothing, and a second page each use an index (the GIN index on tags or the keyset
 * btree), never a scan of the table. The plans and times are printed for docs/records-service.md; the timing goal is
 * measured by bench/records, not asserted here.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES))
class TagFilterPlanTest {
  static final String CLIENT = "cli_tagPlanBench00000000001";
  static final String LIST = "SELECT * FROM saved_references WHERE client_id = ? AND tags @> CAST(? AS jsonb)"
      + " ORDER BY created_at DESC, id DESC LIMIT 51";
  static final Pattern EXECUTION = Pattern.compile("Execution Time: ([0-9.]+) ms");

  @Inject
  DataSource dataSource;

  @Test
  void shouldAnswerSelectiveAndUnselectiveTagFiltersFromIndexesOn100kRecords() throws SQLException {
    try (var connection = dataSource.getConnection(); var statement = connection.createStatement()) {
      statement.execute("""
          INSERT INTO saved_references (id, client_id, url, tags, metadata, created_at, updated_at)
          SELECT 'ref_bench' || lpad(i::text, 8, '0'), CASE WHEN i <= 100000 THEN '%s' ELSE 'cli_other' END,
                 'https://example.net/' || i,
                 jsonb_build_array(jsonb_build_object('key', 'env', 'value', 'prod'),
                                   jsonb_build_object('key', 'batch', 'value', 'b' || (i %% 1000)),
                                   jsonb_build_object('key', 'uniq', 'value', i::text)),
                 '{}', now() - make_interval(secs => i), now() - make_interval(secs => i)
          FROM generate_series(1, 120000) AS i""".formatted(CLIENT));
      statement.execute("ANALYZE saved_references");
    }
    var cases = new String[][] {
        {"selective (100 of 100k)", "[{\"key\": \"batch\", \"value\": \"b7\"}]", null},
        {"unselective (all 100k)", "[{\"key\": \"env\", \"value\": \"prod\"}]", null},
        {"both ANDed", "[{\"key\": \"env\", \"value\": \"prod\"}, {\"key\": \"batch\", \"value\": \"b7\"}]", null},
        {"one row", "[{\"key\": \"uniq\", \"value\": \"4242\"}]", null},
        {"no match", "[{\"key\": \"batch\", \"value\": \"none\"}]", null},
        {"unselective, page 2 (cursor)", "[{\"key\": \"env\", \"value\": \"prod\"}]", "page2"}};
    var times = new ArrayList<String>();
    for (var c : cases) {
      var sql = c[2] == null ? LIST : LIST.replace(" ORDER BY", " AND (created_at, id) < ("
          + "(SELECT created_at FROM saved_references WHERE id = 'ref_bench00000100'), 'ref_bench00000100') ORDER BY");
      // warm once, as a running service would be
      explain(sql, c[1]);
      var plan = explain(sql, c[1]);
      var matcher = EXECUTION.matcher(plan);
      assertThat(matcher.find()).isTrue();
      var ms = Double.parseDouble(matcher.group(1));
      times.add(c[0] + ": " + ms + " ms");
      System.out.println("== " + c[0] + " ==\n" + plan);
      assertThat(plan).as(c[0]).doesNotContain("Seq Scan").containsPattern("Index (Only )?Scan");
    }
    System.out.println("TAG FILTER TIMINGS " + times);
  }

  private String explain(String sql, String tags) throws SQLException {
    try (var connection = dataSource.getConnection();
         var statement = connection.prepareStatement("EXPLAIN (ANALYZE, BUFFERS) " + sql)) {
      statement.setString(1, CLIENT);
      statement.setString(2, tags);
      var plan = new StringBuilder();
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          plan.append(rows.getString(1)).append('\n');
        }
      }
      return plan.toString();
    }
  }
}
