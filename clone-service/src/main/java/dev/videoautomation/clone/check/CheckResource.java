package dev.videoautomation.clone.check;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import jakarta.validation.Valid;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.clone.docs.ApiDocs;
import dev.videoautomation.clone.sources.InputDocs;
import dev.videoautomation.platform.token.CurrentCaller;

@Path("/v1/clones/check")
@Tag(name = ApiDocs.TAG_CLONE, description = ApiDocs.TAG_CLONE_TEXT)
public class CheckResource {
  private final CheckService checks;
  private final CurrentCaller caller;

  public CheckResource(CheckService checks, CurrentCaller caller) {
    this.checks = checks;
    this.caller = caller;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(operationId = "checkCloneability", summary = "Check a video for cloneability",
      description = "One of `videoUrl` or `mediaId` (`med_…`, "
      + "yours: another client's is 404). " + InputDocs.OWN_SOURCE + " Probes the clip and "
      + "runs every check: `duration` (default 3-30 s), `resolution` (shorter side at least 340 px, longer at most "
      + "3850 px), `fps` (15-60), `audio` (a soundtrack is needed: the render keeps it), `singleShot` (no hard cut: "
      + "ffmpeg scene detection, score above 0.4), and `personInFrame` (a vision model looks at the middle frame; "
      + "the model is asked for structured output, a JSON schema `{person: boolean, reason: string}`, and a server "
      + "that refuses `response_format` is asked once more without it. When no vision provider is configured the "
      + "check has `ran: false`, `passed: null`; when the model's answer is still no verdict it has `ran: true`, "
      + "`passed: null` and `detail` starting `Not determined:` with the reason; either way it says so in `detail` "
      + "and does not count: the rest of the check is answered as usual, 200). `cloneable` is true when no check "
      + "failed; `reasons` says what to fix. Thresholds are "
      + "configuration (`clone.check.*`). Free of credits; counts against the shared daily `clone` limit.")
  @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "check",
      value = "{\"videoUrl\": \"https://cdn.example/m/med_4Yb/dance.mp4\"}")))
  @APIResponse(responseCode = "200", description = "The verdict", content = @Content(
      mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = CheckDtos.CheckResult.class), examples = @ExampleObject(name = "hard cut", value = """
          {"cloneable": false, "reasons": ["The clip is not one continuous shot: 1 hard cut(s) (cuts at [2.0] s). Trim it to a single shot."],
           "metadata": {"mediaId": "med_4Yb", "url": "https://cdn.example/m/med_4Yb/dance.mp4", "durationSeconds": 4.0,
             "width": 720, "height": 1280, "fps": 25.0, "hasAudio": true, "videoCodec": "h264", "audioCodec": "aac",
             "sizeBytes": 402113, "sceneCuts": 1, "cutsAt": [2.0]},
           "checks": {"duration": {"ran": true, "passed": true, "value": 4.0, "rule": "3 to 30 s", "detail": null},
             "singleShot": {"ran": true, "passed": false, "value": 1, "rule": "at most 0 scene cuts (ffmpeg scene score above 0.4)", "detail": "cuts at [2.0] s"},
             "personInFrame": {"ran": false, "passed": null, "value": null, "rule": "exactly one person clearly in frame",
               "detail": "Not run: no vision provider is configured (set CLONE_VISION_API_KEY, ...)."}}}""")))
  @APIResponse(responseCode = "400", description = InputDocs.BAD_URL + " `mediaId` must look like `med_…`; "
      + "exactly one of `videoUrl` and `mediaId` is given.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error"),
      examples = @ExampleObject(name = "refused", value = InputDocs.BAD_URL_EXAMPLE)))
  @APIResponse(responseCode = "404", description = InputDocs.NOT_FOUND, content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "413", description = "payload_too_large: the source is larger than this service "
      + "takes (`limit` in bytes).", content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(ref = "Error")))
  @APIResponse(responseCode = "415", ref = ApiDocs.NOT_JSON)
  @APIResponse(responseCode = "422", ref = ApiDocs.UNPROCESSABLE)
  @APIResponse(responseCode = "502", ref = ApiDocs.PROVIDER_FAILED)
  @APIResponse(responseCode = "503", ref = ApiDocs.UNAVAILABLE)
  @APIResponse(responseCode = "504", ref = ApiDocs.PROVIDER_TIMEOUT)
  public CheckDtos.CheckResult check(@Valid CheckDtos.CheckRequest request) {
    return checks.check(caller.requireClientId(), request);
  }
}
