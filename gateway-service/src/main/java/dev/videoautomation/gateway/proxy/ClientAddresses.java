package dev.videoautomation.gateway.proxy;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;


import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.platform.hashes.Hashes;

import io.vertx.core.http.HttpServerRequest;

/**
 * The agent's address, which owners use as a rate-limit key (docs/internal-api.md §1.2 rule 6): the TCP peer, or,
 * when the peer is a trusted proxy ({@code gateway.trusted-proxies}, CIDRs), the right-most {@code X-Forwarded-For}
 * entry that is not itself a trusted proxy. Nothing an untrusted caller sends can choose the address.
 */
@Singleton
public class ClientAddresses {
  public static final String HEADER = "X-Client-Address";
  /** Marks the gateway's calls to itself; never forwarded to an owner. */
  public static final String RELAY_HEADER = "X-Gateway-Relay";

  private final List<Cidr> trusted;
  private final String relaySecret = newSecret();

  @Inject
  ClientAddresses(GatewayConfig config) {
    this(config.trustedProxies());
  }

  ClientAddresses(Optional<List<String>> trustedProxies) {
    var cidrs = new ArrayList<Cidr>();
    trustedProxies.orElse(List.of()).forEach(text -> cidrs.add(Cidr.parse(text.trim())));
    this.trusted = List.copyOf(cidrs);
  }

  public String of(HttpServerRequest request) {
    var remote = request.remoteAddress();
    if (remote == null) {
      return null;
    }
    var relayed = relayed(remote.hostAddress(), request.getHeader(RELAY_HEADER), request.getHeader(HEADER));
    return relayed != null ? relayed : resolve(remote.hostAddress(), request.headers().getAll("X-Forwarded-For"));
  }

  /** The secret this process puts on its loopback calls (MCP calls of its own routes) beside the caller's address. */
  public String relaySecret() {
    return relaySecret;
  }

  /**
   * The address this gateway relayed on a call to itself: only from loopback and with this process's secret, so no
   * caller can choose it.
   */
  String relayed(String peer, String secret, String address) {
    if (secret == null || address == null || !(peer.startsWith("127.") || peer.equals("::1")
        || peer.equals("0:0:0:0:0:0:0:1")) || !Hashes.constantTimeEquals(secret, relaySecret)
        || !parses(address)) {
      return null;
    }
    return address;
  }

  String resolve(String peer, List<String> forwardedFor) {
    if (!isTrusted(peer)) {
      return peer;
    }
    var hops = new ArrayList<String>();
    forwardedFor.forEach(value -> {
      for (var hop : value.split(",")) {
        if (!hop.isBlank()) {
          hops.add(hop.trim());
        }
      }
    });
    for (int i = hops.size() - 1; i >= 0; i--) {
      var hop = hops.get(i);
      if (!isTrusted(hop)) {
        return parses(hop) ? hop : peer;
      }
    }
    return peer;
  }

  private static String newSecret() {
    var bytes = new byte[24];
    new SecureRandom().nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  private boolean isTrusted(String address) {
    for (var cidr : trusted) {
      if (cidr.contains(address)) {
        return true;
      }
    }
    return false;
  }

  private static boolean parses(String address) {
    return address.matches("[0-9a-fA-F:.]+") && toBytes(address) != null;
  }

  private static byte[] toBytes(String literal) {
    if (!literal.matches("[0-9a-fA-F:.]+")) {
      return null; // a literal only: never a DNS lookup
    }
    try {
      return InetAddress.getByName(literal).getAddress();
    } catch (UnknownHostException e) {
      return null;
    }
  }

  /** An address block such as {@code 10.0.0.0/8} or {@code ::1/128}; a bare address is a block of one. */
  record Cidr(byte[] network, int prefixLength) {
    static Cidr parse(String text) {
      var slash = text.indexOf('/');
      var address = toBytes(slash < 0 ? text : text.substring(0, slash));
      if (address == null) {
        throw new IllegalArgumentException("gateway.trusted-proxies: not an address block: " + text);
      }
      var prefix = slash < 0 ? address.length * 8 : Integer.parseInt(text.substring(slash + 1));
      return new Cidr(address, prefix);
    }

    boolean contains(String literal) {
      var address = toBytes(literal);
      if (address == null || address.length != network.length) {
        return false;
      }
      for (int bit = 0; bit < prefixLength; bit++) {
        var mask = 1 << (7 - bit % 8);
        if ((address[bit / 8] & mask) != (network[bit / 8] & mask)) {
          return false;
        }
      }
      return true;
    }
  }
}
