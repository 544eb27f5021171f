package dev.videoautomation.billing.checkout;

import java.util.List;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The bodies of subscribing: {@code POST /v1/subscribe}, {@code GET /v1/credits/status} and the checkout page. */
public final class CheckoutDtos {
  static final String SESSION_ID = "^cs_[0-9A-Za-z]{1,61}$";
  static final String SESSION_ID_EXAMPLE = "cs_4bQ1x9TzKc3LmN8pR2sV7w";
  /** Every prefixed id is at most this long (platform {@code Ids.looksLike}). */
  static final int ID_MAX_LENGTH = 64;
  static final int URL_MAX_LENGTH = 2048;
  static final String MAX_EPOCH_MS = "253402300799999";
  static final String MAX_INT32 = "2147483647";

  private CheckoutDtos() {
  }

  @Schema(name = "SubscribeRequest", additionalProperties = Schema.False.class, description = "Optional: no body "
      + "subscribes to pro, with no receipt address. Unknown fields are refused (400).")
  public record SubscribeRequest(
      @Schema(maxLength = 32, defaultValue = "pro", description = "The plan (GET /v1/pricing lists them).",
          example = "pro") @Size(max = 32) String plan,
      @Schema(maxLength = 254, format = "email", description = "The receipt address; for a checkout without a key "
          + "also the new client's key-recovery address, once verified.", example = "buyer@example.com")
      @Email @Size(max = 254) String email) {
  }

  @RegisterForReflection
  @Schema(name = "CheckoutSessionStarted", description = "A checkout to pay: open checkoutUrl, then poll "
      + "GET /v1/credits/status?sessionId=….")
  public record Started(
      @Schema(required = true, maxLength = ID_MAX_LENGTH, pattern = SESSION_ID, example = SESSION_ID_EXAMPLE)
      String sessionId,
      @Schema(required = true, maxLength = URL_MAX_LENGTH, format = "uri", description = "The page to pay at: this "
          + "server's checkout page, or Stripe's.", example = "https://api.example.com/checkout/"
          + SESSION_ID_EXAMPLE) String checkoutUrl,
      @Schema(required = true, format = "int64", minimum = "0", maximum = MAX_EPOCH_MS, description = "Epoch ms after "
          + "which the checkout can no longer be paid.") long expiresAt) {
  }

  @RegisterForReflection
  @Schema(name = "CheckoutStatus", description = "Where a checkout stands. `subscription` and `credits` are null "
      + "until it completes; `credential` (with `credentialType` and `scopes`) carries the new client's key once, "
      + "on the first answer after a checkout made without a key completes, and is null on every other answer.")
  public record Status(
      @Schema(required = true, maxLength = ID_MAX_LENGTH, pattern = SESSION_ID, example = SESSION_ID_EXAMPLE)
      String sessionId,
      @Schema(required = true, enumeration = {CheckoutSession.PENDING, CheckoutSession.COMPLETE,
          CheckoutSession.EXPIRED}) String status,
      @Schema(required = true, nullable = true, maxLength = ID_MAX_LENGTH, pattern = "^cli_[0-9A-Za-z]{1,60}$",
          description = "The client subscribed; null while a checkout made without a key is pending.")
      String clientId,
      @Schema(required = true) SubscriptionState subscription,
      @Schema(required = true) CreditBalance credits,
      @Schema(required = true, nullable = true, minLength = 58, maxLength = 58,
          pattern = "^svc_live_[0-9A-Za-z]{49}$", description = "The new client's API key, on one answer only; "
          + "recover a lost one with POST /v1/api_keys/recover.") String credential,
      @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(enumeration = {"api_key"}, description = "With "
          + "`credential` only.") String credentialType,
      @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(type = SchemaType.ARRAY, implementation = Scope.class,
          maxItems = 2, description = "With `credential` only.") List<String> scopes) {
  }

  /**
   * The checkout page asked for JSON: the session's status alone, never the key, which only
   * {@code GET /v1/credits/status} hands over.
   */
  @RegisterForReflection
  @Schema(name = "CheckoutPageStatus", description = "Where the checkout stands; GET /v1/credits/status tells more.")
  public record PageStatus(@Schema(required = true, enumeration = {CheckoutSession.PENDING, CheckoutSession.COMPLETE,
      CheckoutSession.EXPIRED}) String status) {
  }

  @RegisterForReflection
  // Nullable on the schema itself: OpenAPI 3.0 has no nullable $ref, and null stands for "not complete yet".
  @Schema(name = "CheckoutSubscription", nullable = true, description = "The client's subscription once the "
      + "checkout completed; null before.")
  public record SubscriptionState(
      @Schema(required = true, nullable = true, maxLength = 32, example = "pro") String plan,
      @Schema(required = true, enumeration = {"none", "active", "past_due", "canceled", "expired"}) String status,
      @Schema(required = true) boolean active,
      @Schema(required = true, nullable = true, format = "int64", minimum = "0", maximum = MAX_EPOCH_MS,
          description = "Epoch ms when the paid period ends.") Long periodEnd) {
  }

  @RegisterForReflection
  @Schema(name = "CheckoutCredits", nullable = true, description = "The client's credit balance once the checkout "
      + "completed; null before.")
  public record CreditBalance(@Schema(required = true, format = "int32", minimum = "0", maximum = MAX_INT32)
      int balance) {
  }

  /** For the document only: the items of {@code scopes}, the same schema as auth's key answers use. */
  @Schema(name = "Scope", type = SchemaType.STRING, enumeration = {"api.read", "api.write"}, description = "api.read "
      + "allows every GET; api.write every other method (paid routes also need a subscription).")
  static final class Scope {
  }
}
