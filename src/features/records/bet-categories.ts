/**
 * The category chips of the betting record: the tenant's game categories in the order the game
 * menu shows them (the server's sorting, else the tenant file's), without HOT, which is a pick of
 * games rather than a kind of game no bet is filed under.
 */
const CATEGORY_CODE = /^[A-Z0-9_]{1,32}$/;

export function betCategories(sorting: readonly string[]): string[] {
  return [...new Set(sorting.filter((code) => code !== 'HOT' && CATEGORY_CODE.test(code)))];
}
