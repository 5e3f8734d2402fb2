/** Where to go after signing in: a dashboard page of this service, never another site, nor sign-in or sign-up again. */
export function safeNext(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/dashboard';
  if (!/^\/dashboard(?:[/?#]|$)/.test(value) || value.includes('//') || value.includes('\\')) return '/dashboard';
  for (const path of ['/dashboard/sign-in', '/dashboard/sign-up']) if (value === path || value.startsWith(`${path}?`)) return '/dashboard';
  return value;
}
