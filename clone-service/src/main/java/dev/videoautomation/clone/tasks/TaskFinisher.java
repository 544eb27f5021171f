package dev.videoautomation.clone.tasks;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Turns a provider's output into the task's stored result (images staged, a render muxed with its soundtrack, a
 * track staged). One per task kind; the feature packages provide them.
 */
public interface TaskFinisher {
  String kind();

  TaskResult finish(Task task, JsonNode output);
}
