package dev.videoautomation.records.posts;

import jakarta.ws.rs.Path;

import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.records.common.Deleted;
import dev.videoautomation.records.common.OwnedRecordResource;
import dev.videoautomation.records.common.RecordKind;

/**
 * The seven operations on a post ({@link OwnedRecordResource}); what each does and answers is written under
 * /v1/posts in META-INF/openapi.yaml.
 */
@Path("/v1/posts")
@Tag(name = "Records: posts", description = "Videos scheduled for publishing to one of your accounts: "
    + "`scheduled` → `publishing` → `published` | `failed`; `canceled` when canceled before publishing starts.")
public class PostResource
    extends OwnedRecordResource<PostDtos.View, PostDtos.Filters, PostDtos.Create, PostDtos.Update, Deleted> {
  public PostResource(PostService posts, CurrentCaller caller) {
    super(posts, caller, RecordKind.of("post", IdPrefix.PST, PostDtos.Update::anyId,
        PostDtos.Filters::from));
  }
}
