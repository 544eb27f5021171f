package dev.videoautomation.platform.calls;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class PriceListTest {
  private final PriceList prices = new PriceList("usd", List.of(), List.of(
      new PriceList.PricedOperation("image.generate", "image", 4, "resolution", "1K",
          Map.of("1K", 4, "2K", 6, "4K", 10)),
      new PriceList.PricedOperation("clone.render", "render", 60, null, null, null)), 1L);

  @Test
  void theNamedVariantPricesTheCall() {
    assertThat(prices.operation("image.generate").orElseThrow().cost(Map.of("resolution", "4K"), 3)).isEqualTo(30);
  }

  @Test
  void anUnknownOrMissingVariantFallsBackToTheDefault() {
    var image = prices.operation("image.generate").orElseThrow();
    assertThat(image.cost(Map.of("resolution", "8K"), 1)).isEqualTo(4);
    assertThat(image.cost(null, 2)).isEqualTo(8);
  }

  @Test
  void aFlatOperationCostsItsCreditsPerUnit() {
    assertThat(prices.operation("clone.render").orElseThrow().cost(Map.of(), 2)).isEqualTo(120);
    assertThat(prices.operation("music.generate")).isEmpty();
  }
}
