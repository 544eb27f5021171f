package dev.videoautomation.platform.spending;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.calls.PriceList;

/**
 * What one call of a spending operation costs: a row of {@link SpendingOperation} priced with billing's price list.
 * {@code /v1/pricing} (billing) and {@code /v1/info} (gateway) both list these, built here, so the two never differ.
 */
@RegisterForReflection
@Schema(name = "CallCost", description = "What one call of an operation that spends costs: one unit of its daily "
    + "bucket (when metered) and its credits (when it charges). variants with variantField: the body field picks "
    + "the variant, and an absent field costs `credits` (the default variant). variants without variantField: the "
    + "deployment picks it (clone's character and frame images, 1K unless configured).")
public record CallCost(
    @Schema(required = true, maxLength = 64, example = "generateImage",
        description = "The operationId in /v1/openapi.json (and the MCP tool's name).") String operationId,
    @Schema(required = true, enumeration = {"POST", "PUT", "DELETE"}) String method,
    @Schema(required = true, maxLength = 200, example = "/v1/images/generate") String path,
    @Schema(required = true, nullable = true, maxLength = 40, example = "images.generate",
        description = "The daily bucket a call takes one unit of; null when unmetered.") String bucket,
    @Schema(required = true, nullable = true, maxLength = 40, example = "image.generate",
        description = "The billing operation a call is charged as (its price is in GET /v1/pricing `operations`); "
            + "null when it costs no credits.") String billingOperation,
    @Schema(required = true, nullable = true, format = "int32", minimum = "0", maximum = "2147483647", example = "4",
        description = "Credits a call costs without a variant named (0 when it charges none); null only when the "
            + "price list lacks its billingOperation.") Integer credits,
    @Schema(required = true, nullable = true, maxLength = 64, example = "resolution",
        description = "The request body field whose value picks the variant; null when the caller cannot pick.")
    String variantField,
    @Schema(required = true, nullable = true, maxProperties = 20, example = "{\"1K\": 4, \"2K\": 6, \"4K\": 10}",
        description = "Credits by variant; null when the cost does not vary.")
    Map<String, @Min(0) @Max(Integer.MAX_VALUE) Integer> variants) {

  /**
   * Every spending operation, in the table's order, priced by {@code prices} (billing operation name → its price;
   * empty when the list lacks it).
   */
  public static List<CallCost> all(Function<String, Optional<PriceList.PricedOperation>> prices) {
    return Arrays.stream(SpendingOperation.values()).map(row -> of(row, prices)).toList();
  }

  private static CallCost of(SpendingOperation row, Function<String, Optional<PriceList.PricedOperation>> prices) {
    var bucket = row.bucket().map(b -> b.bucketName()).orElse(null);
    if (row.billing().isEmpty()) {
      return new CallCost(row.operationId(), row.method(), row.path(), bucket, null, 0, null, null);
    }
    var operation = row.billingOperationName();
    var price = prices.apply(operation);
    Integer credits = price.map(p -> p.cost(Map.of(), 1)).orElse(null);
    var variants = row.variant().isEmpty() ? null
        : price.map(PriceList.PricedOperation::variants).filter(v -> !v.isEmpty()).map(LinkedHashMap::new)
            .orElse(null);
    var field = variants == null ? null : row.variant().flatMap(PriceVariant::bodyField).orElse(null);
    return new CallCost(row.operationId(), row.method(), row.path(), bucket, operation, credits, field, variants);
  }
}
