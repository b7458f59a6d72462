/** 127.0.0.0/8, ::1 and localhost; the URL parser has already canonicalised the host (127.1 → 127.0.0.1). */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
