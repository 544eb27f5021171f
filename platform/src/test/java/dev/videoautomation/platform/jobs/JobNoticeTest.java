package dev.videoautomation.platform.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;

import org.junit.jupiter.api.Test;

class JobNoticeTest {
  @Test
  void shouldWriteTheDocumentedPayloadAndReadItBack() {
    var notice = new JobNotice("vid_1", "cli_a", JobStatus.RUNNING, 7, 1763700000000L);

    assertThat(notice.toJson()).isEqualTo("{\"v\":1,\"event\":\"job.changed\",\"jobId\":\"vid_1\","
        + "\"clientId\":\"cli_a\",\"status\":\"running\",\"seq\":7,\"at\":1763700000000}");
    assertThat(JobNotice.parse(notice.toJson())).contains(notice);
  }

  @Test
  void shouldIgnoreWhatIsNotAJobNotice() {
    assertThat(JobNotice.parse("not json")).isEmpty();
    assertThat(JobNotice.parse("{\"v\":1,\"event\":\"key.revoked\",\"keyId\":\"key_1\"}")).isEmpty();
    assertThat(JobNotice.parse("{\"v\":2,\"event\":\"job.changed\",\"jobId\":\"vid_1\",\"status\":\"running\"}"))
        .isEmpty();
    assertThat(JobNotice.parse("{\"v\":1,\"event\":\"job.changed\",\"jobId\":\"vid_1\",\"status\":\"done\"}"))
        .isEmpty();
    assertThat(JobNotice.parse("[]")).isEmpty();
  }

  @Test
  void shouldNameEachKindByItsIdPrefixAndOwner() {
    assertThat(JobKind.ofId("vid_1")).contains(JobKind.CLONE_VIDEO);
    assertThat(JobKind.ofId("img_1").map(JobKind::owner)).contains(JobKind.Owner.CLONE);
    assertThat(JobKind.ofId("trk_1")).contains(JobKind.MUSIC);
    assertThat(JobKind.ofId("acc_1").map(kind -> kind.owner().service())).contains("records");
    assertThat(JobKind.ofId("pst_1").map(JobKind::wire)).contains("post.publish");
    assertThat(JobKind.ofId("med_1")).isEmpty();
    assertThat(JobKind.ofId("vid")).isEmpty();
    assertThat(JobKind.fromWire("account.verify")).contains(JobKind.ACCOUNT_VERIFY);
    assertThat(JobKind.fromWire("video")).isEqualTo(Optional.empty());
  }

  @Test
  void shouldNameTheEventOfEachStatus() {
    assertThat(JobStatus.PENDING.eventType()).isEqualTo("job.progress");
    assertThat(JobStatus.RUNNING.eventType()).isEqualTo("job.progress");
    assertThat(JobStatus.SUCCEEDED.eventType()).isEqualTo(JobEventType.SUCCEEDED);
    assertThat(JobStatus.FAILED.eventType()).isEqualTo(JobEventType.FAILED);
    assertThat(JobStatus.CANCELED.eventType()).isEqualTo(JobEventType.CANCELED);
    assertThat(JobStatus.fromWire("canceled")).contains(JobStatus.CANCELED);
    assertThat(JobStatus.fromWire("cancelled")).isEmpty();
  }
}
