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
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.clone.provider.QueueProvider;
import dev.videoautomation.clone.tasks.TaskService;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.lists.Cursor;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.platform.token.CurrentCaller;

@Path("/v1/music")
@Tag(name = "Generation")
@Produces(MediaType.APPLICATION_JSON)
public class MusicResource {
  static final String OPERATION = "music.generate";
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
  @Operation(summary = "Generate a music track (asynchronous)", description = "`prompt` (required, up to 2000 "
      + "characters) and `durationSeconds` (optional, 5-300; passed to the music model when it takes a length, see "
      + "`clone.models.music-duration-field`). `music.generate` credits are charged first (402 queues nothing); a "
      + "failed track is refunded. Answers 202 with `id` = `trackId` (`trk_…`); poll `GET /v1/music/{id}` or list "
      + "`GET /v1/music`. The audio is stored in the CDN (`audioUrl`), its length probed (`durationSeconds`).")
  @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "music",
      value = "{\"prompt\": \"Upbeat lo-fi hip hop with soft piano\", \"durationSeconds\": 30}")))
  public Response start(MusicDtos.MusicRequest request) {
    if (request == null) {
      throw new ApiException(ErrorCode.INVALID_REQUEST, "The request body must be a JSON object.");
    }
    if (request.prompt() == null || request.prompt().isBlank()) {
      throw ApiException.invalidField("prompt", "is required");
    }
    if (request.prompt().length() > 2000) {
      throw ApiException.invalidField("prompt", "must be at most 2000 characters");
    }
    var duration = request.durationSeconds();
    if (duration != null && (duration < 5 || duration > 300)) {
      throw ApiException.invalidField("durationSeconds", "must be from 5 to 300");
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
  @Operation(summary = "List music tracks", description = "The caller's tracks as the reference's list item "
      + "(`trackId`, `prompt`, `status`, `audioUrl`, `imageUrl`, `durationSeconds`, `createdAt`, plus `progress`, "
      + "`errorMessage`, `creditsCharged`); `{data, nextCursor}`, newest first, `limit` and `cursor`.")
  public Page<MusicDtos.Track> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
    var request = PageRequest.of(limit, cursor);
    return Page.fromRows(tasks.page(caller.requireClientId(), "music", request), request,
        t -> new Cursor(t.createdAt.toEpochMilli(), t.id), MusicDtos.Track::from);
  }

  @GET
  @Path("{id}")
  @Operation(summary = "Poll a music track", description = "Another client's track is 404.")
  public MusicDtos.Track get(@PathParam("id") String id) {
    if (!Ids.looksLike(IdPrefix.TRK, id)) {
      throw ApiException.invalidField("id", "must be a track id (trk_...)");
    }
    return tasks.owned(id, caller.requireClientId(), "music").map(MusicDtos.Track::from)
        .orElseThrow(() -> ApiException.notFound("Music track " + id));
  }
}
