package dev.videoautomation.clone.music;

import java.net.URI;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import jakarta.validation.Valid;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.clone.common.CallerTasks;
import dev.videoautomation.clone.common.PageQuery;
import dev.videoautomation.clone.openapi.ApiDocs;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.platform.token.CurrentCaller;

/** Music tracks; each operation's prose and examples are in META-INF/openapi.yaml. */
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
  @Operation(operationId = "generateMusic", summary = "Generate a music track (asynchronous)")
  @Extension(name = SharedAnswers.ANSWERS, value = ApiDocs.PROVIDER_TASK)
  @APIResponse(responseCode = "202", description = "Queued", content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = MusicDtos.Started.class)))
  @APIResponse(responseCode = "400")
  public Response start(@Valid MusicDtos.MusicRequest request) {
    MusicService.requireValid(request);
    var started = music.start(caller.requireClientId(), request);
    return Response.accepted(started).location(URI.create("/v1/music/" + started.id())).build();
  }

  @GET
  @Operation(operationId = "listMusicTracks", summary = "List music tracks")
  @Extension(name = SharedAnswers.ANSWERS, value = ApiDocs.LIST)
  @APIResponse(responseCode = "200", description = "One page of tracks.")
  public MusicDtos.TrackPage list(@BeanParam PageQuery query) {
    return tracks.page(TRACK, query, MusicDtos.Track::from, MusicDtos.TrackPage::new);
  }

  @GET
  @Path("{id}")
  @Operation(operationId = "getMusicTrack", summary = "Poll a music track")
  @Extension(name = SharedAnswers.ANSWERS, value = ApiDocs.BY_ID)
  @APIResponse(responseCode = "200", description = "The track")
  public MusicDtos.Track get(@PathParam("id") @Parameter(description = "The track's id (`trk_…`).", schema = @Schema(
      type = SchemaType.STRING, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.TRACK_ID)) String id) {
    return tracks.owned(TRACK, id, MusicDtos.Track::from);
  }
}
