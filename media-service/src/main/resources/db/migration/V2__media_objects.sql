-- Every stored object (uploads, staged URLs, renders, frames and audio the intelligence endpoints hand out).
CREATE TABLE media_objects (
    id               text PRIMARY KEY,
    client_id        text        NOT NULL,
    purpose          text        NOT NULL,
    storage          text        NOT NULL,
    storage_key      text        NOT NULL UNIQUE,
    content_type     text        NOT NULL,
    size_bytes       bigint      NOT NULL,
    duration_seconds double precision,
    width            integer,
    height           integer,
    source_url       text,
    created_at       timestamptz NOT NULL
);
CREATE INDEX media_objects_by_client ON media_objects (client_id, created_at DESC, id DESC);
