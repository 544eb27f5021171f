package dev.videoautomation.records.assets;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordRepository;
import dev.videoautomation.records.common.RecordLists;

@ApplicationScoped
public class AssetRepository implements OwnedRecordRepository<Asset> {
  public List<Asset> page(ListQuery query) {
    return RecordLists.rows(getEntityManager(), Asset.class, "assets", query);
  }
}
