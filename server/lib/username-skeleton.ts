/**
 * The confusable skeleton of a username (after Unicode TR39's skeleton, for the ASCII letters and
 * digits usernames are made of): case folded, then I, i, l and 1 as one letter and O and 0 as one.
 * Two names with one skeleton look alike (demoplayer, demopIayer, DEMOPLAYER, dem0player), and a
 * merchant keeps one of them: members.username_skeleton (migration 0035) is this same expression,
 * computed by the database, under a unique index per merchant.
 */
export function usernameSkeleton(username: string): string {
  return username.toLowerCase().replace(/[i1]/g, 'l').replace(/0/g, 'o');
}

