// Docker is not available in CI: this keeps Dockerfile, docker-compose.yml and .dockerignore
// correct by parsing them (dockerfile-ast, yaml) and checking what a deployment relies on.
import { DockerfileParser, type From } from "dockerfile-ast";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { SERVER_NODE_ARGS } from "./lib/server-node-args.js";

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), "utf8");

/** The variable names .env.example documents (commented-out ones too). */
const documented = new Set([...read(".env.example").matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!));

describe("Dockerfile", () => {
  const dockerfile = DockerfileParser.parse(read("Dockerfile"));
  const froms = dockerfile.getFROMs();
  const stages = new Map(froms.map((from) => [from.getBuildStage(), from]));
  const runtime = froms.at(-1)!;
  const instructions = dockerfile.getInstructions();
  /** The instructions of the last stage (what the image runs). */
  const runtimeInstructions = instructions.filter((instruction) => instruction.getRange()!.start.line > runtime.getRange()!.start.line);
  const keyword = (name: string) => runtimeInstructions.filter((instruction) => instruction.getKeyword() === name);
  const image = (from: From) => `${from.getImageName()}:${from.getImageTag()}`;

  it("is multi-stage: a build stage with the compilers for better-sqlite3, and a runtime stage last", () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    expect(stages.has("build")).toBe(true);
    expect(runtime.getBuildStage()).toBe("runtime");
    const text = read("Dockerfile");
    expect(text).toMatch(/apt-get install[^\n]*python3 make g\+\+/);
    // The build stage builds the bundle with the dev dependencies.
    const buildRuns = instructions.filter(
      (instruction) =>
        instruction.getKeyword() === "RUN" &&
        dockerfile.getContainingImage(instruction.getRange()!.start)?.getRange()?.start.line === stages.get("build")!.getRange()!.start.line,
    );
    expect(buildRuns.map((run) => run.getArgumentsContent()).join("\n")).toMatch(/react-router build/);
  });

  it("runs on Node 20 slim (every stage), as production, without compilers", () => {
    for (const from of froms) {
      const name = from.getImageName();
      // A stage may start from an earlier one.
      if (name && stages.has(name)) continue;
      expect(image(from)).toBe("node:20-bookworm-slim");
    }
    expect(image(runtime)).toBe("node:20-bookworm-slim");
    const env = keyword("ENV").flatMap((instruction) => instruction.getArguments().map((argument) => argument.getValue()));
    expect(env).toContain("NODE_ENV=production");
    expect(
      keyword("RUN")
        .map((run) => run.getArgumentsContent() ?? "")
        .join("\n"),
    ).not.toMatch(/g\+\+|npm install/);
  });

  it("sets only variables .env.example documents", () => {
    const names = keyword("ENV").flatMap((instruction) => instruction.getArguments().map((argument) => argument.getValue().split("=")[0]!));
    const app = names.filter((name) => !name.startsWith("npm_config_"));
    expect(app.length).toBeGreaterThan(0);
    for (const name of app) expect(documented, name).toContain(name);
  });

  it("copies production dependencies and the build into the runtime stage", () => {
    const copies = dockerfile
      .getCOPYs()
      .filter((copy) => runtimeInstructions.includes(copy))
      .map(
        (copy) =>
          `${
            copy
              .getFlags()
              .find((flag) => flag.getName() === "from")
              ?.getValue() ?? ""
          } ${copy.getArgumentsContent() ?? ""}`,
      );
    expect(copies.some((copy) => /^deps .*node_modules/.test(copy))).toBe(true);
    expect(copies.some((copy) => /^build .*\/app\/build/.test(copy))).toBe(true);
    expect(copies.some((copy) => /server\.js/.test(copy))).toBe(true);
    const deps = read("Dockerfile");
    expect(deps).toMatch(/npm install --omit=dev/);
  });

  it("runs as a non-root user, exposes 3000, checks /healthz and starts node server.js with the server's Node options", () => {
    const users = keyword("USER").map((user) => user.getArgumentsContent()?.trim());
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    expect(keyword("EXPOSE").map((expose) => expose.getArgumentsContent()?.trim())).toContain("3000");
    const healthchecks = keyword("HEALTHCHECK");
    expect(healthchecks).toHaveLength(1);
    expect(healthchecks[0]!.getArgumentsContent()).toMatch(/\/healthz/);
    const cmds = keyword("CMD");
    expect(cmds).toHaveLength(1);
    expect(JSON.parse(cmds[0]!.getArgumentsContent()!)).toEqual(["node", ...SERVER_NODE_ARGS, "server.js"]);
    expect(
      keyword("VOLUME")
        .map((volume) => volume.getArgumentsContent())
        .join(" "),
    ).toMatch(/\/app\/data/);
  });

  it("has a .dockerignore that keeps node_modules, builds, data and secrets out", () => {
    expect(existsSync(new URL("../.dockerignore", import.meta.url))).toBe(true);
    const ignored = read(".dockerignore")
      .split("\n")
      .map((line) => line.trim());
    for (const entry of ["node_modules", "build", "data", ".env", ".git"]) expect(ignored).toContain(entry);
  });
});

