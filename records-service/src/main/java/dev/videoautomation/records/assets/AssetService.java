package dev.videoautomation.records.assets;

import static jakarta.transaction.Transactional.TxType.NOT_SUPPORTED;
import static jakarta.transaction.Transactional.TxType.REQUIRES_NEW;
import static jakarta.transaction.Transactional.TxType.SUPPORTS;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.narayana.jta.QuarkusTransaction;

import dev.videoautomation.platform.calls.MediaCalls;
import dev.videoautomation.platform.calls.OwnMedia;
import dev.videoautomation.platform.calls.StageUrl;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.updates.PartialUpdate;
import dev.videoautomation.records.common.Deleted;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordService;

/**
 * Assets: the source URL is staged into the suite's storage through media-service before the record exists; the
 * suite's own media is used as it is stored.
 */
@ApplicationScoped
public class AssetService
    implements OwnedRecordService<AssetDtos.View, AssetDtos.Filters, AssetDtos.Create, AssetDtos.Update, Deleted> {
  static final String PURPOSE = "asset";
  static final Set<String> STATUSES = Set.of(Asset.ACTIVE);
  static final int MAX_CONTENT_TYPE = 127;
  /** A media type or a range of them ({@code video/mp4}, {@code image/*}); the document shows the same pattern. */
  static final String CONTENT_TYPE_FORM = "^[a-z]+/([a-z0-9][a-z0-9.+-]*|\\*)$";
  private static final Pattern CONTENT_TYPE = Pattern.compile(CONTENT_TYPE_FORM);

  private final AssetRepository assets;
  private final MediaCalls media;
  private final OwnMedia own;

  public AssetService(AssetRepository assets, MediaCalls media, OwnMedia own) {
    this.assets = assets;
    this.media = media;
    this.own = own;
  }

  /**
   * Stages {@code url} through media-service (its size and type checks apply; its refusals reach the caller unchanged)
   * and stores the asset pointing at the stored object. The suite's own media, a {@code med_} id or a CDN URL, is
   * never fetched: media answers the caller's own object as it is (the asset names the upload's {@code med_} object,
   * no second copy), copies another client's public CDN URL from storage, and answers 404 for another client's id.
   * Any other URL is fetched through media's URL guard.
   */
  @Override
  @Transactional(NOT_SUPPORTED)
  public AssetDtos.View create(String clientId, AssetDtos.Create body) {
    if (body == null) {
      throw ApiException.invalidField("url", "is required");
    }
    var url = own.isOwn(body.url()) ? body.url().strip() : Inputs.httpUrl("url", body.url());
    var name = Inputs.optional("name", body.name(), Inputs.MAX_NAME);
    var contentType = Inputs.optional("contentType", body.contentType(), MAX_CONTENT_TYPE);
    if (contentType != null && !CONTENT_TYPE.matcher(contentType).matches()) {
      throw ApiException.invalidField("contentType", "must be a media type such as video/mp4 or image/*");
    }
    var tags = Inputs.tags(body.tags());
    var metadata = Inputs.metadata(body.metadata());
    var request = StageUrl.of(url, clientId, PURPOSE);
    if (contentType != null) {
      request = request.allowing(List.of(contentType));
    }
    var staged = media.stageUrl(request);
    var asset = new Asset();
    asset.created(Ids.newId(IdPrefix.AST), clientId);
    asset.url = staged.url();
    asset.sourceUrl = url;
    asset.mediaId = staged.id();
    asset.name = name;
    asset.contentType = staged.contentType() != null ? staged.contentType() : contentType;
    asset.sizeBytes = staged.sizeBytes();
    asset.status = Asset.ACTIVE;
    asset.tags = tags == null ? List.of() : tags;
    asset.metadata = metadata == null ? Map.of() : metadata;
    QuarkusTransaction.requiringNew().run(() -> assets.persist(asset));
    return AssetDtos.View.from(asset);
  }

  @Override
  @Transactional(SUPPORTS)
  public Optional<AssetDtos.View> find(String clientId, String id) {
    return assets.findOwned(clientId, id).map(AssetDtos.View::from);
  }

  @Override
  @Transactional(SUPPORTS)
  public Page<AssetDtos.View> list(ListQuery query, AssetDtos.Filters filters) {
    query.where("status", Inputs.statusFilter(filters.status(), STATUSES));
    return Page.fromRows(assets.page(query), query.page(), Asset::cursor, AssetDtos.View::from);
  }

  /** Name, tags and metadata; the file stays the one the asset was made from. */
  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<AssetDtos.View> update(String clientId, String id, AssetDtos.Update body) {
    var changes = PartialUpdate.<Asset>of(body)
        .refuse("url", body.url(), "cannot be changed; create a new asset for another file")
        .set(body.name(), name -> Inputs.optional("name", name, Inputs.MAX_NAME), (asset, name) -> asset.name = name)
        .set(body.tags(), Inputs::tags, (asset, tags) -> asset.tags = tags)
        .set(body.metadata(), Inputs::metadata, (asset, metadata) -> asset.metadata = metadata);
    return assets.updateOwned(clientId, id, changes).map(AssetDtos.View::from);
  }

  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<Deleted> remove(String clientId, String id) {
    return assets.deleteOwned(clientId, id);
  }
}
