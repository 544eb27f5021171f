package dev.videoautomation.platform.notify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class PgNotifyTest {
  @Test
  void payloadNamesTheIdsInOrderBetweenTheEventAndTheTime() {
    var ids = new LinkedHashMap<String, String>();
    ids.put("keyId", "key_1");
    ids.put("clientId", "cli_a");
    assertThat(PgNotify.payload("key.revoked", ids, 1763700000000L))
        .isEqualTo("{\"v\":1,\"event\":\"key.revoked\",\"keyId\":\"key_1\",\"clientId\":\"cli_a\","
            + "\"at\":1763700000000}");
  }

  @Test
  void anAbsentIdIsNull() {
    var ids = new LinkedHashMap<String, String>();
    ids.put("clientId", null);
    assertThat(PgNotify.payload("entitlement.changed", ids, 1L))
        .isEqualTo("{\"v\":1,\"event\":\"entitlement.changed\",\"clientId\":null,\"at\":1}");
  }

  @Test
  void textThatWouldBreakTheJsonIsEscaped() {
    assertThat(PgNotify.payload("e", Map.of("id", "a\"b\\c\n"), 2L))
        .isEqualTo("{\"v\":1,\"event\":\"e\",\"id\":\"a\\\"b\\\\c\\u000a\",\"at\":2}");
  }
}
