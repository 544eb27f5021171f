package dev.videoautomation.billing.checkout;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** One checkout: who buys (a client, or nobody yet), through which provider, and where it stands. */
@Entity
@Table(name = "checkout_sessions")
public class CheckoutSession {
  public static final String PENDING = "pending";
  public static final String COMPLETE = "complete";
  public static final String EXPIRED = "expired";

  @Id
  public String id;

  @Column(name = "client_id")
  public String clientId;

  public String provider;

  @Column(name = "provider_session_id")
  public String providerSessionId;

  public String plan;

  public String email;

  public String status;

  @Column(name = "created_at")
  public Instant createdAt;

  @Column(name = "expires_at")
  public Instant expiresAt;

  @Column(name = "completed_at")
  public Instant completedAt;

  @Column(name = "credential_ciphertext")
  public byte[] credentialCiphertext;

  @Column(name = "credential_nonce")
  public byte[] credentialNonce;

  @Column(name = "credential_delivered_at")
  public Instant credentialDeliveredAt;

  /** Whether completing this session minted a client and its key (a checkout made without a key). */
  public boolean mintedAKey() {
    return credentialCiphertext != null || credentialDeliveredAt != null;
  }
}
