package dev.videoautomation.clone.common;

import java.util.List;
import java.util.function.BiFunction;
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
 * The caller's tasks of one kind as the public resources read them, each in the resource's view (never the entity):
 * a page, newest first, or one by id. An id of the wrong form is 400 naming {@code id}; another client's task is as
 * absent (404) as one that never existed.
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

  /**
   * One page of the caller's tasks of this kind, as the query asks: each task as {@code view} shows it, in the list
   * answer {@code page} makes of the items and the next cursor.
   */
  public <T, P> P page(Kind kind, PageQuery query, Function<Task, T> view, BiFunction<List<T>, String, P> page) {
    var request = PageRequest.of(query.limit, query.cursor);
    var rows = Page.fromRows(tasks.page(caller.requireClientId(), kind.name(), request), request,
        t -> new Cursor(t.createdAt.toEpochMilli(), t.id), view);
    return page.apply(rows.data(), rows.nextCursor());
  }

  /** The caller's task of this kind with this id, as {@code view} shows it. */
  public <T> T owned(Kind kind, String id, Function<Task, T> view) {
    kind.requireId(id);
    return tasks.owned(id, caller.requireClientId(), kind.name()).map(view)
        .orElseThrow(() -> ApiException.notFound(kind.noun() + " " + id));
  }

  /** Cancels the caller's task (see {@link TaskService#cancel}); answers it as it is now, as {@code view} shows it. */
  public <T> T cancel(Kind kind, String id, Function<Task, T> view) {
    kind.requireId(id);
    return tasks.cancel(id, caller.requireClientId(), kind.name()).map(view)
        .orElseThrow(() -> ApiException.notFound(kind.noun() + " " + id));
  }
}
