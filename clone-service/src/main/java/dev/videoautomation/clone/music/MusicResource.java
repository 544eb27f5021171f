package dev.videoautomation.clone.music;

import java.net.URI;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.clone.docs.ApiDocs;
import dev.videoautomation.clone.provider.QueueProvider;
import dev.videoautomation.clone.tasks.TaskService;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.lists.Cursor;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.platform.openapi.ErrorBodies;
import dev.videoautomation.platform.token.CurrentCaller;

@Path("/v1/music")
@Tag(name = ApiDocs.TAG_MUSIC, description = ApiDocs.TAG_MUSIC_TEXT)
@Produces(MediaType.APPLICATION_JSON)
public class MusicResource {
  static final String OPERATION = "music.generate";
  static final int MAX_PROMPT = 2000;
  static final int MIN_SECONDS = 5;
  static final int MAX_SECONDS = 300;
  private final TaskService tasks;
  private final QueueProvider provider;
  private final CurrentCaller caller;
  private final CloneConfig config;

  public MusicResource(TaskService tasks, QueueProvider provider, CurrentCaller caller, CloneConfig config) {
    this.tasks = tasks;
    this.provider = provider;
    this.caller = caller;
    this.config = config;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "generateMusic", summary = "Generate a music track (asynchronous)",
      description = "`prompt` (required, up to 2000 "
      + "characters) and `durationSeconds` (optional, 5-300; passed to the music model when it takes a length, see "
      + "`clone.models.music-duration-field`). `music.generate` credits are charged first (402 queues nothing); a "
      + "failed track is refunded. Answers 202 with `id` = `trackId` (`trk_…`); poll `GET /v1/music/{id}` or list "
      + "`GET /v1/music`. The audio is stored in the CDN (`audioUrl`), its length probed (`durationSeconds`).")
  @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "music",
      value = "{\"prompt\": \"Upbeat lo-fi hip hop with soft piano\", \"durationSeconds\": 30}")))
  @APIResponse(responseCode = "202", description = "Queued", content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = MusicDtos.Started.class), examples = @ExampleObject(name = "started", value =
      "{\"id\": \"trk_2Lm9Qx1Rt7Zc3Vn8Ke0Yb4\", \"trackId\": \"trk_2Lm9Qx1Rt7Zc3Vn8Ke0Yb4\", \"status\": "
          + "\"pending\", \"model\": \"fal-ai/lyria2\", \"creditsCharged\": 5}")))
  @APIResponse(responseCode = "400", description = "invalid_request: the body is not a JSON object, `prompt` is "
      + "missing or longer than 2000 characters, `durationSeconds` is outside 5 to 300, or a field is unknown; "
      + "`field` names it. Checked before anything else, so also when no provider is set.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBodies.Error.class)))
  @APIResponse(responseCode = "402", ref = ApiDocs.NO_CREDITS)
  @APIResponse(responseCode = "415", ref = ApiDocs.NOT_JSON)
  @APIResponse(responseCode = "502", ref = ApiDocs.PROVIDER_FAILED)
  @APIResponse(responseCode = "503", ref = ApiDocs.UNAVAILABLE)
  @APIResponse(responseCode = "504", ref = ApiDocs.PROVIDER_TIMEOUT)
  public Response start(MusicDtos.MusicRequest request) {
    if (request == null) {
      throw new ApiException(ErrorCode.INVALID_REQUEST, "The request body must be a JSON object.");
    }
    if (request.prompt() == null || request.prompt().isBlank()) {
      throw ApiException.invalidField("prompt", "is required");
    }
    if (request.prompt().length() > MAX_PROMPT) {
      throw ApiException.invalidField("prompt", "must be at most " + MAX_PROMPT + " characters");
    }
    var duration = request.durationSeconds();
    if (duration != null && (duration < MIN_SECONDS || duration > MAX_SECONDS)) {
      throw ApiException.invalidField("durationSeconds", "must be from " + MIN_SECONDS + " to " + MAX_SECONDS);
    }
    var clientId = caller.requireClientId();
    provider.requireConfigured("Music generation");
    var arguments = new LinkedHashMap<String, Object>();
    arguments.put("prompt", request.prompt().strip());
    config.models().musicDurationField().filter(f -> duration != null)
        .ifPresent(field -> arguments.put(field, duration));
    var input = new HashMap<String, Object>();
    input.put("arguments", arguments);
    if (duration != null) {
      input.put("durationSeconds", duration);
    }
    var task = tasks.start(new TaskService.Draft(Ids.newId(IdPrefix.TRK), "music", "music", clientId,
        config.models().music(), null, request.prompt().strip(), input, OPERATION, Map.of(), null));
    return Response.accepted(new MusicDtos.Started(task.id, task.id, task.status, task.model, task.creditsCharged))
        .location(URI.create("/v1/music/" + task.id)).build();
  }

  @GET
  @Operation(operationId = "listMusicTracks", summary = "List music tracks",
      description = "The caller's tracks as the reference's list item "
      + "(`trackId`, `prompt`, `status`, `audioUrl`, `imageUrl`, `durationSeconds`, `createdAt`, plus `progress`, "
      + "`errorMessage`, `creditsCharged`); `{data, nextCursor}`, newest first, `limit` and `cursor`.")
  @APIResponse(responseCode = "200", description = "One page of tracks.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = MusicDtos.TrackPage.class)))
  @APIResponse(responseCode = "400", ref = ApiDocs.INVALID_QUERY)
  public Page<MusicDtos.Track> list(@QueryParam("limit") @Parameter(ref = ApiDocs.LIMIT) String limit,
      @QueryParam("cursor") @Parameter(ref = ApiDocs.CURSOR) String cursor) {
    var request = PageRequest.of(limit, cursor);
    return Page.fromRows(tasks.page(caller.requireClientId(), "music", request), request,
        t -> new Cursor(t.createdAt.toEpochMilli(), t.id), MusicDtos.Track::from);
  }

  @GET
  @Path("{id}")
  @Operation(operationId = "getMusicTrack", summary = "Poll a music track", description = "`status` `pending`, "
      + "`running`, `succeeded` (`audioUrl`: the audio in the CDN, `durationSeconds` probed) or `failed` "
      + "(`errorMessage`; credits refunded). Another client's track is 404.")
  @APIResponse(responseCode = "200", description = "The track", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = MusicDtos.Track.class)))
  @APIResponse(responseCode = "400", ref = ApiDocs.INVALID_QUERY)
  @APIResponse(responseCode = "404", ref = ApiDocs.TASK_NOT_FOUND)
  public MusicDtos.Track get(@PathParam("id") @Parameter(description = "The track's id (`trk_…`).", schema = @Schema(
      type = SchemaType.STRING, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.TRACK_ID)) String id) {
    if (!Ids.looksLike(IdPrefix.TRK, id)) {
      throw ApiException.invalidField("id", "must be a track id (trk_...)");
    }
    return tasks.owned(id, caller.requireClientId(), "music").map(MusicDtos.Track::from)
        .orElseThrow(() -> ApiException.notFound("Music track " + id));
  }
}
