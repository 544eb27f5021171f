package dev.videoautomation.records.assets;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;

import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.RecordLists;

@ApplicationScoped
public class AssetRepository implements PanacheRepositoryBase<Asset, String> {

  public Optional<Asset> findOwned(String clientId, String id) {
    return find("id = ?1 and clientId = ?2", id, clientId).firstResultOptional();
  }

  public List<Asset> page(ListQuery query) {
    return RecordLists.rows(getEntityManager(), Asset.class, "assets", query);
  }
}
