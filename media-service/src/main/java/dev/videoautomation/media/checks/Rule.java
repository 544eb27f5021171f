package dev.videoautomation.media.checks;

/**
 * One rule in force: its name, its value (of {@link RuleName#type()}) and how much a failure matters.
 *
 * @param custom whether the client's custom rules set it (rather than the built-in set)
 */
public record Rule(RuleName name, Object value, Severity severity, boolean custom) {

  public static Rule builtIn(RuleName name, Object value) {
    return new Rule(name, value, name.defaultSeverity(), false);
  }

  public static Rule builtIn(RuleName name, Object value, Severity severity) {
    return new Rule(name, value, severity, false);
  }
}
