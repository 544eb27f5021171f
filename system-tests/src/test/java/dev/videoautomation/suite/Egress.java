package dev.videoautomation.suite;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.StreamSupport;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Where the rendered NetworkPolicies let one pod connect, with Kubernetes' semantics: once an Egress policy selects
 * the pod it may connect only where the rules of the policies selecting it allow, and policies only ever add. Nothing
 * here connects anywhere or resolves a name: addresses are literals compared with CIDR blocks.
 */
record Egress(List<Rule> rules) {
  private static final String NAMESPACE_LABEL = "kubernetes.io/metadata.name";

  /** One egress rule: its policy, namespace, peers and ports ("5432/TCP"; "*" when it names none: every port). */
  record Rule(String policy, String namespace, List<JsonNode> peers, Set<String> ports) {
  }

  /** The egress rules of every policy that selects a pod with these labels, and whether any policy selects it. */
  static Egress of(RenderedManifests manifests, Map<String, String> podLabels) {
    var rules = new ArrayList<Rule>();
    for (var policy : manifests.ofKind("NetworkPolicy")) {
      var isEgress = StreamSupport.stream(policy.at("/spec/policyTypes").spliterator(), false)
          .anyMatch(type -> type.asText().equals("Egress"));
      if (!isEgress || !selects(policy.at("/spec/podSelector"), podLabels)) {
        continue;
      }
      for (var rule : policy.at("/spec/egress")) {
        var peers = new ArrayList<JsonNode>();
        rule.path("to").forEach(peers::add);
        rules.add(new Rule(RenderedManifests.name(policy), policy.at("/metadata/namespace").asText(""), peers,
            ports(rule)));
      }
    }
    return new Egress(rules);
  }

  /** The ports on which the pod reaches a pod with these labels in that namespace (empty: not at all). */
  Set<String> portsToPod(String namespace, Map<String, String> labels) {
    var ports = new TreeSet<String>();
    for (var rule : rules) {
      for (var peer : rule.peers()) {
        var inNamespace = peer.has("namespaceSelector")
            ? selects(peer.get("namespaceSelector"), Map.of(NAMESPACE_LABEL, namespace))
            : namespace.equals(rule.namespace());
        var ofPod = !peer.has("podSelector") || selects(peer.get("podSelector"), labels);
        if (!peer.has("ipBlock") && inNamespace && ofPod) {
          ports.addAll(rule.ports());
        }
      }
    }
    return ports;
  }

  /** The ports on which the pod reaches this IP address through an ipBlock (empty: not at all). */
  Set<String> portsToAddress(String address) {
    var ports = new TreeSet<String>();
    for (var rule : rules) {
      for (var peer : rule.peers()) {
        if (peer.has("ipBlock") && allows(peer.get("ipBlock"), address)) {
          ports.addAll(rule.ports());
        }
      }
    }
    return ports;
  }

  /** Kubernetes label selector semantics (matchLabels and matchExpressions; an empty selector selects all). */
  static boolean selects(JsonNode selector, Map<String, String> labels) {
    var matches = true;
    for (var entry : selector.path("matchLabels").properties()) {
      matches &= entry.getValue().asText().equals(labels.get(entry.getKey()));
    }
    for (var expression : selector.path("matchExpressions")) {
      var value = labels.get(expression.path("key").asText());
      var values = new ArrayList<String>();
      expression.path("values").forEach(v -> values.add(v.asText()));
      matches &= switch (expression.path("operator").asText()) {
        case "In" -> value != null && values.contains(value);
        case "NotIn" -> value == null || !values.contains(value);
        case "Exists" -> value != null;
        case "DoesNotExist" -> value == null;
        default -> throw new IllegalArgumentException("selector operator " + expression);
      };
    }
    return matches;
  }

  static boolean allows(JsonNode ipBlock, String address) {
    if (!inCidr(ipBlock.path("cidr").asText(), address)) {
      return false;
    }
    for (var except : ipBlock.path("except")) {
      if (inCidr(except.asText(), address)) {
        return false;
      }
    }
    return true;
  }

  static boolean inCidr(String cidr, String address) {
    var slash = cidr.indexOf('/');
    var network = literal(cidr.substring(0, slash));
    var candidate = literal(address);
    if (network.length != candidate.length) {
      return false;
    }
    var bits = network.length * 8;
    var prefix = Integer.parseInt(cidr.substring(slash + 1));
    var shift = bits - prefix;
    return new BigInteger(1, network).shiftRight(shift).equals(new BigInteger(1, candidate).shiftRight(shift));
  }

  private static byte[] literal(String address) {
    if (!address.matches("[0-9a-fA-F.:]+")) {
      throw new IllegalArgumentException("not an IP literal: " + address);
    }
    try {
      // A literal never reaches DNS.
      return InetAddress.getByName(address).getAddress();
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(address, e);
    }
  }

  private static Set<String> ports(JsonNode rule) {
    var ports = new TreeSet<String>();
    if (!rule.has("ports") || rule.get("ports").isEmpty()) {
      ports.add("*");
    }
    for (var port : rule.path("ports")) {
      var range = port.has("endPort") ? port.path("port").asText() + "-" + port.path("endPort").asText()
          : port.path("port").asText();
      ports.add(range + "/" + port.path("protocol").asText("TCP"));
    }
    return ports;
  }
}
