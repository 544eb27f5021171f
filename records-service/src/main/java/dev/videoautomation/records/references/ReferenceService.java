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
import dev.videoautomation.platform.updates.PartialUpdate;
import dev.videoautomation.records.common.Deleted;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordService;

/** References: plain records; the URL is kept as given (never fetched). */
@ApplicationScoped
public class ReferenceService implements
    OwnedRecordService<ReferenceDtos.View, ReferenceDtos.Filters, ReferenceDtos.Create, ReferenceDtos.Update, Deleted> {
  public static final Set<String> PLATFORMS = Set.of("shortvideo", "photo", "microblog", "videosite");
  static final int MAX_TITLE = 300;
  static final int MAX_NOTES = 10_000;

  private final ReferenceRepository references;

  public ReferenceService(ReferenceRepository references) {
    this.references = references;
  }

  @Override
  @Transactional(REQUIRES_NEW)
  public ReferenceDtos.View create(String clientId, ReferenceDtos.Create body) {
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
    return ReferenceDtos.View.from(reference);
  }

  @Override
  @Transactional(SUPPORTS)
  public Optional<ReferenceDtos.View> find(String clientId, String id) {
    return references.findOwned(clientId, id).map(ReferenceDtos.View::from);
  }

  @Override
  @Transactional(SUPPORTS)
  public Page<ReferenceDtos.View> list(ListQuery query, ReferenceDtos.Filters filters) {
    query.where("platform", Inputs.filter("platform", filters.platform(), PLATFORMS));
    return Page.fromRows(references.page(query), query.page(), Reference::cursor, ReferenceDtos.View::from);
  }

  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<ReferenceDtos.View> update(String clientId, String id, ReferenceDtos.Update body) {
    var changes = PartialUpdate.<Reference>of(body)
        .set(body.url(), url -> Inputs.httpUrl("url", url), (reference, url) -> reference.url = url)
        .set(body.platform(), platform -> Inputs.oneOf("platform", platform, PLATFORMS),
            (reference, platform) -> reference.platform = platform)
        .set(body.title(), title -> Inputs.optional("title", title, MAX_TITLE), (reference, title) ->
            reference.title = title)
        .set(body.notes(), notes -> Inputs.optional("notes", notes, MAX_NOTES), (reference, notes) ->
            reference.notes = notes)
        .set(body.tags(), Inputs::tags, (reference, tags) -> reference.tags = tags)
        .set(body.metadata(), Inputs::metadata, (reference, metadata) -> reference.metadata = metadata);
    return references.updateOwned(clientId, id, changes).map(ReferenceDtos.View::from);
  }

  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<Deleted> remove(String clientId, String id) {
    return references.deleteOwned(clientId, id);
  }
}
