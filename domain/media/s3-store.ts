// The media store on S3-compatible object storage (AWS S3, MinIO, Ceph, a cloud provider's), so that every
// instance serves every upload. Requests are signed with AWS Signature V4 by aws4fetch (docs/decisions/016).
import { AwsClient } from "aws4fetch";
import { checked, typeOfKey, type MediaStore } from "./store.ts";

export type S3Config = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

export function s3Store(config: S3Config): MediaStore {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: "s3",
    region: config.region,
  });
  // Path-style addressing (endpoint/bucket/key): every S3-compatible server answers it.
  const bucketUrl = `${config.endpoint.replace(/\/$/, "")}/${encodeURIComponent(config.bucket)}`;
  const url = (key: string) => `${bucketUrl}/${checked(key)}`;
  const failed = async (what: string, key: string, response: Response) =>
    new Error(`media store: ${what} ${key} answered ${response.status} ${(await response.text()).slice(0, 200)}`);
  return {
    kind: "s3",
    async put(key, body) {
      const response = await client.fetch(url(key), {
        method: "PUT",
        body: body as Uint8Array<ArrayBuffer>,
        headers: { "content-type": typeOfKey(key) },
      });
      if (!response.ok) throw await failed("PUT", key, response);
      await response.body?.cancel();
    },
    async get(key, range) {
      const response = await client.fetch(url(key), range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {});
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) throw await failed("GET", key, response);
      const body = new Uint8Array(await response.arrayBuffer());
      // A ranged answer (206) names the whole size after the slash: "bytes 0-99/2048".
      const total = response.status === 206 ? Number(response.headers.get("content-range")?.split("/")[1]) : body.length;
      return { body, type: typeOfKey(key), size: total };
    },
    async size(key) {
      const response = await client.fetch(url(key), { method: "HEAD" });
      if (response.status === 404) return undefined;
      if (!response.ok) throw await failed("HEAD", key, response);
      return Number(response.headers.get("content-length"));
    },
    async delete(key) {
      const response = await client.fetch(url(key), { method: "DELETE" });
      if (!response.ok && response.status !== 404) throw await failed("DELETE", key, response);
      await response.body?.cancel();
    },
    async list(prefix = "") {
      // ListObjectsV2, a thousand keys a page. Our keys are safe names (isSafeKey), so none needs unescaping.
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ "list-type": "2", prefix, ...(token ? { "continuation-token": token } : {}) });
        const response = await client.fetch(`${bucketUrl}?${query}`);
        if (!response.ok) throw await failed("LIST", "", response);
        const xml = await response.text();
        for (const m of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(m[1]);
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? /<NextContinuationToken>([^<]*)</.exec(xml)?.[1] : undefined;
      } while (token);
      return keys.sort();
    },
  };
}
