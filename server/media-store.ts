// The media library's store as the configuration says: an S3-compatible bucket when one is set, else a folder.
import type { Env } from "./env.ts";
import { diskStore, type MediaStore } from "../domain/media/store.ts";
import { s3Store } from "../domain/media/s3-store.ts";

export function mediaStoreOf(env: Env): MediaStore {
  if (env.MEDIA_S3_ENDPOINT && env.MEDIA_S3_BUCKET && env.MEDIA_S3_ACCESS_KEY_ID && env.MEDIA_S3_SECRET_ACCESS_KEY)
    return s3Store({
      endpoint: env.MEDIA_S3_ENDPOINT,
      bucket: env.MEDIA_S3_BUCKET,
      region: env.MEDIA_S3_REGION,
      accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID,
      secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY,
    });
  return diskStore(env.MEDIA_STORE_DIR);
}
