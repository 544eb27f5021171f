package dev.videoautomation.platform.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class LimitedInputStreamTest {
  private static InputStream bytes(int n) {
    var data = new byte[n];
    for (int i = 0; i < n; i++) {
      data[i] = (byte) i;
    }
    return new ByteArrayInputStream(data);
  }

  @Test
  void truncatedEndsAtTheLimit() throws IOException {
    var in = LimitedInputStream.truncated(bytes(10), 4);
    assertThat(in.readAllBytes()).containsExactly(0, 1, 2, 3);
    assertThat(in.read()).isEqualTo(-1);
  }

  @Test
  void truncatedReadsByteByByteAndSkipsWithinTheLimit() throws IOException {
    var in = LimitedInputStream.truncated(bytes(10), 3);
    assertThat(in.skip(2)).isEqualTo(2);
    assertThat(in.read()).isEqualTo(2);
    assertThat(in.read()).isEqualTo(-1);
    assertThat(in.skip(5)).isZero();
  }

  @Test
  void truncatedShorterStreamEndsWhereItEnds() throws IOException {
    assertThat(LimitedInputStream.truncated(bytes(2), 5).readAllBytes()).containsExactly(0, 1);
  }

  @Test
  void refusingPassesAStreamOfExactlyTheLimit() throws IOException {
    var in = LimitedInputStream.refusing(bytes(5), 5, () -> new IllegalStateException("too long"));
    assertThat(in.readAllBytes()).hasSize(5);
  }

  @Test
  void refusingThrowsTheCallersErrorOnceOnePastTheLimit() {
    var calls = new AtomicInteger();
    var in = LimitedInputStream.refusing(bytes(6), 5, () -> {
      calls.incrementAndGet();
      return new IllegalStateException("too long");
    });
    assertThatThrownBy(in::readAllBytes).isInstanceOf(IllegalStateException.class).hasMessage("too long");
    assertThat(calls).hasValue(1);
  }

  @Test
  void refusingCountsSingleByteReads() throws IOException {
    var in = LimitedInputStream.refusing(bytes(3), 2, () -> new IllegalStateException("too long"));
    assertThat(in.read()).isZero();
    assertThat(in.read()).isEqualTo(1);
    assertThatThrownBy(in::read).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void refusingNeverAsksTheStreamBeneathForMoreThanOnePastTheLimit() throws IOException {
    var asked = new AtomicInteger();
    var beneath = new InputStream() {
      @Override
      public int read() {
        return 0;
      }

      @Override
      public int read(byte[] b, int off, int len) {
        asked.set(Math.max(asked.get(), len));
        return len;
      }
    };
    var in = LimitedInputStream.refusing(beneath, 10, () -> new IllegalStateException("too long"));
    assertThatThrownBy(() -> in.read(new byte[100], 0, 100)).isInstanceOf(IllegalStateException.class);
    assertThat(asked).hasValue(11);
  }

  @Test
  void closeClosesTheStreamBeneath() throws IOException {
    var closed = new AtomicInteger();
    var beneath = new ByteArrayInputStream(new byte[1]) {
      @Override
      public void close() {
        closed.incrementAndGet();
      }
    };
    LimitedInputStream.truncated(beneath, 1).close();
    assertThat(closed).hasValue(1);
  }
}
