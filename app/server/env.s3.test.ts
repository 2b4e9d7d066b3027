import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("object storage settings", () => {
  it("are off by default: uploads stay in UPLOADS_DIR", () => {
    const env = parseEnv({ S3_BUCKET: "", S3_PUBLIC_URL: "" });
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_PUBLIC_URL).toBeUndefined();
    expect(env.S3_FORCE_PATH_STYLE).toBeUndefined();
    expect(env.S3_REGION).toBe("us-east-1");
  });

  it("read a bucket on an S3-compatible server, trimming slashes off the public URL and the prefix", () => {
    const env = parseEnv({
      S3_BUCKET: "souq-media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "auto",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PUBLIC_URL: "https://cdn.souq.example/media/",
      S3_FORCE_PATH_STYLE: "false",
      S3_PREFIX: "/shops/souq/",
    });
    expect(env).toMatchObject({
      S3_BUCKET: "souq-media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "auto",
      S3_PUBLIC_URL: "https://cdn.souq.example/media",
      S3_FORCE_PATH_STYLE: false,
      S3_PREFIX: "shops/souq",
    });
  });

  it("stop with a message naming each bad variable", () => {
    expect(() => parseEnv({ S3_BUCKET: "My_Bucket" })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => parseEnv({ S3_BUCKET: "souq", S3_PUBLIC_URL: "cdn.souq.example" })).toThrow(/S3_PUBLIC_URL: must be an absolute http\(s\) URL/);
    expect(() => parseEnv({ S3_BUCKET: "souq", S3_PUBLIC_URL: "https://cdn.souq.example/?v=1" })).toThrow(/S3_PUBLIC_URL: must not have a query/);
    expect(() => parseEnv({ S3_BUCKET: "souq", S3_ENDPOINT: "ftp://files" })).toThrow(/S3_ENDPOINT: must be an absolute http\(s\) URL/);
    expect(() => parseEnv({ S3_BUCKET: "souq", S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE: must be true or false/);
    expect(() => parseEnv({ S3_BUCKET: "souq", S3_PREFIX: "../up" })).toThrow(/S3_PREFIX: must be a folder/);
    expect(() => parseEnv({ S3_BUCKET: "souq", S3_REGION: "EU West" })).toThrow(/S3_REGION/);
  });

  it("want both keys or neither, and a bucket for any other S3 setting", () => {
    expect(() => parseEnv({ S3_BUCKET: "souq", S3_ACCESS_KEY_ID: "key" })).toThrow(
      /S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/,
    );
    expect(parseEnv({ S3_BUCKET: "souq" }).S3_ACCESS_KEY_ID).toBeUndefined();
    expect(() => parseEnv({ S3_PUBLIC_URL: "https://cdn.souq.example" })).toThrow(/S3_PUBLIC_URL: needs S3_BUCKET/);
    expect(() => parseEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_ENDPOINT: needs S3_BUCKET/);
  });
});
