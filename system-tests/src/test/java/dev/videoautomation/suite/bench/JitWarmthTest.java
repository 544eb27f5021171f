package dev.videoautomation.suite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;

import org.junit.jupiter.api.Test;

/** How the bench reads the JIT's compile time and decides a warm-up is done. */
class JitWarmthTest {
  @Test
  void shouldReadTheCompileTimeColumnOfJstat() {
    var output = """
        Compiled Failed Invalid   Time   FailedType FailedMethod
           15861      1       0   200.75          1 io/agroal/pool/wrapper/ConnectionWrapper createArrayOf
        """;
    assertThat(JitWarmth.parse(output)).isEqualTo(200.75);
    assertThat(JitWarmth.parse("   15861      1       0   200,75          1 a b")).isNaN();
    assertThat(JitWarmth.parse("Compiled Failed Invalid Time\n 3 0 0 1,5")).isEqualTo(1.5);
    assertThat(JitWarmth.parse("12345: Could not attach")).isNaN();
  }

  @Test
  void shouldWarmThisJvmUntilItsJitSettlesWithinTheCap() throws Exception {
    var slices = new ArrayList<Integer>();
    // This JVM does no work meanwhile, so its JIT is settled after the first slice past the floor.
    var warmed = JitWarmth.warm("Nothing", ProcessHandle.current().pid(), 1, slices::add);
    assertThat(slices).startsWith(1, JitWarmth.SLICE_SECONDS);
    assertThat(warmed).isEqualTo(slices.stream().mapToInt(Integer::intValue).sum());
    assertThat(slices).hasSizeLessThanOrEqualTo(1 + JitWarmth.MAX_EXTRA_SLICES);
    assertThat(JitWarmth.compileSeconds(ProcessHandle.current().pid())).isPositive();
  }
}
