package dev.videoautomation.clone.videos;

import java.net.URI;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import jakarta.validation.Valid;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.clone.common.CallerTasks;
import dev.videoautomation.clone.docs.ApiDocs;
import dev.videoautomation.clone.docs.CloneErrorAnswers;
import dev.videoautomation.clone.sources.InputDocs;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.token.CurrentCaller;

@Path("/v1/clones/video")
@Tag(name = ApiDocs.TAG_CLONE, description = ApiDocs.TAG_CLONE_TEXT)
@Produces(MediaType.APPLICATION_JSON)
public class CloneVideoResource {
  static final CallerTasks.Kind VIDEO = new CallerTasks.Kind("video", IdPrefix.VID, "must be a video id (vid_...)",
      "Clone video");
  private static final String VIDEO_ID = "The render's id (`vid_…`).";
  private final VideoService videos;
  private final CallerTasks tasks;
  private final CurrentCaller caller;

  public CloneVideoResource(VideoService videos, CallerTasks tasks, CurrentCaller caller) {
    this.videos = videos;
    this.tasks = tasks;
    this.caller = caller;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "createCloneVideo", summary = "Render a clone video (asynchronous)",
      extensions = @Extension(name = CloneErrorAnswers.EXTENSION, value = CloneErrorAnswers.MEDIA_TASK),
      description = "`sourceVideoUrl` (required, 3 to 30 s; "
      + InputDocs.OWN_SOURCE + " It reaches the provider like your own image, below) and one of `startingFrameUrl` "
      + "or `characterImageUrl` (a public http(s) URL: the provider fetches it; or your own image); optional "
      + "`prompt` (up to 2500 characters) and `webhookUrl`. A motion-control model makes the "
      + "image perform the source's motion; the source's soundtrack is then muxed back (video stream copied, length "
      + "cut to the shorter within 0.1 s) and the result stored in the CDN. `clone.render` credits are charged first "
      + "(402 `insufficient_credits` queues nothing); a render that fails or is canceled is refunded once. Answers "
      + "202 with `id` = `videoId` (`vid_…`, a generated video of mode `clone`, also listed by `GET /v1/videos`); "
      + "poll `GET /v1/clones/video/{id}`. With `webhookUrl` (checked by the URL guard now and at every delivery) "
      + "the answer carries `webhookSecret`, shown this once: each delivery is a POST of `{id, type, createdAt, "
      + "data}` (`type` `clone.video.succeeded|failed|canceled`, `data` = the poll answer) with headers "
      + "`Webhook-Id`, `Webhook-Timestamp` and `Webhook-Signature: t=<unix s>,v1=<hex HMAC-SHA256(webhookSecret, "
      + "\"<t>.<raw body>\")>`; non-2xx answers are retried with backoff (8 attempts). Every URL "
      + "given that is not your own media passes the URL guard first. 503 `provider_not_configured` when no provider (or, with `webhookUrl`, no "
      + "signing key) is set, once every field is right: bad input is 400 even then. Counts against the shared "
      + "daily `clone` limit. " + InputDocs.OWN_IMAGE)
  @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "clone",
      value = "{\"sourceVideoUrl\": \"https://cdn.example/m/med_4Yb/dance.mp4\", \"startingFrameUrl\": "
          + "\"https://cdn.example/m/med_8Ks/frame.png\", \"webhookUrl\": \"https://agent.example/hooks/clone\"}")))
  @APIResponse(responseCode = "202", description = "Queued", content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = VideoDtos.Started.class), examples = @ExampleObject(name = "started", value =
      "{\"id\": \"vid_6Qm2kQ9sT1vXw8aBcDeFgH\", \"videoId\": \"vid_6Qm2kQ9sT1vXw8aBcDeFgH\", \"status\": \"pending\", "
          + "\"mode\": \"clone\", \"model\": \"fal-ai/kling-video/v2.6/standard/motion-control\", \"creditsCharged\": 60, "
          + "\"pollUrl\": \"/v1/clones/video/vid_6Qm2kQ9sT1vXw8aBcDeFgH\", \"webhookSecret\": "
          + "\"whsec_q3Zc9Vd1nT0yXr4LmB8aKs2PwE6hJfG7uY5oNiR1tDk\"}")))
  @APIResponse(responseCode = "422", ref = ApiDocs.UNPROCESSABLE)
  public Response start(@Valid VideoDtos.CloneVideoRequest request) {
    var started = videos.start(caller.requireClientId(), request);
    var task = started.task();
    var poll = "/v1/clones/video/" + task.id;
    return Response.accepted(new VideoDtos.Started(task.id, task.id, task.status, task.mode, task.model,
        task.creditsCharged, poll, started.webhookSecret())).location(URI.create(poll)).build();
  }

  @GET
  @Operation(operationId = "listCloneVideos", summary = "List clone renders", description = "The caller's clone "
      + "renders in the poll shape, newest first; `limit` (1-200, default 50) and `cursor` (`nextCursor` of the "
      + "previous page).")
  @APIResponse(responseCode = "200", description = "One page of renders.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = VideoDtos.CloneVideoPage.class)))
  @APIResponse(responseCode = "400", ref = ApiDocs.INVALID_QUERY)
  public Page<VideoDtos.CloneVideo> list(@QueryParam("limit") @Parameter(ref = ApiDocs.LIMIT) String limit,
      @QueryParam("cursor") @Parameter(ref = ApiDocs.CURSOR) String cursor) {
    return tasks.page(VIDEO, limit, cursor, VideoDtos.CloneVideo::from);
  }

  @GET
  @Path("{id}")
  @Operation(operationId = "getCloneVideo", summary = "Poll a clone render",
      extensions = @Extension(name = CloneErrorAnswers.EXTENSION, value = CloneErrorAnswers.TASK_BY_ID),
      description = "`status` `pending`, `running` (with `progress` 0-100), "
      + "`succeeded` (`resultUrl`: the render with the source's soundtrack, in the CDN), `failed` (`errorMessage`; "
      + "credits refunded) or `canceled`. Another client's id is 404.")
  @APIResponse(responseCode = "200", description = "The render", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = VideoDtos.CloneVideo.class)))
  public VideoDtos.CloneVideo get(@PathParam("id") @Parameter(description = VIDEO_ID, schema = @Schema(
      type = SchemaType.STRING, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.VIDEO_ID)) String id) {
    return VideoDtos.CloneVideo.from(tasks.owned(VIDEO, id));
  }

  @DELETE
  @Path("{id}")
  @Operation(operationId = "cancelCloneVideo", summary = "Cancel a clone render",
      extensions = @Extension(name = CloneErrorAnswers.EXTENSION, value = CloneErrorAnswers.TASK_BY_ID),
      description = "An open render becomes `canceled`, its credits are "
      + "refunded (once) and the provider is asked to drop it (best effort: fal cancels only requests not yet "
      + "started). A finished render is answered as it is, unchanged. Answers the poll shape.")
  @APIResponse(responseCode = "200", description = "The render as it is now", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = VideoDtos.CloneVideo.class)))
  public VideoDtos.CloneVideo cancel(@PathParam("id") @Parameter(description = VIDEO_ID, schema = @Schema(
      type = SchemaType.STRING, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.VIDEO_ID)) String id) {
    return VideoDtos.CloneVideo.from(tasks.cancel(VIDEO, id));
  }
}
