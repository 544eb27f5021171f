-- What ffprobe said when the object was stored. Objects never change, so readers (extract, overlay, check, watch,
-- compliance) reuse it instead of probing the file again.
ALTER TABLE media_objects ADD COLUMN probe jsonb;
