-- Where a channel's viewers reach it, for every absolute URL the API hands out (mailed links, playback and download
-- links, share links, the social hand-off). Null: the deployment's APP_ORIGIN for it, else the request's own host
-- when the channel lists that host in `domains` (server/http/public-origin.ts).
ALTER TABLE channels ADD COLUMN public_origin TEXT;
-- Where the channel's media is served from (a CDN in front of /media); null: the public origin.
ALTER TABLE channels ADD COLUMN media_origin TEXT;
