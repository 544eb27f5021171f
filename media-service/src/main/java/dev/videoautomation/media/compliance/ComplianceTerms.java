package dev.videoautomation.media.compliance;

import java.util.List;

/**
 * The word lists of the in-process rules: modest, English-first lists of phrases that TikTok's Community Guidelines
 * (https://www.tiktok.com/community-guidelines) and Instagram's Community Guidelines
 * (https://help.instagram.com/477434105621119) and Meta's Advertising Standards
 * (https://transparency.meta.com/policies/ad-standards/) restrict. They catch the obvious; nuance (slurs, context,
 * other languages) is left to the moderation provider when one is configured. Terms match as whole words in any case.
 */
final class ComplianceTerms {

  /** A category of the rules: its name, its severity, and the terms that reveal it. */
  record TermCategory(String name, String severity, List<String> terms) {
  }

  static final List<TermCategory> CATEGORIES = List.of(
      // Firearms, ammunition and explosives: TikTok "Regulated goods and commercial activities", Meta "Weapons".
      new TermCategory("prohibited.weapons", ComplianceScan.HIGH, List.of(
          "firearm", "firearms", "handgun", "handguns", "assault rifle", "assault rifles", "ar-15", "ak-47",
          "ghost gun", "ghost guns", "3d printed gun", "untraceable gun", "guns for sale", "buy a gun", "ammunition",
          "ammo for sale", "grenade", "grenades", "pipe bomb", "pipe bombs", "explosive device", "homemade explosives",
          "how to make a bomb", "bump stock")),
      // Drugs: TikTok "Drugs, controlled substances, alcohol, and tobacco", Meta "Drugs and pharmaceuticals".
      new TermCategory("prohibited.drugs", ComplianceScan.HIGH, List.of(
          "cocaine", "crack cocaine", "heroin", "meth", "methamphetamine", "crystal meth", "fentanyl", "mdma",
          "lsd", "ketamine", "magic mushrooms", "psilocybin", "oxycontin", "buy weed", "weed for sale",
          "xanax without prescription", "pills without prescription", "drug dealer")),
      // Nudity and sexual content: TikTok "Sensitive and mature themes", Instagram "nudity".
      new TermCategory("adult", ComplianceScan.HIGH, List.of(
          "porn", "porno", "pornography", "pornographic", "nude", "nudes", "nudity", "xxx", "nsfw", "sex tape",
          "sexting", "onlyfans", "hentai", "striptease", "escort service", "explicit sex")),
      // Hateful ideologies and dehumanization (slurs are left to the moderation provider).
      new TermCategory("hate", ComplianceScan.HIGH, List.of(
          "white power", "heil hitler", "sieg heil", "ethnic cleansing", "race war", "subhuman", "subhumans",
          "master race", "white genocide", "gas the jews", "14 words")),
      // Suicide, self-harm and eating disorders: TikTok "Mental and behavioral health".
      new TermCategory("violence.self_harm", ComplianceScan.HIGH, List.of(
          "suicide", "kill myself", "killing myself", "self harm", "cut myself", "cutting myself", "want to die",
          "end my life", "pro ana", "thinspiration", "how to overdose")),
      // Health claims: TikTok "Misinformation" and "Branded content policy"; Meta "Health and wellness".
      new TermCategory("regulated.health_claims", ComplianceScan.MEDIUM, List.of(
          "cure", "cures", "cured", "miracle cure", "guaranteed weight loss", "lose weight fast", "burn fat fast",
          "clinically proven", "fda approved", "detox your body", "reverses aging", "treats cancer",
          "cure cancer", "cures cancer", "prevents covid", "no side effects", "100% natural cure")),
      // Financial claims: TikTok "Frauds and scams", Meta "Financial and insurance products".
      new TermCategory("regulated.financial_claims", ComplianceScan.MEDIUM, List.of(
          "guaranteed returns", "guaranteed return", "guaranteed profit", "guaranteed profits",
          "guaranteed income", "get rich", "get rich quick", "risk free investment", "risk-free returns",
          "double your money", "make money fast", "100% returns", "passive income guaranteed", "crypto signals",
          "pump and dump", "financial freedom guaranteed")),
      // Engagement bait: TikTok "Spam and deceptive behaviors"; Meta "engagement bait".
      new TermCategory("spam.engagement_bait", ComplianceScan.LOW, List.of(
          "follow for follow", "follow4follow", "f4f", "like for like", "like4like", "l4l", "sub4sub",
          "like if", "comment if", "share if", "tag a friend", "tag someone", "tag 3 friends", "like and share",
          "smash that like", "comment yes", "type amen")),
      // Giveaways and prizes that mislead: TikTok "Frauds and scams", Instagram promotions guidelines.
      new TermCategory("misleading.giveaway", ComplianceScan.MEDIUM, List.of(
          "giveaway", "giveaways", "free iphone", "free gift card", "free gift cards", "you won", "you have won",
          "you've won", "claim your prize", "claim your reward", "winner announced", "free money", "dm to claim",
          "click the link to claim")));

  private ComplianceTerms() {
  }
}
