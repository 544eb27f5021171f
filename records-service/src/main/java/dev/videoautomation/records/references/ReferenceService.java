package dev.videoautomation.records.references;

import static jakarta.transaction.Transactional.TxType.REQUIRES_NEW;
import static jakarta.transaction.Transactional.TxType.SUPPORTS;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordService;

/** References: plain records; the URL is kept as given (never fetched). */
@ApplicationScoped
public class ReferenceService implements OwnedRecordService<Reference, ReferenceDtos.Update> {
  public static final Set<String> PLATFORMS = Set.of("shortvideo", "photo", "microblog", "videosite");
  static final int MAX_TITLE = 300;
  static final int MAX_NOTES = 10_000;

  private final ReferenceRepository references;

  public ReferenceService(ReferenceRepository references) {
    this.references = references;
  }

  @Transactional(REQUIRES_NEW)
  public Reference create(String clientId, ReferenceDtos.Create body) {
    if (body == null) {
      throw ApiException.invalidField("url", "is required");
    }
    var reference = new Reference();
    reference.url = Inputs.httpUrl("url", body.url());
    reference.platform = Inputs.oneOf("platform", body.platform(), PLATFORMS);
    reference.title = Inputs.optional("title", body.title(), MAX_TITLE);
    reference.notes = Inputs.optional("notes", body.notes(), MAX_NOTES);
    var tags = Inputs.tags(body.tags());
    var metadata = Inputs.metadata(body.metadata());
    reference.tags = tags == null ? List.of() : tags;
    reference.metadata = metadata == null ? Map.of() : metadata;
    reference.created(Ids.newId(IdPrefix.REF), clientId);
    references.persist(reference);
    return reference;
  }

  @Override
  @Transactional(SUPPORTS)
  public Optional<Reference> find(String clientId, String id) {
    return references.findOwned(clientId, id);
  }

  @Transactional(SUPPORTS)
  public Page<ReferenceDtos.View> list(String clientId, Map<String, String> tags, PageRequest page, String platform) {
    var query = ListQuery.of(clientId, tags, page)
        .where("platform", Inputs.oneOf("platform", platform == null || platform.isBlank() ? null : platform,
            PLATFORMS));
    return Page.fromRows(references.page(query), page, Reference::cursor, ReferenceDtos.View::from);
  }

  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<Reference> update(String clientId, String id, ReferenceDtos.Update body) {
    if (body == null) {
      throw ApiException.invalidField("body", "is required");
    }
    var url = body.url() == null ? null : Inputs.httpUrl("url", body.url());
    var platform = Inputs.oneOf("platform", body.platform(), PLATFORMS);
    var title = Inputs.optional("title", body.title(), MAX_TITLE);
    var notes = Inputs.optional("notes", body.notes(), MAX_NOTES);
    var tags = Inputs.tags(body.tags());
    var metadata = Inputs.metadata(body.metadata());
    return references.findOwned(clientId, id).map(reference -> {
      reference.url = url != null ? url : reference.url;
      reference.platform = platform != null ? platform : reference.platform;
      reference.title = title != null ? title : reference.title;
      reference.notes = notes != null ? notes : reference.notes;
      reference.tags = tags != null ? tags : reference.tags;
      reference.metadata = metadata != null ? metadata : reference.metadata;
      reference.touched();
      return reference;
    });
  }

  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<Reference> remove(String clientId, String id) {
    return references.findOwned(clientId, id).map(reference -> {
      references.delete(reference);
      return reference;
    });
  }
}
