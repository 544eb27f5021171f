package dev.videoautomation.platform.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.util.Arrays;
import java.util.LinkedHashMap;

import org.junit.jupiter.api.Test;

class LimitBucketTest {

  @Test
  void shouldListTheFourteenBucketsOfTheDesignWithTheirDailyLimitsInOrder() {
    var buckets = new LinkedHashMap<String, Integer>();
    for (var bucket : LimitBucket.values()) {
      buckets.put(bucket.bucketName(), bucket.defaultDailyLimit());
    }

    assertThat(buckets).containsExactly(
        entry("watch", 50),
        entry("extract", 100),
        entry("transcribe", 30),
        entry("check", 100),
        entry("compliance.video", 20),
        entry("compliance.prompt", 100),
        entry("overlay", 50),
        entry("scrape", 500),
        entry("download", 100),
        entry("clone", 20),
        entry("posts.create", 200),
        entry("upload", 100),
        entry("upload.url", 100),
        entry("images.generate", 100));
  }

  @Test
  void shouldFindABucketByItsWireName() {
    for (var bucket : LimitBucket.values()) {
      assertThat(LimitBucket.byName(bucket.bucketName())).contains(bucket);
    }
    assertThat(LimitBucket.byName("compliance.video")).contains(LimitBucket.COMPLIANCE_VIDEO);
    assertThat(LimitBucket.byName("posts.create")).contains(LimitBucket.POSTS_CREATE);
  }

  @Test
  void shouldFindNothingForANameThatIsNotOnTheWire() {
    assertThat(LimitBucket.byName("COMPLIANCE_VIDEO")).isEmpty();
    assertThat(LimitBucket.byName("compliance/video")).isEmpty();
    assertThat(LimitBucket.byName("Watch")).isEmpty();
    assertThat(LimitBucket.byName("posts")).isEmpty();
    assertThat(LimitBucket.byName("")).isEmpty();
    assertThat(LimitBucket.byName(null)).isEmpty();
  }

  @Test
  void shouldSayWhichEndpointsDrawFromEachBucket() {
    assertThat(LimitBucket.UPLOAD_URL.covers()).startsWith("POST /v1/upload/url");
    assertThat(LimitBucket.SCRAPE.covers()).startsWith("POST /v1/scrape/");
    assertThat(Arrays.stream(LimitBucket.values()).map(LimitBucket::covers)).allMatch(c -> c.startsWith("POST /v1/"));
  }
}
