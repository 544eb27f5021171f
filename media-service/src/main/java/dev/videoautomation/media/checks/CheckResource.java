package dev.videoautomation.media.checks;

import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.media.checks.CheckDtos.CheckRequest;
import dev.videoautomation.media.checks.CheckDtos.CheckResult;
import dev.videoautomation.media.checks.CheckDtos.RulesDocument;
import dev.videoautomation.media.checks.CheckDtos.RulesUpdate;
import dev.videoautomation.media.openapi.MediaErrorAnswers;
import dev.videoautomation.media.openapi.MediaTags;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.token.CurrentCaller;

/** {@code POST /v1/check} and the caller's custom rules at {@code /v1/check/rules}. */
@Path("/v1/check")
@Tag(name = MediaTags.CHECK, description = MediaTags.CHECK_TEXT)
@Produces(MediaType.APPLICATION_JSON)
public class CheckResource {
  static final String VOCABULARY = "Rule vocabulary (name: value type): duration.min, duration.max: seconds (number); "
      + "aspectRatio.allowed: array of \"W:H\" (width/height within 2% of one); aspectRatio.recommended: \"W:H\"; "
      + "resolution.minShortSide, resolution.recommendedShortSide, resolution.maxLongSide: pixels (whole number); "
      + "fps.min, fps.max: number; size.maxBytes: bytes (whole number); bitrate.min, bitrate.max: bits/s (whole "
      + "number); videoCodec.allowed, audioCodec.allowed: array of codec names (h264, hevc, vp8, vp9, av1, aac, mp3, "
      + "opus; aliases such as H.264 are understood); audio.required: boolean; caption.maxLength: characters (whole "
      + "number); caption.forbiddenWords: array of words or phrases (whole words, any case); hashtags.max, "
      + "hashtags.recommendedMax: whole number; hashtags.required: array of hashtags. Severity: error (fails the "
      + "check), warning, info, or off (removes a built-in rule); default: the built-in rule's severity.";

  private static final String CHECK_EXAMPLE = "{\"passed\":false,\"platform\":\"shortvideo\",\"ruleSet\":"
      + "\"shortvideo@2026-11-23\",\"customRulesVersion\":2,\"spec\":{\"durationSeconds\":75,\"width\":1080,"
      + "\"height\":1920,\"fps\":30,\"sizeBytes\":24500000,\"videoCodec\":\"h264\",\"audioCodec\":\"aac\","
      + "\"hasAudio\":true,\"caption\":\"Three tips #light\",\"hashtags\":[\"light\"]},\"results\":[{\"rule\":"
      + "\"duration.min\",\"passed\":true,\"severity\":\"error\",\"message\":\"Duration 75 s meets the minimum of 3 "
      + "s.\",\"actual\":75,\"expected\":\">= 3 s\"},{\"rule\":\"duration.max\",\"passed\":false,\"severity\":"
      + "\"error\",\"message\":\"Duration 75 s is above the maximum of 60 s.\",\"actual\":75,\"expected\":"
      + "\"<= 60 s\"},{\"rule\":\"aspectRatio.allowed\",\"passed\":true,\"severity\":\"error\",\"message\":"
      + "\"Aspect ratio 1080x1920 (0.5625) is 9:16.\",\"actual\":\"1080x1920 (0.5625)\",\"expected\":\"one of 9:16, "
      + "16:9, 1:1 (within 2%)\"},{\"rule\":\"fps.min\",\"passed\":true,\"severity\":\"info\",\"message\":\"Not "
      + "checked: the spec has no frame rate.\",\"actual\":null,\"expected\":\">= 23 fps\"}]}";

  private static final String RULES_EXAMPLE = "{\"version\":2,\"rules\":[{\"platform\":\"shortvideo\",\"rule\":"
      + "\"duration.max\",\"value\":60,\"severity\":\"error\"},{\"platform\":\"photo\",\"rule\":\"hashtags.max\","
      + "\"value\":5,\"severity\":\"warning\"},{\"platform\":\"shortvideo\",\"rule\":\"caption.forbiddenWords\","
      + "\"value\":[\"giveaway\"],\"severity\":\"error\"}],\"updatedAt\":1763920000000}";

  private final CheckService checks;
  private final CheckRulesService rules;
  private final CurrentCaller caller;

