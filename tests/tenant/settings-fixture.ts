/**
 * Tenant settings tests: copies of demo-ph with one part of the settings changed, validated through
 * the tenant CLI as an operator runs it (exit code and the lines it writes with file and pointer).
 */
import { execFile } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { afterAll } from "vitest";

const run = promisify(execFile);
const root = new URL("../..", import.meta.url).pathname;

/** `npm run tenant -- validate <file>`: its exit code and what it wrote to stderr. */
export async function validateTenant(
  file: string,
): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(
      process.execPath,
      ["--import", "tsx", "scripts/tenant.ts", "validate", file],
      { cwd: root },
    );
    return { code: 0, stderr };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

/** The validator's line for `pointer` in `file`, or undefined. */
export const lineFor = (stderr: string, file: string, pointer: string) =>
  stderr.split("\n").find((l) => l.startsWith(`${file}: ${pointer}: `));

/**
 * A work folder inside the repository (removed after the file's tests) and a maker of demo-ph
 * copies in it: `copy(name, change)` writes tenant `name` with its own domain and merchant codes,
 * after `change` has edited its JSON, and returns the path relative to the repository.
 */
export function tenantCopies(
  prefix: string,
): (
  name: string,
  change: (tenant: { settings: Record<string, unknown> }) => void,
) => string {
  const work = mkdtempSync(join(root, `.tmp-${prefix}-`));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  return (name, change) => {
    const t = JSON.parse(
      readFileSync(join(root, "tenants/demo-ph/tenant.json"), "utf8"),
    );
    t.id = name;
    t.domains = [`${name}.localhost`];
    t.merchantCode = name.replace(/[^a-z0-9]/g, "");
    t.trialMerchantCode = `${t.merchantCode}t`;
    change(t);
    const dir = join(work, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "tenant.json"), JSON.stringify(t, null, 2));
    copyFileSync(join(root, "tenants/demo-ph/logo.svg"), join(dir, "logo.svg"));
    return relative(root, join(dir, "tenant.json"));
  };
}
