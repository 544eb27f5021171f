package dev.videoautomation.platform.errors;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import org.junit.jupiter.api.Test;

class DatabaseOutageTest {
  @Test
  void shouldRecogniseAnOutageDeepInTheCauseChain() {
    var refused = new SQLException("Connection to 127.0.0.1:5432 refused", "08001");
    assertThat(DatabaseOutage.causedBy(new IllegalStateException("wrapped", new RuntimeException(refused)))).isTrue();
    assertThat(DatabaseOutage.causedBy(new SQLException("terminating connection due to administrator command",
        "57P01"))).isTrue();
    assertThat(DatabaseOutage.causedBy(new SQLTransientConnectionException("pool"))).isTrue();
    assertThat(DatabaseOutage.causedBy(new SQLException("Sorry, acquisition timeout!"))).isTrue();
  }

  @Test
  void shouldRecogniseTextTheDatabaseCannotStore() {
    var nul = new SQLException("invalid byte sequence for encoding \"UTF8\": 0x00", "22021");
    assertThat(DatabaseOutage.unstorableText(new IllegalStateException("flush", nul))).isTrue();
    assertThat(DatabaseOutage.unstorableText(new SQLException("unsupported Unicode escape sequence", "22P05")))
        .isTrue();
    assertThat(DatabaseOutage.unstorableText(new SQLException("duplicate key", "23505"))).isFalse();
    assertThat(DatabaseOutage.causedBy(nul)).isFalse();
  }

  @Test
  void shouldLeaveOtherFailuresAlone() {
    assertThat(DatabaseOutage.causedBy(new SQLException("duplicate key", "23505"))).isFalse();
    assertThat(DatabaseOutage.causedBy(new NullPointerException())).isFalse();
  }
}
