// client.mjs drives `lore mcp` over stdio with the official TypeScript SDK
// client, as an agent host would, and checks what a host relies on:
//
//   initialize        the Skills extension and completions are declared
//   skills/list       every page; each entry's front matter names its URI
//   skills/get        the skill with supporting files, identical to its listing
//   resources/read    every file of that skill: size and sha256 digest match
//                     the manifest, SKILL.md's front matter matches the entry
//   how_do_i          routes a need to the lore manual
//   completion        manual names complete
//
// Usage: node client.mjs LORE_BINARY PROJECT_DIR. It prints one line per
// check and exits 1 on the first failure.
import { createHash } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ResultSchema } from "@modelcontextprotocol/sdk/types.js";

const [lore, project] = process.argv.slice(2);
if (!lore || !project) {
  console.error("usage: node client.mjs LORE_BINARY PROJECT_DIR");
  process.exit(2);
}

function check(ok, what, detail) {
  if (!ok) {
    console.error(`FAIL ${what}${detail === undefined ? "" : ": " + JSON.stringify(detail)}`);
    process.exit(1);
  }
  console.log(`ok   ${what}`);
}

const client = new Client({ name: "lore-client-test", version: "1.0.0" });
const transport = new StdioClientTransport({ command: lore, args: ["mcp"], cwd: project, stderr: "inherit" });
await client.connect(transport);

const caps = client.getServerCapabilities();
check(caps?.extensions?.["io.modelcontextprotocol/skills"] !== undefined, "initialize declares io.modelcontextprotocol/skills", caps);
check(caps?.resources !== undefined, "initialize declares resources (the extension needs it)", caps);
check(caps?.completions !== undefined, "initialize declares completions", caps);

// Extension methods go through the SDK's generic request; ResultSchema
// keeps every field of the result.
const request = (method, params) => client.request({ method, params }, ResultSchema);

const skills = [];
let cursor;
do {
  const page = await request("skills/list", cursor ? { cursor } : {});
  check(page.resultType === "complete" && typeof page.ttlMs === "number" && typeof page.cacheScope === "string",
    "skills/list carries resultType, ttlMs and cacheScope", page);
  skills.push(...page.skills);
  cursor = page.nextCursor;
} while (cursor);
check(skills.length >= 2, `skills/list lists ${skills.length} skills`, skills.map((s) => s.uri));
for (const s of skills) {
  const segs = s.uri.split("/");
  check(s.uri.startsWith("skill://") && segs.at(-1) === "SKILL.md" && segs.at(-2) === s.frontmatter.name,
    `${s.uri}: the URI ends in <name>/SKILL.md`, s.frontmatter);
  check(/^[a-z0-9]+(-[a-z0-9]+)*$/.test(s.frontmatter.name) && s.frontmatter.name.length <= 64,
    `${s.uri}: ${s.frontmatter.name} is a valid Agent Skills name`);
  check(typeof s.frontmatter.description === "string" && s.frontmatter.description.length > 0, `${s.uri}: has a description`);
  check(Array.isArray(s.resources) && s.resources[0]?.uri === s.uri, `${s.uri}: its manifest starts with its SKILL.md`, s.resources);
}

const listed = skills.find((s) => s.resources.length > 1);
check(listed !== undefined, "a skill has supporting files", skills.map((s) => [s.uri, s.resources.length]));
const got = await request("skills/get", { uri: listed.uri });
check(JSON.stringify(got.skill) === JSON.stringify(listed), `skills/get ${listed.uri} equals its listing`, got.skill);

for (const f of got.skill.resources) {
  const res = await client.readResource({ uri: f.uri });
  const c = res.contents[0];
  const bytes = c.blob !== undefined ? Buffer.from(c.blob, "base64") : Buffer.from(c.text, "utf8");
  const digest = "sha256:" + createHash("sha256").update(bytes).digest("hex");
  check(bytes.length === f.size && digest === f.digest, `resources/read ${f.uri}: ${bytes.length} bytes, digest matches`,
    { want: f, got: { size: bytes.length, digest } });
  if (f.uri === got.skill.uri) {
    const text = bytes.toString("utf8");
    check(text.startsWith("---\n") && text.includes(`\nname: ${got.skill.frontmatter.name}\n`),
      `${f.uri}: its front matter names ${got.skill.frontmatter.name}`);
  }
}
check(got.skill.resources.some((f) => !f.uri.endsWith(".md")), "a supporting file that is not Markdown was read");

let unknown;
try {
  await request("skills/get", { uri: "skill://no-such-skill/SKILL.md" });
} catch (e) {
  unknown = e;
}
check(unknown?.code === -32602, "skills/get of an unknown skill is -32602", unknown?.message);

const how = await client.callTool({ name: "how_do_i", arguments: { intent: "write the release notes for the new version" } });
check(!how.isError && how.structuredContent?.loaded?.name === "release-notes", "how_do_i loads release-notes", how.structuredContent);

const done = await client.complete({ ref: { type: "ref/resource", uri: "lore://manual/{name}" }, argument: { name: "name", value: "rel" } });
check(done.completion.values.includes("release-notes"), "completion of lore://manual/{name} offers release-notes", done.completion);

await client.close();
console.log(`all checks passed: ${skills.length} skills, ${got.skill.resources.length} files of ${got.skill.uri} verified`);
