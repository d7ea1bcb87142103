/** One validation finding: which file, where in it (JSON pointer), and what was expected. */
export interface TenantIssue {
  file: string;
  pointer: string;
  message: string;
}

/** The CLI's one-line form: `FILE: /json/pointer: message`. */
export function formatIssue(issue: TenantIssue): string {
  return `${issue.file}: ${issue.pointer || '/'}: ${issue.message}`;
}

/** A lint finding's one-line form: `FILE: /json/pointer: warning: message`. */
export function formatWarning(issue: TenantIssue): string {
  return `${issue.file}: ${issue.pointer || '/'}: warning: ${issue.message}`;
}

/** Escapes one JSON pointer token (RFC 6901). */
function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Builds a JSON pointer from path tokens. */
export function pointer(...tokens: (string | number)[]): string {
  return tokens.map((t) => '/' + escapeToken(String(t))).join('');
}

/** Splits a JSON pointer into unescaped tokens. */
export function tokensOf(ptr: string): string[] {
  if (!ptr) return [];
  return ptr
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}