interface ComposeService {
  build?: unknown;
  image?: string;
  depends_on?: Record<string, { condition?: string }>;
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string | string[] };
  volumes?: string[];
  ports?: string[];
  stop_grace_period?: string;
}

describe("docker-compose.yml", () => {
  const compose = parse(read("docker-compose.yml")) as { services: Record<string, ComposeService>; volumes?: Record<string, unknown> };
  const app = compose.services.app!;
  const db = compose.services.db!;

  it("has the services app (built here) and db (PostgreSQL 15 with a health check)", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["app", "db"]);
    expect(app.build).toBeDefined();
    expect(db.image).toBe("postgres:15");
    expect(JSON.stringify(db.healthcheck?.test)).toMatch(/pg_isready/);
  });

  it("starts app once db is healthy, with DATABASE_URL pointing at db", () => {
    expect(app.depends_on?.db?.condition).toBe("service_healthy");
    const url = String(app.environment?.DATABASE_URL);
    expect(url).toMatch(/^postgres(ql)?:\/\//);
    const database = db.environment ?? {};
    const parsed = new URL(url.replace(/\$\{POSTGRES_PASSWORD:-([^}]*)\}/, "$1"));
    expect(parsed.hostname).toBe("db");
    expect(parsed.port).toBe("5432");
    expect(decodeURIComponent(parsed.username)).toBe(database.POSTGRES_USER);
    expect(parsed.pathname).toBe(`/${database.POSTGRES_DB}`);
    // The password is the same variable on both sides.
    expect(url).toContain("${POSTGRES_PASSWORD");
    expect(String(database.POSTGRES_PASSWORD)).toContain("${POSTGRES_PASSWORD");
  });

  it("gives app only variables .env.example documents", () => {
    const names = Object.keys(app.environment ?? {});
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(documented, name).toContain(name);
  });

  it("keeps data in named volumes and gives the app more than SHUTDOWN_TIMEOUT_MS to stop", () => {
    expect(app.volumes).toContain("app-data:/app/data");
    expect(db.volumes).toContain("db-data:/var/lib/postgresql/data");
    expect(Object.keys(compose.volumes ?? {})).toEqual(expect.arrayContaining(["app-data", "db-data"]));
    expect(app.ports).toContain("3000:3000");
    const grace = Number(/^(\d+)s$/.exec(app.stop_grace_period ?? "")?.[1]) * 1000;
    expect(grace).toBeGreaterThan(Number(app.environment?.SHUTDOWN_TIMEOUT_MS ?? 10_000));
  });
});

// The server's Node options (scripts/lib/server-node-args.js: the heap limit that keeps V8 from
// growing the heap to four times its live set) must reach it however it is started; the tests
// and the bench start it through scripts/lib/server-process.js, these places spell it out.
describe("the server's Node options", () => {
  it("are real options (the list is not empty, and the heap limit is among them)", () => {
    expect(SERVER_NODE_ARGS).toContain("--max-old-space-size=512");
  });

  it("are what `npm start` runs with: scripts/start.js starts the server through the one starter", () => {
    const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
    expect(scripts.start).toBe("node scripts/start.js");
    expect(read("scripts/start.js")).toMatch(/import \{ startServerProcess \} from "\.\/lib\/server-process\.js"/);
  });

  it("are what the systemd unit of docs/deploy.md runs with", () => {
    const execStarts = [...read("docs/deploy.md").matchAll(/^ExecStart=(.*)$/gm)].map((match) => match[1]);
    expect(execStarts).toEqual([["/usr/bin/node", ...SERVER_NODE_ARGS, "server.js"].join(" ")]);
  });
});
