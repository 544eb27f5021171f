package dev.videoautomation.clone.common;

import java.util.function.Function;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.clone.tasks.Task;
import dev.videoautomation.clone.tasks.TaskService;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.lists.Cursor;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * The caller's tasks of one kind as the public resources read them: a page, newest first, or one by id. An id of the
 * wrong form is 400 naming {@code id}; another client's task is as absent (404) as one that never existed.
 */
@ApplicationScoped
public class CallerTasks {
  /** A kind of task as its resources name it: the tasks' {@code kind}, the id's prefix, the 400's rule, the 404's noun. */
  public record Kind(String name, IdPrefix prefix, String idRule, String noun) {
    /** 400 naming {@code id} unless the id has this kind's form. */
    public void requireId(String id) {
      if (!Ids.looksLike(prefix, id)) {
        throw ApiException.invalidField("id", idRule);
      }
    }
  }

  private final TaskService tasks;
  private final CurrentCaller caller;

  public CallerTasks(TaskService tasks, CurrentCaller caller) {
    this.tasks = tasks;
    this.caller = caller;
  }

  /** One page of the caller's tasks of this kind, {@code limit} and {@code cursor} as the query gave them. */
  public <T> Page<T> page(Kind kind, String limit, String cursor, Function<Task, T> view) {
    var request = PageRequest.of(limit, cursor);
    return Page.fromRows(tasks.page(caller.requireClientId(), kind.name(), request), request,
        t -> new Cursor(t.createdAt.toEpochMilli(), t.id), view);
  }

  public Task owned(Kind kind, String id) {
    kind.requireId(id);
    return tasks.owned(id, caller.requireClientId(), kind.name())
        .orElseThrow(() -> ApiException.notFound(kind.noun() + " " + id));
  }

  /** Cancels the caller's task (see {@link TaskService#cancel}) and answers it as it is now. */
  public Task cancel(Kind kind, String id) {
    kind.requireId(id);
    return tasks.cancel(id, caller.requireClientId(), kind.name())
        .orElseThrow(() -> ApiException.notFound(kind.noun() + " " + id));
  }
}
