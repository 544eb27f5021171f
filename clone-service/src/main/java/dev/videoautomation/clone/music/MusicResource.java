package dev.videoautomation.clone.music;

import java.net.URI;

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
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.token.CurrentCaller;

@Path("/v1/music")
@Tag(name = ApiDocs.TAG_MUSIC, description = ApiDocs.TAG_MUSIC_TEXT)
@Produces(MediaType.APPLICATION_JSON)
public class MusicResource {
  static final CallerTasks.Kind TRACK = new CallerTasks.Kind("music", IdPrefix.TRK, "must be a track id (trk_...)",
      "Music track");
  private final MusicService music;
  private final CallerTasks tracks;
  private final CurrentCaller caller;

  public MusicResource(MusicService music, CallerTasks tracks, CurrentCaller caller) {
    this.music = music;
    this.tracks = tracks;
    this.caller = caller;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "generateMusic", summary = "Generate a music track (asynchronous)",
      extensions = @Extension(name = CloneErrorAnswers.EXTENSION, value = CloneErrorAnswers.PROVIDER_TASK),
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
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Error")))
  public Response start(MusicDtos.MusicRequest request) {
    MusicService.requireValid(request);
    var task = music.start(caller.requireClientId(), request);
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
    return tracks.page(TRACK, limit, cursor, MusicDtos.Track::from);
  }

  @GET
  @Path("{id}")
  @Operation(operationId = "getMusicTrack", summary = "Poll a music track",
      extensions = @Extension(name = CloneErrorAnswers.EXTENSION, value = CloneErrorAnswers.TASK_BY_ID),
      description = "`status` `pending`, "
      + "`running`, `succeeded` (`audioUrl`: the audio in the CDN, `durationSeconds` probed) or `failed` "
      + "(`errorMessage`; credits refunded). Another client's track is 404.")
  @APIResponse(responseCode = "200", description = "The track", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = MusicDtos.Track.class)))
  public MusicDtos.Track get(@PathParam("id") @Parameter(description = "The track's id (`trk_…`).", schema = @Schema(
      type = SchemaType.STRING, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.TRACK_ID)) String id) {
    return MusicDtos.Track.from(tracks.owned(TRACK, id));
  }
}
