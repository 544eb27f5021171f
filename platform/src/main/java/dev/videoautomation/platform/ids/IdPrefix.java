package dev.videoautomation.platform.ids;

import java.util.Locale;

/** The id prefixes of design §4, one per kind of thing the suite names. */
public enum IdPrefix {
  CLI, KEY, RGN, CLM, CLA, ACC, PST, REF, AST, PRJ, TRK, VID, CMP, IMG, MED, CHK, CS, REQ, EVT, OPR;

  private final String prefix = name().toLowerCase(Locale.ROOT);

  public String prefix() {
    return prefix;
  }
}
