/** Seed §9: the users list previews 4 users, then '+N more users'. */
export const USER_PREVIEW_COUNT = 4;

export function previewUsers<T>(users: readonly T[], expanded: boolean): { shown: T[]; more: number } {
  if (expanded) return { shown: [...users], more: 0 };
  return { shown: users.slice(0, USER_PREVIEW_COUNT), more: Math.max(0, users.length - USER_PREVIEW_COUNT) };
}
