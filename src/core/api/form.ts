export type FormFields = Readonly<Record<string, string | number>>;

/**
 * application/x-www-form-urlencoded text for a POST body or a query string.
 * The same encoding serves both, as the service parses them alike.
 */
export function encodeForm(fields: FormFields): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) params.append(name, String(value));
  return params.toString();
}
