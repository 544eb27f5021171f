package dev.videoautomation.gateway.mcp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

import dev.videoautomation.platform.openapi.Toolset;

/**
 * Which tools a session lists (issue 33 §1): the sets the MCP URL's {@code toolsets} parameter names, or the default
 * without one, together with the sets the session enabled ({@code enableToolsets}). The default is the {@code start}
 * and {@code jobs} sets, {@code stageMediaFromUrl} and the records' reads; {@code all} is every tool; {@code default}
 * may be named beside sets ({@code ?toolsets=default,scrape}). A tool whose operation names no set the gateway knows
 * is listed with the default.
 */
record ToolsetChoice(boolean all, boolean withDefault, Set<Toolset> sets) {
  /** The MCP URL's query parameter. */
  static final String PARAMETER = "toolsets";
  static final String ALL = "all";
  static final String DEFAULT = "default";
  static final Set<Toolset> DEFAULT_SETS = EnumSet.of(Toolset.START, Toolset.JOBS);
  static final ToolsetChoice DEFAULT_CHOICE = new ToolsetChoice(false, true, Set.of());

  /** A {@code toolsets} value naming a set there is none of. */
  static final class UnknownToolset extends IllegalArgumentException {
    UnknownToolset(String message) {
      super(message);
    }
  }

  /** The choice {@code value} (comma-separated, the parameter's value; null or blank is the default). */
  static ToolsetChoice parse(String value) {
    if (value == null || value.isBlank()) {
      return DEFAULT_CHOICE;
    }
    var all = false;
    var withDefault = false;
    var sets = EnumSet.noneOf(Toolset.class);
    var unknown = new ArrayList<String>();
    for (var name : value.split(",")) {
      var trimmed = name.strip();
      switch (trimmed) {
        case ALL -> all = true;
        case DEFAULT -> withDefault = true;
        default -> Toolset.byId(trimmed).ifPresentOrElse(sets::add, () -> unknown.add(trimmed));
      }
    }
    if (!unknown.isEmpty()) {
      throw new UnknownToolset("Field '" + PARAMETER + "' names " + unknown.stream().map(n -> "'" + n + "'")
          .collect(Collectors.joining(", ")) + ", which is no toolset; name " + known() + ".");
    }
    return new ToolsetChoice(all, withDefault, Set.copyOf(sets));
  }

  /** The names a choice may use, for messages. */
  static String known() {
    return Arrays.stream(Toolset.values()).map(Toolset::id).collect(Collectors.joining(", ")) + ", " + DEFAULT
        + " or " + ALL;
  }

  /** Whether a tool is in the default: its set is a default set, or it is staging from a URL or a records read. */
  static boolean inDefault(OperationTool tool) {
    return tool.toolset() == null || DEFAULT_SETS.contains(tool.toolset())
        || tool.name().equals(OperationTool.STAGE_FROM_URL) || tool.toolset() == Toolset.RECORDS && tool.readOnly();
  }

  /** Whether a session of this choice, having enabled {@code enabled}, lists {@code tool}. */
  boolean lists(OperationTool tool, Set<Toolset> enabled) {
    return all || withDefault && inDefault(tool) || tool.toolset() != null
        && (sets.contains(tool.toolset()) || enabled.contains(tool.toolset()));
  }
}