  CheckResource(CheckService checks, CheckRulesService rules, CurrentCaller caller) {
    this.checks = checks;
    this.rules = rules;
    this.caller = caller;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "checkVideo", summary = "Check a video against a platform's rules",
      extensions = @Extension(name = MediaErrorAnswers.EXTENSION, value = MediaErrorAnswers.ON_MEDIA),
      description = "Judges a video's technical spec and caption against the built-in rules of `platform` "
          + "(`shortvideo`, modelled on TikTok; `photo`, modelled on Instagram Reels), with your custom rules laid "
          + "over them (see `PUT /v1/check/rules`) unless `useCustomRules` is false. Send the spec yourself in `spec`, "
          + "or name the video in `videoUrl` or `mediaId` to have it probed: exactly one of the two. `caption` (or "
          + "`spec.caption`) feeds the caption and hashtag rules; hashtags are counted from the caption (`#word`, any "
          + "script) unless `spec.hashtags` is given. Every rule in force gives one result; a rule whose input the "
          + "spec lacks is reported as not checked (passed, severity info). `passed` is false when any rule of "
          + "severity error failed. " + VOCABULARY)
  @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = CheckRequest.class), examples = {
      @ExampleObject(name = "spec", value = "{\"platform\":\"shortvideo\",\"spec\":{\"durationSeconds\":75,"
          + "\"width\":1080,\"height\":1920,\"sizeBytes\":24500000,\"videoCodec\":\"h264\",\"audioCodec\":\"aac\"},"
          + "\"caption\":\"Three tips #light\"}"),
      @ExampleObject(name = "probe a media file", value = "{\"platform\":\"photo\",\"mediaId\":\"med_4f9Qz\","
          + "\"caption\":\"New drop #fashion #style\",\"useCustomRules\":false}")}))
  @APIResponse(responseCode = "200", description = "The verdict and every rule's result", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CheckResult.class),
      examples = @ExampleObject(name = "failed on duration", value = CHECK_EXAMPLE)))
  @APIResponse(responseCode = "400", description = "`invalid_request`: platform unknown, both or neither of spec and "
      + "videoUrl/mediaId, or a spec field out of range; `url_not_allowed`: videoUrl is not a public http(s) URL "
      + "(`reason`); `field` names it.")
  @APIResponse(responseCode = "404", description = "`not_found`: no media of yours with that mediaId, or a CDN URL "
      + "of no stored object.")
  public CheckResult check(@Valid CheckRequest request) {
    requireBody(request);
    return checks.check(caller.requireClientId(), request);
  }

  @GET
  @Path("/rules")
  @Operation(operationId = "getCheckRules", summary = "Your custom check rules",
      extensions = @Extension(name = MediaErrorAnswers.EXTENSION, value = MediaErrorAnswers.DATABASE),
      description = "The custom rules `POST /v1/check` lays over the built-in ones, with their version (incremented by "
          + "each save) and when they were last saved. Before the first save: version 0, no rules, updatedAt null. "
          + "Free: it uses no credits. " + VOCABULARY)
  @APIResponse(responseCode = "200", description = "Your custom rules", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RulesDocument.class), examples = {
      @ExampleObject(name = "saved", value = RULES_EXAMPLE),
      @ExampleObject(name = "none yet", value = "{\"version\":0,\"rules\":[],\"updatedAt\":null}")}))
  public RulesDocument rules() {
    return rules.load(caller.requireClientId());
  }

  @PUT
  @Path("/rules")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "saveCheckRules", summary = "Save your custom check rules",
      extensions = @Extension(name = MediaErrorAnswers.EXTENSION, value = MediaErrorAnswers.JSON_BODY + ","
          + MediaErrorAnswers.DATABASE),
      description = "Replaces all your custom rules (send `[]` to clear them) and returns the saved document with its "
          + "new version. Each rule names a platform, a rule of the vocabulary and a value of that rule's type; it "
          + "overrides the built-in rule of the same name for that platform, or adds one. A rule outside the "
          + "vocabulary, a value of the wrong type, or a rule repeated for a platform is a 400 naming its path (e.g. "
          + "`rules[1].value`), and nothing is saved. Send `version` (the one you read) to save only if nobody saved "
          + "in between (409 conflict otherwise); a document read with GET can be sent back as is. Free: it uses no "
          + "credits. " + VOCABULARY)
  @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = RulesUpdate.class), examples = {
      @ExampleObject(name = "rules", value = "{\"rules\":[{\"platform\":\"shortvideo\",\"rule\":\"duration.max\","
          + "\"value\":60,\"severity\":\"error\"},{\"platform\":\"photo\",\"rule\":\"hashtags.max\",\"value\":5,"
          + "\"severity\":\"warning\"},{\"platform\":\"shortvideo\",\"rule\":\"caption.forbiddenWords\",\"value\":"
          + "[\"giveaway\"],\"severity\":\"error\"}]}"),
      @ExampleObject(name = "only if unchanged since version 2", value = "{\"version\":2,\"rules\":[{\"platform\":"
          + "\"photo\",\"rule\":\"audio.required\",\"severity\":\"off\"}]}")}))
  @APIResponse(responseCode = "200", description = "The saved rules with their new version", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RulesDocument.class),
      examples = @ExampleObject(name = "saved", value = RULES_EXAMPLE)))
  @APIResponse(responseCode = "400", description = "`invalid_request`: `field` names the rule at fault, e.g. "
      + "rules[1].value; nothing is saved.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(ref = "Error"), examples = @ExampleObject(name = "wrong value type",
      value = "{\"error\":\"invalid_request\",\"message\":\"Field 'rules[1].value' must be a whole number >= 0 "
          + "for rule hashtags.max.\",\"field\":\"rules[1].value\"}")))
  @APIResponse(responseCode = "409", description = "`conflict`: `version` is not the current one (the body's "
      + "`version` says which is), or another save ran at the same time; nothing is saved.")
  public RulesDocument saveRules(RulesUpdate update) {
    requireBody(update);
    return rules.save(caller.requireClientId(), update);
  }

  private static void requireBody(Object body) {
    if (body == null) {
      throw ApiException.invalidField("body", "is required (a JSON object)");
    }
  }
}
