package dev.videoautomation.gateway.routing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The route patterns as a tree of path segments, built once: a lookup walks the request's segments down the literal
 * and {@code *} branches instead of scoring every pattern, so its cost grows with the path's depth, not with the
 * table. Specificity: literal segments count most, then single wildcards, and a
 * trailing {@code **} counts nothing; on a tie the earlier row of the table wins.
 */
final class RouteTrie {
  private final Node root = new Node();

  private static final class Node {
    private final Map<String, Node> literals = new HashMap<>();
    private Node anyOne;
    /** Rows whose pattern ends here. */
    private final List<Row> ending = new ArrayList<>();
    /** Rows whose pattern ends here with {@code **}: this path and anything below it. */
    private final List<Row> prefixes = new ArrayList<>();
  }

  private record Row(Route route, int order) {
  }

  RouteTrie(List<Route> routes) {
    for (int order = 0; order < routes.size(); order++) {
      var route = routes.get(order);
      var node = root;
      var segments = route.segments();
      for (int i = 0; i < segments.size(); i++) {
        var segment = segments.get(i);
        if (segment.equals(PathPattern.REST) && i == segments.size() - 1) {
          node.prefixes.add(new Row(route, order));
          node = null;
          break;
        }
        if (segment.equals(PathPattern.ONE)) {
          node = node.anyOne == null ? (node.anyOne = new Node()) : node.anyOne;
        } else {
          node = node.literals.computeIfAbsent(segment, ignored -> new Node());
        }
      }
      if (node != null) {
        node.ending.add(new Row(route, order));
      }
    }
  }

  /** The routes matching {@code segments}: the most specific with {@code method}, and the other methods seen. */
  Matches match(String method, List<String> segments) {
    var matches = new Matches(method);
    walk(root, segments, 0, 0, matches);
    return matches;
  }

  private static void walk(Node node, List<String> segments, int depth, int score, Matches matches) {
    for (var row : node.prefixes) {
      matches.offer(row, score);
    }
    if (depth == segments.size()) {
      for (var row : node.ending) {
        matches.offer(row, score + 1);
      }
      return;
    }
    var literal = node.literals.get(segments.get(depth));
    if (literal != null) {
      walk(literal, segments, depth + 1, score + 100, matches);
    }
    if (node.anyOne != null) {
      walk(node.anyOne, segments, depth + 1, score + 1, matches);
    }
  }

  /** What one lookup found. */
  static final class Matches {
    private final String method;
    private Row best;
    private int bestScore = -1;
    private TreeSet<String> otherMethods;

    private Matches(String method) {
      this.method = method;
    }

    private void offer(Row row, int score) {
      if (!row.route().method().equals(method)) {
        if (otherMethods == null) {
          otherMethods = new TreeSet<>();
        }
        otherMethods.add(row.route().method());
      } else if (score > bestScore || (score == bestScore && row.order() < best.order())) {
        best = row;
        bestScore = score;
      }
    }

    Route best() {
      return best == null ? null : best.route();
    }

    /** The methods of the other routes on this path, empty when there are none. */
    TreeSet<String> otherMethods() {
      return otherMethods == null ? new TreeSet<>() : otherMethods;
    }
  }
}
