package dev.videoautomation.billing.checkout;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.billing.config.BillingConfig;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * Keeps a keyless checkout's API key encrypted (AES-256-GCM, the session id as associated data) between the moment
 * auth mints it and the one poll of {@code credits/status} that hands it out (docs/internal-api.md §3.2).
 */
@ApplicationScoped
public class CredentialVault {
  private static final SecureRandom RANDOM = new SecureRandom();
  private final Optional<SecretKeySpec> key;

  CredentialVault(BillingConfig config) {
    this.key = config.checkout().credentialKey().filter(k -> !k.isBlank()).map(text -> {
      var bytes = Base64.getDecoder().decode(text.trim());
      if (bytes.length != 32) {
        throw new IllegalStateException("BILLING_CHECKOUT_CREDENTIAL_KEY must be the base64 of 32 bytes");
      }
      return new SecretKeySpec(bytes, "AES");
    });
  }

  public boolean configured() {
    return key.isPresent();
  }

  /** Refuses a keyless checkout early when there is no key to keep its API key with. */
  public void requireConfigured() {
    if (key.isEmpty()) {
      throw new ApiException(ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, "Checkout without an API key is switched "
          + "off on this server; subscribe with your key instead (register at POST /v1/auth/agent).")
          .withSetup("Set BILLING_CHECKOUT_CREDENTIAL_KEY to the base64 of 32 random bytes (openssl rand -base64 32) "
              + "and restart billing-service."));
    }
  }

  /** {ciphertext, nonce}. */
  public byte[][] seal(String sessionId, String credential) {
    requireConfigured();
    try {
      var nonce = new byte[12];
      RANDOM.nextBytes(nonce);
      var cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, key.get(), new GCMParameterSpec(128, nonce));
      cipher.updateAAD(sessionId.getBytes(StandardCharsets.UTF_8));
      return new byte[][] {cipher.doFinal(credential.getBytes(StandardCharsets.UTF_8)), nonce};
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Could not encrypt the credential", e);
    }
  }

  public String open(String sessionId, byte[] ciphertext, byte[] nonce) {
    requireConfigured();
    try {
      var cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.DECRYPT_MODE, key.get(), new GCMParameterSpec(128, nonce));
      cipher.updateAAD(sessionId.getBytes(StandardCharsets.UTF_8));
      return new String(cipher.doFinal(ciphertext), StandardCharsets.UTF_8);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Could not decrypt the credential (was the key changed?)", e);
    }
  }
}
